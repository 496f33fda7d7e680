import type { UndoDestroyStampsResult } from '#domain/contracts/stamp.contract.js';
import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

/** DELETE /stamp/undo-destroy?ids=…: undo destroy records, DESTROYED → AVAILABLE. */
export class UndoDestroyStampsCommand extends Command<UndoDestroyStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly destroyIds: number[],
  ) {
    super();
  }
}
