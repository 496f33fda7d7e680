import { describe, expect, it } from '@jest/globals';
import {
  asksToConfirm,
  paymentProblem,
  paymentValues,
  toPaymentBody,
  validatePayment,
  type PaymentValues,
} from './payment-form';

const NOW = new Date(2026, 10, 21, 15, 30); // 21 Nov 2026, local time
const valid: PaymentValues = { amount: '50.25', received_at: '2026-11-21', note: '' };

describe('payment form', () => {
  it('offers the remaining balance, not below 0, received today', () => {
    expect(paymentValues({ remaining: 58 }, null, NOW)).toEqual({
      amount: '58.00',
      received_at: '2026-11-21',
      note: '',
    });
    expect(paymentValues({ remaining: -1 }, null, NOW).amount).toBe('0.00');
  });

  it("edits a payment's own values", () => {
    const payment = {
      id: 'p1',
      amount: 12.5,
      received_at: '2026-11-01',
      note: 'check',
      created_at: '',
      from_account: false,
    };
    expect(paymentValues({ remaining: 0 }, payment, NOW)).toEqual({
      amount: '12.50',
      received_at: '2026-11-01',
      note: 'check',
    });
  });

  it('accepts an amount of at least 0.01 received up to 3 days ahead', () => {
    expect(validatePayment(valid, NOW)).toEqual({});
    expect(validatePayment({ ...valid, amount: '0.01', received_at: '2026-11-24' }, NOW)).toEqual({});
  });

  it('gives the messages of the amount and received date rules', () => {
    for (const amount of ['', '0', '0.00', 'abc', '-5'])
      expect(validatePayment({ ...valid, amount }, NOW).amount).toBe('Amount must be at least 0.01.');
    expect(validatePayment({ ...valid, amount: '1.999' }, NOW).amount).toBe(
      'Amount can have at most 2 decimals.',
    );
    expect(validatePayment({ ...valid, received_at: '' }, NOW).received_at).toBe(
      'Received date is required.',
    );
    expect(validatePayment({ ...valid, received_at: '2026-11-25' }, NOW).received_at).toBe(
      'Received date can be at most 3 days ahead (2026-11-24).',
    );
  });

  it('sends the amount as text and the confirmation only when given', () => {
    expect(toPaymentBody({ ...valid, amount: ' 5 ', note: ' cash ' })).toEqual({
      amount: '5',
      received_at: '2026-11-21',
      note: 'cash',
    });
    expect(toPaymentBody(valid, true)).toMatchObject({ confirm: true });
  });

  it("recognises the server's fully-paid question and reads field errors", () => {
    const fullyPaid = {
      status: 409,
      data: { message: 'Invoice has been fully paid, sure you want to log another payment?' },
    };
    expect(asksToConfirm(fullyPaid)).toBe(true);
    expect(
      asksToConfirm({ status: 409, data: { message: 'A cancelled invoice cannot be given payments.' } }),
    ).toBe(false);
    const refused = {
      status: 400,
      data: {
        message: 'Validation failed',
        details: [
          { field: 'amount', message: 'Amount must be at least 0.01.' },
          { field: 'received_at', message: 'Received date is required.' },
        ],
      },
    };
    expect(paymentProblem(refused)).toEqual({
      fields: { amount: 'Amount must be at least 0.01.', received_at: 'Received date is required.' },
      messages: ['Amount must be at least 0.01.', 'Received date is required.'],
    });
  });
});
