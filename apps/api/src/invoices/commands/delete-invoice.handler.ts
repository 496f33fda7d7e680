import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { EventAppender } from '#engine';
import { InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import { DeleteInvoiceCommand } from './delete-invoice.command.js';
import { deleteInvoiceDecision } from './invoice.decisions.js';

/**
 * DELETE /invoice/{number}: owners only, cancelled invoices only; the events and stamp history stay. With the
 * company's strict records on (read from its stream: consistent with the setting just saved) nobody
 * deletes: 403 with the reason.
 */
@CommandHandler(DeleteInvoiceCommand)
export class DeleteInvoiceHandler implements ICommandHandler<DeleteInvoiceCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(InvoiceReader) private readonly reader: InvoiceReader,
    @Inject(InvoiceContext) private readonly context: InvoiceContext,
  ) {}

  async execute({ metadata, idOrNumber, byOwner }: DeleteInvoiceCommand): Promise<void> {
    const row = await this.reader.row(metadata.companyId, idOrNumber);
    const company = await this.context.company(metadata.companyId);
    const data = { invoiceId: row.id, byOwner, strictRecords: company.compliance.strictRecords };
    await this.events.run(deleteInvoiceDecision({ type: 'DeleteInvoice', data, metadata }), metadata);
  }
}
