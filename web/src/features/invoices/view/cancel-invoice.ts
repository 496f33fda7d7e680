import { formatMoney } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import { stampCount, stampRangeLabel } from './invoice-display';

type CancelledStamps = Pick<Invoice, 'stamps'>;

/** The stamps a cancel frees for other invoices: all but those of returned bottles the invoice carries again. */
export const freedByCancel = (stamps: CancelledStamps['stamps']) => stamps.filter((r) => !r.returned_bottles);

const countOf = (stamps: CancelledStamps['stamps']) => stamps.reduce((sum, r) => sum + r.count, 0);

/**
 * What cancelling an invoice does, in the words its confirmation uses: its stamps go back to their rolls for other
 * invoices (named by range), except those of returned bottles it carried again, which stay in stock on their
 * bottles; and what was paid becomes the customer's credit.
 */
export function cancelConsequences(invoice: Pick<Invoice, 'stamps' | 'paid'>): string[] {
  const sentences: string[] = [];
  const freed = freedByCancel(invoice.stamps);
  const kept = invoice.stamps.filter((r) => r.returned_bottles);
  if (freed.length > 0) {
    const ranges = freed.map(stampRangeLabel).join(', ');
    const n = countOf(freed);
    sentences.push(
      `Its ${stampCount(n)} (${ranges}) ${n === 1 ? 'goes' : 'go'} back to the rolls for other invoices.`,
    );
  }
  if (kept.length > 0) {
    const n = countOf(kept);
    const ranges = kept.map(stampRangeLabel).join(', ');
    sentences.push(
      `The ${n === 1 ? 'returned bottle' : `${n} returned bottles`} it carries again stay in stock with their ` +
        `stamps (${ranges}), for the next invoice of the product.`,
    );
  }
  if (invoice.paid > 0) {
    sentences.push(
      `Its payments of ${formatMoney(invoice.paid)} become the customer's credit: apply it to another invoice or ` +
        "refund it from the customer's page.",
    );
  }
  return sentences;
}

/**
 * What taking an invoice out of Cancelled does to the money its cancellation moved: it stays the customer's credit
 * (the invoice owes its total again), to be applied to it from the customer's page.
 */
export function uncancelConsequences(invoice: Pick<Invoice, 'credited_to_account'>): string[] {
  if (invoice.credited_to_account <= 0) return [];
  return [
    `Its payments of ${formatMoney(invoice.credited_to_account)} stay the customer's credit, and the invoice owes ` +
      "its total again: apply the credit to it from the customer's page.",
  ];
}
