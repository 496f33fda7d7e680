import { PartnerHttp, requireId } from '../partner-http.js';
import type { PartnerInvoice, PartnerPort, PartnerProduct } from '../partner.port.js';

export interface BottlePosSettings {
  baseUrl: string;
  apiKey: string;
  timeoutMs: number;
  ratePerSecond: number;
}

const money = (cents: number) => (cents / 100).toFixed(2);

/**
 * Bottle POS over HTTP. Bottle POS publishes no API: the shapes here are our assumption (README, Integrations),
 * built from what the client's specification names. Both calls are PUTs keyed by our id, so pushing the same invoice or product
 * again replaces it at Bottle POS instead of adding a second one.
 *
 * - `PUT /api/v1/invoices/{invoiceId}` → `{ id }`
 * - `PUT /api/v1/products/{productId}` → `{ id }`
 * - `Authorization: Bearer {BOTTLE_POS_API_KEY}`
 */
export class BottlePosAdapter implements PartnerPort {
  readonly partner = 'bottle_pos' as const;
  private readonly http: PartnerHttp;

  constructor(settings: BottlePosSettings) {
    this.http = new PartnerHttp({
      title: 'Bottle POS',
      baseUrl: settings.baseUrl,
      headers: () => ({ authorization: `Bearer ${settings.apiKey}` }),
      timeoutMs: settings.timeoutMs,
      ratePerSecond: settings.ratePerSecond,
    });
  }

  async pushInvoice(invoice: PartnerInvoice) {
    const answer = await this.http.json<{ id?: unknown }>(
      'PUT',
      `/api/v1/invoices/${encodeURIComponent(invoice.id)}`,
      bottlePosInvoice(invoice),
    );
    return { externalId: requireId('Bottle POS', answer?.id) };
  }

  async pushProduct(product: PartnerProduct) {
    const answer = await this.http.json<{ id?: unknown }>(
      'PUT',
      `/api/v1/products/${encodeURIComponent(product.id)}`,
      {
        name: product.name,
        size: product.size,
        type: product.type,
        upc: product.upc,
        sku: product.sku,
        price: money(product.priceCents),
        cost: money(product.costCents),
        qty: product.qty,
      },
    );
    return { externalId: requireId('Bottle POS', answer?.id) };
  }
}

/** The invoice as Bottle POS receives it (and as the Bottle POS JSON export writes it). */
export function bottlePosInvoice(invoice: PartnerInvoice) {
  return {
    invoice_id: invoice.id,
    number: invoice.number,
    invoice_date: invoice.invoicedOn,
    due_date: invoice.dueOn,
    status: invoice.status,
    customer: { id: invoice.customer.id, name: invoice.customer.name, license: invoice.customer.tabcId },
    items: invoice.lines.map((line) => ({
      product_id: line.productId,
      upc: line.upc,
      name: line.name,
      size: line.size,
      qty: line.qty,
      unit_price: money(line.priceCents),
      total: money(line.totalCents),
    })),
    subtotal: money(invoice.subtotalCents),
    tax: money(invoice.taxCents),
    total: money(invoice.totalCents),
  };
}
