import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { CreateInvoiceBody } from '../dto/invoice.body.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';

/** Answers the invoice as the screens read it; undefined with `waitForProjections: false` (nobody reads it: the seed). */
export class CreateInvoiceCommand extends Command<InvoiceResponse | undefined> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly body: CreateInvoiceBody,
    /** The Idempotency-Key header: a retried submit names the same invoice. */
    readonly idempotencyKey: string | undefined,
    /** The demo seed creates a year of invoices and waits for the projections once a simulated day. */
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}
