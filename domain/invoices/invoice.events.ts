import type { ProductType } from '../products/product.rules.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { LicenceWarning } from './licence-guard.js';

/**
 * Events of the `invoice-{id}` stream. An invoice's lines, customer and totals travel whole in
 * every revision, so a projection (or an auditor replaying history) never has to merge partial changes.
 */

/** The customer as invoiced: what the invoice shows even if the customer is edited or removed later. */
export interface InvoiceCustomer {
  id: string;
  name: string;
  /** The displayed TABC id (as the client's specification asks). */
  tabcId: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  cashOnDelivery: boolean;
}

/** One line (as the client's specification asks) with the product as it was invoiced. */
export interface InvoiceLine {
  lineNo: number; // 1, 2, 3 … the position the user chose (or the sorted order)
  productId: string;
  name: string;
  size: string;
  type: ProductType;
  upc: string | null;
  qty: number;
  priceCents: number;
  taxable: boolean;
  onDeal: boolean;
  /** price × qty. */
  totalCents: number;
  /** taxable line total × rate / 100, half-up to a cent; 0 when not taxable. */
  taxCents: number;
  /** The product's last purchase price when invoiced: 'This item was invoiced below cost.' */
  costCents: number;
  /** What this customer paid for the product on its previous invoice, when there was one. */
  lastInvoicedPriceCents: number | null;
  /**
   * The case size when this line is stamped one stamp per case (small formats, a company setting):
   * full cases take one stamp each, loose bottles one each. Absent: one stamp per bottle (the spec).
   */
  stampCaseSize?: number;
  /** A line made from a reviewed order item: the review (previous and new values, with their notes). */
  review?: LineReview;
}

/** The review of an order item, kept on the invoice line made from it. Absent values: that part was not changed. */
export interface LineReview {
  previousQty: number | null;
  newQty: number | null;
  qtyChangeNote: string;
  previousPriceCents: number | null;
  newPriceCents: number | null;
  priceChangeNote: string;
}

export interface InvoiceTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** The number as shown and in URLs: `345`, `345B`, `12-345`, `12-345B`. */
export interface InvoiceNumber {
  sequence: number;
  /** The customer's number and a dash with customer_invoice_numbering, else ''. */
  prefix: string;
  beer: boolean;
  display: string;
}

/** Everything the builder decides about an invoice; a revision carries it whole. */
export interface InvoiceContent {
  customer: InvoiceCustomer;
  lines: InvoiceLine[];
  invoicedOn: string; // business date
  dueOn: string | null; // business date; null: due on delivery
  note: string; // visible to the customer
  companyNote: string; // internal
  logoId: string | null;
  taxRateBasisPoints: number;
  totals: InvoiceTotals;
  /** A hash of the customer and the lines: an identical invoice within 24 hours is a duplicate. */
  fingerprint: string;
  /**
   * The licence guard (advisory) warned that the customer's imported TABC licence may not receive
   * stamped liquor, and the user went on. Set at creation only; absent on older events and when nothing was wrong.
   */
  licenceWarning?: LicenceWarning;
}

export interface InvoiceCreated {
  type: 'InvoiceCreated';
  data: InvoiceContent & {
    invoiceId: string;
    companyId: string;
    number: InvoiceNumber;
    status: InvoiceStatus;
    /** The orders this invoice was made from (orders come later). */
    orderIds: string[];
    createdAt: string;
    /** The cancelled invoice this one replaces ('Replace'); absent on every other invoice. */
    replaces?: InvoiceLink;
  };
}

/** Another invoice as a cross-reference names it: its id and its number as shown. */
export interface InvoiceLink {
  invoiceId: string;
  number: string;
}

export interface InvoiceRevised {
  type: 'InvoiceRevised';
  data: InvoiceContent & {
    invoiceId: string;
    companyId: string;
    revisedAt: string;
    /** The customer the invoice was for until this revision, when it moved to another (its ordering app is told). */
    previousCustomerId?: string;
  };
}

export interface InvoiceStatusChanged {
  type: 'InvoiceStatusChanged';
  data: {
    invoiceId: string;
    companyId: string;
    from: InvoiceStatus;
    to: InvoiceStatus;
    /** user: picked on a screen; payments: followed the payments; delivery: the goods were delivered. */
    reason: 'user' | 'payments' | 'delivery';
    changedAt: string;
  };
}

/** Only cancelled invoices are deleted; the events and the stamp history stay for audits. */
export interface InvoiceDeleted {
  type: 'InvoiceDeleted';
  data: { invoiceId: string; companyId: string; deletedAt: string };
}

/**
 * A cancelled invoice was replaced (corrections by event): appended with the replacement's
 * InvoiceCreated (which names this invoice in `replaces`) in one atomic append, so each names the other.
 */
export interface InvoiceReplaced {
  type: 'InvoiceReplaced';
  data: { invoiceId: string; companyId: string; replacement: InvoiceLink; replacedAt: string };
}

export type InvoiceEvent =
  InvoiceCreated | InvoiceRevised | InvoiceStatusChanged | InvoiceDeleted | InvoiceReplaced;

export const INVOICE_EVENT_TYPES: readonly InvoiceEvent['type'][] = [
  'InvoiceCreated',
  'InvoiceRevised',
  'InvoiceStatusChanged',
  'InvoiceDeleted',
  'InvoiceReplaced',
];

export const INVOICE_STREAM_PREFIX = 'invoice-';
export const invoiceStream = (invoiceId: string) => `${INVOICE_STREAM_PREFIX}${invoiceId}`;
