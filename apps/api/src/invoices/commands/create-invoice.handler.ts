import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import { EventAppender } from '#engine';
import { idempotentId } from '../../infra/http/idempotent-id.js';
import { WAITS_FOR } from '../../read-your-writes.js';
import { InvoiceReader } from '../invoice-reader.js';
import { CreateInvoiceCommand } from './create-invoice.command.js';
import { createInvoiceDecision } from './invoice.decisions.js';
import { NewInvoiceDrafts } from './new-invoice-drafts.js';

/** POST /invoice: the draft from the request, the creation decided and appended, the invoice answered. */
@CommandHandler(CreateInvoiceCommand)
export class CreateInvoiceHandler implements ICommandHandler<CreateInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(NewInvoiceDrafts) private readonly drafts: NewInvoiceDrafts,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
  ) {}

  async execute({
    metadata,
    body,
    idempotencyKey,
    options,
  }: CreateInvoiceCommand): Promise<InvoiceResponse | undefined> {
    const wait = options.waitForProjections !== false;
    const { companyId } = metadata;
    const invoiceId = idempotentId(companyId, metadata.userId, idempotencyKey);
    const prepared = await this.drafts.forCreation(metadata, body, invoiceId);
    if (prepared.retried) return wait ? this.retried(companyId, invoiceId) : undefined;
    const { draft, settings } = prepared;
    const decision = createInvoiceDecision(draft, settings, body.order_id?.toLowerCase(), metadata);
    const { events, result } = await this.events.run(decision, metadata, { waitForProjections: wait });
    if (!wait) return undefined;
    // What the decision knows already is not read again: the invoice it appended, the stamps it holds, the
    // company's day. (The POST still waited for the projections the next page reads.)
    return this.reader.created(
      companyId,
      invoiceId,
      decision.streams.invoice.stream,
      events.invoice,
      result,
      {
        held: events.holding.at(-1)?.data ?? { ranges: [] },
        timeZone: settings.timeZone,
      },
    );
  }

  /**
   * A retried request's invoice, once the projections show it: the first attempt's answer was lost, perhaps while
   * they were catching up after a failover.
   */
  private async retried(companyId: string, invoiceId: string): Promise<InvoiceResponse> {
    await this.events.waitForCommitted(WAITS_FOR.invoice);
    return this.reader.read(companyId, invoiceId);
  }
}
