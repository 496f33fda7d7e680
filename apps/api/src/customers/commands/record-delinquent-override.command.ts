import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** The owner's documented override of the customer's listing on the credit-law delinquent list. */
export class RecordDelinquentOverrideCommand extends Command<void> {
  constructor(
    readonly customerId: string,
    readonly body: { reason: string; note: string },
    readonly recordedBy: { userId: string; name: string },
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
