import { lineTaxCents, lineTotalCents, totalsOf } from '#domain/invoices/invoice.rules';
import type { InvoiceTotals } from '#domain/invoices/invoice.events';
import type { CartLine } from './shop-session';

/**
 * The cart's subtotal, tax and total as its invoice will add them: the invoice's own rules (invoice.rules.ts), line
 * total = price × qty in cents, tax per line at the distributor's rate rounded per line, summed. An invoice made
 * from an order taxes every line (the office can untick one), so every cart line counts as taxable.
 */
export function cartTotals(
  lines: readonly Pick<CartLine, 'price' | 'qty'>[],
  taxRatePercent: number,
): InvoiceTotals {
  const rateBasisPoints = Math.round(taxRatePercent * 100);
  return totalsOf(
    lines.map((line) => {
      const totalCents = lineTotalCents(Math.round(line.price * 100), line.qty);
      return { totalCents, taxCents: lineTaxCents(totalCents, true, rateBasisPoints) };
    }),
  );
}
