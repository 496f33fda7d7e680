import type { ProductType } from '../products/product.rules.js';
import { wallClock } from '../shared/business-date.js';

/**
 * The credit-law delinquent list as a gate (Alco. Bev. Code §102.32; 16 TAC §45.121). From 12:01 a.m. of a listing's
 * effective date, in the company's time zone, no liquor or wine may be sold or delivered on credit to the listed
 * retailer; cash on delivery stays allowed. One exception: an invoice made before 12:01 a.m. of the effective date may
 * still be delivered on that day until 1 p.m. The listing ends only when TABC takes the retailer off the list. The
 * owner may record an override for one listing (a retailer protected by bankruptcy, or one TABC has removed though the
 * imported list still names it). Pure.
 */

/** 12:01 a.m.: minutes after midnight. */
export const LISTING_STARTS_AT_MINUTE = 1;
/** 1 p.m.: minutes after midnight; the end of the effective day's delivery window for invoices made before it. */
export const DELIVERY_WINDOW_ENDS_AT_MINUTE = 13 * 60;

export interface DelinquentListing {
  permit: string;
  /** null: the list gives no date, so the listing is in effect already. */
  effectiveOn: string | null;
  listNumber: string | null;
}

export const DELINQUENT_OVERRIDE_REASONS = ['bankruptcy_exemption', 'removed_by_tabc'] as const;
export type DelinquentOverrideReason = (typeof DELINQUENT_OVERRIDE_REASONS)[number];

export const DELINQUENT_OVERRIDE_REASON_LABELS: Record<DelinquentOverrideReason, string> = {
  bankruptcy_exemption: 'Bankruptcy exemption',
  removed_by_tabc: 'Removed by TABC, not yet in the imported list',
};

/** The owner's documented override of one listing: it applies while the list names the retailer with this date. */
export interface DelinquentOverride {
  reason: DelinquentOverrideReason;
  note: string;
  permit: string;
  listingEffectiveOn: string | null;
  recordedBy: { userId: string; name: string };
  recordedAt: string;
}

/** A sale the gate judges: liquor or wine on credit (not a beer invoice, not cash on delivery). */
export interface GateSubject {
  beer: boolean;
  cashOnDelivery: boolean;
  lineTypes: readonly ProductType[];
}

export const sellsLiquorOrWineOnCredit = (sale: GateSubject): boolean =>
  !sale.beer && !sale.cashOnDelivery && sale.lineTypes.some((type) => type === 'LIQUOR' || type === 'WINE');

/**
 * Bottles of liquor and wine on the lines: an edit or a replacement that raises it (or moves the invoice to another
 * customer) sells more on credit, and is judged like a new invoice.
 */
export const liquorOrWineBottles = (lines: readonly { type: string; qty: number }[]): number =>
  lines.reduce((sum, line) => sum + (line.type === 'LIQUOR' || line.type === 'WINE' ? line.qty : 0), 0);

/** True once the listing is in effect at the instant: from 12:01 a.m. of its effective date, company time. */
export function listingInEffect(effectiveOn: string | null, now: string, timeZone: string): boolean {
  if (effectiveOn === null) return true;
  const { day, minutes } = wallClock(now, timeZone);
  return day > effectiveOn || (day === effectiveOn && minutes >= LISTING_STARTS_AT_MINUTE);
}

/** The override recorded for this very listing, if any. */
export function overrideFor(
  listing: DelinquentListing,
  overrides: readonly DelinquentOverride[],
): DelinquentOverride | null {
  return (
    overrides.findLast(
      (o) => o.listingEffectiveOn === listing.effectiveOn && samePermit(o.permit, listing.permit),
    ) ?? null
  );
}

const samePermit = (a: string, b: string) =>
  a.replace(/[^a-z0-9]/gi, '').toUpperCase() === b.replace(/[^a-z0-9]/gi, '').toUpperCase();

export interface GateJudgement {
  listing: DelinquentListing | null;
  overrides: readonly DelinquentOverride[];
  now: string;
  timeZone: string;
  formatDate?: (date: string) => string;
}

const since = (listing: DelinquentListing, formatDate: (date: string) => string) =>
  `${listing.effectiveOn ? ` since 12:01 a.m. on ${formatDate(listing.effectiveOn)}` : ''}${listing.listNumber ? ` (list ${listing.listNumber})` : ''}`;

/**
 * Why a new liquor or wine invoice on credit is refused now, or null when it may be made: not listed, not in effect
 * yet, overridden, or not a sale on credit.
 */
export function delinquentSaleRefusal(sale: GateSubject, judgement: GateJudgement): string | null {
  const { listing, overrides, now, timeZone, formatDate = (date) => date } = judgement;
  if (!listing || !sellsLiquorOrWineOnCredit(sale)) return null;
  if (!listingInEffect(listing.effectiveOn, now, timeZone) || overrideFor(listing, overrides)) return null;
  return `This customer (${listing.permit}) is on the TABC credit-law delinquent list${since(listing, formatDate)}: no liquor or wine may be sold to it on credit until TABC removes it from the list. Sell it cash on delivery, or, if it is exempt, the owner can record an override on the customer.`;
}

export interface DeliverySubject extends GateSubject {
  /** Paid in full already, or paid in full at this delivery: no credit left to refuse. */
  paidInFull: boolean;
  /** When the invoice was made (its creation instant). */
  invoiceCreatedAt: string;
}

/**
 * Why delivering this invoice now is refused, or null when it may be delivered. An invoice made before 12:01 a.m. of
 * the effective date may be delivered on that day until 1 p.m.; after that, or for an invoice made later, a liquor or
 * wine invoice on credit is refused unless paid in full.
 */
export function delinquentDeliveryRefusal(
  delivery: DeliverySubject,
  judgement: GateJudgement,
): string | null {
  const { listing, overrides, now, timeZone, formatDate = (date) => date } = judgement;
  if (!listing || delivery.paidInFull || !sellsLiquorOrWineOnCredit(delivery)) return null;
  if (!listingInEffect(listing.effectiveOn, now, timeZone) || overrideFor(listing, overrides)) return null;
  if (
    listing.effectiveOn !== null &&
    !listingInEffect(listing.effectiveOn, delivery.invoiceCreatedAt, timeZone)
  ) {
    const { day, minutes } = wallClock(now, timeZone);
    if (day === listing.effectiveOn && minutes < DELIVERY_WINDOW_ENDS_AT_MINUTE) return null;
  }
  return `This customer (${listing.permit}) is on the TABC credit-law delinquent list${since(listing, formatDate)}: this liquor or wine invoice on credit may not be delivered to it until TABC removes it from the list (an invoice made before the listing took effect could be delivered on its first day until 1 p.m.). Collect payment in full on delivery, or, if it is exempt, the owner can record an override on the customer.`;
}

/** Why an override cannot be recorded, or null. */
export const OVERRIDE_MESSAGES = {
  reason: `Reason must be one of: ${DELINQUENT_OVERRIDE_REASONS.join(', ')}.`,
  note: 'Note is required (at most 500 characters).',
  notListed:
    'This customer is not on the imported TABC credit-law delinquent list: there is nothing to override.',
} as const;
