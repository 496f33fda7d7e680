import { assertNever, type Decider } from '../shared/decider.js';
import type { FieldProblem } from '../shared/field-rules.js';
import { MAX_LINES, MAX_NOTE_LENGTH, MAX_PRICE_CENTS, MAX_QTY } from '../invoices/invoice.rules.js';
import { nextOrderNumber, type OrderNumberEvent, type OrderNumbers } from './order-numbers.js';
import { ORDER_STATUS_LABELS } from './order-status.js';
import type {
  AddOrderNote,
  CancelOrder,
  CancelOrderDraft,
  DraftItemInput,
  DraftOrder,
  MarkOrderDelivered,
  MarkOrderInvoiced,
  OrderCommand,
  OrderItemInput,
  PlaceOrder,
  PlaceOrderDraft,
  RejectOrder,
  ReviewOrderItem,
  UpdateOrderDraft,
} from './order.commands.js';
import { ORDER_MESSAGES, orderError, orderInvalid } from './order.errors.js';
import type { DraftItem, OrderEvent, OrderItem, OrderPlaced } from './order.events.js';
import {
  acceptedQty,
  type DraftOrderState,
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

function itemProblems(items: readonly (DraftItemInput & { priceCents?: number })[]): FieldProblem[] {
  if (items.length === 0) return [{ field: 'items', message: ORDER_MESSAGES.itemsRequired }];
  if (items.length > MAX_ORDER_ITEMS)
    return [{ field: 'items', message: ORDER_MESSAGES.tooManyItems(MAX_ORDER_ITEMS) }];
  const problems: FieldProblem[] = [];
  items.forEach((item, index) => {
    if (!validQty(item.qty))
      problems.push({ field: `items.${index}.qty`, message: ORDER_MESSAGES.qty(MAX_QTY) });
    if (item.priceCents !== undefined && !validPrice(item.priceCents))
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
      states.order.status === 'live' &&
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

const numbered = (items: readonly DraftItemInput[]): DraftItem[] =>
  items.map((item, index) => ({ lineNo: index + 1, ...item }));

const sameDraft = (draft: DraftOrderState, items: readonly DraftItemInput[], note: string) =>
  draft.note === note &&
  draft.items.length === items.length &&
  draft.items.every(
    (item, index) => item.productId === items[index]!.productId && item.qty === items[index]!.qty,
  );

/**
 * The draft of this company and this customer, or 404: another customer's draft (or company's) is not found, never
 * refused; an order that was placed is not a draft (409, its status named).
 */
function ownDraft(state: Order, companyId: string, customerId: string): DraftOrderState {
  if (state.status === 'none' || state.companyId !== companyId || state.customer.id !== customerId)
    throw orderError('ORDER_NOT_FOUND');
  if (state.status === 'live' || state.orderStatus !== 'draft')
    throw orderError('ORDER_NOT_DRAFT', { status: ORDER_STATUS_LABELS[state.orderStatus] });
  return state;
}

/**
 * A customer user saves its cart as a draft: the products and quantities, no prices and no number (both come when
 * it is placed). The same draft again by the same user (a retried save) decides nothing.
 */
function draftOrder(state: Order, { data, metadata }: DraftOrder): OrderEvent[] {
  if (state.status !== 'none') {
    if (
      state.status === 'draft' &&
      state.companyId === metadata.companyId &&
      state.draftedBy === data.customerUser.id
    )
      return [];
    throw orderError('ORDER_EXISTS');
  }
  const problems = [...itemProblems(data.items), ...noteProblems(data.note)];
  if (problems.length > 0) throw orderInvalid(problems);
  return [
    {
      type: 'OrderDrafted',
      data: {
        orderId: data.orderId,
        companyId: metadata.companyId,
        customer: data.customer,
        customerUser: data.customerUser,
        items: numbered(data.items),
        note: data.note,
        draftedAt: metadata.now,
      },
    },
  ];
}

/** The draft saved again, by any customer user of its customer; the same items and note decide nothing. */
function updateDraft(state: Order, { data, metadata }: UpdateOrderDraft): OrderEvent[] {
  const draft = ownDraft(state, metadata.companyId, data.customerId);
  const problems = [...itemProblems(data.items), ...noteProblems(data.note)];
  if (problems.length > 0) throw orderInvalid(problems);
  if (sameDraft(draft, data.items, data.note)) return [];
  return [
    {
      type: 'OrderDraftUpdated',
      data: {
        orderId: draft.id,
        companyId: draft.companyId,
        customerUser: data.customerUser,
        items: numbered(data.items),
        note: data.note,
        updatedAt: metadata.now,
      },
    },
  ];
}

/** Draft → Cancelled. Cancelled already: nothing differs. */
function cancelDraft(state: Order, { data, metadata }: CancelOrderDraft): OrderEvent[] {
  const own =
    state.status === 'draft' &&
    state.companyId === metadata.companyId &&
    state.customer.id === data.customerId;
  if (own && state.orderStatus === 'cancelled') throw orderError('NOTHING_DIFFERS');
  const draft = ownDraft(state, metadata.companyId, data.customerId);
  return [
    {
      type: 'OrderDraftCancelled',
      data: {
        orderId: draft.id,
        companyId: draft.companyId,
        userId: metadata.userId,
        cancelledAt: metadata.now,
      },
    },
  ];
}

/**
 * Draft → Placed: the draft's items (or the cart's, `items`, when it was opened and changed) at the customer's
 * prices today (`catalogue`, looked up by the API with the same pricing code as a placement from the cart), with
 * the company's next order number. Like placeOrder, one decision over `order-numbers-{companyId}` and `order-{id}`
 * appended atomically: a draft takes its number only now, so cancelled or forgotten drafts leave no gap. A retry
 * once it is placed decides nothing.
 */
export function placeDraft(
  states: { numbers: OrderNumbers; order: Order },
  { data, metadata }: PlaceOrderDraft,
): { numbers: OrderNumberEvent[]; order: OrderPlaced[] } {
  const { order: state } = states;
  if (
    state.status === 'live' &&
    state.companyId === metadata.companyId &&
    state.customer.id === data.customer.id
  )
    return { numbers: [], order: [] };
  const draft = ownDraft(state, metadata.companyId, data.customer.id);
  const lines = data.items ?? draft.items;
  const problems: FieldProblem[] = [];
  const items: OrderItemInput[] = [];
  lines.forEach((line, index) => {
    const product = data.catalogue[line.productId];
    // The API looked up the products it read; one it did not look up was added by a save that came in between.
    if (product === undefined) throw orderError('ORDER_DRAFT_CHANGED');
    if (product === null) {
      problems.push({ field: `items.${index}.product_id`, message: ORDER_MESSAGES.productNotFound });
      return;
    }
    items.push({ productId: line.productId, qty: line.qty, ...product });
  });
  const note = data.note ?? draft.note;
  if (problems.length === 0) problems.push(...itemProblems(items));
  problems.push(...noteProblems(note));
  if (problems.length > 0) throw orderInvalid(problems);
  const number = nextOrderNumber(states.numbers);
  const placed: OrderItem[] = items.map((item, index) => ({ lineNo: index + 1, ...item }));
  return {
    numbers: [{ type: 'OrderNumberAssigned', data: { orderId: draft.id, number, assignedAt: metadata.now } }],
    order: [
      {
        type: 'OrderPlaced',
        data: {
          orderId: draft.id,
          companyId: draft.companyId,
          number,
          customer: data.customer,
          customerUser: data.customerUser,
          items: placed,
          note,
          totalCents: orderTotalCents(placed.map((item) => ({ ...item, rejected: false }))),
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

/** Cancel, reject and item reviews happen only while placed (as the client's specification asks). */
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
 * Records invoices made from the order (as the client's specification asks): Invoiced when every accepted unit is
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
    case 'DraftOrder':
      return draftOrder(state, command);
    case 'UpdateOrderDraft':
      return updateDraft(state, command);
    case 'CancelOrderDraft':
      return cancelDraft(state, command);
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

/** The one-stream commands of `order-{id}`; placement spans the number stream (see placeOrder, placeDraft). */
export const orderDecider: Decider<Order, OrderCommand, OrderEvent> = { decide, evolve, initialState };

/** Several commands on one order, decided in turn: each sees the order as the ones before it left it. */
export function decideInTurn(order: Order, commands: readonly OrderCommand[]): OrderEvent[] {
  let state = order;
  return commands.flatMap((command) => {
    const events = decide(command, state);
    state = events.reduce(evolve, state);
    return events;
  });
}
