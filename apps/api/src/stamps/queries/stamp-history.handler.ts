import type {
  StampHistoryResponse,
  StampLogKind,
  StampStatus,
  StampTransition,
} from '#domain/contracts/stamp.contract.js';
import { Inject, NotFoundException } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import { stampLabel, toStampRoll, type StampRollRow } from '../stamp.responses.js';
import { StampHistoryQuery } from './stamp-history.query.js';
import { StampHistoryReader } from './stamp-history.reader.js';

/** The status after a log row; a replacement ('replacement', 'replaced') changes no stamp's status. */
const STATUS_AFTER: Record<string, StampStatus> = {
  received: 'AVAILABLE',
  allocated: 'INVOICED',
  released: 'AVAILABLE',
  destroyed: 'DESTROYED',
  restored: 'AVAILABLE',
  lost: 'LOST',
  stolen: 'STOLEN',
  voided: 'VOIDED',
  returned_to_state: 'RETURNED',
  goods_restocked: 'RETURNED_IN_STOCK',
  goods_written_off: 'WRITTEN_OFF',
  goods_return_voided: 'INVOICED',
  reissued: 'INVOICED',
};

/** Affixed stamps whose goods came back: the ledger counts them invoiced, the log says where their bottle is. */
const AFFIXED_AFTER: ReadonlySet<StampStatus> = new Set(['INVOICED', 'RETURNED_IN_STOCK', 'WRITTEN_OFF']);

const within = (pairs: [number, number][], n: number) => pairs.some(([from, to]) => from <= n && n <= to);

/** A stamp's history: the roll holding it, its log rows folded into transitions, and its status now. */
@QueryHandler(StampHistoryQuery)
export class StampHistoryHandler implements IQueryHandler<StampHistoryQuery> {
  constructor(@Inject(StampHistoryReader) private readonly reader: StampHistoryReader) {}

  async execute(query: StampHistoryQuery): Promise<StampHistoryResponse> {
    const { companyId } = query;
    const { prefix, number } = await this.reader.stamp(companyId, query);
    const roll = await this.reader.rollHolding(companyId, prefix, number);
    if (!roll)
      throw new NotFoundException({
        statusCode: 404,
        message: `No stamp ${stampLabel(prefix, number)} found`,
      });
    const { after, transitions, replacedBy, replaces } = historyOf(
      await this.reader.log(companyId, roll.roll_id, number),
    );
    return {
      prefix,
      number,
      stamp: stampLabel(prefix, number),
      status: statusOf(roll, number, after),
      roll: toStampRoll(roll),
      transitions,
      ...(replacedBy ? { replaced_by: replacedBy } : {}),
      ...(replaces ? { replaces } : {}),
    };
  }
}

/** The log rows as transitions, each with the status after it, and the replacements they name. */
function historyOf(rows: Record<string, unknown>[]) {
  let after: StampStatus = 'AVAILABLE';
  let replacedBy: string | undefined;
  let replaces: string | undefined;
  const transitions = rows.map((row): StampTransition => {
    after = STATUS_AFTER[row.kind as string] ?? after;
    if (row.kind === 'replaced') replacedBy = row.related as string;
    if (row.kind === 'replacement') replaces = row.related as string;
    return transition(row, after);
  });
  return { after, transitions, replacedBy, replaces };
}

/** The stamp's status: the roll's ranges decide, the log's last status says where an affixed or withdrawn one is. */
function statusOf(roll: StampRollRow, number: number, after: StampStatus): StampStatus {
  return within(roll.invoiced, number)
    ? AFFIXED_AFTER.has(after)
      ? after
      : 'INVOICED'
    : within(roll.destroyed, number)
      ? 'DESTROYED'
      : within(roll.withdrawn ?? [], number)
        ? after
        : 'AVAILABLE';
}

function transition(row: Record<string, unknown>, status: StampStatus): StampTransition {
  return {
    at: (row.logged_at as Date).toISOString(),
    kind: row.kind as StampLogKind,
    status,
    from: row.range_from as number,
    to: row.range_to as number,
    user_id: (row.user_id as string | null) ?? null,
    user_name: (row.user_name as string | null) ?? null,
    invoice_id: (row.invoice_id as string | null) ?? null,
    invoice_number: (row.invoice_number as string | null) ?? null,
    customer_id: (row.customer_id as string | null) ?? null,
    customer_name: (row.customer_name as string | null) ?? null,
    customer_tabc_id: (row.customer_tabc_id as string | null) ?? null,
    note: (row.note as string | null) ?? null,
    destroy_id: (row.destroy_id as number | null) ?? null,
  };
}
