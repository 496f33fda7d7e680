import { invoiceGroups } from '#domain/orders/order-lines';
import type { OrderItemResponse, OrderResponse } from '#domain/contracts/order.contract';

/** An order line with what is left of it to invoice. */
export interface LineLeft {
  item: OrderItemResponse;
  left: number;
}

/** The order's lines that still have units to invoice (accepted, less what its invoices took), in order. */
export function linesLeft(order: Pick<OrderResponse, 'orderItems'>): LineLeft[] {
  return order.orderItems
    .map((item) => ({ item, left: item.is_rejected ? 0 : item.qty - (item.invoiced_qty ?? 0) }))
    .filter((line) => line.left > 0);
}

/**
 * The invoices Create Invoice makes of what is left of the order: beer on its own invoice, the rest on another
 * (one group when the order does not mix them).
 */
export const orderInvoiceGroups = (order: Pick<OrderResponse, 'orderItems'>) =>
  invoiceGroups(linesLeft(order).map((line) => ({ ...line, type: line.item.product.product_type })));

/** The body of `POST /invoice` for one group of an order's lines, at their reviewed prices. */
/**
 * The customer's own notes on an order (delivery instructions, say), for the invoice's internal company note; '' when
 * the customer wrote none. The distributor's notes stay on the order.
 */
export function orderNoteForInvoice(order: Pick<OrderResponse, 'note' | 'order_number'>): string {
  const notes = order.note
    .filter((note) => note.company_user_id === null && note.note.trim() !== '')
    .map((note) => note.note.trim());
  return notes.length > 0 ? `Note on order #${order.order_number}: ${notes.join(' / ')}` : '';
}

export function orderInvoiceBody(order: OrderResponse, lines: readonly LineLeft[]) {
  const companyNote = orderNoteForInvoice(order);
  return {
    customer_id: order.customerUser.customer.id,
    order_id: order.id,
    ...(companyNote ? { company_note: companyNote } : {}),
    items: lines.map(({ item, left }) => ({
      product_id: item.product_id,
      qty: left,
      price: item.price,
      taxable: true,
    })),
  };
}

/** The number part of an invoice number ('12B' → 12, 'C7-12' → 12), as the invoice list's number range reads it. */
const numberPart = (number: string): number | null => {
  const match = /(\d+)B?$/i.exec(number.trim());
  return match ? Number(match[1]) : null;
};

/** The invoice list filtered to these invoices' number range, or null when fewer than two. */
export function invoiceRangeLink(numbers: readonly string[]): string | null {
  const parts = numbers.map(numberPart).filter((n): n is number => n !== null);
  if (parts.length < 2) return null;
  return `/invoice?numberFrom=${Math.min(...parts)}&numberTo=${Math.max(...parts)}`;
}
