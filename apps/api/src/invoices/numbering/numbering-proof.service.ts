import { Inject, Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import type pg from 'pg';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { INVOICE_STATUS_LABELS } from '#domain/shared/invoice-status.js';
import { EVENT_STORE, type EventStore } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import type { StampRecordRequest } from '../../stamps/record/stamp-record.service.js';
import { companyTimeZone, instantLabel } from '../../infra/company-time.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { printOr503 } from '../pdf/invoice-pdf.service.js';
import { compilePdfTemplate } from '../pdf/invoice-pdf.template.js';
import {
  correctionText,
  readNumberingProof,
  MEMO_STATE_LABEL,
  STATE_LABEL,
  type NumberingProofAsOf,
} from './numbering-proof.reader.js';

type ProofRow =
  | {
      gap: false;
      number: string;
      issuedOn: string;
      invoice: string;
      invoicedOn: string;
      customer: string;
      status: string;
      state: string;
      correction: string;
    }
  | { gap: true; number: string; explained: boolean; explanation: string };

type MemoRow =
  | { gap: false; number: string; issuedOn: string; invoiceNumber: string; customer: string; state: string }
  | { gap: true; number: string; explanation: string };

type NumberingProofView = NumberingProofAsOf & {
  memo_rows: MemoRow[];
  title: string;
  company: CompanyHeader;
  as_of_label: string;
  gap_summary: string;
  sequences: (NumberingProofAsOf['sequences'][number] & { label: string; rows: ProofRow[] })[];
};

let compiled: Handlebars.TemplateDelegate<NumberingProofView> | undefined;

/** `numbering_proof_2026-03-01_2026-03-31.pdf` */
export const numberingProofFileName = (proof: { from: string; to: string }, ext: 'csv' | 'pdf') =>
  `numbering_proof_${proof.from}_${proof.to}.${ext}`;

/** Each sequence's numbers and gaps in number order: what an inspector reads down the page. */
function rowsOf(sequence: NumberingProofAsOf['sequences'][number]): ProofRow[] {
  const rows: (ProofRow & { at: number })[] = [];
  for (const entry of sequence.numbers)
    for (const invoice of entry.invoices)
      rows.push({
        at: entry.sequence,
        gap: false,
        number: entry.number,
        issuedOn: entry.issuedOn,
        invoice: invoice.number,
        invoicedOn: invoice.invoicedOn,
        customer: invoice.customer,
        status: INVOICE_STATUS_LABELS[invoice.status] ?? invoice.status,
        state: STATE_LABEL[invoice.state],
        correction: correctionText(invoice),
      });
  for (const gap of sequence.gaps)
    rows.push({
      at: gap.from - 0.5,
      gap: true,
      number:
        gap.from === gap.to
          ? `${sequence.prefix}${gap.from}`
          : `${sequence.prefix}${gap.from}–${sequence.prefix}${gap.to}`,
      explained: gap.explained,
      explanation: gap.explanation,
    });
  return rows.sort((a, b) => a.at - b.at).map(({ at: _at, ...row }) => row as ProofRow);
}

/** The CM- series' numbers and gaps in number order. */
function memoRowsOf(memos: NumberingProofAsOf['creditMemos']): MemoRow[] {
  const rows: (MemoRow & { at: number })[] = [
    ...memos.numbers.map((m) => ({
      at: m.sequence,
      gap: false as const,
      number: m.number,
      issuedOn: m.issuedOn,
      invoiceNumber: m.invoiceNumber,
      customer: m.customer,
      state: MEMO_STATE_LABEL[m.state],
    })),
    ...memos.gaps.map((g) => ({
      at: g.from - 0.5,
      gap: true as const,
      number: g.from === g.to ? `CM-${g.from}` : `CM-${g.from}–CM-${g.to}`,
      explanation: g.explanation,
    })),
  ];
  return rows.sort((a, b) => a.at - b.at).map(({ at: _at, ...row }) => row as MemoRow);
}

/**
 * The invoice numbering proof for the API: replayed from the event store, as JSON, CSV, or a PDF
 * printed by the warm Chromium pool (like the stamp record's), with the company's hash-chain head it was made from.
 */
@Injectable()
export class NumberingProofService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(EVENT_STORE) private readonly store: EventStore,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  async read(companyId: string, request: StampRecordRequest): Promise<NumberingProofAsOf> {
    const timeZone = await companyTimeZone(this.pool, companyId);
    return readNumberingProof(this.store, companyId, { ...request, timeZone });
  }

  async pdf(companyId: string, request: StampRecordRequest): Promise<{ filename: string; pdf: Buffer }> {
    const [proof, { header }] = await Promise.all([
      this.read(companyId, request),
      this.headers.read(companyId, null),
    ]);
    compiled ??= compilePdfTemplate<NumberingProofView>('numbering-proof.hbs', import.meta.url);
    const view: NumberingProofView = {
      ...proof,
      title: `Numbering proof ${proof.from} – ${proof.to}`,
      company: header,
      as_of_label: instantLabel(proof.asOf, proof.timeZone),
      gap_summary: proof.gaps === 0 ? 'None' : `${proof.gaps} (${proof.unexplained} unexplained)`,
      sequences: proof.sequences.map((sequence) => ({
        ...sequence,
        label: sequence.prefix
          ? `Customer sequence ${sequence.prefix.replace(/-$/, '')}`
          : 'Company sequence',
        rows: rowsOf(sequence),
      })),
      memo_rows: memoRowsOf(proof.creditMemos),
    };
    const footer = `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>${Handlebars.escapeExpression(`Numbering proof ${proof.from} – ${proof.to}, as of ${proof.asOf}`)}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
    const pdf = await printOr503(this.renderer.render(compiled(view), { footerHtml: footer }));
    return { filename: numberingProofFileName(proof, 'pdf'), pdf };
  }
}
