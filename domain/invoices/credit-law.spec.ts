import { addCalendarDays } from '../shared/texas-calendar.js';
import {
  creditLawApplies,
  creditLawDates,
  creditLawStanding,
  delinquentListMessage,
  delinquentListStanding,
  latestPurchaseAtLeast,
  statutoryDueDate,
  type CreditLawStanding,
} from './credit-law.js';

const days = (from: string, to: string) => {
  const all: string[] = [];
  for (let day = from; day <= to; day = addCalendarDays(day, 1)) all.push(day);
  return all;
};

describe('Credit law (§102.32)', () => {
  it('is due on the 25th for the 1st–15th and on the 10th of the next month for the 16th–last, day by day', () => {
    const due = Object.fromEntries(days('2026-11-13', '2026-12-02').map((d) => [d, statutoryDueDate(d)]));
    expect(due).toEqual({
      '2026-11-13': '2026-11-25',
      '2026-11-14': '2026-11-25',
      '2026-11-15': '2026-11-25',
      '2026-11-16': '2026-12-10',
      '2026-11-17': '2026-12-10',
      '2026-11-18': '2026-12-10',
      '2026-11-19': '2026-12-10',
      '2026-11-20': '2026-12-10',
      '2026-11-21': '2026-12-10',
      '2026-11-22': '2026-12-10',
      '2026-11-23': '2026-12-10',
      '2026-11-24': '2026-12-10',
      '2026-11-25': '2026-12-10',
      '2026-11-26': '2026-12-10',
      '2026-11-27': '2026-12-10',
      '2026-11-28': '2026-12-10',
      '2026-11-29': '2026-12-10',
      '2026-11-30': '2026-12-10',
      '2026-12-01': '2026-12-25',
      '2026-12-02': '2026-12-25',
    });
    expect(statutoryDueDate('2026-12-16')).toBe('2027-01-10');
    expect(statutoryDueDate('2026-12-31')).toBe('2027-01-10');
    expect(statutoryDueDate('2028-02-29')).toBe('2028-03-10');
    expect(statutoryDueDate('2026-02-28')).toBe('2026-03-10');
  });

  it('is late after the 4th business day after the due date, holidays and weekends skipped', () => {
    const cases: [string, string, string][] = [
      // bought, due, last day to pay
      ['2026-11-10', '2026-11-25', '2026-12-03'], // Thanksgiving and its Friday
      ['2026-11-20', '2026-12-10', '2026-12-16'],
      ['2026-12-01', '2026-12-25', '2026-12-31'], // due on Christmas; Dec 26 a Saturday holiday
      ['2026-12-20', '2027-01-10', '2027-01-14'], // due on a Sunday, into the new year
      ['2026-10-20', '2026-11-10', '2026-11-17'], // Veterans Day
      ['2026-08-03', '2026-08-25', '2026-09-01'], // LBJ Day
      ['2026-02-02', '2026-02-25', '2026-03-04'], // Texas Independence Day
      ['2026-12-28', '2027-01-10', '2027-01-14'],
    ];
    for (const [bought, due, last] of cases) {
      expect(creditLawDates(bought)).toEqual({
        purchasedOn: bought,
        statutoryDueOn: due,
        lastDayToPay: last,
        delinquentOn: addCalendarDays(last, 1),
      });
    }
  });

  it('stands open, due soon (3 business days), in grace, then late, day by day', () => {
    const standing = Object.fromEntries(
      days('2026-11-18', '2026-12-05').map((d) => [d, creditLawStanding('2026-11-10', d)]),
    );
    expect(standing).toEqual({
      '2026-11-18': 'open',
      '2026-11-19': 'open', // 20, 23, 24, 25: four business days left
      '2026-11-20': 'due_soon',
      '2026-11-21': 'due_soon',
      '2026-11-22': 'due_soon',
      '2026-11-23': 'due_soon',
      '2026-11-24': 'due_soon',
      '2026-11-25': 'due_soon', // the due date itself
      '2026-11-26': 'grace',
      '2026-11-27': 'grace',
      '2026-11-28': 'grace',
      '2026-11-29': 'grace',
      '2026-11-30': 'grace',
      '2026-12-01': 'grace',
      '2026-12-02': 'grace',
      '2026-12-03': 'grace', // the 4th business day: still on time
      '2026-12-04': 'late',
      '2026-12-05': 'late',
    });
  });

  it('dates liquor and wine on credit only: not beer, cash on delivery, drafts or cancelled invoices', () => {
    const base = {
      beer: false,
      cashOnDelivery: false,
      lineTypes: ['LIQUOR'] as const,
      status: 'invoiced' as const,
    };
    expect(creditLawApplies(base)).toBe(true);
    expect(creditLawApplies({ ...base, lineTypes: ['WINE', 'N/A'] })).toBe(true);
    expect(creditLawApplies({ ...base, beer: true, lineTypes: ['BEER'] })).toBe(false);
    expect(creditLawApplies({ ...base, lineTypes: ['N/A'] })).toBe(false);
    expect(creditLawApplies({ ...base, cashOnDelivery: true })).toBe(false);
    expect(creditLawApplies({ ...base, status: 'draft' })).toBe(false);
    expect(creditLawApplies({ ...base, status: 'cancelled' })).toBe(false);
  });

  it("finds the alert's invoices by invoice date: every purchase on or before the cutoff, none after, every day of a year", () => {
    const severity: Record<CreditLawStanding, number> = { open: 0, due_soon: 1, grace: 2, late: 3 };
    for (const today of days('2026-01-01', '2026-12-31')) {
      for (const standing of ['due_soon', 'grace', 'late'] as const) {
        const cutoff = latestPurchaseAtLeast(standing, today)!;
        expect(severity[creditLawStanding(cutoff, today)]).toBeGreaterThanOrEqual(severity[standing]);
        for (const bought of days(addCalendarDays(cutoff, -8), addCalendarDays(cutoff, 8))) {
          const at = severity[creditLawStanding(bought, today)] >= severity[standing];
          if (at !== bought <= cutoff) throw new Error(`${today} ${standing}: ${bought} vs cutoff ${cutoff}`);
        }
      }
    }
  });
});

describe('Credit-law delinquent list', () => {
  it('is in effect from 12:01 a.m. of its effective date, day by day', () => {
    const standing = Object.fromEntries(
      days('2026-12-02', '2026-12-06').map((d) => [d, delinquentListStanding('2026-12-04', d)]),
    );
    expect(standing).toEqual({
      '2026-12-02': 'upcoming',
      '2026-12-03': 'upcoming',
      '2026-12-04': 'in_effect',
      '2026-12-05': 'in_effect',
      '2026-12-06': 'in_effect',
    });
    expect(delinquentListStanding(null, '2026-12-02')).toBe('in_effect');
  });

  it('says what it means for this invoice', () => {
    const entry = { effectiveOn: '2026-12-04', listNumber: '24', permit: 'MB123456' };
    expect(delinquentListMessage(entry, '2026-12-04')).toBe(
      'This customer (MB123456) is on the TABC credit-law delinquent list since 2026-12-04 (list 24): no liquor may be sold or delivered to it until the list clears it.',
    );
    expect(delinquentListMessage(entry, '2026-12-03')).toBe(
      'This customer (MB123456) goes on the TABC credit-law delinquent list at 12:01 a.m. on 2026-12-04 (list 24): from then nothing may be sold or delivered to it; an order invoiced before then may be delivered that day until 1 p.m.',
    );
  });
});
