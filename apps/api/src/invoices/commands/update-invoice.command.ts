import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { UpdateInvoiceBody } from '../dto/invoice.body.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';

/** Answers the invoice as the screens read it; undefined with `waitForProjections: false` (nobody reads it: the seed). */
export class UpdateInvoiceCommand extends Command<InvoiceResponse | undefined> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly body: UpdateInvoiceBody,
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}
