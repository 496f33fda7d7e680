import type { GoodsStampReturn } from '../stamps/stamp.events.js';
import type { CreditMemoEvent, CreditReason } from './credit-memo.events.js';

/**
 * The credits part of an invoice's state: every memo issued on it, void ones marked. What a new memo may still
 * credit is read from here (credited quantity and tax per line, credited money), and the invoice's balance is its
 * total less payments less the money of its memos that are not void.
 */
export interface InvoiceCredit {
  id: string;
  number: string;
  reason: CreditReason;
  lines: { lineNo: number; qty: number; totalCents: number; taxCents: number }[];
  totalCents: number;
  voided: boolean;
  /** The stamps that came back on its bottles (a void gives them back to the invoice). */
  stamps?: GoodsStampReturn[];
}

/** The credits part of the invoice fold (invoice.state.ts calls it for credit-memo events). */
export function evolveCredits(credits: readonly InvoiceCredit[], event: CreditMemoEvent): InvoiceCredit[] {
  switch (event.type) {
    case 'CreditMemoIssued': {
      const { creditMemoId, number, reason, lines, totals } = event.data;
      if (credits.some((credit) => credit.id === creditMemoId)) return [...credits];
      return [
        ...credits,
        {
          id: creditMemoId,
          number: number.display,
          reason,
          lines: lines.map(({ lineNo, qty, totalCents, taxCents }) => ({
            lineNo,
            qty,
            totalCents,
            taxCents,
          })),
          totalCents: totals.totalCents,
          voided: false,
          ...(event.data.stamps?.length ? { stamps: event.data.stamps } : {}),
        },
      ];
    }
    case 'CreditMemoVoided':
      return credits.map((credit) =>
        credit.id === event.data.creditMemoId ? { ...credit, voided: true } : credit,
      );
  }
}

const counting = (credits: readonly InvoiceCredit[] | undefined) => (credits ?? []).filter((c) => !c.voided);

/** The money credited by the memos that are not void. */
export const creditedCents = (credits: readonly InvoiceCredit[] | undefined): number =>
  counting(credits).reduce((sum, credit) => sum + credit.totalCents, 0);

/** What the memos that are not void credited of one invoice line: its quantity and its tax. */
export function creditedOfLine(
  credits: readonly InvoiceCredit[] | undefined,
  lineNo: number,
): { qty: number; taxCents: number } {
  let qty = 0;
  let taxCents = 0;
  for (const credit of counting(credits))
    for (const line of credit.lines)
      if (line.lineNo === lineNo) {
        qty += line.qty;
        taxCents += line.taxCents;
      }
  return { qty, taxCents };
}
