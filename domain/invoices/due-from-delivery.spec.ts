import fc from 'fast-check';
import { creditLawDates } from './credit-law.js';
import { dueFromDelivery, invoiceDue, purchaseDate } from './payment-terms.js';

/**
 * Once delivered, an invoice's dates count from the delivery date: the credit law's purchase date is the delivery
 * (TABC), and a typed due date moves by the days the delivery came after the invoice date.
 */
const day = fc
  .integer({ min: 0, max: 800 })
  .map((n) => new Date(Date.UTC(2027, 10, 1 + n)).toISOString().slice(0, 10));
const plus = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

describe('Due dates from the delivery date', () => {
  it('given an invoice dated the 14th delivered on the 17th, then the credit law dates it from the 17th: due the 10th of the next month', () => {
    const due = invoiceDue(
      {
        status: 'delivered',
        invoicedOn: '2026-11-14',
        dueOn: null,
        deliveredOn: '2026-11-17',
        creditLaw: true,
      },
      '2026-11-18',
    );
    expect(due.statutoryDueOn).toBe('2026-12-10');
    expect(due.lastDayToPay).toBe('2026-12-16');
  });

  it('given a delivery on the 10th of November 2026, then its four grace days skip Thanksgiving’s two holidays and the weekend', () => {
    // Delivered the 10th → due the 25th; the 26th and 27th are holidays, the 28th–29th a weekend: Nov 30, Dec 1, 2, 3.
    expect(creditLawDates(purchaseDate('2026-11-01', '2026-11-10')).lastDayToPay).toBe('2026-12-03');
  });

  it('given a net 10 invoice delivered three days after its date, then it is due three days later; before delivery as typed', () => {
    expect(dueFromDelivery('2026-11-20', '2026-11-10', '2026-11-13')).toBe('2026-11-23');
    expect(dueFromDelivery('2026-11-20', '2026-11-10', null)).toBe('2026-11-20');
    expect(dueFromDelivery('2026-11-20', '2026-11-10', '2026-11-09')).toBe('2026-11-20');
    expect(dueFromDelivery(null, '2026-11-10', '2026-11-13')).toBe('2026-11-13');
  });

  it('for any invoice date, due date and delivery across month ends and leap days, the shown due date is never after the credit law’s date from the delivery', () => {
    fc.assert(
      fc.property(
        day,
        fc.integer({ min: 0, max: 30 }),
        fc.integer({ min: 0, max: 40 }),
        (invoicedOn, d, late) => {
          const deliveredOn = plus(invoicedOn, late);
          const due = invoiceDue(
            { status: 'delivered', invoicedOn, dueOn: plus(invoicedOn, d), deliveredOn, creditLaw: true },
            invoicedOn,
          );
          expect(due.statutoryDueOn).toBe(creditLawDates(deliveredOn).statutoryDueOn);
          expect(due.dueOn! <= due.statutoryDueOn!).toBe(true);
          expect(due.dueOn! >= deliveredOn || d < late).toBe(true);
        },
      ),
    );
  });
});
