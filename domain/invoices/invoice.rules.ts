import { isSmallFormat } from '../products/container-size.js';
import type { ProductType } from '../products/product.rules.js';
import { addDays } from '../stamps/stamp.rules.js';
import { daysBetween, isBusinessDate } from '../shared/business-date.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { INVOICE_MESSAGES } from './invoice.errors.js';
import type { InvoiceLine, InvoiceTotals } from './invoice.events.js';

/** the client's specification */
export const DEFAULT_TAX_RATE_BASIS_POINTS = 825;
export const INVOICE_DATE_DAYS_AHEAD = 10;
export const DUE_DATE_DAYS_AHEAD = 30;
export const DUPLICATE_WINDOW_HOURS = 24;
/** Due in this many days or fewer shows 'Due on delivery'. */
export const DUE_ON_DELIVERY_DAYS = 1;
export const MAX_LINES = 500;
export const MAX_QTY = 100_000;
export const MAX_PRICE_CENTS = 100_000_000; // $1,000,000.00
export const MAX_NOTE_LENGTH = 5_000;

/** Half away from zero, so a credit line's tax mirrors the sale's (never −0). */
function roundHalfAwayFromZero(value: number): number {
  return Math.sign(value) * Math.round(Math.abs(value)) + 0;
}

/** Line total = price × qty (prices are whole cents, quantities whole bottles: exact; never −0). */
export const lineTotalCents = (priceCents: number, qty: number): number => priceCents * qty + 0;

/** Tax per item = taxable line total × rate / 100, rounded to cents (as the client's specification asks); rate in basis points. */
export const lineTaxCents = (totalCents: number, taxable: boolean, rateBasisPoints: number): number =>
  taxable ? roundHalfAwayFromZero((totalCents * rateBasisPoints) / 10_000) : 0;

export function totalsOf(lines: readonly Pick<InvoiceLine, 'totalCents' | 'taxCents'>[]): InvoiceTotals {
  const subtotalCents = lines.reduce((sum, line) => sum + line.totalCents, 0);
  const taxCents = lines.reduce((sum, line) => sum + line.taxCents, 0);
  return { subtotalCents, taxCents, totalCents: subtotalCents + taxCents };
}

/**
 * The case size a line is stamped by, or undefined for one stamp per bottle: only with the company's
 * small-format setting on, for liquor of 375 mL or less (read from the size) whose product has a case of at least
 * 2 bottles. Anything the rules cannot read (no case size, a size without a volume) stays one stamp per bottle.
 */
export function stampCaseSizeOf(
  line: { type: ProductType; size: string; caseSize?: number | null },
  smallFormatStamps: boolean,
): number | undefined {
  if (!smallFormatStamps || line.type !== 'LIQUOR' || !isSmallFormat(line.size)) return undefined;
  const caseSize = line.caseSize;
  return typeof caseSize === 'number' && Number.isInteger(caseSize) && caseSize >= 2 ? caseSize : undefined;
}

/**
 * The stamps one line takes: none unless liquor with a positive quantity; one per bottle (as the client's specification asks), or,
 * for a line stamped per case, one per full case plus one per loose bottle (TABC allows one stamp per *case* of
 * 375 mL or less; bottles outside a full case are single containers and keep their own stamp).
 */
export function lineStamps(line: Pick<InvoiceLine, 'type' | 'qty' | 'stampCaseSize'>): number {
  if (line.type !== 'LIQUOR' || line.qty <= 0) return 0;
  const caseSize = line.stampCaseSize;
  if (!caseSize || caseSize < 2) return line.qty;
  return Math.floor(line.qty / caseSize) + (line.qty % caseSize);
}

/** Stamps are for liquor: the sum of every line's stamps (`lineStamps`). */
export const stampsNeeded = (lines: readonly Pick<InvoiceLine, 'type' | 'qty' | 'stampCaseSize'>[]): number =>
  lines.reduce((sum, line) => sum + lineStamps(line), 0);

/**
 * The stamps each product's bottles take one per bottle (liquor lines not stamped per case): what bottles back in
 * stock from credit memos can cover, with their own stamps.
 */
export const stampNeedsOf = (
  lines: readonly Pick<InvoiceLine, 'productId' | 'name' | 'type' | 'qty' | 'stampCaseSize'>[],
): { productId: string; name: string; stamps: number }[] =>
  lines
    .filter((line) => !line.stampCaseSize)
    .map((line) => ({ productId: line.productId, name: line.name, stamps: lineStamps(line) }))
    .filter((need) => need.stamps > 0);

/** A beer invoice holds beer (and non-alcoholic items); its number gets the B suffix. */
export const isBeerInvoice = (lines: readonly { type: ProductType }[]): boolean =>
  lines.some((line) => line.type === 'BEER');

/**
 * Beer cannot be mixed with liquor and wine (as the client's specification asks). Lines are read in order: the first alcoholic line
 * decides what the invoice is (or `beer`, for an invoice whose number already says it), and every line of the
 * other kind gets the spec's message.
 */
export function beerMixProblems(lines: readonly { type: ProductType }[], beer?: boolean): FieldProblem[] {
  let kind: 'beer' | 'liquor & wine' | undefined =
    beer === undefined ? undefined : beer ? 'beer' : 'liquor & wine';
  const problems: FieldProblem[] = [];
  lines.forEach((line, index) => {
    if (line.type === 'N/A') return;
    const lineKind = line.type === 'BEER' ? 'beer' : 'liquor & wine';
    kind ??= lineKind;
    if (lineKind !== kind) {
      problems.push({
        field: `items.${index}.product_id`,
        message: INVOICE_MESSAGES.beerMix(line.type.toLowerCase(), kind),
      });
    }
  });
  return problems;
}

/**
 * Invoice date at most 10 days ahead, due date at most 30 days ahead (today in the company's time zone), and not
 * before the invoice date. Only dates that change are judged: an old invoice keeps its dates.
 */
export function dateProblems(
  today: string,
  invoicedOn: string,
  dueOn: string | null,
  changed: { invoicedOn: boolean; dueOn: boolean } = { invoicedOn: true, dueOn: true },
): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (!isBusinessDate(invoicedOn)) {
    problems.push({ field: 'invoiced_at', message: INVOICE_MESSAGES.invoiceDate });
  } else if (changed.invoicedOn && daysBetween(today, invoicedOn) > INVOICE_DATE_DAYS_AHEAD) {
    problems.push({
      field: 'invoiced_at',
      message: INVOICE_MESSAGES.invoiceDateTooLate(addDays(today, INVOICE_DATE_DAYS_AHEAD)),
    });
  }
  if (dueOn !== null) {
    if (!isBusinessDate(dueOn)) problems.push({ field: 'due_at', message: INVOICE_MESSAGES.dueDate });
    else if (changed.dueOn && daysBetween(today, dueOn) > DUE_DATE_DAYS_AHEAD) {
      problems.push({
        field: 'due_at',
        message: INVOICE_MESSAGES.dueDateTooLate(addDays(today, DUE_DATE_DAYS_AHEAD)),
      });
    } else if ((changed.dueOn || changed.invoicedOn) && isBusinessDate(invoicedOn) && dueOn < invoicedOn) {
      problems.push({ field: 'due_at', message: INVOICE_MESSAGES.dueBeforeInvoice });
    }
  }
  return problems;
}

/** 'Due on delivery' when there is no due date or it is one day or fewer from today (as the client's specification asks). */
export const isDueOnDelivery = (dueOn: string | null, today: string): boolean =>
  dueOn === null || daysBetween(today, dueOn) <= DUE_ON_DELIVERY_DAYS;

/** `345`, `345B`, `12-345B`. */
export const displayNumber = (prefix: string, sequence: number, beer: boolean): string =>
  `${prefix}${sequence}${beer ? 'B' : ''}`;

/**
 * What makes two invoices identical (as the client's specification asks): the customer and the lines' product, quantity and
 * price, in any order. The API hashes this text.
 */
export function fingerprintText(
  customerId: string,
  lines: readonly Pick<InvoiceLine, 'productId' | 'qty' | 'priceCents'>[],
): string {
  const parts = lines.map((line) => `${line.productId}:${line.qty}:${line.priceCents}`).sort();
  return `${customerId}|${parts.join(',')}`;
}
