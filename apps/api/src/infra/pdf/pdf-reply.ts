import type { FastifyReply } from 'fastify';
import { contentDisposition } from './pdf-format.js';

/** A PDF answer: its type, inline or as an attachment under its file name, never cached, never sniffed. */
export function sendPdf(reply: FastifyReply, pdf: Buffer, filename: string, kind: 'inline' | 'attachment') {
  void reply
    .type('application/pdf')
    .header('content-disposition', contentDisposition(kind, filename))
    .header('cache-control', 'private, no-store')
    .header('x-content-type-options', 'nosniff');
  return pdf;
}
