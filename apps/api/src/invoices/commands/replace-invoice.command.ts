import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { ReplaceInvoiceBody } from '../dto/invoice.body.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';

/** POST /invoice/{id}/replace: answers the new invoice as the screens read it. */
export class ReplaceInvoiceCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    /** The cancelled invoice, by id or displayed number. */
    readonly idOrNumber: string,
    readonly body: ReplaceInvoiceBody,
    /** The Idempotency-Key header: a retried submit names the same replacement. */
    readonly idempotencyKey: string | undefined,
  ) {
    super();
  }
}
