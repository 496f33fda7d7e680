import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type { OrderDetailResponse } from '#domain/contracts/order.contract.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { companyTimeZone } from '../../infra/company-time.js';
import { FILE_STORAGE, type FileStorage } from '../../infra/files/file-storage.port.js';
import { PdfRenderer } from '../../infra/pdf/pdf-renderer.js';
import { CompanyHeaders } from '../../infra/pdf/company-header.js';
import { printOr503 } from '../../invoices/pdf/invoice-pdf.service.js';
import { orderFileName, orderFooter, orderPdfView, renderOrderHtml } from './order-pdf.template.js';

/**
 * An order as a document (as the client's specification asks): the order as its public view answers it,
 * the distributor's header, order.hbs, printed by the same warm Chromium as invoices (PdfRenderer's pool). Chromium
 * missing, failing or too busy → 503 'Error generating pdf' with the reason.
 */
@Injectable()
export class OrderPdfService {
  private readonly headers: CompanyHeaders;

  constructor(
    @Inject(PdfRenderer) private readonly renderer: PdfRenderer,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(FILE_STORAGE) files: FileStorage,
  ) {
    this.headers = new CompanyHeaders(pool, files);
  }

  async header(companyId: string): Promise<CompanyHeader> {
    return (await this.headers.read(companyId, null)).header;
  }

  async print(companyId: string, detail: OrderDetailResponse): Promise<{ pdf: Buffer; filename: string }> {
    const [{ header }, timeZone] = await Promise.all([
      this.headers.read(companyId, null),
      this.timeZone(companyId),
    ]);
    const view = orderPdfView(detail, header, timeZone);
    const html = renderOrderHtml(view);
    const pdf = await printOr503(
      this.renderer.render(html, { footerHtml: orderFooter(detail.order.order_number) }),
    );
    return { pdf, filename: orderFileName(detail.order.order_number, view.ordered_on) };
  }

  private async timeZone(companyId: string): Promise<string> {
    return companyTimeZone(this.pool, companyId);
  }
}
