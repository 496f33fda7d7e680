import type { LineReview } from './invoice.events.js';
import type { ProductType } from '../products/product.rules.js';
import type { CommandMetadata } from '../shared/decider.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import type { StampRangeInput } from '../stamps/stamp.commands.js';
import type { InvoiceCustomer } from './invoice.events.js';
import type { LicenceWarning } from './licence-guard.js';

/** A line as the builder sends it, with the product looked up by the API (the domain reads no tables). */
export interface LineInput {
  productId: string;
  name: string;
  size: string;
  type: ProductType;
  upc: string | null;
  costCents: number;
  lastInvoicedPriceCents: number | null;
  qty: number;
  priceCents: number;
  taxable: boolean;
  onDeal: boolean;
  /** The product's case size (bottles per case), when it has one: small formats may be stamped per case. */
  caseSize?: number | null;
  /** A line made from a reviewed order item: its review, kept on the invoice line. */
  review?: LineReview;
}

/** What the company decides for its invoices, read from its state by the API. */
export interface InvoiceSettings {
  taxRateBasisPoints: number;
  defaultStatus: InvoiceStatus;
  startingNumber: number;
  /** customer_invoice_numbering */
  perCustomerNumbering: boolean;
  /** sort_inv_products: lines sorted by product instead of the user's order. */
  sortLines: boolean;
  timeZone: string;
  /** (compliance setting, off by default): one stamp per case for 375 mL or less. */
  smallFormatStamps?: boolean;
}

export interface InvoiceDraft {
  invoiceId: string;
  customer: InvoiceCustomer;
  lines: LineInput[];
  invoicedOn: string;
  dueOn: string | null;
  note: string;
  companyNote: string;
  logoId: string | null;
  fingerprint: string;
  /** Manual stamp ranges; absent: the stamps are allocated automatically. */
  stampRanges?: StampRangeInput[];
  /** The licence guard's warning the user went on with, recorded on the invoice. */
  licenceWarning?: LicenceWarning;
}

/** One builder save or one order: one invoice, or a liquor-and-wine and a beer invoice sharing a number. */
export interface CreateInvoices {
  type: 'CreateInvoices';
  data: { drafts: InvoiceDraft[]; settings: InvoiceSettings; orderIds: string[] };
  metadata: CommandMetadata;
}

/** Changes to an invoice: absent fields are kept (the builder sends them all, the view page a status or a date). */
export interface ReviseInvoice {
  type: 'ReviseInvoice';
  data: {
    invoiceId: string;
    changes: Partial<Omit<InvoiceDraft, 'invoiceId' | 'stampRanges' | 'fingerprint'>> & {
      /** null: back to automatic allocation; absent: keep what the invoice holds. */
      stampRanges?: StampRangeInput[] | null;
      status?: InvoiceStatus;
    };
    fingerprint?: string;
    settings: Pick<InvoiceSettings, 'sortLines' | 'timeZone' | 'smallFormatStamps'>;
  };
  metadata: CommandMetadata;
}

export interface DeleteInvoice {
  type: 'DeleteInvoice';
  /** strictRecords: the company's compliance setting: no invoice is ever deleted. */
  data: { invoiceId: string; byOwner: boolean; strictRecords?: boolean };
  metadata: CommandMetadata;
}

/** 'Replace' on a cancelled invoice: a new invoice, cross-referenced both ways with the cancelled one. */
export interface ReplaceInvoice {
  type: 'ReplaceInvoice';
  data: { cancelledId: string; draft: InvoiceDraft; settings: InvoiceSettings };
  metadata: CommandMetadata;
}
