import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { AllocateStampsData } from '#domain/stamps/stamp.commands.js';
import type { StampRange } from '#domain/stamps/stamp.events.js';

export interface AllocateStampsResult {
  invoiceId: string;
  /** Stamps the invoice holds now. */
  ranges: StampRange[];
  allocated: StampRange[];
  released: StampRange[];
}

/**
 * The stamps of one invoice, on the `stamps-{companyId}` stream and the invoice's holding stream. Invoice creation
 * does the same inside its own multi-stream decision (`allocateStamps` from the domain); this command serves
 * callers with no invoice stream to append to.
 */
export class AllocateStampsCommand extends Command<AllocateStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly data: AllocateStampsData,
  ) {
    super();
  }
}
