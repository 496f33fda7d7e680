import type { Partner } from '#domain/integrations/integration.events.js';

/** An invoice as a partner receives it (from rm_invoice): money in cents, business dates. */
export interface PartnerInvoice {
  id: string;
  number: string;
  invoicedOn: string;
  dueOn: string | null;
  status: string;
  customer: { id: string; name: string; tabcId: string };
  lines: {
    productId: string;
    name: string;
    size: string;
    upc: string | null;
    qty: number;
    priceCents: number;
    totalCents: number;
  }[];
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
  /** Fintech only: the customer's and the distributor's fintech ids. */
  fintech?: { retailerId: string | null; distributorId: string | null };
}

/** A product as a partner receives it (from rm_product and rm_inventory). */
export interface PartnerProduct {
  id: string;
  name: string;
  size: string;
  type: string;
  upc: string | null;
  sku: string | null;
  priceCents: number;
  costCents: number;
  /** Units in stock (null: no inventory row). */
  qty: number | null;
}

/**
 * One partner (Bottle POS, Clover): push an invoice, push a product (and its stock). Each push is one atomic call at
 * the partner (or idempotent calls), so a push that fails leaves nothing half-applied there.
 *
 * Errors: `PartnerUnavailable` (down, slow, 5xx, 429 after waiting, garbage, refused credentials) stops the sync;
 * `PartnerRefused` (the partner answered 4xx about this one record) fails that record only.
 */
export interface PartnerPort {
  readonly partner: Partner;
  /** `idempotencyKey`: the same for the same invoice content, for partners that take one. */
  pushInvoice(invoice: PartnerInvoice, idempotencyKey?: string): Promise<{ externalId: string }>;
  /** `externalId`: the partner's id from the last push, when known. */
  pushProduct(product: PartnerProduct, externalId: string | null): Promise<{ externalId: string }>;
  /**
   * Sets a product's stock level on the partner's item `externalId` (from a product push): `qty` units, which may be
   * 0 or below. Only partners that keep stock have it (Clover's inventory push).
   */
  pushStock?(externalId: string, qty: number): Promise<void>;
}

/** The partner cannot be used now: the sync stops with this message (ours: no credentials, no raw answer). */
export class PartnerUnavailable extends Error {
  override name = 'PartnerUnavailable';
}

/** The partner refused this record (4xx): the record fails, the sync goes on. */
export class PartnerRefused extends Error {
  override name = 'PartnerRefused';

  /** `code`: the partner's own error code, when it answered one (QuickBooks' fault code). */
  constructor(
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

export const PARTNER_PORTS = Symbol('PARTNER_PORTS');
export type PartnerPorts = Readonly<Record<Partner, PartnerPort>>;
