import type { CommandMetadata } from '../shared/decider.js';

/** One credited line as asked: the invoice line and the quantity. */
export interface CreditLineInput {
  lineNo: number;
  qty: number;
}

/** Issue a credit memo on an invoice: lines for goods, or an amount (pricing error, other). */
export interface IssueCreditMemo {
  type: 'IssueCreditMemo';
  data: {
    creditMemoId: string;
    invoiceId: string;
    reason: string;
    note: string;
    lines: CreditLineInput[];
    amountCents: number | null;
    timeZone: string;
  };
  metadata: CommandMetadata;
}

export interface VoidCreditMemo {
  type: 'VoidCreditMemo';
  data: { creditMemoId: string; invoiceId: string; reason: string };
  metadata: CommandMetadata;
}
