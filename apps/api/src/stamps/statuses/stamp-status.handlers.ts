import type { StampStatusRecordResult } from '#domain/contracts/stamp.contract.js';
import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { formatRange } from '#domain/stamps/intervals.js';
import type { StampEvent } from '#domain/stamps/stamp.events.js';
import { STATUS_WORDS } from '#domain/stamps/stamp-status.decide.js';
import { EventAppender } from '#engine';
import { PG_POOL } from '#infra/projections.provider.js';
import { readCompliancePolicy } from '../../companies/compliance-policy.reader.js';
import { stampLedgerDecision } from '../commands/stamp.decisions.js';
import { RecordStampReplacementCommand, RecordStampStatusCommand } from './stamp-status.commands.js';

/** What the recorded events say, as the API answers it. */
export function statusRecordResult(events: readonly StampEvent[]): StampStatusRecordResult {
  const result: StampStatusRecordResult = { record: null, replacement: null, messages: [] };
  for (const event of events) {
    if (event.type === 'StampsStatusRecorded') {
      const d = event.data;
      const count = d.to - d.from + 1;
      result.record = {
        id: d.recordId,
        status: d.status,
        roll_id: d.rollId,
        prefix: d.prefix,
        from: d.from,
        to: d.to,
        count,
        note: d.note,
        recorded_by: d.recordedBy.name,
        recorded_at: d.recordedAt,
      };
      result.messages.push(
        `${count} ${count === 1 ? 'stamp' : 'stamps'} recorded ${STATUS_WORDS[d.status]}: ${formatRange(d.prefix, d.from, d.to)}.`,
      );
    }
    if (event.type === 'StampReplacementRecorded') {
      const d = event.data;
      const original = `${d.original.prefix}${d.original.number}`;
      const replacement = `${d.replacement.prefix}${d.replacement.number}`;
      result.replacement = {
        original,
        original_status: d.originalStatus,
        replacement,
        note: d.note,
        recorded_by: d.recordedBy.name,
        recorded_at: d.recordedAt,
      };
      result.messages.push(`${replacement} recorded as the replacement of ${original}.`);
    }
  }
  return result;
}

@CommandHandler(RecordStampStatusCommand)
export class RecordStampStatusHandler implements ICommandHandler<RecordStampStatusCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({ metadata, userName, data }: RecordStampStatusCommand): Promise<StampStatusRecordResult> {
    const policy = await readCompliancePolicy(this.pool, metadata.companyId);
    const enabled = policy.extendedStampStatuses;
    const recordedBy = { userId: metadata.userId ?? null, name: userName };
    const decision = stampLedgerDecision({
      type: 'RecordStampStatus',
      data: { ...data, enabled, recordedBy },
      metadata,
    });
    const { events } = await this.events.run(decision, metadata);
    return statusRecordResult(events.stamps);
  }
}

@CommandHandler(RecordStampReplacementCommand)
export class RecordStampReplacementHandler implements ICommandHandler<RecordStampReplacementCommand> {
  constructor(
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(PG_POOL) private readonly pool: pg.Pool,
  ) {}

  async execute({
    metadata,
    userName,
    data,
  }: RecordStampReplacementCommand): Promise<StampStatusRecordResult> {
    const policy = await readCompliancePolicy(this.pool, metadata.companyId);
    const enabled = policy.extendedStampStatuses;
    const recordedBy = { userId: metadata.userId ?? null, name: userName };
    const decision = stampLedgerDecision({
      type: 'RecordStampReplacement',
      data: { ...data, enabled, recordedBy },
      metadata,
    });
    const { events } = await this.events.run(decision, metadata);
    return statusRecordResult(events.stamps);
  }
}
