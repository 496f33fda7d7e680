import { Inject, Injectable } from '@nestjs/common';
import Handlebars from 'handlebars';
import type pg from 'pg';
import type { CreditMemoResponse } from '#domain/contracts/credit-memo.contract.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { InvoiceReader } from '../../invoices/invoice-reader.js';
import { compilePdfTemplate } from '../../invoices/pdf/invoice-pdf.template.js';
import { printOr503 } from '../../invoices/pdf/invoice-pdf.service.js';
import { CreditMemoReader } from '../queries/credit-memo.reader.js';

/** What credit-memo.hbs reads: the memo, the distributor's header and the customer as invoiced. */
export interface CreditMemoPdfView {
  title: string;
  company: CompanyHeader;
  memo: CreditMemoResponse;
  /** 'AB1003-AB1004 (TITO'S VODKA): written off with their bottles.' per credited liquor line. */
  stamp_lines: string[];
  void: boolean;
  customer: {
    name: string;
    address: string;
    city: string;
    state: string;
    zip: string;
    display_tabc_id: string;
  };
}

let compiled: Handlebars.TemplateDelegate<CreditMemoPdfView> | undefined;

export function renderCreditMemoHtml(view: CreditMemoPdfView): string {
  compiled ??= compilePdfTemplate<CreditMemoPdfView>('credit-memo.hbs', import.meta.url);
  return compiled(view);
}

/** What became of the stamps on the credited bottles, one line per credited liquor line. */
export const stampLines = (memo: CreditMemoResponse): string[] =>
  memo.stamps.map(
    (s) =>
      `${s.serials.join(', ')} (${s.name}): ${s.disposition === 'restocked' ? 'back in stock on their bottles' : 'written off with their bottles'}.`,
  );

function footer(number: string): string {
  const safe = Handlebars.escapeExpression(number);
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>Credit memo ${safe}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

/**
 * A credit memo as a document: the memo's read model, its invoice's customer as invoiced, the distributor's header,
 * credit-memo.hbs, printed by the warm Chromium (busy or missing: 503 'Error generating pdf'). A void memo says so.
 */
@Injectable()
export class CreditMemoPdfService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(CreditMemoReader) private readonly memos: CreditMemoReader,
    @Inject(InvoiceReader) private readonly invoices: InvoiceReader,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  async print(companyId: string, id: string): Promise<{ pdf: Buffer; filename: string }> {
    const memo = await this.memos.read(companyId, id);
    const [invoice, { header }] = await Promise.all([
      this.invoices.row(companyId, memo.invoice_id),
      this.headers.read(companyId, null),
    ]);
    const customer = invoice.content.customer;
    const html = renderCreditMemoHtml({
      title: `Credit memo ${memo.number}`,
      company: header,
      memo,
      stamp_lines: stampLines(memo),
      void: memo.status === 'void',
      customer: {
        name: customer.name,
        address: customer.address,
        city: customer.city,
        state: customer.state,
        zip: customer.zip,
        display_tabc_id: customer.tabcId,
      },
    });
    const pdf = await printOr503(this.renderer.render(html, { footerHtml: footer(memo.number) }));
    return { pdf, filename: `credit_memo_${memo.number}.pdf` };
  }
}
