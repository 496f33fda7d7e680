import { describe, expect, it } from '@jest/globals';
import type { OrderItemResponse, OrderResponse } from '#domain/contracts/order.contract';
import {
  invoiceRangeLink,
  linesLeft,
  orderInvoiceBody,
  orderInvoiceGroups,
  orderNoteForInvoice,
} from './order-to-invoices';

const item = (
  line: number,
  productId: string,
  type: string,
  qty: number,
  extra: Partial<OrderItemResponse> = {},
) =>
  ({
    line,
    product_id: productId,
    product: { id: productId, product: productId, product_size: '750ml', product_type: type, upc: null },
    qty,
    price: 10,
    total: qty * 10,
    is_rejected: false,
    rejection_note: '',
    is_added: false,
    new_qty: null,
    previous_qty: null,
    qty_change_note: '',
    new_price: null,
    previous_price: null,
    price_change_note: '',
    invoiced_qty: 0,
    ...extra,
  }) as OrderItemResponse;

const order = (items: OrderItemResponse[]) =>
  ({
    id: 'ord-1',
    order_number: 1,
    note: [],
    orderItems: items,
    customerUser: { customer: { id: 'cus-1' } },
  }) as unknown as OrderResponse;

describe('Creating invoices from an order', () => {
  it('given beer, vodka and wine, then two invoices: vodka and wine; and beer', () => {
    const groups = orderInvoiceGroups(
      order([item(1, 'beer', 'BEER', 3), item(2, 'vodka', 'LIQUOR', 2), item(3, 'wine', 'WINE', 1)]),
    );
    expect(groups.map((g) => [g.beer, g.lines.map((l) => l.item.product_id)])).toEqual([
      [false, ['vodka', 'wine']],
      [true, ['beer']],
    ]);
  });

  it('given the vodka invoiced and a line rejected, then only what is left is offered', () => {
    const o = order([
      item(1, 'vodka', 'LIQUOR', 2, { invoiced_qty: 2 }),
      item(2, 'beer', 'BEER', 3, { invoiced_qty: 1 }),
      item(3, 'wine', 'WINE', 1, { is_rejected: true }),
    ]);
    expect(linesLeft(o).map((l) => [l.item.product_id, l.left])).toEqual([['beer', 2]]);
    expect(orderInvoiceBody(o, linesLeft(o))).toEqual({
      customer_id: 'cus-1',
      order_id: 'ord-1',
      items: [{ product_id: 'beer', qty: 2, price: 10, taxable: true }],
    });
  });

  it('links the invoice list to the number range of the invoices made, B suffix or not', () => {
    expect(invoiceRangeLink(['12', '13B'])).toBe('/invoice?numberFrom=12&numberTo=13');
    expect(invoiceRangeLink(['12'])).toBeNull();
  });
});

describe("The order's note on its invoice", () => {
  const note = (text: string, by: string | null) => ({ note: text, created_at: '', company_user_id: by });

  it("given the customer's notes and the distributor's, then the customer's go on the invoice's company note", () => {
    const noted = {
      order_number: 12,
      note: [note('Back door please', null), note('Called them', 'u-1'), note(' ', null)],
    };
    expect(orderNoteForInvoice(noted)).toBe('Note on order #12: Back door please');
    expect(orderInvoiceBody({ ...order([item(1, 'vodka', 'LIQUOR', 2)]), ...noted }, [])).toMatchObject({
      company_note: 'Note on order #12: Back door please',
    });
  });

  it('given no customer note, then none', () => {
    expect(orderNoteForInvoice({ order_number: 3, note: [note('Called them', 'u-1')] })).toBe('');
    expect(orderInvoiceBody({ ...order([]), order_number: 3, note: [] }, [])).not.toHaveProperty(
      'company_note',
    );
  });
});
