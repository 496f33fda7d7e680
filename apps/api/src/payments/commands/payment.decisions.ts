import { invoiceDecider, type InvoiceStreamCommand } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/** A payment logged, changed or deleted: the invoice's stream; the answer waits for the payment read models. */
export function paymentDecision(invoiceId: string, command: InvoiceStreamCommand) {
  return declareDecision({
    streams: { invoice: streamDecision(invoiceStream(invoiceId), invoiceDecider) },
    decide: ({ invoice }) => ({ invoice: invoiceDecider.decide(command, invoice) }),
    waitFor: WAITS_FOR.payment,
  });
}
