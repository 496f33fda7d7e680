import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { EventAppender } from '#engine';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { InvoiceReader } from '../invoice-reader.js';
import { replaceInvoiceDecision } from './invoice.decisions.js';
import { NewInvoiceDrafts } from './new-invoice-drafts.js';
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
    @Inject(NewInvoiceDrafts) private readonly drafts: NewInvoiceDrafts,
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
    const invoiceId = idempotentId(companyId, metadata.userId, idempotencyKey);
    const prepared = await this.drafts.forReplacement(metadata, body, invoiceId, cancelled);
    if (prepared.retried) return this.reader.read(companyId, invoiceId);
    const { draft, settings } = prepared;
    const { events } = await this.events.run(
      replaceInvoiceDecision(cancelled.id, draft, settings, metadata),
      metadata,
    );
    return this.reader.read(companyId, invoiceId, {
      held: events.holding.at(-1)?.data ?? { ranges: [] },
      timeZone: settings.timeZone,
    });
  }
}
