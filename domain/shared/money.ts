import { toNumber } from './field-rules.js';

/**
 * Money: integer cents in the domain, never binary floating point for arithmetic. Amounts arrive
 * as dollars typed in a form (12.5, "12.50") and leave as dollars for the screens (cents / 100).
 */

/** Dollars as typed → cents, read as text so 0.1 + 0.2 never happens; undefined when not a number or more than 2 decimals. */
export function centsOf(value: unknown): number | undefined {
  const number = toNumber(value);
  if (number === undefined) return undefined;
  const match = /^(-?)(\d{1,12})(?:\.(\d{1,2}))?$/.exec(String(number));
  if (!match) return undefined;
  const cents = Number(match[2]) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  return match[1] === '-' ? -cents : cents;
}

/** 1250 → 12.5 (for answers; exact for whole cents). */
export const dollarsOf = (cents: number): number => cents / 100;

/** Hundredths of a percent as typed ("10", 12.5) → basis points (1000, 1250); undefined when not so. */
export function basisPointsOf(value: unknown): number | undefined {
  return centsOf(value); // the same decimal shape: at most 2 decimals, read as text
}

/**
 * `cents` raised by `basisPoints` hundredths of a percent, rounded half-up to a cent:
 * 1999 raised by 10 % (1000) is 2198.9 → 2199.
 */
export function raiseByBasisPoints(cents: number, basisPoints: number): number {
  const scaled = cents * (10_000 + basisPoints); // exact: both are integers well inside 2^53
  return Math.floor((scaled + 5_000) / 10_000);
}
