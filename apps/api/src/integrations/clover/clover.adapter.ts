import { createHash } from 'node:crypto';
import { PartnerHttp, requireId } from '../partner-http.js';
import {
  PartnerRefused,
  type PartnerInvoice,
  type PartnerPort,
  type PartnerProduct,
} from '../partner.port.js';

export interface CloverSettings {
  /** https://api.clover.com (North America), https://apisandbox.dev.clover.com (sandbox), or the local server. */
  baseUrl: string;
  merchantId: string;
  apiToken: string;
  timeoutMs: number;
  ratePerSecond: number;
}

interface CloverItem {
  id?: unknown;
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** Our reference on a Clover order: 12 base-32 characters (60 bits) of the push's idempotency key's SHA-256. */
export function cloverReference(idempotencyKey: string): string {
  const digest = createHash('sha256').update(idempotencyKey).digest();
  return Array.from(digest.subarray(0, 12), (byte) => BASE32[byte % 32]).join('');
}

/**
 * Clover's REST API (v3, documented by Clover): items (`/v3/merchants/{mId}/items`, created with POST and updated
 * with POST on the item), item stocks (`/item_stocks/{itemId}`: the inventory push), and orders created in one call with the atomic
 * order endpoint (`/atomic_order/orders`), so an invoice becomes one whole order or none. A product's item is found
 * by its `sku` (our product id) when we do not know its Clover id yet, so a product is never created twice.
 */
export class CloverAdapter implements PartnerPort {
  readonly partner = 'clover' as const;
  private readonly http: PartnerHttp;
  private readonly merchant: string;

  constructor(settings: CloverSettings) {
    this.merchant = `/v3/merchants/${encodeURIComponent(settings.merchantId)}`;
    this.http = new PartnerHttp({
      title: 'Clover',
      baseUrl: settings.baseUrl,
      headers: () => ({ authorization: `Bearer ${settings.apiToken}` }),
      timeoutMs: settings.timeoutMs,
      ratePerSecond: settings.ratePerSecond,
    });
  }

  /**
   * One atomic order per invoice content. Clover's orders take no idempotency key, so the order carries our reference
   * (`externalReferenceId`, 12 characters from the invoice id and content hash) and a push first looks for an order
   * with it: a retry after a lost answer (Clover saved the order, we never heard) finds that order instead of
   * creating a second one.
   */
  async pushInvoice(invoice: PartnerInvoice, idempotencyKey?: string) {
    const reference = cloverReference(idempotencyKey ?? `${invoice.id}:${invoice.number}`);
    const found = await this.http.json<{ elements?: CloverItem[] }>(
      'GET',
      `${this.merchant}/orders?filter=${encodeURIComponent(`externalReferenceId=${reference}`)}`,
    );
    if (!Array.isArray(found?.elements)) requireId('Clover', undefined);
    const existing = found.elements![0];
    if (existing) return { externalId: requireId('Clover', existing.id) };
    const order = await this.http.json<CloverItem>('POST', `${this.merchant}/atomic_order/orders`, {
      orderCart: {
        externalReferenceId: reference,
        title: `Invoice ${invoice.number}`,
        note: `Stampline invoice ${invoice.number} for ${invoice.customer.name} (${invoice.invoicedOn})`,
        lineItems: invoice.lines.map((line) => ({
          name: `${line.name} ${line.size}`.trim(),
          price: line.priceCents,
          unitQty: line.qty * 1000, // Clover counts units in thousandths
          ...(line.upc ? { note: `UPC ${line.upc}` } : {}),
        })),
      },
    });
    return { externalId: requireId('Clover', order?.id) };
  }

  async pushProduct(product: PartnerProduct, known: string | null) {
    const item = {
      name: `${product.name} ${product.size}`.trim(),
      price: product.priceCents,
      priceType: 'FIXED',
      cost: product.costCents,
      sku: product.id,
      ...(product.upc ? { code: product.upc } : {}),
    };
    let id: string | null = known;
    if (id !== null) {
      try {
        await this.http.json('POST', `${this.merchant}/items/${encodeURIComponent(id)}`, item);
      } catch (error) {
        if (!(error instanceof PartnerRefused)) throw error;
        id = null; // gone at Clover: found by sku or created below
      }
    }
    if (id === null) {
      const found = await this.http.json<{ elements?: CloverItem[] }>(
        'GET',
        `${this.merchant}/items?filter=${encodeURIComponent(`sku=${product.id}`)}`,
      );
      if (!Array.isArray(found?.elements)) requireId('Clover', undefined);
      const existing = found.elements![0];
      if (existing) {
        id = requireId('Clover', existing.id);
        await this.http.json('POST', `${this.merchant}/items/${encodeURIComponent(id)}`, item);
      } else {
        const created = await this.http.json<CloverItem>('POST', `${this.merchant}/items`, item);
        id = requireId('Clover', created?.id);
      }
    }
    if (product.qty !== null) await this.pushStock(id, product.qty);
    return { externalId: id };
  }

  /** The item's stock (`/item_stocks/{itemId}`, Clover's inventory): the quantity we hold, set (not added). */
  async pushStock(itemId: string, qty: number): Promise<void> {
    await this.http.json('POST', `${this.merchant}/item_stocks/${encodeURIComponent(itemId)}`, {
      quantity: qty,
    });
  }
}
