import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { invoiceNumbersDecider, invoiceNumbersStream } from '#domain/invoices/invoice-numbers.js';
import { replaceInvoice } from '#domain/invoices/invoice.decide.js';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { businessDate } from '#domain/shared/business-date.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { holdingChanges, stampHoldingDecider, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { EventAppender, streamDecision } from '#engine';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { fingerprintOf, invoiceIdFor, InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { stampRange } from './create-invoice.handler.js';
import { ReplaceInvoiceCommand } from './replace-invoice.command.js';

/**
 * POST /invoice/{id}/replace (corrections by event): the builder's body, saved as a new invoice (next
 * number, stamps allocated) that names the cancelled one, while the cancelled one records InvoiceReplaced, all in
 * one atomic append over the two invoice streams, the number stream and the stamp ledger. Another company's invoice,
 * or a deleted one, is 404; an invoice not cancelled, or replaced already, 409. No duplicate check: the replacement
 * is meant to look like the invoice it replaces, which is cancelled.
 */
@CommandHandler(ReplaceInvoiceCommand)
export class ReplaceInvoiceHandler implements ICommandHandler<ReplaceInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  async execute({
    metadata,
    idOrNumber,
    body,
    idempotencyKey,
  }: ReplaceInvoiceCommand): Promise<InvoiceResponse> {
    const { companyId } = metadata;
    const cancelled = await this.reader.row(companyId, idOrNumber);
    const invoiceId = invoiceIdFor(companyId, metadata.userId, idempotencyKey);
    const known = await this.context.forNewInvoice(companyId, body.customer_id, invoiceId);
    if (known.exists) return this.reader.read(companyId, invoiceId);

    const { company } = known;
    const settings = this.context.settings(company);
    const customer = known.customer();
    const lines = await this.context.lines(companyId, customer.id, body.items);
    const draft = {
      invoiceId,
      customer,
      lines,
      invoicedOn: body.invoiced_at ?? businessDate(metadata.now, settings.timeZone),
      dueOn: body.due_at || null,
      note: body.note ?? company.details.defaultInvoiceNote,
      companyNote: body.company_note ?? '',
      logoId: this.context.logo(company, body.logo_id) ?? company.defaultLogoId,
      fingerprint: fingerprintOf(customer.id, lines),
      ...(body.stamps ? { stampRanges: body.stamps.map(stampRange) } : {}),
    };
    const { events } = await this.events.decideMany(
      {
        cancelled: streamDecision(invoiceStream(cancelled.id), invoiceDecider),
        numbers: streamDecision(invoiceNumbersStream(companyId), invoiceNumbersDecider),
        stamps: streamDecision(stampsStream(companyId), stampLedgerDecider),
        invoice: streamDecision(invoiceStream(invoiceId), invoiceDecider),
        holding: streamDecision(stampHoldingStream(invoiceId), stampHoldingDecider),
      },
      (states) => {
        const decided = replaceInvoice(
          {
            cancelled: states.cancelled,
            numbers: states.numbers,
            stamps: states.stamps,
            invoice: states.invoice,
          },
          { type: 'ReplaceInvoice', data: { cancelledId: cancelled.id, draft, settings }, metadata },
        );
        return {
          ...decided,
          holding: holdingChanges(states.holding.ranges, invoiceId, decided.stamps, metadata.now),
        };
      },
      metadata,
      { waitFor: WAITS_FOR.invoice },
    );
    return this.reader.read(companyId, invoiceId, {
      held: events.holding.at(-1)?.data.ranges ?? [],
      timeZone: settings.timeZone,
    });
  }
}
