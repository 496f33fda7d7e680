import { HttpException, HttpStatus, Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { tenantQuery } from '../../infra/db/tenant-query.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfBusyError, PdfRenderer, PdfUnavailableError } from '../../infra/pdf/pdf-renderer.js';
import { PG_POOL } from '../../infra/projections.provider.js';
import { InvoiceReader } from '../invoice-reader.js';
import type { InvoiceResponse } from '../invoice.response.js';
import { invoiceFileName } from './pdf-format.js';
import {
  invoiceFooter,
  invoicePdfView,
  renderInvoiceHtml,
  type CompanyHeader,
} from './invoice-pdf.template.js';

export const PDF_ERROR = 'Error generating pdf';

export interface InvoicePdf {
  invoice: InvoiceResponse;
  filename: string;
  pdf: Buffer;
}

/** Logos are immutable by id: their data URIs are kept (a few, least recently used out). */
const LOGO_CACHE = 32;

/**
 * An invoice as a PDF (spec 000 §2 Pdf button, §7 POST /invoice/pdf): the invoice, its company's header and logo,
 * rendered by invoice.hbs and printed by the warm Chromium. Chromium missing, failing or too busy → 503
 * 'Error generating pdf' with the reason in `details`.
 */
@Injectable()
export class InvoicePdfService {
  private readonly logos = new Map<string, string | null>();

  constructor(
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) private readonly files: FileStorage,
  ) {}

  async forInvoice(companyId: string, idOrNumber: string): Promise<InvoicePdf> {
    const invoice = await this.reader.read(companyId, idOrNumber);
    return this.print(companyId, invoice);
  }

  async print(companyId: string, invoice: InvoiceResponse): Promise<InvoicePdf> {
    const company = await this.header(companyId, invoice.logo_id);
    const html = renderInvoiceHtml(invoicePdfView(invoice, company));
    const pdf = await printOr503(this.renderer.render(html, { footerHtml: invoiceFooter(invoice.number) }));
    return { invoice, pdf, filename: invoiceFileName(invoice.number, invoice.invoiced_at) };
  }

  /** The distributor's header: name, address, TABC id and the logo (the invoice's, else the company default). */
  async header(companyId: string, logoId: string | null): Promise<CompanyHeader> {
    const [company] = await tenantQuery<{
      name: string;
      address: string;
      city: string;
      state: string;
      zip: string;
      tabc_id: string;
      default_logo_id: string | null;
    }>(
      this.pool,
      companyId,
      `SELECT name, address, city, state, zip, tabc_id, default_logo_id FROM rm_company
       WHERE company_id = $1 AND id = $1`,
    );
    if (!company) throw new Error(`company ${companyId} has no read model row`);
    const { default_logo_id, ...details } = company;
    return { ...details, logo: await this.logo(companyId, logoId ?? default_logo_id) };
  }

  private async logo(companyId: string, logoId: string | null): Promise<string | null> {
    if (!logoId) return null;
    const key = `${companyId}:${logoId}`;
    if (this.logos.has(key)) {
      const cached = this.logos.get(key)!;
      this.logos.delete(key);
      this.logos.set(key, cached);
      return cached;
    }
    const [row] = await tenantQuery<{ storage_key: string; mime_type: string }>(
      this.pool,
      companyId,
      'SELECT storage_key, mime_type FROM rm_company_logo WHERE company_id = $1 AND id = $2',
      [logoId],
    );
    const content = row ? await this.files.get(row.storage_key) : null;
    const uri = row && content ? `data:${row.mime_type};base64,${content.toString('base64')}` : null;
    this.logos.set(key, uri);
    while (this.logos.size > LOGO_CACHE) this.logos.delete(this.logos.keys().next().value!);
    return uri;
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
