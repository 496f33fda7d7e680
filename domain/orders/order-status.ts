/** Order statuses and their labels (as the client's specification asks). */
export const ORDER_STATUSES = [
  'draft',
  'placed',
  'cancelled',
  'rejected',
  'invoiced',
  'partially_invoiced',
  'delivered',
] as const;

export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const ORDER_STATUS_LABELS: Readonly<Record<OrderStatus, string>> = {
  draft: 'Draft',
  placed: 'Placed',
  cancelled: 'Cancelled',
  rejected: 'Rejected',
  invoiced: 'Invoiced',
  partially_invoiced: 'Partially Invoiced',
  delivered: 'Delivered',
};

export function isOrderStatus(value: unknown): value is OrderStatus {
  return typeof value === 'string' && (ORDER_STATUSES as readonly string[]).includes(value);
}
