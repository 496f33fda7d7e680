import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { invoiceDecider } from '#domain/invoices/invoice.decider.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { EventAppender } from '#engine';
import { InvoiceContext } from '../invoice-context.js';
import { InvoiceReader } from '../invoice-reader.js';
import { DeleteInvoiceCommand } from './delete-invoice.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

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
    await this.events.decide(
      invoiceDecider,
      invoiceStream(row.id),
      {
        type: 'DeleteInvoice',
        data: { invoiceId: row.id, byOwner, strictRecords: company.compliance.strictRecords },
        metadata,
      },
      { waitFor: WAITS_FOR.invoice },
    );
  }
}
