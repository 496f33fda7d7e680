import type { OrderStatus } from '../orders/order-status.js';

/*
 * What /order, /customer/…/user and the ordering app (/shop) answer and take (money in dollars). Types only: the web build imports this file too.
 */

/** The client's specification's Order item, with its review. */
export interface OrderItemResponse {
  line: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string; upc: string | null };
  qty: number;
  price: number;
  total: number;
  is_rejected: boolean;
  rejection_note: string;
  is_added: boolean;
  /** The reviewed quantity when changed, else null; previous_qty is what the customer ordered. */
  new_qty: number | null;
  previous_qty: number | null;
  qty_change_note: string;
  new_price: number | null;
  previous_price: number | null;
  price_change_note: string;
  /** Units of this line already on the order's invoices (a product's invoiced units count against its lines in
   * order); what is left to invoice is qty less this, for an accepted line. */
  invoiced_qty: number;
}

export interface OrderNoteResponse {
  note: string;
  created_at: string;
  /** The distributor's user who wrote it ('From Distributor'), or null for the customer's note. */
  company_user_id: string | null;
}

export interface OrderResponse {
  id: string;
  order_number: number;
  status: OrderStatus;
  status_label: string;
  created_at: string;
  ordered_at: string;
  updated_at: string;
  total: number;
  units: number;
  note: OrderNoteResponse[];
  orderItems: OrderItemResponse[];
  invoices: { id: string; number: string }[];
  customerUser: {
    id: string;
    name: string;
    customer: { id: string; name: string; address: string; city: string; state: string; zip: string };
  };
  company: { id: string; name: string };
}

/** GET /order/{number}: the order and its reviewed items (as the client's specification asks). */
export interface OrderDetailResponse {
  order: OrderResponse;
  modifiedOrderItems: OrderItemResponse[];
}

/** One row of GET /order/grid. */
export interface OrderGridRow {
  id: string;
  order_number: number;
  status: OrderStatus;
  created_at: string;
  customer_id: string;
  customer: string;
  customer_address: string;
  /** false: the customer was removed ('Deleted Customer'). */
  customer_exists: boolean;
  units: number;
  total: number;
  invoices: { id: string; number: string }[];
}

export interface OrderCountResponse {
  count: number;
}

/** PUT /order/{id}: a status change (Cancelled, Rejected, Delivered) and/or a note from the distributor. */
export interface UpdateOrderBody {
  status?: 'cancelled' | 'rejected' | 'delivered';
  note?: string;
}

/** PUT /order/{id}/item/{line}: one review of one item. */
export interface ReviewOrderItemBody {
  action: 'reject' | 'price' | 'qty';
  price?: number | string;
  qty?: number;
  note?: string;
}

/** The client's specification: the access column. */
export type CustomerUserAccess = 'Enabled' | 'Disabled' | 'Revoked' | '';

/** The client's specification's Customer user. */
export interface CustomerUserResponse {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  tabc_id: string | null;
  is_enable: boolean;
  revoked: boolean;
  access: CustomerUserAccess;
  invited_at: string;
  created_at: string;
  signed_in_at: string | null;
  app_notification: boolean;
  email_notification: boolean;
  sms_notification: boolean;
  customer: { id: string; name: string };
  /** Their newest sign-ins to the ordering app, newest first (at most 5). */
  userActivity: CustomerUserActivity[];
  /** Their invitation e-mails, newest first (at most 5). */
  emailInvitation: CustomerUserEmailInvitation[];
}

/** A sign-in of a customer user: when, and when that session ended (signed out, or access taken away). */
export interface CustomerUserActivity {
  type: 'SIGN_IN';
  created_at: string;
  ended_at: string | null;
}

/** An invitation e-mail of a customer user: pending until accepted, revoked or expired. */
export interface CustomerUserEmailInvitation {
  status: 'pending' | 'accepted' | 'expired' | 'revoked';
  created_at: string;
  expires_at: string;
  used_at: string | null;
  revoked_at: string | null;
}

/** POST /customer/user-invitation. */
export interface InviteCustomerUserBody {
  values: { name: string; email: string; tabc_id?: string | null };
  customer: string;
}

export interface InviteCustomerUserResponse {
  user: CustomerUserResponse;
  /** The https link (the e-mail carries it; the screen copies it). */
  link: string;
}

/** The signed-in customer user (GET /shop/me). */
export interface ShopMeResponse {
  id: string;
  name: string;
  email: string;
  customer: { id: string; name: string; address: string; city: string; state: string; zip: string };
  /** `tax_rate`: the distributor's tax rate in percent (8.25), what its invoices add on taxable lines. */
  company: { id: string; name: string; subdomain: string | null; tax_rate: number };
}

/** One product of the catalogue at the customer's price. */
export interface ShopProductResponse {
  id: string;
  product: string;
  product_size: string;
  product_type: string;
  upc: string | null;
  price: number;
}

export interface ShopInvoiceResponse {
  id: string;
  number: string;
  status: string;
  invoiced_at: string;
  due_at: string | null;
  total: number;
}

/** POST /shop/order. */
export interface PlaceOrderBody {
  items: { product_id: string; qty: number }[];
  note?: string;
}

/** GET /shop/company/{subdomain}: the distributor a shop address names (the sign-in page shows it). */
export interface ShopCompanyResponse {
  name: string;
  subdomain: string;
}

/**
 * A draft of the ordering app (as the client's specification asks): the customer's own cart saved for later, without a number or
 * prices (it is priced and numbered when placed). `status`: draft, cancelled, or placed (then it is an order).
 */
export interface ShopDraftResponse {
  id: string;
  status: 'draft' | 'cancelled' | 'placed';
  status_label: string;
  created_at: string;
  updated_at: string;
  units: number;
  note: string;
  items: ShopDraftItemResponse[];
  /** Who saved it last. */
  customerUser: { id: string; name: string };
}

export interface ShopDraftItemResponse {
  line: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string; upc: string | null };
  qty: number;
}

/**
 * GET /shop/order/draft/{id}: the draft with this customer's price of each product today (null: no longer offered),
 * what the cart shows when the draft is opened. The order is priced again when it is placed.
 */
export interface ShopDraftDetailResponse extends ShopDraftResponse {
  items: (ShopDraftItemResponse & { price: number | null })[];
  /** Today's total of the items still offered. */
  total: number;
}

/** POST /shop/order/draft and PUT /shop/order/draft/{id}: the cart saved as a draft. */
export interface SaveOrderDraftBody {
  items: { product_id: string; qty: number }[];
  note?: string;
}

/** POST /shop/order/draft/{id}/place: the draft as saved, or the cart it was opened into (`items`, `note`). */
export interface PlaceOrderDraftBody {
  items?: { product_id: string; qty: number }[];
  note?: string;
}
