import type { ReceiveStampRollResult } from '#domain/contracts/stamp.contract.js';
import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** POST /stamp/roll. */
export class ReceiveStampRollCommand extends Command<ReceiveStampRollResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly roll: { prefix: string | null; receivedAt: string; from: number; to: number },
  ) {
    super();
  }
}
