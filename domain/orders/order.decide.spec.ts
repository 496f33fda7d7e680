import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import { ORDER_STATUS_LABELS, ORDER_STATUSES } from './order-status.js';
import type {
  AddOrderNote,
  CancelOrder,
  MarkOrderDelivered,
  MarkOrderInvoiced,
  RejectOrder,
  ReviewOrderItem,
} from './order.commands.js';
import { decideInTurn, orderDecider } from './order.decide.js';
import type { OrderEvent } from './order.events.js';
import {
  aPlaceOrder,
  anOrderPlaced,
  anOrderWorld,
  command,
  LATER,
  orderNumbersOf,
  orderOf,
  place,
  shiner,
  vodka,
} from './order.fixtures.js';
import type { LiveOrder } from './order.state.js';

const given = deciderSpec(orderDecider);

function errorOf(run: () => unknown): DomainError {
  try {
    run();
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error('expected a DomainError');
}

const cancel = (by: CancelOrder['data']['by'] = 'company_user', customerId?: string) =>
  command<CancelOrder>('CancelOrder', { orderId: 'ord-1', by, ...(customerId ? { customerId } : {}) });
const reject = (note = '') => command<RejectOrder>('RejectOrder', { orderId: 'ord-1', note });
const review = (lineNo: number, change: ReviewOrderItem['data']['review']) =>
  command<ReviewOrderItem>('ReviewOrderItem', { orderId: 'ord-1', lineNo, review: change });
const invoiced = (invoiceId: string, lines: MarkOrderInvoiced['data']['lines']) =>
  command<MarkOrderInvoiced>('MarkOrderInvoiced', {
    orderId: 'ord-1',
    invoices: [{ invoiceId, number: invoiceId.replace('inv-', '') }],
    lines,
  });
const delivered = () => command<MarkOrderDelivered>('MarkOrderDelivered', { orderId: 'ord-1' });
const note = (text: string) => command<AddOrderNote>('AddOrderNote', { orderId: 'ord-1', note: text });

const base = { orderId: 'ord-1', companyId: 'co-1', userId: 'u-1' };
const everything = [
  { productId: 'p-vodka', qty: 2 },
  { productId: 'p-beer', qty: 3 },
];
const anInvoiced = (
  status: 'invoiced' | 'partially_invoiced',
  lines = everything,
  invoiceId = 'inv-7',
): OrderEvent => ({
  type: 'OrderInvoiced',
  data: {
    ...base,
    invoices: [{ invoiceId, number: invoiceId.replace('inv-', '') }],
    lines,
    status,
    invoicedAt: LATER,
  },
});
const fold = (events: OrderEvent[]) =>
  events.reduce(orderDecider.evolve, orderDecider.initialState()) as LiveOrder;

describe('Order', () => {
  describe('statuses (as the client specification asks)', () => {
    it('has the seven statuses with their labels', () => {
      expect(ORDER_STATUSES.map((status) => ORDER_STATUS_LABELS[status])).toEqual([
        'Draft',
        'Placed',
        'Cancelled',
        'Rejected',
        'Invoiced',
        'Partially Invoiced',
        'Delivered',
      ]);
    });
  });

  describe('placing', () => {
    it('records the items at the given prices with the next order number and the total', () => {
      const world = anOrderWorld();
      expect(place(world, aPlaceOrder())).toEqual({
        numbers: [
          {
            type: 'OrderNumberAssigned',
            data: { orderId: 'ord-1', number: 1, assignedAt: '2026-11-21T15:00:00.000Z' },
          },
        ],
        order: [anOrderPlaced()],
      });
      const order = orderOf(world, 'ord-1') as LiveOrder;
      expect(order.orderStatus).toBe('placed');
      expect(order.notes).toEqual([
        {
          note: 'Before Friday please',
          userId: null,
          fromDistributor: false,
          at: '2026-11-21T15:00:00.000Z',
        },
      ]);
    });

    it('numbers orders one after another without gaps, whatever the customer', () => {
      const world = anOrderWorld();
      for (let i = 1; i <= 30; i++)
        place(world, aPlaceOrder({ orderId: `ord-${i}`, customerUser: { id: `cu-${i % 4}`, name: 'X' } }));
      const numbers = Object.keys(world.orders).map((id) => (orderOf(world, id) as LiveOrder).number);
      expect(numbers).toEqual(Array.from({ length: 30 }, (_, i) => i + 1));
      expect(orderNumbersOf(world).last).toBe(30);
    });

    it('decides nothing when the same placement is retried', () => {
      const world = anOrderWorld();
      place(world, aPlaceOrder());
      expect(place(world, aPlaceOrder())).toEqual({ numbers: [], order: [] });
      expect(orderNumbersOf(world).last).toBe(1);
    });

    it('refuses an order id that another customer user took', () => {
      const world = anOrderWorld();
      place(world, aPlaceOrder());
      expect(
        errorOf(() => place(world, aPlaceOrder({ customerUser: { id: 'cu-9', name: 'Other' } }))).code,
      ).toBe('ORDER_EXISTS');
    });

    it('refuses an order without items', () => {
      const error = errorOf(() => place(anOrderWorld(), aPlaceOrder({ items: [] })));
      expect(error.message).toBe('Add at least one item.');
      expect(error.kind).toBe('invalid');
    });

    it('refuses quantities that are not whole numbers from 1 and negative prices, naming each item', () => {
      const world = anOrderWorld();
      const error = errorOf(() =>
        place(world, aPlaceOrder({ items: [vodka(0), shiner(1.5), vodka(1, { priceCents: -1 })] })),
      );
      expect(error.details).toEqual([
        { field: 'items.0.qty', message: 'Quantity must be a whole number between 1 and 100000.' },
        { field: 'items.1.qty', message: 'Quantity must be a whole number between 1 and 100000.' },
        {
          field: 'items.2.price',
          message: 'Price must be a number of at least 0.00 with at most 2 decimals.',
        },
      ]);
      expect(world.numbers).toEqual([]);
    });

    it('refuses a note longer than 5000 characters', () => {
      expect(errorOf(() => place(anOrderWorld(), aPlaceOrder({ note: 'x'.repeat(5001) }))).message).toBe(
        'Note must be at most 5000 characters.',
      );
    });
  });

  describe('cancelling', () => {
    it('cancels a placed order', () =>
      given([anOrderPlaced()])
        .when(cancel())
        .then([{ type: 'OrderCancelled', data: { ...base, by: 'company_user', cancelledAt: LATER } }]));

    it('lets the customer user cancel its own customer’s order', () =>
      given([anOrderPlaced()])
        .when(cancel('customer_user', 'cust-1'))
        .then([{ type: 'OrderCancelled', data: { ...base, by: 'customer_user', cancelledAt: LATER } }]));

    it('does not find the order for a customer user of another customer', () =>
      given([anOrderPlaced()]).when(cancel('customer_user', 'cust-2')).thenThrows('Order not found'));

    it('does not find another company’s order', () =>
      given([anOrderPlaced({ companyId: 'co-2' })])
        .when(cancel())
        .thenThrows('Order not found'));

    it('does not find an order that was never placed', () =>
      given([]).when(cancel()).thenThrows('Order not found'));

    it('says nothing differs when it is cancelled already', () =>
      given([
        anOrderPlaced(),
        { type: 'OrderCancelled', data: { ...base, by: 'company_user', cancelledAt: LATER } },
      ])
        .when(cancel())
        .thenThrows('Nothing differs: the new value is the same as the old one.'));

    it('refuses once the order is rejected', () =>
      given([anOrderPlaced(), { type: 'OrderRejected', data: { ...base, note: '', rejectedAt: LATER } }])
        .when(cancel())
        .thenThrows('This order is Rejected: only a placed order can be changed.'));

    it('refuses once the order is invoiced', () =>
      given([anOrderPlaced(), anInvoiced('invoiced')])
        .when(cancel())
        .thenThrows('This order is Invoiced: only a placed order can be changed.'));
  });

  describe('rejecting (irreversible)', () => {
    it('rejects a placed order with its note, trimmed', () =>
      given([anOrderPlaced()])
        .when(reject('  Out of stock  '))
        .then([{ type: 'OrderRejected', data: { ...base, note: 'Out of stock', rejectedAt: LATER } }]));

    it('rejects without a note', () =>
      given([anOrderPlaced()])
        .when(reject())
        .then([{ type: 'OrderRejected', data: { ...base, note: '', rejectedAt: LATER } }]));

    it('keeps the note as the distributor’s', () => {
      const order = fold([
        anOrderPlaced(),
        { type: 'OrderRejected', data: { ...base, note: 'Closed', rejectedAt: LATER } },
      ]);
      expect(order.orderStatus).toBe('rejected');
      expect(order.notes.at(-1)).toEqual({ note: 'Closed', userId: 'u-1', fromDistributor: true, at: LATER });
    });

    it('says nothing differs when rejected again', () =>
      given([anOrderPlaced(), { type: 'OrderRejected', data: { ...base, note: '', rejectedAt: LATER } }])
        .when(reject())
        .thenThrows('Nothing differs: the new value is the same as the old one.'));

    it('can no longer be invoiced', () =>
      given([anOrderPlaced(), { type: 'OrderRejected', data: { ...base, note: '', rejectedAt: LATER } }])
        .when(invoiced('inv-7', everything))
        .thenThrows('This order was rejected and can no longer be invoiced.'));

    it('refuses once cancelled', () =>
      given([
        anOrderPlaced(),
        { type: 'OrderCancelled', data: { ...base, by: 'company_user', cancelledAt: LATER } },
      ])
        .when(reject())
        .thenThrows('This order is Cancelled: only a placed order can be changed.'));
  });

  describe('reviewing items', () => {
    const line = { ...base, lineNo: 1, reviewedAt: LATER };

    it('rejects an item with a note', () =>
      given([anOrderPlaced()])
        .when(review(1, { kind: 'reject', note: 'Discontinued' }))
        .then([{ type: 'OrderItemRejected', data: { ...line, note: 'Discontinued' } }]));

    it('sets a new price keeping the previous one', () => {
      const events: OrderEvent[] = [anOrderPlaced()];
      given(events)
        .when(review(1, { kind: 'price', priceCents: 1899, note: 'Deal price' }))
        .then([
          {
            type: 'OrderItemPriceChanged',
            data: { ...line, previousPriceCents: 1999, newPriceCents: 1899, note: 'Deal price' },
          },
        ]);
    });

    it('keeps the price the customer ordered at through several changes', () => {
      const order = fold([
        anOrderPlaced(),
        {
          type: 'OrderItemPriceChanged',
          data: { ...line, previousPriceCents: 1999, newPriceCents: 1899, note: 'a' },
        },
        {
          type: 'OrderItemPriceChanged',
          data: { ...line, previousPriceCents: 1899, newPriceCents: 1799, note: 'b' },
        },
      ]);
      expect(order.items[0]).toMatchObject({
        priceCents: 1799,
        previousPriceCents: 1999,
        priceChangeNote: 'b',
      });
    });

    it('sets a new quantity keeping the previous one', () =>
      given([anOrderPlaced()])
        .when(review(2, { kind: 'qty', qty: 5, note: '' }))
        .then([
          { type: 'OrderItemQtyChanged', data: { ...line, lineNo: 2, previousQty: 3, newQty: 5, note: '' } },
        ]));

    it('says nothing differs for the same price or quantity', () => {
      given([anOrderPlaced()])
        .when(review(1, { kind: 'price', priceCents: 1999, note: '' }))
        .thenThrows('Nothing differs: the new value is the same as the old one.');
      given([anOrderPlaced()])
        .when(review(1, { kind: 'qty', qty: 2, note: '' }))
        .thenThrows('Nothing differs: the new value is the same as the old one.');
    });

    it('says nothing differs when the item is rejected already', () =>
      given([anOrderPlaced(), { type: 'OrderItemRejected', data: { ...line, note: '' } }])
        .when(review(1, { kind: 'reject', note: 'again' }))
        .thenThrows('Nothing differs: the new value is the same as the old one.'));

    it('refuses to change a rejected item', () =>
      given([anOrderPlaced(), { type: 'OrderItemRejected', data: { ...line, note: '' } }])
        .when(review(1, { kind: 'qty', qty: 4, note: '' }))
        .thenThrows('A rejected item cannot be changed.'));

    it('refuses a quantity below 1 and a negative price', () => {
      given([anOrderPlaced()])
        .when(review(1, { kind: 'qty', qty: 0, note: '' }))
        .thenThrows('Quantity must be a whole number between 1 and 100000.');
      given([anOrderPlaced()])
        .when(review(1, { kind: 'price', priceCents: -5, note: '' }))
        .thenThrows('Price must be a number of at least 0.00 with at most 2 decimals.');
    });

    it('does not find an unknown item', () =>
      given([anOrderPlaced()])
        .when(review(9, { kind: 'reject', note: '' }))
        .thenThrows('Order item not found'));

    it('reviews only while placed', () =>
      given([
        anOrderPlaced(),
        { type: 'OrderCancelled', data: { ...base, by: 'company_user', cancelledAt: LATER } },
      ])
        .when(review(1, { kind: 'reject', note: '' }))
        .thenThrows('This order is Cancelled: only a placed order can be changed.'));
  });

  describe('notes from the distributor', () => {
    it('adds a trimmed note in any status', () =>
      given([anOrderPlaced(), anInvoiced('invoiced')])
        .when(note(' Delivered Tuesday '))
        .then([{ type: 'OrderNoteAdded', data: { ...base, note: 'Delivered Tuesday', addedAt: LATER } }]));

    it('refuses an empty note', () =>
      given([anOrderPlaced()]).when(note('   ')).thenThrows('Note is required.'));
  });

  describe('several changes at once', () => {
    it('given an invoiced order, when delivered and noted together, then both are decided, in turn', () => {
      const events = decideInTurn(fold([anOrderPlaced(), anInvoiced('invoiced')]), [
        delivered(),
        note('Left at the back door'),
      ]);
      expect(events.map((e) => e.type)).toEqual(['OrderDelivered', 'OrderNoteAdded']);
    });

    it('given a placed order, when rejected twice in one request, then the second is refused', () => {
      expect(() => decideInTurn(fold([anOrderPlaced()]), [reject('no stock'), reject('again')])).toThrow(
        DomainError,
      );
    });
  });

  describe('invoicing', () => {
    it('is Invoiced when the invoices carry every unit', () =>
      given([anOrderPlaced()])
        .when(invoiced('inv-7', everything))
        .then([anInvoiced('invoiced')]));

    it('is Partially Invoiced when units are missing, and Invoiced once the rest follows', () => {
      const first = [{ productId: 'p-vodka', qty: 2 }];
      const rest = [{ productId: 'p-beer', qty: 3 }];
      given([anOrderPlaced()])
        .when(invoiced('inv-7', first))
        .then([anInvoiced('partially_invoiced', first)]);
      given([anOrderPlaced(), anInvoiced('partially_invoiced', first)])
        .when(invoiced('inv-8', rest))
        .then([anInvoiced('invoiced', rest, 'inv-8')]);
    });

    it('counts reviewed quantities and leaves rejected items out', () => {
      const line = { ...base, lineNo: 2, reviewedAt: LATER, note: '' };
      const lines = [{ productId: 'p-vodka', qty: 2 }];
      given([anOrderPlaced(), { type: 'OrderItemRejected', data: line }])
        .when(invoiced('inv-7', lines))
        .then([anInvoiced('invoiced', lines)]);
      given([anOrderPlaced(), { type: 'OrderItemQtyChanged', data: { ...line, previousQty: 3, newQty: 1 } }])
        .when(invoiced('inv-7', [...lines, { productId: 'p-beer', qty: 1 }]))
        .then([anInvoiced('invoiced', [...lines, { productId: 'p-beer', qty: 1 }])]);
    });

    it('decides nothing when the same invoices are recorded again', () =>
      given([anOrderPlaced(), anInvoiced('invoiced')])
        .when(invoiced('inv-7', everything))
        .then([]));

    it('refuses new invoices for an order invoiced in full', () =>
      given([anOrderPlaced(), anInvoiced('invoiced')])
        .when(invoiced('inv-8', everything))
        .thenThrows('This order is Invoiced: only a placed order can be changed.'));

    it('keeps the invoices on the order', () =>
      expect(fold([anOrderPlaced(), anInvoiced('invoiced')]).invoices).toEqual([
        { invoiceId: 'inv-7', number: '7' },
      ]));
  });

  describe('delivery', () => {
    it('delivers an invoiced order', () =>
      given([anOrderPlaced(), anInvoiced('invoiced')])
        .when(delivered())
        .then([{ type: 'OrderDelivered', data: { ...base, deliveredAt: LATER } }]));

    it('refuses a placed order', () =>
      given([anOrderPlaced()]).when(delivered()).thenThrows('Only an invoiced order can be delivered.'));

    it('says nothing differs when delivered already', () =>
      given([
        anOrderPlaced(),
        anInvoiced('invoiced'),
        { type: 'OrderDelivered', data: { ...base, deliveredAt: LATER } },
      ])
        .when(delivered())
        .thenThrows('Nothing differs: the new value is the same as the old one.'));
  });
});
