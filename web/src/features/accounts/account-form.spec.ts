import { describe, expect, it } from '@jest/globals';
import { centsOfText, chosenApplications, oldestFirst } from './account-form';

const invoices = [
  { id: 'a', number: '1', invoiced_at: '2026-11-01', balance: 100 },
  { id: 'b', number: '2', invoiced_at: '2026-11-02', balance: 200 },
  { id: 'c', number: '3', invoiced_at: '2026-11-03', balance: 50 },
];

describe('The payment on account form', () => {
  it('reads dollars typed by a person as cents', () => {
    expect(centsOfText('$1,234.5')).toBe(123_450);
    expect(centsOfText('12.345')).toBeNull();
    expect(centsOfText('abc')).toBeNull();
  });

  it('applies oldest first and shows what remains as credit', () => {
    const { shares, appliedCents, creditCents } = oldestFirst(40_000, invoices);
    expect(shares.map((s) => [s.invoice.number, s.cents])).toEqual([
      ['1', 10_000],
      ['2', 20_000],
      ['3', 5_000],
    ]);
    expect([appliedCents, creditCents]).toEqual([35_000, 5_000]);
    expect(oldestFirst(15_000, invoices).shares.map((s) => s.cents)).toEqual([10_000, 5_000]);
  });

  it('turns the amounts chosen into the request, refusing more than an invoice owes', () => {
    expect(chosenApplications(invoices, { b: '60', c: '' })).toEqual({
      applications: [{ invoice_id: 'b', amount: '60.00' }],
      cents: 6_000,
      problems: {},
    });
    expect(chosenApplications(invoices, { a: '100.01' }).problems).toEqual({
      a: 'At most the $100.00 left on it.',
    });
  });
});
