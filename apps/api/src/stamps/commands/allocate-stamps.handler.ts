import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stampLedgerDecider } from '../../../../../domain/stamps/stamp.decide.js';
import { invoiceAllocationId, stampsStream } from '../../../../../domain/stamps/stamp.events.js';
import { holdingOf, toStampRanges } from '../../../../../domain/stamps/stamp.rules.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { AllocateStampsCommand, type AllocateStampsResult } from './allocate-stamps.command.js';

@CommandHandler(AllocateStampsCommand)
export class AllocateStampsHandler implements ICommandHandler<AllocateStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, data }: AllocateStampsCommand): Promise<AllocateStampsResult> {
    const stream = stampsStream(metadata.companyId);
    const { events } = await this.events.decide(stampLedgerDecider, stream, {
      type: 'AllocateStamps',
      data,
      metadata,
    });
    const { state } = await this.events.load(stream, stampLedgerDecider);
    return {
      invoiceId: data.invoiceId,
      ranges: holdingOf(state, invoiceAllocationId(data.invoiceId)).flatMap(({ roll, stamps }) =>
        toStampRanges(roll, stamps),
      ),
      allocated: events.flatMap((e) => (e.type === 'StampsAllocated' ? e.data.ranges : [])),
      released: events.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])),
    };
  }
}
