import type { UndoDestroyStampsResult } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StampsRestored } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { stampLedgerDecision } from './stamp.decisions.js';
import { UndoDestroyStampsCommand } from './undo-destroy-stamps.command.js';

@CommandHandler(UndoDestroyStampsCommand)
export class UndoDestroyStampsHandler implements ICommandHandler<UndoDestroyStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, destroyIds }: UndoDestroyStampsCommand): Promise<UndoDestroyStampsResult> {
    const decision = stampLedgerDecision({ type: 'RestoreStamps', data: { destroyIds }, metadata });
    const { events } = await this.events.run(decision, metadata);
    const restored = (events.stamps as StampsRestored[]).map(({ data }) => ({
      id: data.destroyId,
      roll_id: data.rollId,
      prefix: data.prefix,
      count: data.ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0),
      ranges: data.ranges.map(({ from, to }) => ({ from, to })),
    }));
    const done = new Set(restored.map((r) => r.id));
    return { restored, already_restored: [...new Set(destroyIds)].filter((id) => !done.has(id)) };
  }
}
