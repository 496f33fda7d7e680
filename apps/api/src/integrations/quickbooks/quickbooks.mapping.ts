import { createHash } from 'node:crypto';
import type { QuickBooksObjectKind } from '#domain/contracts/quickbooks.contract.js';

/** A customer as QuickBooks receives it (from the invoice or memo that names it). */
export interface QboCustomerSource {
  id: string;
  name: string;
  tabcId: string;
}

/** A product as QuickBooks receives it (from the invoice or memo line that names it). */
export interface QboItemSource {
  productId: string;
  name: string;
  size: string;
  upc: string | null;
  priceCents: number;
}

export interface QboLineSource extends QboItemSource {
  qty: number;
  totalCents: number;
}

export interface QboInvoiceSource {
  id: string;
  number: string;
  invoicedOn: string;
  dueOn: string | null;
  customer: QboCustomerSource;
  lines: QboLineSource[];
  taxCents: number;
}

export interface QboPaymentSource {
  id: string;
  invoiceId: string;
  invoiceNumber: string;
  customer: QboCustomerSource;
  amountCents: number;
  receivedOn: string;
  reference: string | null;
}

export interface QboCreditMemoSource {
  id: string;
  number: string;
  issuedOn: string;
  invoiceNumber: string;
  customer: QboCustomerSource;
  lines: QboLineSource[];
  taxCents: number;
}

/** The QuickBooks object name of each of our kinds (the path segment and the answer's key). */
export const QBO_ENTITY: Record<
  QuickBooksObjectKind,
  'Customer' | 'Item' | 'Invoice' | 'Payment' | 'CreditMemo'
> = {
  customer: 'Customer',
  item: 'Item',
  invoice: 'Invoice',
  payment: 'Payment',
  credit_memo: 'CreditMemo',
};

/** Cents as QuickBooks' decimal amounts (two places). */
export const amount = (cents: number): number => Math.round(cents) / 100;

/**
 * A name QuickBooks takes: names may not hold a colon (QuickBooks' sub-customer separator), a tab or a line break,
 * and are at most 100 characters.
 */
export function qboName(value: string): string {
  return value
    .replace(/[:\t\r\n]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);
}

/** The customer: its name is QuickBooks' DisplayName (unique there); the TABC id goes in its notes. */
export function customerBody(customer: QboCustomerSource): Record<string, unknown> {
  return {
    DisplayName: qboName(customer.name),
    CompanyName: qboName(customer.name),
    Notes: `TABC ${customer.tabcId}`,
  };
}

/**
 * A product becomes a NonInventory item (stock is kept here, not in QuickBooks) named with its size, its UPC as SKU
 * and sales posting to `incomeAccountId`.
 */
export function itemBody(item: QboItemSource, incomeAccountId: string): Record<string, unknown> {
  return {
    Name: qboName(`${item.name} ${item.size}`),
    Type: 'NonInventory',
    IncomeAccountRef: { value: incomeAccountId },
    UnitPrice: amount(item.priceCents),
    ...(item.upc ? { Sku: item.upc.slice(0, 100) } : {}),
  };
}

const salesLines = (lines: QboLineSource[], items: ReadonlyMap<string, string>) =>
  lines.map((line) => {
    const itemId = items.get(line.productId);
    if (!itemId) throw new Error(`No QuickBooks item for product ${line.productId}`);
    return {
      DetailType: 'SalesItemLineDetail',
      Amount: amount(line.totalCents),
      Description: `${line.name} ${line.size}`.slice(0, 4000),
      SalesItemLineDetail: { ItemRef: { value: itemId }, Qty: line.qty, UnitPrice: amount(line.priceCents) },
    };
  });

/** The tax of a document goes as its total tax (QuickBooks' TxnTaxDetail); none when it has none. */
const tax = (taxCents: number) => (taxCents > 0 ? { TxnTaxDetail: { TotalTax: amount(taxCents) } } : {});

/** An invoice: one sales line per invoice line, its number as DocNumber (at most 21 characters in QuickBooks). */
export function invoiceBody(
  invoice: QboInvoiceSource,
  customerId: string,
  items: ReadonlyMap<string, string>,
): Record<string, unknown> {
  return {
    DocNumber: invoice.number.slice(0, 21),
    TxnDate: invoice.invoicedOn,
    ...(invoice.dueOn ? { DueDate: invoice.dueOn } : {}),
    CustomerRef: { value: customerId },
    Line: salesLines(invoice.lines, items),
    ...tax(invoice.taxCents),
  };
}

/** A payment: its amount applied to its invoice in QuickBooks (a linked transaction). */
export function paymentBody(
  payment: QboPaymentSource,
  customerId: string,
  invoiceQboId: string,
): Record<string, unknown> {
  return {
    CustomerRef: { value: customerId },
    TotalAmt: amount(payment.amountCents),
    TxnDate: payment.receivedOn,
    ...(payment.reference ? { PaymentRefNum: payment.reference.slice(0, 21) } : {}),
    Line: [
      {
        Amount: amount(payment.amountCents),
        LinkedTxn: [{ TxnId: invoiceQboId, TxnType: 'Invoice' }],
      },
    ],
  };
}

/** A credit memo: its credited lines, its number as DocNumber and the invoice it credits in the memo's message. */
export function creditMemoBody(
  memo: QboCreditMemoSource,
  customerId: string,
  items: ReadonlyMap<string, string>,
): Record<string, unknown> {
  return {
    DocNumber: memo.number.slice(0, 21),
    TxnDate: memo.issuedOn,
    CustomerRef: { value: customerId },
    PrivateNote: `Credit on invoice ${memo.invoiceNumber}`,
    Line: salesLines(memo.lines, items),
    ...tax(memo.taxCents),
  };
}

/** The content version of what we send: a hash of the body (a changed document or reference gives a new one). */
export function versionOf(body: unknown): string {
  return createHash('sha256').update(JSON.stringify(body)).digest('hex').slice(0, 32);
}

/**
 * QuickBooks' `requestid` of a write: derived from our object's id, the content version and the operation, so a
 * retry of the same write carries the same id and QuickBooks answers it once, never creating a second object; a
 * changed document carries a new one. 32 hex characters.
 */
export function requestIdOf(
  kind: QuickBooksObjectKind,
  ourId: string,
  version: string,
  operation: 'create' | 'update',
): string {
  return createHash('sha256').update(`${kind}:${ourId}:${version}:${operation}`).digest('hex').slice(0, 32);
}
