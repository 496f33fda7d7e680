import type { CreditMemoNumberEvent } from './credit-memo-numbers.js';
import { evolve as evolveNumbers, initialState as noNumbers } from './credit-memo-numbers.js';
import type { IssueCreditMemo, VoidCreditMemo } from './credit-memo.commands.js';
import { issueCreditMemo, voidCreditMemo } from './credit-memo.decide.js';
import {
  aCreate,
  aDraft,
  aWorld,
  beer,
  create,
  liquor,
  metadata,
  wine,
} from '../invoices/invoice.fixtures.js';
import type { InvoiceStreamEvent } from '../invoices/invoice.state.js';
import {
  evolve as evolveInvoice,
  initialState as noInvoice,
  type Invoice,
} from '../invoices/invoice.state.js';

/**
 * Builders for credit-memo tests. inv-1 (liquor and wine, number 1): line 1 TITOS VODKA 3 × 19.99 taxable, line 2
 * BAREFOOT MERLOT 2 × 8.99 taxable; 8.25 % tax; total $84.38. inv-2 (beer, number 2B): line 1 SHINER BOCK 12PK
 * 4 × 14.50; total $62.79.
 */
export { metadata, NOW } from '../invoices/invoice.fixtures.js';

export function invoiceEvents(): { liquor: InvoiceStreamEvent[]; beer: InvoiceStreamEvent[] } {
  const world = aWorld();
  create(world, aCreate([aDraft({ invoiceId: 'inv-1', lines: [liquor(3), wine(2)] })]));
  create(world, aCreate([aDraft({ invoiceId: 'inv-2', lines: [beer(4)], fingerprint: 'fp-2' })]));
  return { liquor: world.invoices['inv-1']!, beer: world.invoices['inv-2']! };
}

export const anIssue = (overrides: Partial<IssueCreditMemo['data']> = {}): IssueCreditMemo => ({
  type: 'IssueCreditMemo',
  data: {
    creditMemoId: 'cm-1',
    invoiceId: 'inv-1',
    reason: 'delivered_damaged',
    note: '',
    lines: [{ lineNo: 1, qty: 2 }],
    amountCents: null,
    timeZone: 'America/Chicago',
    ...overrides,
  },
  metadata,
});

export const aVoid = (overrides: Partial<VoidCreditMemo['data']> = {}): VoidCreditMemo => ({
  type: 'VoidCreditMemo',
  data: { creditMemoId: 'cm-1', invoiceId: 'inv-1', reason: 'Issued on the wrong invoice', ...overrides },
  metadata,
});

export const invoiceAfter = (events: InvoiceStreamEvent[]): Invoice =>
  events.reduce(evolveInvoice, noInvoice());

/** given(the invoice's events, the number series' events).when(a command): what the decision appends. */
export function given(invoice: InvoiceStreamEvent[], numbers: CreditMemoNumberEvent[] = []) {
  return {
    whenIssued: (command: IssueCreditMemo) =>
      issueCreditMemo(
        { numbers: numbers.reduce(evolveNumbers, noNumbers()), invoice: invoiceAfter(invoice) },
        command,
      ),
    whenVoided: (command: VoidCreditMemo) => voidCreditMemo(invoiceAfter(invoice), command),
  };
}

/** Issues a memo on the events and answers them with the memo's events appended (as the store would). */
export function withIssued(
  invoice: InvoiceStreamEvent[],
  numbers: CreditMemoNumberEvent[],
  command: IssueCreditMemo,
): { invoice: InvoiceStreamEvent[]; numbers: CreditMemoNumberEvent[] } {
  const decided = given(invoice, numbers).whenIssued(command);
  return { invoice: [...invoice, ...decided.invoice], numbers: [...numbers, ...decided.numbers] };
}
