import type { CommandMetadata } from '../shared/decider.js';
import {
  evolve as evolveNumbers,
  initialState as noNumbers,
  type OrderNumberEvent,
} from './order-numbers.js';
import type {
  DraftItemInput,
  DraftOrder,
  OrderCommand,
  OrderItemInput,
  PlaceOrder,
  PlaceOrderDraft,
  PricedProduct,
} from './order.commands.js';
import { placeDraft, placeOrder } from './order.decide.js';
import type { OrderCustomer, OrderDrafted, OrderEvent, OrderPlaced } from './order.events.js';
import { evolve as evolveOrder, initialState as noOrder } from './order.state.js';

/** Builders for order tests: one company, 'now' is 21 Nov 2026 09:00 in Chicago. */
export const NOW = '2026-11-21T15:00:00.000Z';
export const LATER = '2026-11-21T16:00:00.000Z';
export const metadata: CommandMetadata = { companyId: 'co-1', userId: 'u-1', now: NOW };
export const customerUserMetadata: CommandMetadata = { companyId: 'co-1', userId: 'cu-1', now: NOW };

export const anOrderCustomer = (overrides: Partial<OrderCustomer> = {}): OrderCustomer => ({
  id: 'cust-1',
  name: 'LONE STAR TAVERN',
  address: '1 Main St',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  ...overrides,
});

export const vodka = (qty: number, overrides: Partial<OrderItemInput> = {}): OrderItemInput => ({
  productId: 'p-vodka',
  name: 'TITOS VODKA',
  size: '750ML',
  type: 'LIQUOR',
  upc: '619947000013',
  qty,
  priceCents: 1999,
  ...overrides,
});

export const shiner = (qty: number, overrides: Partial<OrderItemInput> = {}): OrderItemInput =>
  vodka(qty, {
    productId: 'p-beer',
    name: 'SHINER BOCK 12PK',
    size: '12OZ',
    type: 'BEER',
    upc: null,
    priceCents: 1450,
    ...overrides,
  });

export const aPlaceOrder = (data: Partial<PlaceOrder['data']> = {}): PlaceOrder => ({
  type: 'PlaceOrder',
  data: {
    orderId: 'ord-1',
    customer: anOrderCustomer(),
    customerUser: { id: 'cu-1', name: 'Bar Manager' },
    items: [vodka(2), shiner(3)],
    note: 'Before Friday please',
    ...data,
  },
  metadata: customerUserMetadata,
});

/** The OrderPlaced event of aPlaceOrder() as number `number`. */
export const anOrderPlaced = (data: Partial<OrderPlaced['data']> = {}): OrderPlaced => ({
  type: 'OrderPlaced',
  data: {
    orderId: 'ord-1',
    companyId: 'co-1',
    number: 1,
    customer: anOrderCustomer(),
    customerUser: { id: 'cu-1', name: 'Bar Manager' },
    items: [
      { lineNo: 1, ...vodka(2) },
      { lineNo: 2, ...shiner(3) },
    ],
    note: 'Before Friday please',
    totalCents: 2 * 1999 + 3 * 1450,
    placedAt: NOW,
    ...data,
  },
});

export const command = <C extends OrderCommand>(type: C['type'], data: C['data'], now = LATER): C =>
  ({ type, data, metadata: { ...metadata, now } }) as C;

/** The order-numbers stream and the order streams, as the store would hold them. */
export interface OrderWorld {
  numbers: OrderNumberEvent[];
  orders: Record<string, OrderEvent[]>;
}

export const anOrderWorld = (): OrderWorld => ({ numbers: [], orders: {} });
export const orderNumbersOf = (world: OrderWorld) => world.numbers.reduce(evolveNumbers, noNumbers());
export const orderOf = (world: OrderWorld, id: string) =>
  (world.orders[id] ?? []).reduce(evolveOrder, noOrder());

export function place(world: OrderWorld, command: PlaceOrder) {
  const decided = placeOrder(
    { numbers: orderNumbersOf(world), order: orderOf(world, command.data.orderId) },
    command,
  );
  world.numbers.push(...decided.numbers);
  world.orders[command.data.orderId] = [...(world.orders[command.data.orderId] ?? []), ...decided.order];
  return decided;
}

/** A draft's item: the product and the quantity, no price. */
export const asDraftItem = ({ priceCents: _price, ...item }: OrderItemInput): DraftItemInput => item;

export const aDraftOrder = (data: Partial<DraftOrder['data']> = {}): DraftOrder => ({
  type: 'DraftOrder',
  data: {
    orderId: 'ord-1',
    customer: anOrderCustomer(),
    customerUser: { id: 'cu-1', name: 'Bar Manager' },
    items: [asDraftItem(vodka(2)), asDraftItem(shiner(3))],
    note: 'Before Friday please',
    ...data,
  },
  metadata: customerUserMetadata,
});

/** The OrderDrafted event of aDraftOrder(). */
export const anOrderDrafted = (data: Partial<OrderDrafted['data']> = {}): OrderDrafted => ({
  type: 'OrderDrafted',
  data: {
    orderId: 'ord-1',
    companyId: 'co-1',
    customer: anOrderCustomer(),
    customerUser: { id: 'cu-1', name: 'Bar Manager' },
    items: [
      { lineNo: 1, ...asDraftItem(vodka(2)) },
      { lineNo: 2, ...asDraftItem(shiner(3)) },
    ],
    note: 'Before Friday please',
    draftedAt: NOW,
    ...data,
  },
});

/** The customer's catalogue on the day of placement: vodka at $21.99 now (it was $19.99), the beer unchanged. */
export const catalogueToday = (
  overrides: Record<string, PricedProduct | null | undefined> = {},
): Record<string, PricedProduct | null> => {
  const { productId: _v, qty: _vq, ...v } = vodka(1, { priceCents: 2199 });
  const { productId: _b, qty: _bq, ...b } = shiner(1);
  return Object.fromEntries(
    Object.entries({ 'p-vodka': v, 'p-beer': b, ...overrides }).filter(([, p]) => p !== undefined),
  ) as Record<string, PricedProduct | null>;
};

export const aPlaceOrderDraft = (
  data: Partial<PlaceOrderDraft['data']> = {},
  metadata: CommandMetadata = { ...customerUserMetadata, now: LATER },
): PlaceOrderDraft => ({
  type: 'PlaceOrderDraft',
  data: {
    orderId: 'ord-1',
    customer: anOrderCustomer(),
    customerUser: { id: 'cu-1', name: 'Bar Manager' },
    catalogue: catalogueToday(),
    ...data,
  },
  metadata,
});

export function placeTheDraft(world: OrderWorld, command: PlaceOrderDraft) {
  const decided = placeDraft(
    { numbers: orderNumbersOf(world), order: orderOf(world, command.data.orderId) },
    command,
  );
  world.numbers.push(...decided.numbers);
  world.orders[command.data.orderId] = [...(world.orders[command.data.orderId] ?? []), ...decided.order];
  return decided;
}
