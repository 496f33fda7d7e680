import type { OrderStatus } from './order-status.js';
import type { DraftItem, OrderCustomer, OrderEvent, OrderItem } from './order.events.js';

/** An item with its review (previous values are kept next to the new ones). */
export interface ReviewedItem extends OrderItem {
  rejected: boolean;
  rejectionNote: string;
  /** The quantity the customer ordered when a new one was set, else null. */
  previousQty: number | null;
  qtyChangeNote: string;
  previousPriceCents: number | null;
  priceChangeNote: string;
}

export interface OrderNote {
  note: string;
  /** null: the customer user's note when placing; else the distributor's user ('From Distributor'). */
  userId: string | null;
  fromDistributor: boolean;
  at: string;
}

/**
 * A draft (as the client's specification asks): the customer's own, without a number or prices; the distributor never sees it (every
 * back-office decision takes `live` orders only, so a draft is not found there). Placing it makes it `live`.
 */
export interface DraftOrderState {
  status: 'draft';
  id: string;
  companyId: string;
  customer: OrderCustomer;
  /** Who saved it last. */
  customerUser: { id: string; name: string };
  /** Who drafted it first (a retried create by the same user decides nothing). */
  draftedBy: string;
  orderStatus: Extract<OrderStatus, 'draft' | 'cancelled'>;
  items: DraftItem[];
  note: string;
  draftedAt: string;
  updatedAt: string;
}

export type Order =
  | { status: 'none' }
  | DraftOrderState
  | {
      status: 'live';
      id: string;
      companyId: string;
      number: number;
      customer: OrderCustomer;
      customerUser: { id: string; name: string };
      orderStatus: OrderStatus;
      items: ReviewedItem[];
      notes: OrderNote[];
      invoices: { invoiceId: string; number: string }[];
      /** Units invoiced so far per product (partial invoicing). */
      invoicedQty: Record<string, number>;
      placedAt: string;
    };

export type LiveOrder = Extract<Order, { status: 'live' }>;

export const initialState = (): Order => ({ status: 'none' });

function updateItem(
  order: LiveOrder,
  lineNo: number,
  change: (item: ReviewedItem) => ReviewedItem,
): LiveOrder {
  return { ...order, items: order.items.map((item) => (item.lineNo === lineNo ? change(item) : item)) };
}

function evolveDraft(state: Order, event: OrderEvent): Order {
  switch (event.type) {
    case 'OrderDrafted': {
      const { orderId, companyId, customer, customerUser, items, note, draftedAt } = event.data;
      return {
        status: 'draft',
        id: orderId,
        companyId,
        customer,
        customerUser,
        draftedBy: customerUser.id,
        orderStatus: 'draft',
        items,
        note,
        draftedAt,
        updatedAt: draftedAt,
      };
    }
    case 'OrderDraftUpdated':
      if (state.status !== 'draft') return state;
      return {
        ...state,
        customerUser: event.data.customerUser,
        items: event.data.items,
        note: event.data.note,
        updatedAt: event.data.updatedAt,
      };
    case 'OrderDraftCancelled':
      if (state.status !== 'draft') return state;
      return { ...state, orderStatus: 'cancelled', updatedAt: event.data.cancelledAt };
    default:
      return state;
  }
}

export function evolve(state: Order, event: OrderEvent): Order {
  if (
    event.type === 'OrderDrafted' ||
    event.type === 'OrderDraftUpdated' ||
    event.type === 'OrderDraftCancelled'
  )
    return evolveDraft(state, event);
  // OrderPlaced starts the order, or ends its draft: it carries everything the order is (priced on that day).
  if (event.type === 'OrderPlaced') {
    const { orderId, companyId, number, customer, customerUser, items, note, placedAt } = event.data;
    return {
      status: 'live',
      id: orderId,
      companyId,
      number,
      customer,
      customerUser,
      orderStatus: 'placed',
      items: items.map((item) => ({
        ...item,
        rejected: false,
        rejectionNote: '',
        previousQty: null,
        qtyChangeNote: '',
        previousPriceCents: null,
        priceChangeNote: '',
      })),
      notes: note ? [{ note, userId: null, fromDistributor: false, at: placedAt }] : [],
      invoices: [],
      invoicedQty: {},
      placedAt,
    };
  }
  if (state.status !== 'live') return state;
  switch (event.type) {
    case 'OrderCancelled':
      return { ...state, orderStatus: 'cancelled' };
    case 'OrderRejected': {
      const { note, userId, rejectedAt } = event.data;
      return {
        ...state,
        orderStatus: 'rejected',
        notes: note ? [...state.notes, { note, userId, fromDistributor: true, at: rejectedAt }] : state.notes,
      };
    }
    case 'OrderItemRejected':
      return updateItem(state, event.data.lineNo, (item) => ({
        ...item,
        rejected: true,
        rejectionNote: event.data.note,
      }));
    case 'OrderItemPriceChanged':
      return updateItem(state, event.data.lineNo, (item) => ({
        ...item,
        priceCents: event.data.newPriceCents,
        previousPriceCents: item.previousPriceCents ?? event.data.previousPriceCents,
        priceChangeNote: event.data.note,
      }));
    case 'OrderItemQtyChanged':
      return updateItem(state, event.data.lineNo, (item) => ({
        ...item,
        qty: event.data.newQty,
        previousQty: item.previousQty ?? event.data.previousQty,
        qtyChangeNote: event.data.note,
      }));
    case 'OrderNoteAdded':
      return {
        ...state,
        notes: [
          ...state.notes,
          { note: event.data.note, userId: event.data.userId, fromDistributor: true, at: event.data.addedAt },
        ],
      };
    case 'OrderInvoiced': {
      const invoicedQty = { ...state.invoicedQty };
      for (const { productId, qty } of event.data.lines)
        invoicedQty[productId] = (invoicedQty[productId] ?? 0) + qty;
      return {
        ...state,
        orderStatus: event.data.status,
        invoices: [...state.invoices, ...event.data.invoices],
        invoicedQty,
      };
    }
    case 'OrderDelivered':
      return { ...state, orderStatus: 'delivered' };
    default:
      return state; // events of later versions are not this fold's business
  }
}

/** Accepted units per product: items not rejected, at their (reviewed) quantity. */
export function acceptedQty(items: readonly ReviewedItem[]): Record<string, number> {
  const totals: Record<string, number> = {};
  for (const item of items)
    if (!item.rejected) totals[item.productId] = (totals[item.productId] ?? 0) + item.qty;
  return totals;
}

/** The order's total: accepted items at their (reviewed) price × qty, in cents. */
export const orderTotalCents = (
  items: readonly Pick<ReviewedItem, 'rejected' | 'priceCents' | 'qty'>[],
): number => items.reduce((sum, item) => (item.rejected ? sum : sum + item.priceCents * item.qty), 0);
