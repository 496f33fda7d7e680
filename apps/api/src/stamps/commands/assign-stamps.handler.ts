import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream, type StampsAllocated } from '#domain/stamps/stamp.events.js';
import { EventAppender } from '#engine';
import { AssignStampsCommand, type AssignStampsResult } from './assign-stamps.command.js';
import { WAITS_FOR } from '../../read-your-writes.js';

@CommandHandler(AssignStampsCommand)
export class AssignStampsHandler implements ICommandHandler<AssignStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, range }: AssignStampsCommand): Promise<AssignStampsResult> {
    const { events } = await this.events.decide(
      stampLedgerDecider,
      stampsStream(metadata.companyId),
      {
        type: 'AssignStamps',
        data: range,
        metadata,
      },
      { waitFor: WAITS_FOR.stamps },
    );
    const { allocationId, ranges, note } = (events[0] as StampsAllocated).data;
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
