import { Command } from '@nestjs/cqrs';
import type { InvoiceResponse } from '#domain/contracts/invoice.contract.js';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** Mark Deposited: answers the invoice with its payments. */
export class DepositCheckCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoice: string,
    readonly paymentId: string,
    /** Absent: the company's today. */
    readonly depositedOn: string | undefined,
  ) {
    super();
  }
}

/** Mark Dishonoured: answers the invoice, the check no longer paying it. */
export class DishonourCheckCommand extends Command<InvoiceResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoice: string,
    readonly paymentId: string,
    readonly note: string,
  ) {
    super();
  }
}
