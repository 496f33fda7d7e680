import { describe, expect, it } from '@jest/globals';
import { orderItemPhoneFacts } from './order-item-phone';

const MERLOT = {
  product: { id: 'p1', product: 'BAREFOOT MERLOT', product_size: '750ml', product_type: 'WINE', upc: null },
  qty: 3,
  price: 10,
  total: 30,
  is_rejected: false,
  rejection_note: '',
  previous_qty: null,
  qty_change_note: '',
  previous_price: null,
  price_change_note: '',
  invoiced_qty: 0,
};
const NOTHING_MORE = { invoiced: false, stock: null };

describe("an order's line on a phone", () => {
  it('names the product and size, the line total, and quantity × price', () =>
    expect(orderItemPhoneFacts(MERLOT, NOTHING_MORE)).toEqual({
      product: 'BAREFOOT MERLOT',
      size: '750ml',
      total: '$30.00',
      quantity: '3 × $10.00',
      invoiced: undefined,
      stock: undefined,
      notes: [],
      rejected: false,
    }));

  it('says what the customer ordered when a review changed the price or the quantity, with the notes', () => {
    const repriced = {
      ...MERLOT,
      price: 9.5,
      total: 28.5,
      previous_price: 10,
      price_change_note: 'Deal price',
    };
    expect(orderItemPhoneFacts(repriced, NOTHING_MORE)).toMatchObject({
      total: '$28.50',
      quantity: '3 × $9.50 · was 3 × $10.00',
      notes: ['Deal price'],
    });
    const fewer = { ...MERLOT, qty: 2, total: 20, previous_qty: 5, qty_change_note: 'Only 2 left' };
    expect(orderItemPhoneFacts(fewer, NOTHING_MORE)).toMatchObject({
      quantity: '2 × $10.00 · was 5 × $10.00',
      notes: ['Only 2 left'],
    });
  });

  it('says how much is invoiced once the order has invoices, never on a rejected line', () => {
    expect(
      orderItemPhoneFacts({ ...MERLOT, invoiced_qty: 1 }, { ...NOTHING_MORE, invoiced: true }).invoiced,
    ).toEqual({ text: '1 of 3 invoiced', all: false });
    expect(
      orderItemPhoneFacts({ ...MERLOT, invoiced_qty: 3 }, { ...NOTHING_MORE, invoiced: true }).invoiced,
    ).toEqual({ text: 'All invoiced', all: true });
    const rejected = { ...MERLOT, is_rejected: true, rejection_note: 'Discontinued' };
    expect(orderItemPhoneFacts(rejected, { ...NOTHING_MORE, invoiced: true })).toMatchObject({
      invoiced: undefined,
      notes: ['Discontinued'],
      rejected: true,
    });
  });

  it('with the inventory feature, the stock and how many it is short of the line', () => {
    expect(orderItemPhoneFacts(MERLOT, { invoiced: false, stock: { qty: 40 } }).stock).toEqual({
      text: 'In stock 40',
      short: false,
    });
    expect(orderItemPhoneFacts(MERLOT, { invoiced: false, stock: { qty: 1 } }).stock).toEqual({
      text: 'In stock 1 · short 2',
      short: true,
    });
    expect(orderItemPhoneFacts(MERLOT, { invoiced: false, stock: { qty: -2 } }).stock).toEqual({
      text: 'In stock -2 · short 3',
      short: true,
    });
    // a rejected line wants nothing of the stock
    expect(
      orderItemPhoneFacts({ ...MERLOT, is_rejected: true }, { invoiced: false, stock: { qty: 0 } }).stock,
    ).toEqual({ text: 'In stock 0', short: false });
    expect(orderItemPhoneFacts(MERLOT, { invoiced: false, stock: undefined }).stock).toEqual({
      text: 'In stock —',
      short: false,
    });
  });
});
