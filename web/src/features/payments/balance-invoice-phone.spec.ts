import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { setCompanyTimeZone } from '../../shared/format';
import { balanceInvoicePhoneFacts } from './balance-invoice-phone';

const PARTLY = {
  number: '1042',
  invoiced_at: '2026-11-30T16:00:00Z',
  total: 108.25,
  credited: 0,
  paid: 8.25,
  balance: 100,
  due_at: '2026-12-05',
  due_on_delivery: false,
};

describe("an open invoice of a customer's balance on a phone", () => {
  beforeAll(() => setCompanyTimeZone('America/Chicago'));
  afterAll(() => setCompanyTimeZone(undefined));

  it('gives the number, the balance, the total and paid, the date and the due date', () =>
    expect(balanceInvoicePhoneFacts(PARTLY)).toEqual({
      number: '#1042',
      balance: 'Balance $100.00',
      amounts: 'Total $108.25 · Paid $8.25',
      dates: '30 Nov, 2026 · Due 05 Dec, 2026',
    }));

  it("says 'Due On Delivery' for an invoice due on delivery", () =>
    expect(balanceInvoicePhoneFacts({ ...PARTLY, due_at: null, due_on_delivery: true }).dates).toBe(
      '30 Nov, 2026 · Due On Delivery',
    ));

  it('adds what credit memos took off, so the figures add up to the balance', () =>
    expect(balanceInvoicePhoneFacts({ ...PARTLY, credited: 20, balance: 80 })).toMatchObject({
      balance: 'Balance $80.00',
      amounts: 'Total $108.25 · Credited $20.00 · Paid $8.25',
    }));
});
