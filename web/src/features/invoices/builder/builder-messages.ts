import { INVOICE_MESSAGES } from '#domain/invoices/invoice.errors';

/** The builder's texts: the client's specification quoted exactly; the rest ours. */
export const BUILDER_MESSAGES = {
  saveFailed: 'Something Went Wrong',
  unreachable: 'The server could not be reached. Your invoice is still here: try again.',
  stampRollMissing: INVOICE_MESSAGES.stampRollMissing,
  noLastInvoice: 'No invoice found - Sorry you have no previous invoices for this customer',
  replicateFailed: 'Error Replicating Last Invoice',
  customerRequired: INVOICE_MESSAGES.customerRequired,
  itemsRequired: INVOICE_MESSAGES.itemsRequired,
  fixLines: 'Check the quantity and price of the items marked in red.',
  cancelled: 'A cancelled invoice cannot be edited. Change its status first.',
  replaceOnlyCancelled:
    'Only a cancelled invoice can be replaced, and only once: replace the replacement if it is wrong too.',
  notFound: 'Invoice not found',
  loadFailed: 'Sorry, something went wrong!',
  dueOnDelivery: 'Due on delivery',
  leaveTitle: 'Leave without saving?',
  leaveText: 'The items on this invoice are not saved yet. Leave and lose them, or stay and save.',
} as const;

/** One idempotency key per submit (a retried or double-clicked save creates one invoice). */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
