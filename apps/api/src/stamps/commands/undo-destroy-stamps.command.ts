import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';

export interface UndoDestroyStampsResult {
  /** Records whose stamps are AVAILABLE again. */
  restored: {
    id: number;
    roll_id: number;
    prefix: string;
    count: number;
    ranges: { from: number; to: number }[];
  }[];
  /** Records named that had been undone before (nothing to do). */
  already_restored: number[];
}

/** DELETE /stamp/undo-destroy?ids=…: undo destroy records, DESTROYED → AVAILABLE. */
export class UndoDestroyStampsCommand extends Command<UndoDestroyStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly destroyIds: number[],
  ) {
    super();
  }
}
