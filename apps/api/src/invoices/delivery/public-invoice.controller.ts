import { Controller, Get, Inject, Param, Req, Res } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { PublicInvoiceResponse } from '#domain/contracts/public.contract.js';
import { Public } from '../../auth/public.decorator.js';
import { PublicLinks } from '../../delivery/public-links.js';
import { InvoiceReader } from '../invoice-reader.js';
import { customerInvoice } from '../pdf/invoice-pdf.template.js';
import { InvoicePdfService } from '../pdf/invoice-pdf.service.js';
import { sendPdf } from '../../infra/pdf/pdf-reply.js';
import { ApiAnswer, ApiFileAnswer } from '../../infra/http/api-answer.js';
import { PUBLIC_INVOICE_ANSWER } from './public-invoice.answers.js';

/** Wrong tokens one client address may try per window before it is told to wait (429). */

/**
 * Public invoice views (as the client's specification asks): no sign-in; a token opens
 * exactly one invoice, without the internal note or the distributor's costs. Anything else is one 404 that says
 * nothing about why. Answers are never cached by shared caches and never indexed.
 */
@ApiTags('public')
@Controller('pdf/invoice')
export class PublicInvoiceController {
  constructor(
    @Inject(PublicLinks) private readonly links: PublicLinks,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoicePdfService) private readonly pdfs: InvoicePdfService,
  ) {}

  /** The invoice (the screens' shape without company_note and costs) and the distributor's header. */
  @Get(':token')
  @ApiAnswer(200, "The invoice and the distributor's header, without sign-in", PUBLIC_INVOICE_ANSWER)
  @Public()
  async invoice(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<PublicInvoiceResponse> {
    const invoice = await this.open(token, request);
    const company = await this.pdfs.header(invoice.companyId, invoice.response.logo_id);
    void reply.header('cache-control', 'private, no-store').header('x-robots-tag', 'noindex');
    return { ...customerInvoice(invoice.response), company };
  }

  /** The PDF itself, inline. */
  @Get(':token/file')
  @ApiFileAnswer('application/pdf', 'The invoice PDF')
  @Public()
  async file(
    @Param('token') token: string,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const invoice = await this.open(token, request);
    const { pdf, filename } = await this.pdfs.print(invoice.companyId, invoice.response);
    void reply.header('x-robots-tag', 'noindex');
    return sendPdf(reply, pdf, filename, 'inline');
  }

  private open(token: string, request: FastifyRequest) {
    return this.links.open('invoice', token, request.ip, async (link) => ({
      companyId: link.companyId,
      response: await this.reader.read(link.companyId, link.subjectId),
    }));
  }
}
