import type { ProductType } from '../products/product.rules.js';

/**
 * Events of the `order-{id}` stream: drafts, placement, review, cancel, reject, invoicing,
 * delivery. Money in integer cents, instants as ISO strings. A stream starts with `OrderPlaced` (placed from the
 * cart) or with `OrderDrafted` (saved as a draft; then `OrderDraftUpdated`…, and `OrderPlaced` or
 * `OrderDraftCancelled`).
 */

/** The customer as the order was placed: what the order shows even if the customer is edited or removed. */
export interface OrderCustomer {
  id: string;
  name: string;
  address: string;
  city: string;
  state: string;
  zip: string;
}

/** An item as ordered, at the customer's price on the day (as the client's specification asks). */
export interface OrderItem {
  lineNo: number; // 1, 2, 3 … in the order the customer user added them
  productId: string;
  name: string;
  size: string;
  type: ProductType;
  upc: string | null;
  qty: number;
  priceCents: number;
}

/**
 * An item of a draft: the product and the quantity, no price. A draft is priced when it is placed (the customer's
 * price on that day), so it never carries a stale price into an order.
 */
export type DraftItem = Omit<OrderItem, 'priceCents'>;

/** A customer user saved its cart as a draft (Draft): the customer's own, unseen by the distributor. */
export interface OrderDrafted {
  type: 'OrderDrafted';
  data: {
    orderId: string;
    companyId: string;
    customer: OrderCustomer;
    customerUser: { id: string; name: string };
    items: DraftItem[];
    note: string;
    draftedAt: string;
  };
}

/** The draft saved again: its items and note replaced. */
export interface OrderDraftUpdated {
  type: 'OrderDraftUpdated';
  data: {
    orderId: string;
    companyId: string;
    customerUser: { id: string; name: string };
    items: DraftItem[];
    note: string;
    updatedAt: string;
  };
}

/** Draft → Cancelled: the draft can no longer be changed or placed. It never had a number. */
export interface OrderDraftCancelled {
  type: 'OrderDraftCancelled';
  data: { orderId: string; companyId: string; userId: string | null; cancelledAt: string };
}

export interface OrderPlaced {
  type: 'OrderPlaced';
  data: {
    orderId: string;
    companyId: string;
    number: number;
    customer: OrderCustomer;
    customerUser: { id: string; name: string };
    items: OrderItem[];
    note: string;
    totalCents: number;
    placedAt: string;
  };
}

export interface OrderCancelled {
  type: 'OrderCancelled';
  data: {
    orderId: string;
    companyId: string;
    /** Who cancelled: the distributor's staff or the customer user who placed it. */
    by: 'company_user' | 'customer_user';
    userId: string | null;
    cancelledAt: string;
  };
}

/** Irreversible: a rejected order can no longer be invoiced. */
export interface OrderRejected {
  type: 'OrderRejected';
  data: { orderId: string; companyId: string; note: string; userId: string | null; rejectedAt: string };
}

export interface OrderItemRejected {
  type: 'OrderItemRejected';
  data: {
    orderId: string;
    companyId: string;
    lineNo: number;
    note: string;
    userId: string | null;
    reviewedAt: string;
  };
}

export interface OrderItemPriceChanged {
  type: 'OrderItemPriceChanged';
  data: {
    orderId: string;
    companyId: string;
    lineNo: number;
    previousPriceCents: number;
    newPriceCents: number;
    note: string;
    userId: string | null;
    reviewedAt: string;
  };
}

export interface OrderItemQtyChanged {
  type: 'OrderItemQtyChanged';
  data: {
    orderId: string;
    companyId: string;
    lineNo: number;
    previousQty: number;
    newQty: number;
    note: string;
    userId: string | null;
    reviewedAt: string;
  };
}

/** A note from the distributor ('From Distributor' in the notes table). */
export interface OrderNoteAdded {
  type: 'OrderNoteAdded';
  data: { orderId: string; companyId: string; note: string; userId: string | null; addedAt: string };
}

/** Invoices were made from the order; `status` says whether they cover every accepted item in full. */
export interface OrderInvoiced {
  type: 'OrderInvoiced';
  data: {
    orderId: string;
    companyId: string;
    invoices: { invoiceId: string; number: string }[];
    /** Units of each product these invoices carry. */
    lines: { productId: string; qty: number }[];
    status: 'invoiced' | 'partially_invoiced';
    userId: string | null;
    invoicedAt: string;
  };
}

export interface OrderDelivered {
  type: 'OrderDelivered';
  data: { orderId: string; companyId: string; userId: string | null; deliveredAt: string };
}

export type OrderEvent =
  | OrderDrafted
  | OrderDraftUpdated
  | OrderDraftCancelled
  | OrderPlaced
  | OrderCancelled
  | OrderRejected
  | OrderItemRejected
  | OrderItemPriceChanged
  | OrderItemQtyChanged
  | OrderNoteAdded
  | OrderInvoiced
  | OrderDelivered;

/** The events of an order the distributor sees: from its placement on (the order grid, page, count, reports). */
export const ORDER_EVENT_TYPES: readonly OrderEvent['type'][] = [
  'OrderPlaced',
  'OrderCancelled',
  'OrderRejected',
  'OrderItemRejected',
  'OrderItemPriceChanged',
  'OrderItemQtyChanged',
  'OrderNoteAdded',
  'OrderInvoiced',
  'OrderDelivered',
];

/** The events of a draft, and its placement (which ends it). */
export const ORDER_DRAFT_EVENT_TYPES: readonly OrderEvent['type'][] = [
  'OrderDrafted',
  'OrderDraftUpdated',
  'OrderDraftCancelled',
  'OrderPlaced',
];

export const ORDER_STREAM_PREFIX = 'order-';
export const orderStream = (orderId: string) => `${ORDER_STREAM_PREFIX}${orderId}`;
