import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '../../../../../domain/shared/decider.js';

export interface DestroyStampsResult {
  /** The destroy record: `DELETE /stamp/undo-destroy?ids=` takes it. */
  id: number;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  ranges: { from: number; to: number }[];
  /** What happened, one line each: destroyed, invoiced stamps not destroyed (with their invoices), already destroyed. */
  messages: string[];
}

/** POST /stamp/roll/{roll_id}/destroy: AVAILABLE stamps of a range become DESTROYED. */
export class DestroyStampsCommand extends Command<DestroyStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly range: { rollId: number; from: number; to: number; note: string | null },
  ) {
    super();
  }
}
