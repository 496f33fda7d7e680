import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfBusyError, PdfRenderer, PdfUnavailableError } from '../../infra/pdf/pdf-renderer.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { invoiceFileName } from '../../infra/pdf/pdf-format.js';
import { invoiceFooter, invoicePdfView, renderInvoiceHtml } from './invoice-pdf.template.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { displayDateTime } from '../../infra/company-time.js';
import { deliveryDefaults, signatureOf } from '../proof-of-delivery/delivery-images.js';

export const PDF_ERROR = 'Error generating pdf';

export interface InvoicePdf {
  invoice: InvoiceResponse;
  filename: string;
  pdf: Buffer;
}

/**
 * An invoice as a PDF (as the client's specification asks): the invoice, its company's header and logo,
 * rendered by invoice.hbs and printed by the warm Chromium. Chromium missing, failing or too busy → 503
 * 'Error generating pdf' with the reason in `details`.
 */
@Injectable()
export class InvoicePdfService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  /** The delivery as the PDF prints it: its time as the company reads it, the signature inlined. */
  private async delivered(companyId: string, invoice: InvoiceResponse) {
    if (!invoice.delivery) return undefined;
    const [timeZone, signature] = await Promise.all([
      this.reader.timeZone(companyId),
      signatureOf(this.pool, companyId, invoice.id),
    ]);
    return { at: displayDateTime(invoice.delivery.delivered_at, timeZone), signature };
  }

  async forInvoice(companyId: string, idOrNumber: string): Promise<InvoicePdf> {
    const invoice = await this.reader.read(companyId, idOrNumber);
    return this.print(companyId, invoice);
  }

  async print(companyId: string, invoice: InvoiceResponse): Promise<InvoicePdf> {
    const [{ header, payments }, delivered, defaults] = await Promise.all([
      this.headers.read(companyId, invoice.logo_id),
      this.delivered(companyId, invoice),
      deliveryDefaults(this.pool, companyId),
    ]);
    const html = renderInvoiceHtml(invoicePdfView(invoice, header, { payments, delivered, defaults }));
    const pdf = await printOr503(this.renderer.render(html, { footerHtml: invoiceFooter(invoice.number) }));
    return { invoice, pdf, filename: invoiceFileName(invoice.number, invoice.invoiced_at) };
  }

  /** The distributor's header: name, address, TABC id and the logo (the invoice's, else the company default). */
  async header(companyId: string, logoId: string | null): Promise<CompanyHeader> {
    return (await this.headers.read(companyId, logoId)).header;
  }
}

/** A renderer failure as the HTTP answer the web shows: 'Error generating pdf' with the reason. */
export async function printOr503(printing: Promise<Buffer>): Promise<Buffer> {
  try {
    return await printing;
  } catch (error) {
    if (error instanceof PdfUnavailableError || error instanceof PdfBusyError) {
      throw new HttpException(
        { statusCode: 503, message: PDF_ERROR, details: [{ field: 'pdf', message: error.message }] },
        HttpStatus.SERVICE_UNAVAILABLE,
      );
    }
    throw error;
  }
}
