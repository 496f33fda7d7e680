import type {
  StampHistoryResponse,
  StampLogKind,
  StampStatus,
  StampTransition,
} from '#domain/contracts/stamp.contract.js';
import { Inject, NotFoundException } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type pg from 'pg';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { STAMP_ROLL_COLUMNS, stampLabel, toStampRoll, type StampRollRow } from '../stamp.responses.js';
import { stampOfRequest } from '../stamp-serials.js';
import { StampHistoryQuery } from './stamp-history.query.js';

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

/**
 * Answered from ranges: the roll holding the number, then the log rows of that roll whose range holds it (an
 * index range scan on (company, roll, start)). There is never a row per stamp.
 */
@QueryHandler(StampHistoryQuery)
export class StampHistoryHandler implements IQueryHandler<StampHistoryQuery> {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  async execute(query: StampHistoryQuery): Promise<StampHistoryResponse> {
    const { companyId } = query;
    const { prefix, number } = await stampOfRequest(this.pool, companyId, query);
    const [roll] = await tenantQuery<StampRollRow & Record<string, unknown>>(
      this.pool,
      companyId,
      `SELECT ${STAMP_ROLL_COLUMNS} FROM rm_stamp_roll
        WHERE company_id = $1 AND prefix = $2 AND range_from <= $3 AND range_to >= $3`,
      [prefix, number],
    );
    if (!roll)
      throw new NotFoundException({
        statusCode: 404,
        message: `No stamp ${stampLabel(prefix, number)} found`,
      });
    const rows = await tenantQuery(
      this.pool,
      companyId,
      `SELECT l.kind, l.logged_at, l.range_from::float8 AS range_from, l.range_to::float8 AS range_to, l.user_id,
              u.name AS user_name, l.invoice_id, l.invoice_number, l.customer_id, l.customer_name, l.customer_tabc_id,
              l.note, l.destroy_id, l.related
         FROM rm_stamp_log l LEFT JOIN users u ON u.id::text = l.user_id
        WHERE l.company_id = $1 AND l.roll_id = $2 AND l.range_from <= $3 AND l.range_to >= $3
        ORDER BY l.seq`,
      [roll.roll_id, number],
    );
    let after: StampStatus = 'AVAILABLE';
    let replacedBy: string | undefined;
    let replaces: string | undefined;
    const transitions = rows.map((row): StampTransition => {
      after = STATUS_AFTER[row.kind as string] ?? after;
      if (row.kind === 'replaced') replacedBy = row.related as string;
      if (row.kind === 'replacement') replaces = row.related as string;
      return transition(row, after);
    });
    const status: StampStatus = within(roll.invoiced, number)
      ? AFFIXED_AFTER.has(after)
        ? after
        : 'INVOICED'
      : within(roll.destroyed, number)
        ? 'DESTROYED'
        : within(roll.withdrawn ?? [], number)
          ? after
          : 'AVAILABLE';
    return {
      prefix,
      number,
      stamp: stampLabel(prefix, number),
      status,
      roll: toStampRoll(roll),
      transitions,
      ...(replacedBy ? { replaced_by: replacedBy } : {}),
      ...(replaces ? { replaces } : {}),
    };
  }
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
