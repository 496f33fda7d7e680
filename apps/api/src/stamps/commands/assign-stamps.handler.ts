import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { StampsAllocated } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { AssignStampsCommand, type AssignStampsResult } from './assign-stamps.command.js';
import { stampLedgerDecision } from './stamp.decisions.js';

@CommandHandler(AssignStampsCommand)
export class AssignStampsHandler implements ICommandHandler<AssignStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, range }: AssignStampsCommand): Promise<AssignStampsResult> {
    const decision = stampLedgerDecision({ type: 'AssignStamps', data: range, metadata });
    const { events } = await this.events.run(decision, metadata);
    const { allocationId, ranges, note } = (events.stamps[0] as StampsAllocated).data;
    const [assigned] = ranges;
    return {
      id: allocationId,
      roll_id: assigned!.rollId,
      prefix: assigned!.prefix,
      from: assigned!.from,
      to: assigned!.to,
      count: assigned!.to - assigned!.from + 1,
      note,
    };
  }
}
