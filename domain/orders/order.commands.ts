import type { CommandMetadata } from '../shared/decider.js';
import type { OrderCustomer, OrderItem } from './order.events.js';

/** An item as the ordering app sends it, with the product and the customer's price looked up by the API. */
export type OrderItemInput = Omit<OrderItem, 'lineNo'>;

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

/** Per-item review (spec 001 §5): a rejection, a new price or a new quantity, each with an optional note. */
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
  CancelOrder | RejectOrder | ReviewOrderItem | AddOrderNote | MarkOrderInvoiced | MarkOrderDelivered;
