import type { OrderResponse, ShopProductResponse } from './order.contract.js';

/*
 * What the ordering app (/shop) answers for a customer's past orders and invoices, its balance and its usual
 * products (money in dollars, business dates yyyy-MM-dd). Types only: the web build imports this file too.
 */

/**
 * One product of a past order or invoice, as Order again puts it into the cart: the quantity ordered (summed over
 * the lines naming the product, rejected lines left out) and this customer's price today, null when the product is
 * no longer offered (archived or removed).
 */
export interface ShopReorderLine {
  product_id: string;
  product: string;
  product_size: string;
  product_type: string;
  qty: number;
  price: number | null;
}

/** GET /shop/order/{id}: one of the customer's orders, and what Order again would put into the cart. */
export interface ShopOrderDetailResponse {
  order: OrderResponse;
  reorder: ShopReorderLine[];
}

/** One line of an invoice as its customer sees it (no cost, no stamps). */
export interface ShopInvoiceLineResponse {
  line: number;
  product_id: string;
  product: { id: string; product: string; product_size: string; product_type: string };
  qty: number;
  price: number;
  taxable: boolean;
  total: number;
  tax: number;
  /** The order review the line keeps (null: not changed). */
  previous_qty: number | null;
  previous_price: number | null;
  qty_change_note: string;
  price_change_note: string;
}

/** GET /shop/invoice/{id}: one of the customer's invoices, and what Order again would put into the cart. */
export interface ShopInvoiceDetailResponse {
  id: string;
  number: string;
  /** The status every screen shows (an open invoice past its due date is 'payment_due'). */
  status: string;
  status_label: string;
  invoiced_at: string;
  due_at: string | null;
  due_on_delivery: boolean;
  note: string;
  /** Percent, e.g. 8.25. */
  tax_rate: number;
  sub_total: number;
  tax_total: number;
  total: number;
  paid: number;
  /** What is left to pay, never below 0. */
  remaining: number;
  items: ShopInvoiceLineResponse[];
  reorder: ShopReorderLine[];
}

/** GET /shop/balance: what the customer owes on its open invoices, and the part past its due date. */
export interface ShopBalanceResponse {
  owing: number;
  overdue: number;
  open_invoices: number;
  overdue_invoices: number;
}

/** GET /shop/catalogue/usual: the products this customer was invoiced most in the last USUAL_DAYS days. */
export type ShopUsualResponse = ShopProductResponse[];

/** How far back "Your usual" looks, and how many products it lists at most. */
export const USUAL_DAYS = 90;
export const USUAL_LIMIT = 12;
