import type { IssueCreditMemo, VoidCreditMemo } from '#domain/credits/credit-memo.commands.js';
import { issueCreditMemo, voidCreditMemo } from '#domain/credits/credit-memo.decide.js';
import { creditMemoNumbersDecider, creditMemoNumbersStream } from '#domain/credits/credit-memo-numbers.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * A credit memo issued: the memo on its invoice's stream (where what it may credit is decided) and its number on
 * the company's credit-memo series, in one atomic append; memos of one company are grouped as invoices are.
 */
export function issueCreditMemoDecision(command: IssueCreditMemo) {
  return declareDecision({
    streams: {
      numbers: streamDecision(creditMemoNumbersStream(command.metadata.companyId), creditMemoNumbersDecider),
      invoice: streamDecision(invoiceStream(command.data.invoiceId), invoiceDecider),
    },
    together: `credit-memo-issue:${command.metadata.companyId}`,
    decide: (states) => issueCreditMemo(states, command),
    waitFor: WAITS_FOR.creditMemo,
  });
}

/** A credit memo voided: its invoice's stream. */
export function voidCreditMemoDecision(command: VoidCreditMemo) {
  return declareDecision({
    streams: { invoice: streamDecision(invoiceStream(command.data.invoiceId), invoiceDecider) },
    decide: ({ invoice }) => ({ invoice: voidCreditMemo(invoice, command) }),
    waitFor: WAITS_FOR.creditMemo,
  });
}
