import { assertNever, type Decider } from '../shared/decider.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { MAX_LINES, MAX_NOTE_LENGTH, MAX_PRICE_CENTS, MAX_QTY } from '../invoices/invoice.rules.js';
import { nextOrderNumber, type OrderNumberEvent, type OrderNumbers } from './order-numbers.js';
import { ORDER_STATUS_LABELS } from './order-status.js';
import type {
  AddOrderNote,
  CancelOrder,
  MarkOrderDelivered,
  MarkOrderInvoiced,
  OrderCommand,
  OrderItemInput,
  PlaceOrder,
  RejectOrder,
  ReviewOrderItem,
} from './order.commands.js';
import { ORDER_MESSAGES, orderError, orderInvalid } from './order.errors.js';
import type { OrderEvent, OrderItem, OrderPlaced } from './order.events.js';
import {
  acceptedQty,
  evolve,
  initialState,
  orderTotalCents,
  type LiveOrder,
  type Order,
} from './order.state.js';

export const MAX_ORDER_ITEMS = MAX_LINES;
export const MAX_ORDER_NOTE_LENGTH = MAX_NOTE_LENGTH;

const validQty = (qty: number) => Number.isSafeInteger(qty) && qty >= 1 && qty <= MAX_QTY;
const validPrice = (cents: number) => Number.isSafeInteger(cents) && cents >= 0 && cents <= MAX_PRICE_CENTS;

function itemProblems(items: readonly OrderItemInput[]): FieldProblem[] {
  if (items.length === 0) return [{ field: 'items', message: ORDER_MESSAGES.itemsRequired }];
  if (items.length > MAX_ORDER_ITEMS)
    return [{ field: 'items', message: ORDER_MESSAGES.tooManyItems(MAX_ORDER_ITEMS) }];
  const problems: FieldProblem[] = [];
  items.forEach((item, index) => {
    if (!validQty(item.qty))
      problems.push({ field: `items.${index}.qty`, message: ORDER_MESSAGES.qty(MAX_QTY) });
    if (!validPrice(item.priceCents))
      problems.push({ field: `items.${index}.price`, message: ORDER_MESSAGES.price });
  });
  return problems;
}

const noteProblems = (note: string, field = 'note'): FieldProblem[] =>
  note.length > MAX_ORDER_NOTE_LENGTH
    ? [{ field, message: ORDER_MESSAGES.noteTooLong(MAX_ORDER_NOTE_LENGTH) }]
    : [];

/**
 * Places an order (a customer user, from the ordering app): takes the company's next order number and records the
 * items at the customer's prices. One decision over `order-numbers-{companyId}` and `order-{id}`, appended
 * atomically, so numbers stay unique and gapless under concurrency. A retry with the same order id decides nothing.
 */
export function placeOrder(
  states: { numbers: OrderNumbers; order: Order },
  { data, metadata }: PlaceOrder,
): { numbers: OrderNumberEvent[]; order: OrderPlaced[] } {
  if (states.order.status !== 'none') {
    if (
      states.order.companyId === metadata.companyId &&
      states.order.customerUser.id === data.customerUser.id
    )
      return { numbers: [], order: [] };
    throw orderError('ORDER_EXISTS');
  }
  const problems = [...itemProblems(data.items), ...noteProblems(data.note)];
  if (problems.length > 0) throw orderInvalid(problems);
  const number = nextOrderNumber(states.numbers);
  const items: OrderItem[] = data.items.map((item, index) => ({ lineNo: index + 1, ...item }));
  return {
    numbers: [
      { type: 'OrderNumberAssigned', data: { orderId: data.orderId, number, assignedAt: metadata.now } },
    ],
    order: [
      {
        type: 'OrderPlaced',
        data: {
          orderId: data.orderId,
          companyId: metadata.companyId,
          number,
          customer: data.customer,
          customerUser: data.customerUser,
          items,
          note: data.note,
          totalCents: orderTotalCents(items.map((item) => ({ ...item, rejected: false }))),
          placedAt: metadata.now,
        },
      },
    ],
  };
}

/** The order of this company, or 404 (another company's order is not found, never refused). */
export function liveOrder(state: Order, companyId: string): LiveOrder {
  if (state.status !== 'live' || state.companyId !== companyId) throw orderError('ORDER_NOT_FOUND');
  return state;
}

/** Cancel, reject and item reviews happen only while placed (spec 001 §4). */
function placedOrder(state: Order, companyId: string): LiveOrder {
  const order = liveOrder(state, companyId);
  if (order.orderStatus !== 'placed')
    throw orderError('ORDER_NOT_PLACED', { status: ORDER_STATUS_LABELS[order.orderStatus] });
  return order;
}

function cancel(state: Order, { data, metadata }: CancelOrder): OrderEvent[] {
  const order = liveOrder(state, metadata.companyId);
  if (data.by === 'customer_user' && order.customer.id !== data.customerId)
    throw orderError('ORDER_NOT_FOUND');
  if (order.orderStatus === 'cancelled') throw orderError('NOTHING_DIFFERS');
  placedOrder(state, metadata.companyId);
  return [
    {
      type: 'OrderCancelled',
      data: {
        orderId: order.id,
        companyId: order.companyId,
        by: data.by,
        userId: metadata.userId,
        cancelledAt: metadata.now,
      },
    },
  ];
}

function reject(state: Order, { data, metadata }: RejectOrder): OrderEvent[] {
  const order = liveOrder(state, metadata.companyId);
  if (order.orderStatus === 'rejected') throw orderError('NOTHING_DIFFERS');
  placedOrder(state, metadata.companyId);
  const note = data.note.trim();
  const problems = noteProblems(note);
  if (problems.length > 0) throw orderInvalid(problems);
  return [
    {
      type: 'OrderRejected',
      data: {
        orderId: order.id,
        companyId: order.companyId,
        note,
        userId: metadata.userId,
        rejectedAt: metadata.now,
      },
    },
  ];
}

function review(state: Order, { data, metadata }: ReviewOrderItem): OrderEvent[] {
  const order = placedOrder(state, metadata.companyId);
  const item = order.items.find((candidate) => candidate.lineNo === data.lineNo);
  if (!item) throw orderError('ITEM_NOT_FOUND');
  const { review: change } = data;
  const note = change.note.trim();
  const problems = noteProblems(note);
  if (problems.length > 0) throw orderInvalid(problems);
  const base = {
    orderId: order.id,
    companyId: order.companyId,
    lineNo: item.lineNo,
    note,
    userId: metadata.userId,
    reviewedAt: metadata.now,
  };
  switch (change.kind) {
    case 'reject':
      if (item.rejected) throw orderError('NOTHING_DIFFERS');
      return [{ type: 'OrderItemRejected', data: base }];
    case 'price':
      if (item.rejected) throw orderError('ITEM_REJECTED');
      if (!validPrice(change.priceCents))
        throw orderInvalid([{ field: 'price', message: ORDER_MESSAGES.price }]);
      if (change.priceCents === item.priceCents) throw orderError('NOTHING_DIFFERS');
      return [
        {
          type: 'OrderItemPriceChanged',
          data: { ...base, previousPriceCents: item.priceCents, newPriceCents: change.priceCents },
        },
      ];
    case 'qty':
      if (item.rejected) throw orderError('ITEM_REJECTED');
      if (!validQty(change.qty)) throw orderInvalid([{ field: 'qty', message: ORDER_MESSAGES.qty(MAX_QTY) }]);
      if (change.qty === item.qty) throw orderError('NOTHING_DIFFERS');
      return [{ type: 'OrderItemQtyChanged', data: { ...base, previousQty: item.qty, newQty: change.qty } }];
    default:
      return assertNever(change);
  }
}

function addNote(state: Order, { data, metadata }: AddOrderNote): OrderEvent[] {
  const order = liveOrder(state, metadata.companyId);
  const note = data.note.trim();
  if (!note) throw orderInvalid([{ field: 'note', message: ORDER_MESSAGES.noteRequired }]);
  const problems = noteProblems(note);
  if (problems.length > 0) throw orderInvalid(problems);
  return [
    {
      type: 'OrderNoteAdded',
      data: {
        orderId: order.id,
        companyId: order.companyId,
        note,
        userId: metadata.userId,
        addedAt: metadata.now,
      },
    },
  ];
}

/**
 * Records invoices made from the order (spec 001 §4 'Create an invoice'): Invoiced when every accepted unit is
 * invoiced, else Partially Invoiced (a partially invoiced order can be invoiced further). The same invoices again
 * decide nothing (a retried Create Invoice).
 */
export function markInvoiced(state: Order, { data, metadata }: MarkOrderInvoiced): OrderEvent[] {
  const order = liveOrder(state, metadata.companyId);
  const known = new Set(order.invoices.map((invoice) => invoice.invoiceId));
  if (data.invoices.length > 0 && data.invoices.every((invoice) => known.has(invoice.invoiceId))) return [];
  if (order.orderStatus === 'rejected') throw orderError('ORDER_REJECTED');
  if (order.orderStatus !== 'placed' && order.orderStatus !== 'partially_invoiced')
    throw orderError('ORDER_NOT_PLACED', { status: ORDER_STATUS_LABELS[order.orderStatus] });
  const invoiced = { ...order.invoicedQty };
  for (const { productId, qty } of data.lines) invoiced[productId] = (invoiced[productId] ?? 0) + qty;
  const complete = Object.entries(acceptedQty(order.items)).every(
    ([productId, qty]) => (invoiced[productId] ?? 0) >= qty,
  );
  return [
    {
      type: 'OrderInvoiced',
      data: {
        orderId: order.id,
        companyId: order.companyId,
        invoices: data.invoices,
        lines: data.lines,
        status: complete ? 'invoiced' : 'partially_invoiced',
        userId: metadata.userId,
        invoicedAt: metadata.now,
      },
    },
  ];
}

function markDelivered(state: Order, { metadata }: MarkOrderDelivered): OrderEvent[] {
  const order = liveOrder(state, metadata.companyId);
  if (order.orderStatus === 'delivered') throw orderError('NOTHING_DIFFERS');
  if (order.orderStatus !== 'invoiced' && order.orderStatus !== 'partially_invoiced')
    throw orderError('ORDER_NOT_INVOICED');
  return [
    {
      type: 'OrderDelivered',
      data: {
        orderId: order.id,
        companyId: order.companyId,
        userId: metadata.userId,
        deliveredAt: metadata.now,
      },
    },
  ];
}

function decide(command: OrderCommand, state: Order): OrderEvent[] {
  switch (command.type) {
    case 'CancelOrder':
      return cancel(state, command);
    case 'RejectOrder':
      return reject(state, command);
    case 'ReviewOrderItem':
      return review(state, command);
    case 'AddOrderNote':
      return addNote(state, command);
    case 'MarkOrderInvoiced':
      return markInvoiced(state, command);
    case 'MarkOrderDelivered':
      return markDelivered(state, command);
    default:
      return assertNever(command);
  }
}

/** The one-stream commands of `order-{id}`; placement spans the number stream (see placeOrder). */
export const orderDecider: Decider<Order, OrderCommand, OrderEvent> = { decide, evolve, initialState };
