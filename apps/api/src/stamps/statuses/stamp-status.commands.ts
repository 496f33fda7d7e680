import { Command } from '@nestjs/cqrs';
import type { RecordStampReplacement, RecordStampStatus } from '#domain/stamps/stamp.commands.js';
import type { CommandMetadata } from '#domain/shared/decider.js';
import type { StampStatusRecordResult } from '#domain/contracts/stamp.contract.js';

type Input<C extends { data: unknown }> = Omit<C['data'], 'enabled' | 'recordedBy'>;

/** POST /stamp/roll/{roll_id}/status. */
export class RecordStampStatusCommand extends Command<StampStatusRecordResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly userName: string,
    readonly data: Input<RecordStampStatus>,
  ) {
    super();
  }
}

/** POST /stamp/replacement. */
export class RecordStampReplacementCommand extends Command<StampStatusRecordResult> {
  constructor(
    readonly metadata: CommandMetadata,
    readonly userName: string,
    readonly data: Input<RecordStampReplacement>,
  ) {
    super();
  }
}
