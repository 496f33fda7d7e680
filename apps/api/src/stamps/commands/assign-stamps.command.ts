import { Command } from '@nestjs/cqrs';
import type { CommandMetadata } from '#domain/shared/decider.js';

export interface AssignStampsResult {
  id: string;
  roll_id: number;
  prefix: string;
  from: number;
  to: number;
  count: number;
  note: string | null;
}

/** PUT /stamp/roll/{roll_id}/assign: stamps used outside an invoice, recorded with a note. */
export class AssignStampsCommand extends Command<AssignStampsResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly range: { rollId: number; from: number; to: number; note: string | null },
  ) {
    super();
  }
}
