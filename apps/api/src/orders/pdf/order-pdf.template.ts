import Handlebars from 'handlebars';
import type { OrderDetailResponse } from '#domain/contracts/order.contract.js';
import type { CompanyHeader } from '#domain/contracts/public.contract.js';
import { businessDate } from '#domain/shared/business-date.js';
import { compilePdfTemplate } from '../../invoices/pdf/invoice-pdf.template.js';
import { fileDate } from '../../infra/pdf/pdf-format.js';

/** What order.hbs reads: the order (as GET /pdf/order/{token} answers it), the distributor's header, its days. */
export type OrderPdfView = OrderDetailResponse & {
  title: string;
  company: CompanyHeader;
  customer: OrderDetailResponse['order']['customerUser']['customer'];
  /** the order's business date (yyyy-MM-dd, company time zone) */
  ordered_on: string;
  single_unit: boolean;
  notes: { note: string; on: string; from_distributor: boolean }[];
};

export function orderPdfView(
  detail: OrderDetailResponse,
  company: CompanyHeader,
  timeZone: string,
): OrderPdfView {
  const { order } = detail;
  return {
    ...detail,
    title: `Order #${order.order_number}`,
    company,
    customer: order.customerUser.customer,
    ordered_on: businessDate(order.ordered_at, timeZone),
    single_unit: order.units === 1,
    notes: order.note.map((note) => ({
      note: note.note,
      on: businessDate(note.created_at, timeZone),
      from_distributor: note.company_user_id !== null,
    })),
  };
}

let compiled: Handlebars.TemplateDelegate<OrderPdfView> | undefined;

export function renderOrderHtml(view: OrderPdfView): string {
  compiled ??= compilePdfTemplate<OrderPdfView>('order.hbs', import.meta.url);
  return compiled(view);
}

/** Page numbers at the bottom of every page. */
export function orderFooter(number: number): string {
  const safe = Handlebars.escapeExpression(String(number));
  return `<div style="width:100%;font-size:8px;color:#616e7c;padding:0 0.5in;display:flex;justify-content:space-between;font-family:'Liberation Sans',Arial,sans-serif"><span>Order #${safe}</span><span>Page <span class="pageNumber"></span> of <span class="totalPages"></span></span></div>`;
}

/** The order's file name: `order_{number}_{dd_MMM_yyyy}.pdf` (the order's business date). */
export function orderFileName(number: number, orderedOn: string): string {
  return `order_${Math.trunc(number)}_${fileDate(orderedOn)}.pdf`;
}
