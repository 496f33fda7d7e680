import type { ProductType } from '../products/product.rules.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';

/**
 * Events of the `invoice-{id}` stream (ARCHITECTURE §3). An invoice's lines, customer and totals travel whole in
 * every revision, so a projection (or an auditor replaying history) never has to merge partial changes.
 */

/** The customer as invoiced: what the invoice shows even if the customer is edited or removed later. */
export interface InvoiceCustomer {
  id: string;
  name: string;
  /** The displayed TABC id (spec 000 §3). */
  tabcId: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  cashOnDelivery: boolean;
}

/** One line (spec 000 §3 Invoice item) with the product as it was invoiced. */
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
   * Issue 18 §3: the case size when this line is stamped one stamp per case (small formats, a company setting):
   * full cases take one stamp each, loose bottles one each. Absent: one stamp per bottle (the spec).
   */
  stampCaseSize?: number;
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
  };
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
    /** user: picked on a screen; payments: followed the payments (issue 8). */
    reason: 'user' | 'payments';
    changedAt: string;
  };
}

/** Only cancelled invoices are deleted; the events and the stamp history stay for audits. */
export interface InvoiceDeleted {
  type: 'InvoiceDeleted';
  data: { invoiceId: string; companyId: string; deletedAt: string };
}

export type InvoiceEvent = InvoiceCreated | InvoiceRevised | InvoiceStatusChanged | InvoiceDeleted;

export const INVOICE_EVENT_TYPES: readonly InvoiceEvent['type'][] = [
  'InvoiceCreated',
  'InvoiceRevised',
  'InvoiceStatusChanged',
  'InvoiceDeleted',
];

export const INVOICE_STREAM_PREFIX = 'invoice-';
export const invoiceStream = (invoiceId: string) => `${INVOICE_STREAM_PREFIX}${invoiceId}`;
