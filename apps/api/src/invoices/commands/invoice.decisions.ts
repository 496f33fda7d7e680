import type {
  DeleteInvoice,
  InvoiceDraft,
  InvoiceSettings,
  ReviseInvoice,
} from '#domain/invoices/invoice.commands.js';
import { replaceHeldInvoice, reviseHeldInvoice } from '#domain/invoices/invoice.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { invoiceNumbersDecider, invoiceNumbersStream } from '#domain/invoices/invoice-numbers.js';
import { decideInvoiceCreation } from '#domain/orders/order-invoicing.js';
import { orderDecider } from '#domain/orders/order.decide.js';
import { orderStream } from '#domain/orders/order.events.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import { stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { creditCancelledPayments, keepAccountCustomer } from '#domain/accounts/customer-account.decide.js';
import { customerAccountStream } from '#domain/accounts/customer-account.events.js';
import { customerAccountDecider } from '#domain/accounts/customer-account.state.js';
import { declareDecision, streamDecision } from '#engine';
import { WAITS_FOR } from '../../read-your-writes.js';

/**
 * The invoice writes, declared: the streams each decides over, its domain decision, the group its decisions are
 * appended with, and the read models its answer waits for. The handlers build the drafts and run these.
 */

/** The streams a new invoice takes: the company's numbers and stamp ledger, the invoice and its stamp holding. */
const newInvoiceStreams = (companyId: string, invoiceId: string) => ({
  numbers: streamDecision(invoiceNumbersStream(companyId), invoiceNumbersDecider),
  stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
  invoice: streamDecision(invoiceStream(invoiceId), invoiceDecider),
  holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
});

/**
 * POST /invoice: one invoice, and the order it is made from when there is one (the order's stream joins the atomic
 * append, so the invoice names the order, the order names the invoice, and a second click creates nothing).
 * Creations of the company that arrive while one is appended are decided after it and appended together.
 */
export function createInvoiceDecision(
  draft: InvoiceDraft,
  settings: InvoiceSettings,
  orderId: string | undefined,
  metadata: CommandMetadata,
) {
  const streams = {
    ...newInvoiceStreams(metadata.companyId, draft.invoiceId),
    ...(orderId ? { order: streamDecision(orderStream(orderId), orderDecider) } : {}),
  };
  return declareDecision({
    streams,
    together: `invoice-create:${metadata.companyId}`,
    decide: (states) =>
      decideInvoiceCreation(states, {
        type: 'CreateInvoices',
        data: {
          drafts: [draft],
          settings,
          orderIds: orderId ? [orderId] : [],
          ...(orderId ? { orderId } : {}),
        },
        metadata,
      }),
    waitFor: orderId ? WAITS_FOR.orderInvoice : WAITS_FOR.invoice,
  });
}

/**
 * PUT /invoice/{id}: the invoice, the stamp ledger (kept, allocated, released) and the invoice's holding; and its
 * customer's account, where the payments of an invoice cancelled with payments become the customer's credit.
 */
export function reviseInvoiceDecision(
  data: ReviseInvoice['data'],
  heldBefore: readonly StampRange[],
  customerId: string,
  metadata: CommandMetadata,
) {
  return declareDecision({
    streams: {
      invoice: streamDecision(invoiceStream(data.invoiceId), invoiceDecider),
      stamps: streamDecision(stampsStream(metadata.companyId), stampLedgerDecider),
      holding: streamDecision(stampHoldingStream(data.invoiceId), stampHoldingDecider),
      account: streamDecision(customerAccountStream(customerId), customerAccountDecider),
    },
    decide: ({ account: _account, ...states }) => {
      const revised = reviseHeldInvoice({ ...states, heldBefore }, { type: 'ReviseInvoice', data, metadata });
      keepAccountCustomer(states.invoice, revised.invoice);
      const moved = creditCancelledPayments(
        states.invoice,
        revised.invoice,
        customerId,
        data.settings.timeZone,
        metadata.now,
      );
      return { ...revised, invoice: [...revised.invoice, ...moved.invoice], account: moved.account };
    },
    waitFor: WAITS_FOR.invoiceRevision,
  });
}

/** POST /invoice/{id}/replace: the cancelled invoice names its replacement, created as any new invoice. */
export function replaceInvoiceDecision(
  cancelledId: string,
  draft: InvoiceDraft,
  settings: InvoiceSettings,
  metadata: CommandMetadata,
) {
  return declareDecision({
    streams: {
      cancelled: streamDecision(invoiceStream(cancelledId), invoiceDecider),
      ...newInvoiceStreams(metadata.companyId, draft.invoiceId),
    },
    decide: (states) =>
      replaceHeldInvoice(states, {
        type: 'ReplaceInvoice',
        data: { cancelledId, draft, settings },
        metadata,
      }),
    waitFor: WAITS_FOR.invoice,
  });
}

/** DELETE /invoice/{number}: the invoice's own stream (a cancelled invoice, deleted by an owner). */
export function deleteInvoiceDecision(command: DeleteInvoice) {
  return declareDecision({
    streams: { invoice: streamDecision(invoiceStream(command.data.invoiceId), invoiceDecider) },
    decide: ({ invoice }) => ({ invoice: invoiceDecider.decide(command, invoice) }),
    waitFor: WAITS_FOR.invoice,
  });
}
