/** Invoice statuses and their labels (as the client's specification asks). Companies choose one as the status new invoices start at. */
export const INVOICE_STATUSES = [
  'cancelled',
  'draft',
  'invoiced',
  'delivered',
  'payment_due_soon',
  'payment_due',
  'paid',
  'partially_paid',
] as const;

export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

export const INVOICE_STATUS_LABELS: Readonly<Record<InvoiceStatus, string>> = {
  cancelled: 'Cancelled',
  draft: 'Draft',
  invoiced: 'Invoiced',
  delivered: 'Delivered',
  payment_due_soon: 'Due Soon',
  payment_due: 'Due',
  paid: 'Paid',
  partially_paid: 'Partially Paid',
};

export function isInvoiceStatus(value: unknown): value is InvoiceStatus {
  return typeof value === 'string' && (INVOICE_STATUSES as readonly string[]).includes(value);
}
