import type { FieldProblem } from '../shared/field-rules.js';
import { CREDIT_REASONS, type CreditReason } from './credit-memo.events.js';

/**
 * What a credit memo may be for. A wholesaler may credit beverages delivered damaged, short or in error, or a
 * price charged in error; beer may be swapped for freshness (identical brand and quantity). Nothing damaged in the
 * retailer's possession may be credited, so there is no such reason. An overpayment or anything else needs a note.
 */
export const CREDIT_REASON_LABELS: Readonly<Record<CreditReason, string>> = {
  delivered_damaged: 'Delivered damaged',
  short_delivery: 'Short delivered',
  wrong_product: 'Wrong product delivered',
  pricing_error: 'Pricing error',
  freshness_swap: 'Freshness swap (beer only)',
  other: 'Overpayment / other',
};

/** Reasons that credit invoice lines (goods); the others credit a plain amount. */
export const LINE_REASONS: readonly CreditReason[] = [
  'delivered_damaged',
  'short_delivery',
  'wrong_product',
  'freshness_swap',
];

export const creditsLines = (reason: CreditReason): boolean => LINE_REASONS.includes(reason);

/** What happens to credited goods when the company keeps inventory: back to sellable stock, or written off. */
export type CreditedStock = 'restock' | 'write_off';

/** Goods that never reached the retailer, or reached the wrong one, come back to stock; damaged and stale are written off. */
export function stockOfReason(reason: CreditReason): CreditedStock | null {
  switch (reason) {
    case 'short_delivery':
    case 'wrong_product':
      return 'restock';
    case 'delivered_damaged':
    case 'freshness_swap':
      return 'write_off';
    default:
      return null;
  }
}

export const MAX_CREDIT_NOTE = 2_000;
export const MAX_VOID_REASON = 500;
export const MAX_CREDIT_LINES = 500;
export const MAX_CREDIT_CENTS = 100_000_000_00;

export const isCreditReason = (value: unknown): value is CreditReason =>
  typeof value === 'string' && (CREDIT_REASONS as readonly string[]).includes(value);

export const CREDIT_MESSAGES = {
  reason: `Reason must be one of: ${CREDIT_REASONS.join(', ')}.`,
  noteRequired: 'A note is required for an overpayment or other credit.',
  noteTooLong: `Note must be at most ${MAX_CREDIT_NOTE} characters.`,
  linesRequired: 'Choose at least one invoice line and a quantity to credit.',
  tooManyLines: `A credit memo can have at most ${MAX_CREDIT_LINES} lines.`,
  linesNotAllowed: 'A pricing error or other credit is an amount, not invoice lines.',
  amountRequired: 'Amount must be at least 0.01.',
  amountTooLarge: 'Amount is too large.',
  amountNotAllowed: 'A credit for goods is counted from its lines, not an amount.',
  qty: 'Quantity to credit must be a whole number of at least 1.',
  lineNotFound: (lineNo: number) => `Invoice line ${lineNo} does not exist.`,
  lineRepeated: (lineNo: number) => `Invoice line ${lineNo} is listed twice.`,
  lineNotCreditable: (lineNo: number) => `Invoice line ${lineNo} has no quantity to credit.`,
  qtyOverLine: (lineNo: number, name: string, left: number) =>
    `Line ${lineNo} (${name}): at most ${left} can still be credited.`,
  freshnessBeerOnly: (lineNo: number, name: string) =>
    `A freshness swap is for beer only; line ${lineNo} (${name}) is not beer.`,
  amountOverInvoice: (left: string) =>
    `The credit can be at most ${left}, what is left of the invoice to credit.`,
  voidReasonRequired: 'Say why the credit memo is void.',
  voidReasonTooLong: `Reason must be at most ${MAX_VOID_REASON} characters.`,
} as const;

/** The problems of a void's reason (required, at most MAX_VOID_REASON characters). */
export function voidReasonProblems(reason: unknown): FieldProblem[] {
  if (typeof reason !== 'string' || reason.trim() === '')
    return [{ field: 'reason', message: CREDIT_MESSAGES.voidReasonRequired }];
  if (reason.trim().length > MAX_VOID_REASON)
    return [{ field: 'reason', message: CREDIT_MESSAGES.voidReasonTooLong }];
  return [];
}

/** Field rules the API's DTO runs before anything is read. */
export const creditReasonRule = (value: unknown): string | undefined =>
  isCreditReason(value) ? undefined : CREDIT_MESSAGES.reason;

export const creditNoteRule = (value: unknown): string | undefined => {
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') return 'Note must be text.';
  return value.trim().length > MAX_CREDIT_NOTE ? CREDIT_MESSAGES.noteTooLong : undefined;
};
