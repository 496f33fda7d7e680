import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';
import type { CreateInvoiceBody } from '../dto/invoice.body.js';
import type { InvoiceResponse } from '../../../../../domain/contracts/invoice.contract.js';

export class CreateInvoiceCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly body: CreateInvoiceBody,
    /** The Idempotency-Key header: a retried submit names the same invoice. */
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}
