import { creditMemoNumbersDecider, creditMemoNumbersStream } from '#domain/credits/credit-memo-numbers.js';
import {
  deliverInvoice,
  versionedInvoiceDecider,
  type DeliverInvoice,
} from '#domain/invoices/invoice-delivered.decide.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream, type StampRange } from '#domain/stamps/stamp.events.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * An invoice delivered: on its own stream (read with its version) the credit memos of what came back, the payments
 * taken and the proof of delivery; the memos' numbers on the credit-memo series and their liquor stamps on the stamp
 * ledger and off the invoice's holding, all in one append, grouped with the company's credit memos (they share the
 * number series). `heldBefore`: the invoice's stamps from the stamp log when its holding recorded nothing yet.
 */
export function deliverInvoiceDecision(command: DeliverInvoice, heldBefore: readonly StampRange[]) {
  const { companyId } = command.metadata;
  const { invoiceId } = command.data;
  return declareDecision({
    streams: {
      invoice: streamDecision(invoiceStream(invoiceId), versionedInvoiceDecider),
      numbers: streamDecision(creditMemoNumbersStream(companyId), creditMemoNumbersDecider),
      stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
      holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
    },
    together: `credit-memo-issue:${companyId}`,
    decide: (states) => deliverInvoice({ ...states, heldBefore }, command),
    waitFor: WAITS_FOR.delivery,
  });
}
