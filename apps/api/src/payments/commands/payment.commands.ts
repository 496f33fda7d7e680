import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { PaymentBody } from '../dto/payment.body.js';

/** Answers the invoice with its payments; undefined with `waitForProjections: false` (nobody reads it: the seed). */
export class LogPaymentCommand extends Command<InvoiceResponse | undefined> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoice: string,
    readonly body: PaymentBody,
    /** From the Idempotency-Key header: a retried submit logs one payment. */
    readonly paymentId: string,
    readonly options: { waitForProjections?: boolean } = {},
  ) {
    super();
  }
}

export class UpdatePaymentCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoice: string,
    readonly paymentId: string,
    readonly body: PaymentBody,
    readonly byOwner: boolean,
  ) {
    super();
  }
}

export class DeletePaymentCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoice: string,
    readonly paymentId: string,
    readonly byOwner: boolean,
  ) {
    super();
  }
}
