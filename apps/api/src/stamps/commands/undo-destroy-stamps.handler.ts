import type { UndoDestroyStampsResult } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream, type StampsRestored } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { UndoDestroyStampsCommand } from './undo-destroy-stamps.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(UndoDestroyStampsCommand)
export class UndoDestroyStampsHandler implements ICommandHandler<UndoDestroyStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, destroyIds }: UndoDestroyStampsCommand): Promise<UndoDestroyStampsResult> {
    const { events } = await this.events.decide(
      stampLedgerDecider,
      stampsStream(metadata.companyId),
      {
        type: 'RestoreStamps',
        data: { destroyIds },
        metadata,
      },
      { waitFor: WAITS_FOR.stamps },
    );
    const restored = (events as StampsRestored[]).map(({ data }) => ({
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
