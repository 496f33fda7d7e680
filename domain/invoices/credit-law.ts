import type { ProductType } from '../products/product.rules.js';
import type { InvoiceStatus } from '../shared/invoice-status.js';
import { addCalendarDays, businessDaysAfter, businessDaysBetween } from '../shared/texas-calendar.js';

/**
 * The Texas credit law (Alco. Bev. Code §102.32, 16 TAC §45.121). Liquor and wine sold on credit: bought
 * on the 1st–15th → due on the 25th of that month; bought on the 16th–last → due on the 10th of the next month; the
 * account is not delinquent while payment arrives by the 4th business day after the due date (Texas holidays are
 * not business days: shared/texas-calendar.ts). Beer is cash on or before delivery (§102.31): no credit-law dates.
 * The date of purchase is the delivery date (TABC reads it so: each delivery carries its invoice, §102.32(d)); an
 * invoice not delivered yet counts from its invoice date (payment-terms.ts `purchaseDate`). Pure.
 */

export const CREDIT_LAW_GRACE_BUSINESS_DAYS = 4;
/** The dashboard warns this many business days before the due date. */
export const CREDIT_LAW_ALERT_BUSINESS_DAYS = 3;

/** open: more than 3 business days to the due date; due_soon: 3 or fewer; grace: past due, not delinquent yet; late: delinquent. */
export type CreditLawStanding = 'open' | 'due_soon' | 'grace' | 'late';

export interface CreditLawDates {
  /** The date of purchase: the delivery date, or the invoice date before delivery. */
  purchasedOn: string;
  statutoryDueOn: string;
  /** The 4th business day after the due date: payment received by then is on time. */
  lastDayToPay: string;
  /** The first day the account is delinquent (the day after lastDayToPay). */
  delinquentOn: string;
}

/** §102.32(c): the 25th for the 1st–15th, the 10th of the next month for the 16th–last. */
export function statutoryDueDate(purchasedOn: string): string {
  const year = Number(purchasedOn.slice(0, 4));
  const month = Number(purchasedOn.slice(5, 7));
  const day = Number(purchasedOn.slice(8, 10));
  if (day <= 15) return `${purchasedOn.slice(0, 7)}-25`;
  const nextYear = month === 12 ? year + 1 : year;
  const nextMonth = month === 12 ? 1 : month + 1;
  return `${nextYear}-${String(nextMonth).padStart(2, '0')}-10`;
}

export function creditLawDates(purchasedOn: string): CreditLawDates {
  const statutoryDueOn = statutoryDueDate(purchasedOn);
  const lastDayToPay = businessDaysAfter(statutoryDueOn, CREDIT_LAW_GRACE_BUSINESS_DAYS);
  return { purchasedOn, statutoryDueOn, lastDayToPay, delinquentOn: addCalendarDays(lastDayToPay, 1) };
}

/** Where an unpaid account stands on `today` (a business date of the company). */
export function creditLawStanding(purchasedOn: string, today: string): CreditLawStanding {
  const { statutoryDueOn, lastDayToPay } = creditLawDates(purchasedOn);
  if (today > lastDayToPay) return 'late';
  if (today > statutoryDueOn) return 'grace';
  return businessDaysBetween(today, statutoryDueOn) <= CREDIT_LAW_ALERT_BUSINESS_DAYS ? 'due_soon' : 'open';
}

export interface CreditLawSubject {
  beer: boolean;
  cashOnDelivery: boolean;
  lineTypes: readonly ProductType[];
  status: InvoiceStatus;
}

/**
 * An invoice the credit law dates: not a beer invoice, for a customer on credit (not cash on delivery), with a liquor
 * or wine line, and a sale (not a draft, not cancelled).
 */
export function creditLawApplies(invoice: CreditLawSubject): boolean {
  return (
    !invoice.beer &&
    !invoice.cashOnDelivery &&
    invoice.status !== 'draft' &&
    invoice.status !== 'cancelled' &&
    invoice.lineTypes.some((type) => type === 'LIQUOR' || type === 'WINE')
  );
}

const SEVERITY: Record<CreditLawStanding, number> = { open: 0, due_soon: 1, grace: 2, late: 3 };
/** Far enough back for any standing to be reached: a due date is at most ~41 days after the purchase. */
const LOOK_BACK_DAYS = 120;

/**
 * The latest purchase date whose unpaid account is at least `standing` on `today` (null: none within reach). The
 * standing only worsens the earlier the purchase, so the invoices in the alert are exactly those invoiced on or
 * before this date: the dashboard reads them through the index on the invoice date, never by scanning every invoice.
 */
export function latestPurchaseAtLeast(
  standing: Exclude<CreditLawStanding, 'open'>,
  today: string,
): string | null {
  for (let back = -45; back <= LOOK_BACK_DAYS; back += 1) {
    const purchasedOn = addCalendarDays(today, -back);
    if (SEVERITY[creditLawStanding(purchasedOn, today)] >= SEVERITY[standing]) return purchasedOn;
  }
  return null;
}

/**
 * The credit-law delinquent list (16 TAC §45.121; TABC's published schedule): a listing takes effect at 12:01 a.m.
 * on its effective date; from then nothing may be sold or delivered to the retailer, even on earlier orders. An
 * order invoiced before 12:01 a.m. of that day may still be delivered on it until 1 p.m.
 */
export type DelinquentListStanding = 'in_effect' | 'upcoming';

export function delinquentListStanding(
  effectiveOn: string | null,
  invoiceOn: string,
): DelinquentListStanding {
  return effectiveOn === null || invoiceOn >= effectiveOn ? 'in_effect' : 'upcoming';
}

export function delinquentListMessage(
  entry: { effectiveOn: string | null; listNumber: string | null; permit: string },
  invoiceOn: string,
  formatDate: (date: string) => string = (date) => date,
): string {
  const list = entry.listNumber ? ` (list ${entry.listNumber})` : '';
  if (delinquentListStanding(entry.effectiveOn, invoiceOn) === 'in_effect') {
    const since = entry.effectiveOn ? ` since ${formatDate(entry.effectiveOn)}` : '';
    return `This customer (${entry.permit}) is on the TABC credit-law delinquent list${since}${list}: no liquor may be sold or delivered to it until the list clears it.`;
  }
  return `This customer (${entry.permit}) goes on the TABC credit-law delinquent list at 12:01 a.m. on ${formatDate(entry.effectiveOn!)}${list}: from then nothing may be sold or delivered to it; an order invoiced before then may be delivered that day until 1 p.m.`;
}
