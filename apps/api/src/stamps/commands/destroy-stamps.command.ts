import type { DestroyStampsResult } from '#domain/contracts/stamp.contract.js';
import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** POST /stamp/roll/{roll_id}/destroy: AVAILABLE stamps of a range become DESTROYED. */
export class DestroyStampsCommand extends Command<DestroyStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly range: { rollId: number; from: number; to: number; note: string | null },
  ) {
    super();
  }
}
