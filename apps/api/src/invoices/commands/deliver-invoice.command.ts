import { Command } from '@nestjs/cqrs';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { DeliverInvoiceBody } from '../dto/delivery.body.js';

/** POST /invoice/{id}/delivery: answers the invoice with its proof of delivery. */
export class DeliverInvoiceCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly idOrNumber: string,
    readonly body: DeliverInvoiceBody,
    /** Required: the driver's device sends the same key again after a lost answer. */
    readonly idempotencyKey: string | undefined,
    /** Who delivered: the signed-in user's name as the proof of delivery shows it. */
    readonly deliveredByName: string,
    /** The caller is a driver: only an invoice on one of their open routes. */
    readonly byDriver: boolean,
  ) {
    super();
  }
}
