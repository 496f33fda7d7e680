import type { CommandMetadata } from '../shared/decider.js';
import type { DraftItem, OrderCustomer, OrderItem } from './order.events.js';

/** An item as the ordering app sends it, with the product and the customer's price looked up by the API. */
export type OrderItemInput = Omit<OrderItem, 'lineNo'>;

/** A draft's item as the ordering app sends it, with the product looked up by the API (no price). */
export type DraftItemInput = Omit<DraftItem, 'lineNo'>;

/** POST /shop/order/draft: a customer user saves its cart as a new draft (`metadata.userId` is that user). */
export interface DraftOrder {
  type: 'DraftOrder';
  data: {
    orderId: string;
    customer: OrderCustomer;
    customerUser: { id: string; name: string };
    items: DraftItemInput[];
    note: string;
  };
  metadata: CommandMetadata;
}

/** PUT /shop/order/draft/{id}: the draft saved again (any customer user of its customer). */
export interface UpdateOrderDraft {
  type: 'UpdateOrderDraft';
  data: {
    orderId: string;
    customerId: string;
    customerUser: { id: string; name: string };
    items: DraftItemInput[];
    note: string;
  };
  metadata: CommandMetadata;
}

/** POST /shop/order/draft/{id}/cancel: Draft → Cancelled. */
export interface CancelOrderDraft {
  type: 'CancelOrderDraft';
  data: { orderId: string; customerId: string };
  metadata: CommandMetadata;
}

/** A product as the catalogue offers it to the customer on the day of placement (its price today). */
export type PricedProduct = Omit<OrderItemInput, 'qty' | 'productId'>;

/**
 * POST /shop/order/draft/{id}/place: Draft → Placed, numbered then. The API looks the draft's products (or the
 * replacing `items`) up in the customer's catalogue today and passes them as `catalogue`; the decision prices the
 * draft's items from it. `items` and `note`, when given, replace the draft's (the cart opened from the draft).
 */
export interface PlaceOrderDraft {
  type: 'PlaceOrderDraft';
  data: {
    orderId: string;
    customer: OrderCustomer;
    customerUser: { id: string; name: string };
    /** Every product the API looked up: null when the catalogue no longer offers it (archived, removed). */
    catalogue: Readonly<Record<string, PricedProduct | null>>;
    items?: { productId: string; qty: number }[];
    note?: string;
  };
  metadata: CommandMetadata;
}

/** POST from a customer user: `metadata.userId` is the customer user. */
export interface PlaceOrder {
  type: 'PlaceOrder';
  data: {
    orderId: string;
    customer: OrderCustomer;
    customerUser: { id: string; name: string };
    items: OrderItemInput[];
    note: string;
  };
  metadata: CommandMetadata;
}

export interface CancelOrder {
  type: 'CancelOrder';
  data: {
    orderId: string;
    by: 'company_user' | 'customer_user';
    /** A customer user cancels only its own customer's orders. */
    customerId?: string;
  };
  metadata: CommandMetadata;
}

export interface RejectOrder {
  type: 'RejectOrder';
  data: { orderId: string; note: string };
  metadata: CommandMetadata;
}

/** Per-item review (as the client's specification asks): a rejection, a new price or a new quantity, each with an optional note. */
export interface ReviewOrderItem {
  type: 'ReviewOrderItem';
  data: {
    orderId: string;
    lineNo: number;
    review:
      | { kind: 'reject'; note: string }
      | { kind: 'price'; priceCents: number; note: string }
      | { kind: 'qty'; qty: number; note: string };
  };
  metadata: CommandMetadata;
}

export interface AddOrderNote {
  type: 'AddOrderNote';
  data: { orderId: string; note: string };
  metadata: CommandMetadata;
}

/** Invoices made from the order (appended with them, atomically). */
export interface MarkOrderInvoiced {
  type: 'MarkOrderInvoiced';
  data: {
    orderId: string;
    invoices: { invoiceId: string; number: string }[];
    lines: { productId: string; qty: number }[];
  };
  metadata: CommandMetadata;
}

export interface MarkOrderDelivered {
  type: 'MarkOrderDelivered';
  data: { orderId: string };
  metadata: CommandMetadata;
}

export type OrderCommand =
  | DraftOrder
  | UpdateOrderDraft
  | CancelOrderDraft
  | CancelOrder
  | RejectOrder
  | ReviewOrderItem
  | AddOrderNote
  | MarkOrderInvoiced
  | MarkOrderDelivered;
