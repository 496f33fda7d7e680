import { describe, expect, it } from '@jest/globals';
import {
  creditProblems,
  creditTotal,
  reasonOptions,
  toCreditBody,
  type CreditableLine,
  type CreditValues,
} from './credit-form';

const lines: CreditableLine[] = [
  { lineNo: 1, name: 'BAREFOOT MERLOT 750ml', price: 10, taxable: true, beer: false, left: 10 },
  { lineNo: 2, name: 'TOPO CHICO 355ml', price: 1.5, taxable: false, beer: false, left: 0 },
];
const values = (change: Partial<CreditValues> = {}): CreditValues => ({
  reason: 'delivered_damaged',
  note: '',
  qty: {},
  amount: '',
  ...change,
});

describe('The Credit items… form', () => {
  it('counts the credit as the server does: price × qty plus tax on taxable lines, or the amount', () => {
    expect(creditTotal(values({ qty: { 1: '2' } }), lines, 8.25)).toBe(21.65);
    expect(creditTotal(values({ qty: { 1: '' } }), lines, 8.25)).toBe(0);
    expect(creditTotal(values({ reason: 'pricing_error', amount: '4.50' }), lines, 8.25)).toBe(4.5);
  });

  it('says what is wrong before sending: nothing chosen, more than is left, a missing note or amount', () => {
    expect(creditProblems(values(), lines)).toEqual([
      'Choose at least one invoice line and a quantity to credit.',
    ]);
    expect(creditProblems(values({ qty: { 1: '11' } }), lines)).toEqual([
      'Line 1 (BAREFOOT MERLOT 750ml): at most 10 can still be credited.',
    ]);
    expect(creditProblems(values({ reason: 'other', amount: '5' }), lines)).toEqual([
      'A note is required for an overpayment or other credit.',
    ]);
    expect(creditProblems(values({ reason: 'pricing_error', amount: 'x' }), lines)).toEqual([
      'Amount must be at least 0.01.',
    ]);
    expect(creditProblems(values({ reason: 'freshness_swap', qty: { 1: '1' } }), lines)).toEqual([
      'A freshness swap is for beer only; line 1 (BAREFOOT MERLOT 750ml) is not beer.',
    ]);
  });

  it('sends the chosen lines only, or the amount; offers a freshness swap only on a beer invoice', () => {
    expect(toCreditBody('inv', values({ qty: { 1: '2', 2: '0' }, note: ' broken ' }), lines)).toEqual({
      invoice: 'inv',
      reason: 'delivered_damaged',
      note: 'broken',
      lines: [{ line_no: 1, qty: 2 }],
    });
    expect(toCreditBody('inv', values({ reason: 'pricing_error', amount: ' 3 ' }), lines)).toEqual({
      invoice: 'inv',
      reason: 'pricing_error',
      note: '',
      amount: '3',
    });
    const wine = { items: [{ product: { product_type: 'WINE' } }] } as never;
    const beer = { items: [{ product: { product_type: 'BEER' } }] } as never;
    expect(reasonOptions(wine).map((r) => r.value)).not.toContain('freshness_swap');
    expect(reasonOptions(beer).map((r) => r.value)).toContain('freshness_swap');
  });
});
