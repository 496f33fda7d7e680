import type { ProductType } from '../products/product.rules.js';

/**
 * Events of the `order-{id}` stream (ARCHITECTURE §3): placement, review, cancel, reject, invoicing, delivery.
 * Money in integer cents, instants as ISO strings.
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

/** An item as ordered, at the customer's price on the day (spec 001 §3 Order item). */
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
  | OrderPlaced
  | OrderCancelled
  | OrderRejected
  | OrderItemRejected
  | OrderItemPriceChanged
  | OrderItemQtyChanged
  | OrderNoteAdded
  | OrderInvoiced
  | OrderDelivered;

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

export const ORDER_STREAM_PREFIX = 'order-';
export const orderStream = (orderId: string) => `${ORDER_STREAM_PREFIX}${orderId}`;
