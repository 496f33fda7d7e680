import {
  beerMixProblems,
  DUE_DATE_DAYS_AHEAD,
  INVOICE_DATE_DAYS_AHEAD,
  isDueOnDelivery,
  lineStamps,
  lineTaxCents,
  lineTotalCents,
  stampCaseSizeOf,
} from '#domain/invoices/invoice.rules';
import { PRODUCT_TYPES, type ProductType } from '#domain/products/product.rules';
import { addDays } from '#domain/stamps/stamp.rules';

/**
 * The builder's arithmetic, the server's rules (domain/invoices/invoice.rules.ts) on what the user typed: integer
 * cents, line total = price × qty, tax per taxable line at the rate, rounded half away from zero per line.
 */

/** Dollars as typed ('19.99', '19.9', '20', '') → cents; null when not a money amount with at most 2 decimals. */
export function priceCents(typed: string): number | null {
  const text = typed.trim().replace(/^\$/, '').replace(/,/g, '');
  if (text === '') return 0;
  const match = /^(\d{1,7})(?:\.(\d{0,2}))?$/.exec(text) ?? /^()\.(\d{1,2})$/.exec(text);
  if (!match) return null;
  return Number(match[1] || '0') * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Whole bottles as typed; empty counts as 0 (as the client's specification asks); null when not a whole number. */
export function quantity(typed: string): number | null {
  const text = typed.trim();
  if (text === '') return 0;
  return /^-?\d{1,6}$/.test(text) ? Number(text) : null;
}

/** Cents → the price input's text: 1999 → '19.99'. */
export const priceText = (cents: number): string => (cents / 100).toFixed(2);

/** Dollars as the API answers them (19.99) → cents, without binary floating point drift. */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);

/** The company's tax rate in percent (8.25) → basis points (825). */
export const rateBasisPoints = (percent: number): number => Math.round(percent * 100);

export function productType(type: string): ProductType {
  const upper = type.trim().toUpperCase();
  return (PRODUCT_TYPES as readonly string[]).includes(upper) ? (upper as ProductType) : 'N/A';
}

export interface LineInput {
  qty: string;
  price: string;
  taxable: boolean;
  type: string;
}

export interface LineAmounts {
  qty: number;
  priceCents: number;
  totalCents: number;
  taxCents: number;
  /** the qty or the price is not a number the server takes */
  invalid: boolean;
}

export function lineAmounts(line: LineInput, rateBp: number): LineAmounts {
  const qty = quantity(line.qty);
  const cents = priceCents(line.price);
  const invalid = qty === null || cents === null;
  const totalCents = lineTotalCents(cents ?? 0, qty ?? 0);
  return {
    qty: qty ?? 0,
    priceCents: cents ?? 0,
    totalCents,
    taxCents: lineTaxCents(totalCents, line.taxable, rateBp),
    invalid,
  };
}

export interface InvoiceTotalsCents {
  subtotalCents: number;
  taxCents: number;
  totalCents: number;
}

export function invoiceTotals(lines: readonly LineInput[], rateBp: number): InvoiceTotalsCents {
  let subtotalCents = 0;
  let taxCents = 0;
  for (const line of lines) {
    const amounts = lineAmounts(line, rateBp);
    subtotalCents += amounts.totalCents;
    taxCents += amounts.taxCents;
  }
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * The stamps the lines take, by the server's rules (domain/invoices/invoice.rules.ts): one per bottle of a liquor line
 * with a positive quantity (as the client's specification asks); with the small-format setting on, a liquor line of 375 mL or less
 * whose product has a case size takes one per full case plus one per loose bottle.
 */
export const stampsNeeded = (
  lines: readonly (Pick<LineInput, 'qty' | 'type'> & { size?: string; caseSize?: number | null })[],
  smallFormatStamps = false,
): number =>
  lines.reduce((sum, line) => {
    const type = productType(line.type);
    const stampCaseSize = stampCaseSizeOf(
      { type, size: line.size ?? '', caseSize: line.caseSize },
      smallFormatStamps,
    );
    return sum + lineStamps({ type, qty: quantity(line.qty) ?? 0, stampCaseSize });
  }, 0);

/**
 * The liquor bottles stamped one per bottle, by product, as `productId:bottles` joined by commas (for the stamp
 * preview: bottles of these products back in stock from credit memos go out first, with their own stamps).
 */
export const bottlesByProduct = (
  lines: readonly (Pick<LineInput, 'qty' | 'type'> & {
    productId: string;
    size?: string;
    caseSize?: number | null;
  })[],
  smallFormatStamps = false,
): string => {
  const bottles = new Map<string, number>();
  for (const line of lines) {
    const type = productType(line.type);
    const stampCaseSize = stampCaseSizeOf(
      { type, size: line.size ?? '', caseSize: line.caseSize },
      smallFormatStamps,
    );
    const stamps = stampCaseSize ? 0 : lineStamps({ type, qty: quantity(line.qty) ?? 0, stampCaseSize });
    if (stamps > 0) bottles.set(line.productId, (bottles.get(line.productId) ?? 0) + stamps);
  }
  return [...bottles].map(([id, n]) => `${id}:${n}`).join(',');
};

/** The beer-mix message per line index ("You can't add beer as it must be on a separate invoice from …"). */
export function beerMixMessages(lines: readonly { type: string }[], beer?: boolean): Map<number, string> {
  const messages = new Map<number, string>();
  for (const problem of beerMixProblems(
    lines.map((line) => ({ type: productType(line.type) })),
    beer,
  )) {
    const index = Number(/^items\.(\d+)\./.exec(problem.field)?.[1]);
    if (Number.isInteger(index)) messages.set(index, problem.message);
  }
  return messages;
}

/** The message adding a product of `type` would cause, or null when it fits the invoice. */
export function beerMixMessage(
  lines: readonly { type: string }[],
  type: string,
  beer?: boolean,
): string | null {
  return beerMixMessages([...lines, { type }], beer).get(lines.length) ?? null;
}

/** Whether the lines make a beer invoice (its number gets the B suffix). */
export const isBeer = (lines: readonly { type: string }[]): boolean =>
  lines.some((line) => productType(line.type) === 'BEER');

/** Below cost: a price under the product's last purchase price (as the server flags `below_cost`). */
export const isBelowCost = (priceCentsValue: number, costCents: number | null): boolean =>
  costCents !== null && priceCentsValue < costCents;

/** The date pickers' limits (as the client's specification asks): invoice date ≤ 10 days ahead, due date ≤ 30 days ahead. */
export const latestInvoiceDate = (today: string): string => addDays(today, INVOICE_DATE_DAYS_AHEAD);
export const latestDueDate = (today: string): string => addDays(today, DUE_DATE_DAYS_AHEAD);

/** 'Due on delivery' when there is no due date or it is a day or fewer away (as the client's specification asks). */
export const dueOnDelivery = (dueOn: string, today: string): boolean =>
  isDueOnDelivery(dueOn === '' ? null : dueOn, today);
