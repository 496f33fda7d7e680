import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export interface RemovePriceTierResult {
  /** Where the tier's customers went: the chosen tier, else the base tier. */
  migratedToTierId: string;
  migratedCustomers: number;
}

export class RemovePriceTierCommand extends Command<RemovePriceTierResult> {
  constructor(
    readonly tierId: string,
    readonly migratingTierId: string | null,
    readonly metadata: CommandMetadata,
  ) {
    super();
  }
}
