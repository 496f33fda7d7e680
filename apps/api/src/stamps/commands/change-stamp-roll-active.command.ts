import type { StampRollResponse } from '#domain/contracts/stamp.contract.js';
import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** PUT /stamp/roll/{id}: the active toggle of the roll table. */
export class ChangeStampRollActiveCommand extends Command<StampRollResponse> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly rollId: number,
    readonly active: boolean,
  ) {
    super();
  }
}
