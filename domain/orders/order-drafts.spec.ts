import { deciderSpec } from '../shared/decider-spec.js';
import { DomainError } from '../shared/domain-error.js';
import type {
  AddOrderNote,
  CancelOrder,
  CancelOrderDraft,
  MarkOrderInvoiced,
  RejectOrder,
  ReviewOrderItem,
  UpdateOrderDraft,
} from './order.commands.js';
import { orderDecider } from './order.decide.js';
import type { OrderEvent } from './order.events.js';
import {
  aDraftOrder,
  anOrderDrafted,
  anOrderCustomer,
  anOrderPlaced,
  anOrderWorld,
  aPlaceOrder,
  aPlaceOrderDraft,
  asDraftItem,
  catalogueToday,
  command,
  customerUserMetadata,
  LATER,
  NOW,
  orderNumbersOf,
  orderOf,
  place,
  placeTheDraft,
  shiner,
  vodka,
  type OrderWorld,
} from './order.fixtures.js';
import type { DraftOrderState, LiveOrder } from './order.state.js';

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

const asCustomerUser = <C extends { metadata: unknown }>(c: C, userId = 'cu-2'): C => ({
  ...c,
  metadata: { ...customerUserMetadata, userId, now: LATER },
});
const update = (data: Partial<UpdateOrderDraft['data']> = {}) =>
  asCustomerUser(
    command<UpdateOrderDraft>('UpdateOrderDraft', {
      orderId: 'ord-1',
      customerId: 'cust-1',
      customerUser: { id: 'cu-2', name: 'Night Manager' },
      items: [asDraftItem(vodka(6))],
      note: 'Friday night',
      ...data,
    }),
  );
const cancelDraft = (customerId = 'cust-1') =>
  asCustomerUser(command<CancelOrderDraft>('CancelOrderDraft', { orderId: 'ord-1', customerId }));

const draftUpdated = (): OrderEvent => ({
  type: 'OrderDraftUpdated',
  data: {
    orderId: 'ord-1',
    companyId: 'co-1',
    customerUser: { id: 'cu-2', name: 'Night Manager' },
    items: [{ lineNo: 1, ...asDraftItem(vodka(6)) }],
    note: 'Friday night',
    updatedAt: LATER,
  },
});
const draftCancelled = (): OrderEvent => ({
  type: 'OrderDraftCancelled',
  data: { orderId: 'ord-1', companyId: 'co-1', userId: 'cu-2', cancelledAt: LATER },
});

/** A world with the draft `ord-1` (and whatever else `more` does). */
function aWorldWithDraft(...more: OrderEvent[]): OrderWorld {
  const world = anOrderWorld();
  world.orders['ord-1'] = [anOrderDrafted(), ...more];
  return world;
}

const fold = (events: OrderEvent[]) => events.reduce(orderDecider.evolve, orderDecider.initialState());

describe('Order drafts', () => {
  describe('saving the cart as a draft', () => {
    it('records the products and quantities, without prices or a number', () =>
      given([]).when(aDraftOrder()).then([anOrderDrafted()]));

    it('is a Draft of its customer, by the user who saved it', () => {
      const draft = fold([anOrderDrafted()]) as DraftOrderState;
      expect(draft).toMatchObject({
        status: 'draft',
        orderStatus: 'draft',
        customer: anOrderCustomer(),
        customerUser: { id: 'cu-1', name: 'Bar Manager' },
        note: 'Before Friday please',
        draftedAt: NOW,
        updatedAt: NOW,
      });
      expect(draft.items.map((item) => [item.productId, item.qty])).toEqual([
        ['p-vodka', 2],
        ['p-beer', 3],
      ]);
      expect(draft.items[0]).not.toHaveProperty('priceCents');
    });

    it('decides nothing when the same save is retried', () =>
      given([anOrderDrafted()]).when(aDraftOrder()).then([]));

    it('refuses an order id that another customer user took', () =>
      given([anOrderDrafted()])
        .when(aDraftOrder({ customerUser: { id: 'cu-9', name: 'Other' } }))
        .thenThrows('An order with this id exists already.'));

    it('refuses the id of a placed order', () =>
      given([anOrderPlaced()]).when(aDraftOrder()).thenThrows('An order with this id exists already.'));

    it('refuses an empty cart', () =>
      given([])
        .when(aDraftOrder({ items: [] }))
        .thenThrows('Add at least one item.'));

    it('refuses quantities that are not whole numbers from 1, naming each item, and a note too long', () => {
      const error = errorOf(() =>
        orderDecider.decide(
          aDraftOrder({ items: [asDraftItem(vodka(0)), asDraftItem(shiner(2.5))], note: 'x'.repeat(5001) }),
          orderDecider.initialState(),
        ),
      );
      expect(error.kind).toBe('invalid');
      expect(error.details).toEqual([
        { field: 'items.0.qty', message: 'Quantity must be a whole number between 1 and 100000.' },
        { field: 'items.1.qty', message: 'Quantity must be a whole number between 1 and 100000.' },
        { field: 'note', message: 'Note must be at most 5000 characters.' },
      ]);
    });
  });

  describe('updating a draft', () => {
    it('replaces its items and note, by any customer user of its customer', () =>
      given([anOrderDrafted()]).when(update()).then([draftUpdated()]));

    it('keeps the new items, note and editor in the draft', () => {
      const draft = fold([anOrderDrafted(), draftUpdated()]) as DraftOrderState;
      expect(draft).toMatchObject({
        orderStatus: 'draft',
        customerUser: { id: 'cu-2', name: 'Night Manager' },
        note: 'Friday night',
        updatedAt: LATER,
        draftedAt: NOW,
      });
      expect(draft.items).toEqual([{ lineNo: 1, ...asDraftItem(vodka(6)) }]);
    });

    it('decides nothing when the items and note are the same', () =>
      given([anOrderDrafted(), draftUpdated()]).when(update()).then([]));

    it('refuses an empty cart', () =>
      given([anOrderDrafted()])
        .when(update({ items: [] }))
        .thenThrows('Add at least one item.'));

    it('does not find the draft for a customer user of another customer', () =>
      given([anOrderDrafted()])
        .when(update({ customerId: 'cust-2' }))
        .thenThrows('Order not found'));

    it('does not find another company’s draft', () =>
      given([anOrderDrafted({ companyId: 'co-2' })])
        .when(update())
        .thenThrows('Order not found'));

    it('does not find a draft that was never saved', () =>
      given([]).when(update()).thenThrows('Order not found'));

    it('refuses once the draft is placed', () => {
      const world = aWorldWithDraft();
      placeTheDraft(world, aPlaceOrderDraft());
      given(world.orders['ord-1']!)
        .when(update())
        .thenThrows('This order is Placed: only a draft can be changed or placed.');
    });

    it('refuses once the draft is cancelled', () =>
      given([anOrderDrafted(), draftCancelled()])
        .when(update())
        .thenThrows('This order is Cancelled: only a draft can be changed or placed.'));
  });

  describe('cancelling a draft', () => {
    it('cancels it: Draft → Cancelled', () =>
      given([anOrderDrafted()]).when(cancelDraft()).then([draftCancelled()]));

    it('is Cancelled afterwards, still without a number', () => {
      const draft = fold([anOrderDrafted(), draftCancelled()]);
      expect(draft).toMatchObject({ status: 'draft', orderStatus: 'cancelled', updatedAt: LATER });
      expect(draft).not.toHaveProperty('number');
    });

    it('says nothing differs when it is cancelled already', () =>
      given([anOrderDrafted(), draftCancelled()])
        .when(cancelDraft())
        .thenThrows('Nothing differs: the new value is the same as the old one.'));

    it('does not find the draft for a customer user of another customer', () =>
      given([anOrderDrafted()]).when(cancelDraft('cust-2')).thenThrows('Order not found'));

    it('does not find another company’s draft', () =>
      given([anOrderDrafted({ companyId: 'co-2' })])
        .when(cancelDraft())
        .thenThrows('Order not found'));

    it('refuses a placed order (cancelling that is the placed order’s own cancel)', () => {
      const world = aWorldWithDraft();
      placeTheDraft(world, aPlaceOrderDraft());
      given(world.orders['ord-1']!)
        .when(cancelDraft())
        .thenThrows('This order is Placed: only a draft can be changed or placed.');
    });
  });

  describe('placing a draft', () => {
    it('prices its items at the customer’s price on the day of placement and takes the next number then', () => {
      const world = aWorldWithDraft();
      expect(placeTheDraft(world, aPlaceOrderDraft())).toEqual({
        numbers: [{ type: 'OrderNumberAssigned', data: { orderId: 'ord-1', number: 1, assignedAt: LATER } }],
        order: [
          {
            type: 'OrderPlaced',
            data: {
              orderId: 'ord-1',
              companyId: 'co-1',
              number: 1,
              customer: anOrderCustomer(),
              customerUser: { id: 'cu-1', name: 'Bar Manager' },
              items: [
                { lineNo: 1, ...vodka(2, { priceCents: 2199 }) },
                { lineNo: 2, ...shiner(3) },
              ],
              note: 'Before Friday please',
              totalCents: 2 * 2199 + 3 * 1450,
              placedAt: LATER,
            },
          },
        ],
      });
      const order = orderOf(world, 'ord-1') as LiveOrder;
      expect(order).toMatchObject({ status: 'live', orderStatus: 'placed', number: 1, placedAt: LATER });
      expect(order.items[0]!.priceCents).toBe(2199);
    });

    it('places the cart it was opened into instead, when the items and note are given', () => {
      const world = aWorldWithDraft();
      const { order } = placeTheDraft(
        world,
        aPlaceOrderDraft({ items: [{ productId: 'p-beer', qty: 10 }], note: 'Changed my mind' }),
      );
      expect(order[0]!.data).toMatchObject({
        items: [{ lineNo: 1, ...shiner(10) }],
        note: 'Changed my mind',
        totalCents: 14500,
      });
    });

    it('places the draft as last saved, by whichever customer user of its customer', () => {
      const world = aWorldWithDraft(draftUpdated());
      const { order } = placeTheDraft(
        world,
        aPlaceOrderDraft({ customerUser: { id: 'cu-2', name: 'Night Manager' } }),
      );
      expect(order[0]!.data).toMatchObject({
        customerUser: { id: 'cu-2', name: 'Night Manager' },
        items: [{ lineNo: 1, ...vodka(6, { priceCents: 2199 }) }],
        note: 'Friday night',
      });
    });

    it('numbers placed orders without gaps: drafts take no number, and cancelled ones leave none', () => {
      const world = anOrderWorld();
      world.orders['ord-1'] = [anOrderDrafted()];
      world.orders['ord-2'] = [anOrderDrafted({ orderId: 'ord-2' })];
      world.orders['ord-3'] = [anOrderDrafted({ orderId: 'ord-3' }), draftCancelled()];
      place(world, aPlaceOrder({ orderId: 'ord-4' }));
      placeTheDraft(world, aPlaceOrderDraft({ orderId: 'ord-2' }));
      place(world, aPlaceOrder({ orderId: 'ord-5' }));
      placeTheDraft(world, aPlaceOrderDraft({ orderId: 'ord-1' }));
      const numberOf = (id: string) => (orderOf(world, id) as LiveOrder).number;
      expect(['ord-4', 'ord-2', 'ord-5', 'ord-1'].map(numberOf)).toEqual([1, 2, 3, 4]);
      expect(orderOf(world, 'ord-3')).not.toHaveProperty('number');
      expect(orderNumbersOf(world).last).toBe(4);
    });

    it('decides nothing when the placement is retried', () => {
      const world = aWorldWithDraft();
      placeTheDraft(world, aPlaceOrderDraft());
      expect(placeTheDraft(world, aPlaceOrderDraft())).toEqual({ numbers: [], order: [] });
      expect(orderNumbersOf(world).last).toBe(1);
    });

    it('refuses a product the catalogue no longer offers, naming the item, and numbers nothing', () => {
      const world = aWorldWithDraft();
      const error = errorOf(() =>
        placeTheDraft(world, aPlaceOrderDraft({ catalogue: catalogueToday({ 'p-beer': null }) })),
      );
      expect(error.kind).toBe('invalid');
      expect(error.details).toEqual([{ field: 'items.1.product_id', message: 'Product not found' }]);
      expect(world.numbers).toEqual([]);
    });

    it('refuses when the draft gained a product between the look-up and the decision', () => {
      const world = aWorldWithDraft();
      const error = errorOf(() =>
        placeTheDraft(world, aPlaceOrderDraft({ catalogue: catalogueToday({ 'p-beer': undefined }) })),
      );
      expect(error.message).toBe('This draft was changed meanwhile: open it again and place it.');
      expect(error.kind).toBe('conflict');
    });

    it('refuses an empty replacement cart', () => {
      const error = errorOf(() => placeTheDraft(aWorldWithDraft(), aPlaceOrderDraft({ items: [] })));
      expect(error.message).toBe('Add at least one item.');
    });

    it('refuses a cancelled draft', () => {
      const error = errorOf(() => placeTheDraft(aWorldWithDraft(draftCancelled()), aPlaceOrderDraft()));
      expect(error.message).toBe('This order is Cancelled: only a draft can be changed or placed.');
      expect(error.kind).toBe('conflict');
    });

    it('does not find the draft for a customer user of another customer, nor one never saved', () => {
      expect(
        errorOf(() =>
          placeTheDraft(aWorldWithDraft(), aPlaceOrderDraft({ customer: anOrderCustomer({ id: 'cust-2' }) })),
        ).message,
      ).toBe('Order not found');
      expect(errorOf(() => placeTheDraft(anOrderWorld(), aPlaceOrderDraft())).message).toBe(
        'Order not found',
      );
    });
  });

  describe('the distributor', () => {
    const base = { orderId: 'ord-1' };
    const backOffice: [string, Parameters<typeof orderDecider.decide>[0]][] = [
      ['cancel', command<CancelOrder>('CancelOrder', { ...base, by: 'company_user' })],
      ['reject', command<RejectOrder>('RejectOrder', { ...base, note: '' })],
      [
        'review',
        command<ReviewOrderItem>('ReviewOrderItem', {
          ...base,
          lineNo: 1,
          review: { kind: 'reject', note: '' },
        }),
      ],
      ['add a note', command<AddOrderNote>('AddOrderNote', { ...base, note: 'Hello' })],
      [
        'invoice',
        command<MarkOrderInvoiced>('MarkOrderInvoiced', {
          ...base,
          invoices: [{ invoiceId: 'inv-1', number: '1' }],
          lines: [{ productId: 'p-vodka', qty: 2 }],
        }),
      ],
    ];

    it.each(backOffice)('does not find a draft to %s', (_what, backOfficeCommand) =>
      given([anOrderDrafted()]).when(backOfficeCommand).thenThrows('Order not found'),
    );

    it('acts on it once it is placed', () => {
      const world = aWorldWithDraft();
      placeTheDraft(world, aPlaceOrderDraft());
      given(world.orders['ord-1']!)
        .when(command<RejectOrder>('RejectOrder', { ...base, note: '' }))
        .then([
          {
            type: 'OrderRejected',
            data: { orderId: 'ord-1', companyId: 'co-1', note: '', userId: 'u-1', rejectedAt: LATER },
          },
        ]);
    });
  });
});
