import type { IssueCreditMemo, VoidCreditMemo } from '#domain/credits/credit-memo.commands.js';
import { issueCreditMemoWithStamps, voidCreditMemoWithStamps } from '#domain/credits/credit-memo-stamps.js';
import { creditMemoNumbersDecider, creditMemoNumbersStream } from '#domain/credits/credit-memo-numbers.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/** The streams stamps follow goods on: the company's stamp ledger and the invoice's stamp holding. */
const stampStreams = (companyId: string, invoiceId: string) => ({
  stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
  holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
});

/**
 * A credit memo issued: the memo on its invoice's stream (where what it may credit is decided), its number on
 * the company's credit-memo series, and the stamps of its liquor bottles on the stamp ledger and off the invoice's
 * holding, in one atomic append; memos of one company are grouped as invoices are. `heldBefore`: the invoice's
 * stamps from the stamp log when its holding recorded nothing yet.
 */
export function issueCreditMemoDecision(command: IssueCreditMemo, heldBefore: readonly StampRange[]) {
  const { companyId } = command.metadata;
  return declareDecision({
    streams: {
      numbers: streamDecision(creditMemoNumbersStream(companyId), creditMemoNumbersDecider),
      invoice: streamDecision(invoiceStream(command.data.invoiceId), invoiceDecider),
      ...stampStreams(companyId, command.data.invoiceId),
    },
    together: `credit-memo-issue:${companyId}`,
    decide: (states) => issueCreditMemoWithStamps({ ...states, heldBefore }, command),
    waitFor: WAITS_FOR.creditMemo,
  });
}

/** A credit memo voided: its invoice's stream, and its goods' stamps back on the invoice. */
export function voidCreditMemoDecision(command: VoidCreditMemo, heldBefore: readonly StampRange[]) {
  return declareDecision({
    streams: {
      invoice: streamDecision(invoiceStream(command.data.invoiceId), invoiceDecider),
      ...stampStreams(command.metadata.companyId, command.data.invoiceId),
    },
    decide: (states) => voidCreditMemoWithStamps({ ...states, heldBefore }, command),
    waitFor: WAITS_FOR.creditMemo,
  });
}
