import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';
import type { StampRollResponse } from '../stamp.responses.js';

export interface ReceiveStampRollResult extends StampRollResponse {
  /** Size warnings that did not block (spec 000 §5). */
  warnings: string[];
}

/** POST /stamp/roll. */
export class ReceiveStampRollCommand extends Command<ReceiveStampRollResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly roll: { prefix: string | null; receivedAt: string; from: number; to: number },
  ) {
    super();
  }
}
