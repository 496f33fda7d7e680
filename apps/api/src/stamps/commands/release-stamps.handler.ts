import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { stampLedgerDecider } from '../../../../../domain/stamps/stamp.decide.js';
import { stampsStream } from '../../../../../domain/stamps/stamp.events.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import { ReleaseStampsCommand } from './release-stamps.command.js';

@CommandHandler(ReleaseStampsCommand)
export class ReleaseStampsHandler implements ICommandHandler<ReleaseStampsCommand> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({ metadata, invoiceId, reason }: ReleaseStampsCommand) {
    const { events } = await this.events.decide(stampLedgerDecider, stampsStream(metadata.companyId), {
      type: 'ReleaseStamps',
      data: { invoiceId, reason },
      metadata,
    });
    return { released: events.flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : [])) };
  }
}
