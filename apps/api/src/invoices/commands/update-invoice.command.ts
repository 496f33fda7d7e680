import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';
import type { UpdateInvoiceBody } from '../dto/invoice.body.js';
import type { InvoiceResponse } from '../../../../../domain/contracts/invoice.contract.js';

export class UpdateInvoiceCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly body: UpdateInvoiceBody,
  ) {
    super();
  }
}
