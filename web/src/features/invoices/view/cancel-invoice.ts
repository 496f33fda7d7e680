import { formatMoney } from '../../../shared/format';
import type { Invoice } from '../invoices.api';
import { stampCount, stampRangeLabel } from './invoice-display';

/**
 * What cancelling an invoice does, in the words its confirmation uses: its stamps are released to their rolls for
 * other invoices (named by range), and what was paid stays recorded on the cancelled invoice — it is neither moved to
 * another invoice nor counted as a credit on the customer's balance (the balance counts only open invoices).
 */
export function cancelConsequences(invoice: Pick<Invoice, 'stamps' | 'stamp_count' | 'paid'>): string[] {
  const sentences: string[] = [];
  if (invoice.stamp_count > 0) {
    const ranges = invoice.stamps.map(stampRangeLabel).join(', ');
    sentences.push(
      `Its ${stampCount(invoice.stamp_count)} (${ranges}) go back to the rolls for other invoices.`,
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
