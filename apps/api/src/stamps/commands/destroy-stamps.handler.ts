import type { DestroyStampsResult } from '../../../../../domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { formatRanges } from '../../../../../domain/stamps/intervals.js';
import { destroyReasons, stampLedgerDecider } from '../../../../../domain/stamps/stamp.decide.js';
import { destroyMessages } from '../../../../../domain/stamps/stamp.errors.js';
import { stampsStream, type StampsDestroyed } from '../../../../../domain/stamps/stamp.events.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { DestroyStampsCommand } from './destroy-stamps.command.js';

@CommandHandler(DestroyStampsCommand)
export class DestroyStampsHandler implements ICommandHandler<DestroyStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, range }: DestroyStampsCommand): Promise<DestroyStampsResult> {
    const { events } = await this.events.decide(stampLedgerDecider, stampsStream(metadata.companyId), {
      type: 'DestroyStamps',
      data: range,
      metadata,
    });
    const destroyed = (events[0] as StampsDestroyed).data;
    const ranges = destroyed.ranges.map(({ from, to }) => ({ from, to }));
    const count = ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0);
    return {
      id: destroyed.destroyId,
      roll_id: destroyed.rollId,
      prefix: destroyed.prefix,
      from: destroyed.from,
      to: destroyed.to,
      count,
      ranges,
      messages: [
        destroyMessages.destroyed(count, formatRanges(destroyed.prefix, ranges)),
        ...destroyReasons(destroyed.prefix, destroyed.notDestroyed),
      ],
    };
  }
}
