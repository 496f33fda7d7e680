import { addCalendarDays, businessDaysAfter, texasHolidayOn } from '../shared/texas-calendar.js';

/**
 * When a check taken for alcohol must be in the bank, as the cash law asks: a check for beer within 2 days of
 * receipt, Sundays and holidays not counted; a check for liquor or wine within 5 business days
 * (Monday–Friday, Texas holidays not counted: shared/texas-calendar.ts). The day it was received never counts. An
 * invoice with a beer line follows the beer rule. Pure.
 */

export const BEER_CHECK_DEPOSIT_DAYS = 2;
export const LIQUOR_CHECK_DEPOSIT_BUSINESS_DAYS = 5;

/** A dishonoured check must be reported to TABC; the customer then buys for cash only. */
export const DISHONOURED_CHECK_NOTE =
  'A dishonoured check must be reported to TABC, and the customer then buys for cash only.';

/** The `count`-th day after `date` that is neither a Sunday nor a Texas holiday. */
function daysAfterSkippingSundaysAndHolidays(date: string, count: number): string {
  let day = date;
  let left = count;
  while (left > 0) {
    day = addCalendarDays(day, 1);
    const sunday = new Date(`${day}T00:00:00Z`).getUTCDay() === 0;
    if (!sunday && texasHolidayOn(day) === undefined) left -= 1;
  }
  return day;
}

/** The last day a check received on `receivedOn` may be deposited. */
export function checkDepositDeadline(receivedOn: string, beer: boolean): string {
  return beer
    ? daysAfterSkippingSundaysAndHolidays(receivedOn, BEER_CHECK_DEPOSIT_DAYS)
    : businessDaysAfter(receivedOn, LIQUOR_CHECK_DEPOSIT_BUSINESS_DAYS);
}

/** Not deposited after its deadline, on the company's `today`. */
export const checkOverdue = (receivedOn: string, beer: boolean, today: string): boolean =>
  today > checkDepositDeadline(receivedOn, beer);
