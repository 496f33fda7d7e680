import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { allocateStamps, stampLedgerDecider } from '../../../../../domain/stamps/stamp.decide.js';
import { invoiceAllocationId, stampsStream } from '../../../../../domain/stamps/stamp.events.js';
import { holdingOf, toStampRanges } from '../../../../../domain/stamps/stamp.rules.js';
import { evolve } from '../../../../../domain/stamps/stamp.state.js';
import { EventAppender } from '../../infra/event-store/event-appender.js';
import type { StampAllocationPreviewResponse } from '../../../../../domain/contracts/stamp.contract.js';
import { toStampRangeResponse } from '../stamp.responses.js';
import { StampAllocationPreviewQuery } from './stamp-allocation-preview.query.js';

/** A preview id for an invoice not created yet: it holds no stamps. */
const NEW_INVOICE = '00000000-0000-0000-0000-000000000000';

@QueryHandler(StampAllocationPreviewQuery)
export class StampAllocationPreviewHandler implements IQueryHandler<StampAllocationPreviewQuery> {
  constructor(@Inject(EventAppender) private readonly events: EventAppender) {}

  async execute({
    companyId,
    count,
    invoiceId,
    now,
  }: StampAllocationPreviewQuery): Promise<StampAllocationPreviewResponse> {
    const { state } = await this.events.load(stampsStream(companyId), stampLedgerDecider);
    const id = invoiceId ?? NEW_INVOICE;
    const decided = allocateStamps(state, { invoiceId: id, count }, now);
    const after = decided.reduce(evolve, state);
    return {
      count,
      ranges: holdingOf(after, invoiceAllocationId(id))
        .flatMap(({ roll, stamps }) => toStampRanges(roll, stamps))
        .map(toStampRangeResponse),
      added: decided
        .flatMap((e) => (e.type === 'StampsAllocated' ? e.data.ranges : []))
        .map(toStampRangeResponse),
      released: decided
        .flatMap((e) => (e.type === 'StampsReleased' ? e.data.ranges : []))
        .map(toStampRangeResponse),
    };
  }
}
