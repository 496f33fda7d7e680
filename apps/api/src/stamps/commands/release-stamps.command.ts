import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';

/** Every stamp of an invoice back to AVAILABLE (a cancelled invoice: 'Below stamps are available for use'). */
export class ReleaseStampsCommand extends Command<{ released: StampRange[] }> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly invoiceId: string,
    readonly reason: 'cancelled' | 'released' = 'cancelled',
  ) {
    super();
  }
}
