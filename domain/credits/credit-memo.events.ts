import type { ProductType } from '../products/product.rules.js';
import type { GoodsStampReturn } from '../stamps/stamp.events.js';

/**
 * Credit memos. A memo credits one invoice and lives on that invoice's `invoice-{id}` stream (as payments do), so
 * what it may credit is decided atomically with every other change of the invoice: two memos issued at once, or a
 * memo and a cancellation, never both pass on the same state. Its number comes from the company's own credit-memo
 * series (`credit-memo-numbers-{companyId}`), appended in the same append. A memo is issued once and never edited;
 * a mistake is voided, and a void memo no longer counts.
 */

/** The reasons a Texas wholesaler may credit a retailer for (Alcoholic Beverage Code §104.05(d) and (e)). */
export const CREDIT_REASONS = [
  'delivered_damaged',
  'short_delivery',
  'wrong_product',
  'pricing_error',
  'freshness_swap',
  'other',
] as const;

export type CreditReason = (typeof CREDIT_REASONS)[number];

/** One credited invoice line: the product and price as invoiced, the quantity credited. */
export interface CreditMemoLine {
  /** The invoice line credited. */
  lineNo: number;
  productId: string;
  name: string;
  size: string;
  type: ProductType;
  qty: number;
  /** The invoice line's unit price. */
  priceCents: number;
  /** price × qty. */
  totalCents: number;
  /** The tax of the credited part of the line. */
  taxCents: number;
}

export interface CreditMemoTotals {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

/** The memo's number: `CM-1001` as shown. */
export interface CreditMemoNumber {
  sequence: number;
  display: string;
}

export interface CreditMemoIssued {
  type: 'CreditMemoIssued';
  data: {
    creditMemoId: string;
    invoiceId: string;
    companyId: string;
    number: CreditMemoNumber;
    /** The invoice's number as shown, and its customer as invoiced (the memo's grid and PDF read them). */
    invoiceNumber: string;
    customerId: string;
    customerName: string;
    reason: CreditReason;
    note: string;
    /** The credited lines; empty for a plain amount (pricing error, other). */
    lines: CreditMemoLine[];
    totals: CreditMemoTotals;
    /**
     * The tax stamps that came back on the credited liquor bottles, per line, and what became of them (absent: none,
     * as on memos from before stamps followed the goods). The same returns are on the company's stamp ledger.
     */
    stamps?: GoodsStampReturn[];
    /** The business day of issue in the company's time zone. */
    issuedOn: string;
    issuedBy: string | null;
    issuedAt: string;
  };
}

export interface CreditMemoVoided {
  type: 'CreditMemoVoided';
  data: {
    creditMemoId: string;
    invoiceId: string;
    companyId: string;
    number: string;
    reason: string;
    voidedBy: string | null;
    voidedAt: string;
  };
}

export type CreditMemoEvent = CreditMemoIssued | CreditMemoVoided;

export const CREDIT_MEMO_EVENT_TYPES: readonly CreditMemoEvent['type'][] = [
  'CreditMemoIssued',
  'CreditMemoVoided',
];
