import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StampLogKind } from '#domain/contracts/stamp.contract.js';
import type { StoredEvent } from '#engine';
import { count, intersect, normalize, subtract, union, type IntervalSet } from '#domain/stamps/intervals.js';
import {
  STAMP_EVENT_TYPES,
  STAMPS_STREAM_PREFIX,
  type StampEvent,
  type StampRange,
} from '#domain/stamps/stamp.events.js';
import { BACK_IN_STOCK_TEXT } from '#domain/stamps/stamp-record.js';
import { defineProjection, ident, type TableNames } from '../projection.js';

export { STAMPS_SCHEMA, STAMPS_SCHEMA_V2, STAMPS_SCHEMA_V3 } from './stamp-ledger.schema.js';

/** Rows of one event's ranges are numbered revision × 1,000,000 + index: the stream's order, as one bigint. */
const SEQ_PER_EVENT = 1_000_000n;

type Pair = [number, number];
const toPairs = (set: IntervalSet): Pair[] => set.map(({ from, to }) => [from, to]);
const fromPairs = (pairs: Pair[]): IntervalSet => pairs.map(([from, to]) => ({ from, to }));

interface RollRow {
  company_id: string;
  roll_id: number;
  prefix: string;
  range_from: number;
  range_to: number;
  received_on: string;
  recorded_at: string;
  active: boolean;
  available: IntervalSet;
  invoiced: IntervalSet;
  destroyed: IntervalSet;
  withdrawn: IntervalSet;
  finished_at: string | null;
  updated_at: string;
}

interface LedgerRow {
  company_id: string;
  revision: bigint;
  available_count: number;
  log_count: number;
  updated_at: string;
}

interface LogRow {
  company_id: string;
  seq: string;
  event_id: string;
  kind: StampLogKind;
  roll_id: number;
  prefix: string;
  range_from: number;
  range_to: number;
  used: number;
  balance: number;
  on_hand: number;
  allocation_id: string | null;
  invoice_id: string | null;
  invoice_number: string | null;
  customer_id: string | null;
  customer_name: string | null;
  customer_tabc_id: string | null;
  note: string | null;
  destroy_id: number | null;
  user_id: string | null;
  logged_at: string;
  related?: string | null;
  credit_memo_number?: string | null;
}

interface DestroyedRow {
  company_id: string;
  id: number;
  roll_id: number;
  prefix: string;
  range_from: number;
  range_to: number;
  ranges: Pair[];
  count: number;
  not_destroyed: unknown;
  note: string | null;
  destroyed_at: string;
  destroyed_by: string | null;
}

const availableOf = (roll: RollRow) => count(roll.available);

export function companyOfStream(streamId: string): string | undefined {
  return streamId.startsWith(STAMPS_STREAM_PREFIX) ? streamId.slice(STAMPS_STREAM_PREFIX.length) : undefined;
}

/** The changes a batch makes, folded in memory from the rows it touches (pure apart from the loaded rows). */
class Batch {
  readonly ledgers = new Map<string, LedgerRow>();
  readonly rolls = new Map<string, RollRow>();
  readonly changedRolls = new Set<string>();
  readonly changedLedgers = new Set<string>();
  readonly log: LogRow[] = [];
  readonly destroyed: DestroyedRow[] = [];
  readonly restored: { company_id: string; id: number; restored_at: string; restored_by: string | null }[] =
    [];

  apply(stored: StoredEvent): void {
    const companyId = companyOfStream(stored.streamId);
    if (!companyId) return;
    const at = stored.metadata.occurredAt;
    const ledger = this.ledgers.get(companyId) ?? {
      company_id: companyId,
      revision: -1n,
      available_count: 0,
      log_count: 0,
      updated_at: at,
    };
    if (stored.revision <= ledger.revision) return; // applied already
    this.ledgers.set(companyId, ledger);
    this.changedLedgers.add(companyId);
    ledger.revision = stored.revision;
    ledger.updated_at = at;
    const event = stored as unknown as StampEvent;
    const base = stored.revision * SEQ_PER_EVENT;
    let index = 0;
    const log = (
      roll: RollRow,
      kind: LogRow['kind'],
      from: number,
      to: number,
      extra: Partial<LogRow> = {},
    ) => {
      this.log.push({
        company_id: companyId,
        seq: (base + BigInt(index++)).toString(),
        event_id: stored.id,
        kind,
        roll_id: roll.roll_id,
        prefix: roll.prefix,
        range_from: from,
        range_to: to,
        used: to - from + 1,
        balance: availableOf(roll),
        on_hand: ledger.available_count,
        allocation_id: null,
        invoice_id: null,
        invoice_number: null,
        customer_id: null,
        customer_name: null,
        customer_tabc_id: null,
        note: null,
        destroy_id: null,
        user_id: stored.metadata.userId ?? null,
        logged_at: at,
        related: null,
        credit_memo_number: null,
        ...extra,
      });
      ledger.log_count++;
    };
    const rollOf = (rollId: number) => this.rolls.get(`${companyId}:${rollId}`);
    /** One row per range of stamps that stay affixed to their bottles (on hand unchanged). */
    const logAffixed = (kind: LogRow['kind'], ranges: readonly StampRange[], extra: Partial<LogRow>) => {
      for (const range of ranges) {
        const roll = rollOf(range.rollId);
        if (!roll) throw new Error(`stamps projection: roll ${range.rollId} of ${companyId} is unknown`);
        log(roll, kind, range.from, range.to, { used: 0, ...extra });
      }
    };
    const change = (range: StampRange, move: (roll: RollRow, stamps: IntervalSet) => void) => {
      const roll = rollOf(range.rollId);
      if (!roll) throw new Error(`stamps projection: roll ${range.rollId} of ${companyId} is unknown`);
      const before = availableOf(roll);
      move(roll, [{ from: range.from, to: range.to }]);
      ledger.available_count += availableOf(roll) - before;
      roll.finished_at = availableOf(roll) === 0 ? (roll.finished_at ?? at) : null;
      roll.updated_at = at;
      this.changedRolls.add(`${companyId}:${roll.roll_id}`);
      return roll;
    };

    switch (event.type) {
      case 'StampRollReceived': {
        const { rollId, prefix, from, to, receivedOn, active, recordedAt } = event.data;
        const roll: RollRow = {
          company_id: companyId,
          roll_id: rollId,
          prefix,
          range_from: from,
          range_to: to,
          received_on: receivedOn,
          recorded_at: recordedAt,
          active,
          available: [{ from, to }],
          invoiced: [],
          destroyed: [],
          withdrawn: [],
          finished_at: null,
          updated_at: at,
        };
        this.rolls.set(`${companyId}:${rollId}`, roll);
        this.changedRolls.add(`${companyId}:${rollId}`);
        ledger.available_count += to - from + 1;
        log(roll, 'received', from, to);
        return;
      }
      case 'StampRollActivated':
      case 'StampRollDeactivated': {
        const roll = rollOf(event.data.rollId);
        if (!roll) return;
        roll.active = event.type === 'StampRollActivated';
        roll.updated_at = at;
        this.changedRolls.add(`${companyId}:${roll.roll_id}`);
        return;
      }
      case 'StampsAllocated': {
        const d = event.data;
        for (const range of d.ranges) {
          const roll = change(range, (r, s) => {
            r.available = subtract(r.available, s);
            r.invoiced = union(r.invoiced, s);
          });
          log(roll, 'allocated', range.from, range.to, {
            allocation_id: d.allocationId,
            invoice_id: d.invoiceId,
            invoice_number: d.invoiceNumber,
            customer_id: d.customerId,
            customer_name: d.customerName,
            customer_tabc_id: d.customerTabcId,
            note: d.note,
          });
        }
        return;
      }
      case 'StampsReleased': {
        const d = event.data;
        for (const range of d.ranges) {
          const roll = change(range, (r, s) => {
            r.invoiced = subtract(r.invoiced, s);
            r.available = union(r.available, s);
          });
          log(roll, 'released', range.from, range.to, {
            allocation_id: d.allocationId,
            invoice_id: d.invoiceId,
            invoice_number: d.invoiceNumber,
            note: d.reason,
          });
        }
        return;
      }
      case 'StampsDestroyed': {
        const d = event.data;
        for (const range of d.ranges) {
          const roll = change(range, (r, s) => {
            r.available = subtract(r.available, s);
            r.destroyed = union(r.destroyed, s);
          });
          log(roll, 'destroyed', range.from, range.to, { destroy_id: d.destroyId, note: d.note });
        }
        this.destroyed.push({
          company_id: companyId,
          id: d.destroyId,
          roll_id: d.rollId,
          prefix: d.prefix,
          range_from: d.from,
          range_to: d.to,
          ranges: d.ranges.map((r) => [r.from, r.to]),
          count: d.ranges.reduce((sum, r) => sum + r.to - r.from + 1, 0),
          not_destroyed: d.notDestroyed,
          note: d.note,
          destroyed_at: d.destroyedAt,
          destroyed_by: stored.metadata.userId ?? null,
        });
        return;
      }
      case 'StampsRestored': {
        const d = event.data;
        for (const range of d.ranges) {
          const roll = change(range, (r, s) => {
            // Only stamps this record destroyed come back.
            const back = intersect(r.destroyed, s);
            r.destroyed = subtract(r.destroyed, back);
            r.available = union(r.available, back);
          });
          log(roll, 'restored', range.from, range.to, { destroy_id: d.destroyId });
        }
        this.restored.push({
          company_id: companyId,
          id: d.destroyId,
          restored_at: d.restoredAt,
          restored_by: stored.metadata.userId ?? null,
        });
        return;
      }
      case 'StampsStatusRecorded': {
        const d = event.data;
        for (const range of d.ranges) {
          const roll = change(range, (r, s) => {
            r.available = subtract(r.available, s);
            r.withdrawn = union(r.withdrawn, s);
          });
          log(roll, d.status, range.from, range.to, {
            note: d.note,
            user_id: d.recordedBy.userId ?? stored.metadata.userId ?? null,
          });
        }
        return;
      }
      case 'StampReplacementRecorded': {
        const d = event.data;
        const replacement = rollOf(d.replacement.rollId);
        const original = rollOf(d.original.rollId);
        if (!replacement || !original)
          throw new Error(`stamps projection: a roll of replacement ${stored.id} of ${companyId} is unknown`);
        const user = d.recordedBy.userId ?? stored.metadata.userId ?? null;
        const originalSerial = `${d.original.prefix}${d.original.number}`;
        const replacementSerial = `${d.replacement.prefix}${d.replacement.number}`;
        const said = (text: string) => [text, d.note].filter(Boolean).join(': ');
        log(replacement, 'replacement', d.replacement.number, d.replacement.number, {
          note: said(`Replaces ${originalSerial} (${d.originalStatus})`),
          user_id: user,
          used: 0,
          related: originalSerial,
        });
        log(original, 'replaced', d.original.number, d.original.number, {
          note: said(`Replaced by ${replacementSerial}`),
          user_id: user,
          used: 0,
          related: replacementSerial,
        });
        return;
      }
      case 'StampsReturnedWithGoods':
      case 'StampsGoodsReturnReversed': {
        // The stamps stay affixed (in `invoiced`): on bottles back in stock, destroyed with them, or the invoice's again.
        const d = event.data;
        for (const r of d.returns) {
          const kind =
            event.type === 'StampsGoodsReturnReversed'
              ? 'goods_return_voided'
              : r.disposition === 'restocked'
                ? 'goods_restocked'
                : 'goods_written_off';
          logAffixed(kind, r.ranges, {
            allocation_id: `invoice-${d.invoiceId}`,
            invoice_id: d.invoiceId,
            invoice_number: d.invoiceNumber,
            credit_memo_number: d.creditMemoNumber,
            note: `Credit memo ${d.creditMemoNumber}, ${r.name}: ${GOODS_NOTE[kind]}`,
          });
        }
        return;
      }
      case 'ReissuedStampsBackInStock': {
        const d = event.data;
        for (const r of d.returns)
          logAffixed('goods_restocked', r.ranges, {
            allocation_id: d.allocationId,
            invoice_id: d.invoiceId,
            invoice_number: d.invoiceNumber,
            note: `${r.name}: ${BACK_IN_STOCK_TEXT[d.reason]}`,
          });
        return;
      }
      case 'ReturnedStampsReissued': {
        const d = event.data;
        for (const r of d.reissues)
          logAffixed('reissued', r.ranges, {
            allocation_id: d.allocationId,
            invoice_id: d.invoiceId,
            invoice_number: d.invoiceNumber,
            customer_id: d.customerId,
            customer_name: d.customerName,
            customer_tabc_id: d.customerTabcId,
            note: `${r.name}: returned bottles sold again with their stamps`,
          });
        return;
      }
      default:
        return;
    }
  }
}

const GOODS_NOTE = {
  goods_restocked: 'back in stock on its bottle',
  goods_written_off: 'destroyed with its bottle (written off)',
  goods_return_voided: 'memo voided: back on the invoice',
} as const;

async function load(tx: PoolClient, t: TableNames, companies: string[], batch: Batch): Promise<void> {
  const [ledgers, rolls] = await Promise.all([
    tx.query(
      `SELECT company_id::text, revision::text, available_count::float8 AS available_count, log_count::float8 AS log_count,
              updated_at
         FROM ${ident(t.rm_stamp_ledger!)} WHERE company_id = ANY($1::uuid[])`,
      [companies],
    ),
    tx.query(
      `SELECT company_id::text, roll_id, prefix, range_from::float8 AS range_from, range_to::float8 AS range_to,
              received_on, recorded_at, active, available, invoiced, destroyed, withdrawn, finished_at, updated_at
         FROM ${ident(t.rm_stamp_roll!)} WHERE company_id = ANY($1::uuid[])`,
      [companies],
    ),
  ]);
  for (const row of ledgers.rows) {
    batch.ledgers.set(row.company_id, {
      ...row,
      revision: BigInt(row.revision),
      updated_at: iso(row.updated_at),
    });
  }
  for (const row of rolls.rows) {
    batch.rolls.set(`${row.company_id}:${row.roll_id}`, {
      ...row,
      recorded_at: iso(row.recorded_at),
      finished_at: row.finished_at ? iso(row.finished_at) : null,
      updated_at: iso(row.updated_at),
      available: fromPairs(row.available),
      invoiced: fromPairs(row.invoiced),
      destroyed: fromPairs(row.destroyed),
      withdrawn: fromPairs(row.withdrawn),
    });
  }
}

const iso = (value: Date | string) => (value instanceof Date ? value.toISOString() : value);

/** The stamp log's insert from the JSON rows in parameter `param` (a re-delivered row is skipped). */
const insertLogSql = (t: TableNames, param: string) =>
  `INSERT INTO ${ident(t.rm_stamp_log!)} (company_id, seq, event_id, kind, roll_id, prefix, range_from, range_to, used,
          balance, on_hand, allocation_id, invoice_id, invoice_number, customer_id, customer_name, customer_tabc_id, note,
          destroy_id, user_id, logged_at, related, credit_memo_number)
       SELECT * FROM jsonb_to_recordset(${param}::jsonb) AS r(company_id uuid, seq bigint, event_id uuid, kind text, roll_id int,
          prefix text, range_from bigint, range_to bigint, used bigint, balance bigint, on_hand bigint, allocation_id text,
          invoice_id text, invoice_number text, customer_id text, customer_name text, customer_tabc_id text, note text,
          destroy_id int, user_id text, logged_at timestamptz, related text, credit_memo_number text)
       ON CONFLICT (company_id, seq) DO NOTHING`;

async function save(tx: PoolClient, t: TableNames, batch: Batch): Promise<void> {
  const ledgers = [...batch.changedLedgers].map((id) => {
    const l = batch.ledgers.get(id)!;
    return { ...l, revision: l.revision.toString() };
  });
  const rolls = [...batch.changedRolls].map((key) => {
    const r = batch.rolls.get(key)!;
    const available = normalize(r.available);
    return {
      ...r,
      size: r.range_to - r.range_from + 1,
      available_count: count(available),
      invoiced_count: count(r.invoiced),
      destroyed_count: count(r.destroyed),
      withdrawn_count: count(r.withdrawn),
      first_available: available[0]?.from ?? null,
      available: toPairs(available),
      invoiced: toPairs(r.invoiced),
      destroyed: toPairs(r.destroyed),
      withdrawn: toPairs(r.withdrawn),
    };
  });
  // The ledgers, rolls and the first chunk of the log in one statement (every invoice written runs it); sources
  // with no rows insert nothing.
  const LOG_CHUNK = 5000;
  if (ledgers.length > 0 || rolls.length > 0 || batch.log.length > 0)
    await tx.query(
      prepared(`WITH ledgers AS (
       INSERT INTO ${ident(t.rm_stamp_ledger!)} (company_id, revision, available_count, log_count, updated_at)
       SELECT * FROM jsonb_to_recordset($1::jsonb)
         AS r(company_id uuid, revision bigint, available_count bigint, log_count bigint, updated_at timestamptz)
       ON CONFLICT (company_id) DO UPDATE SET revision = excluded.revision, available_count = excluded.available_count,
         log_count = excluded.log_count, updated_at = excluded.updated_at
     ),
     rolls AS (
       INSERT INTO ${ident(t.rm_stamp_roll!)} (company_id, roll_id, prefix, range_from, range_to, received_on, recorded_at,
          active, size, available_count, invoiced_count, destroyed_count, first_available, available, invoiced, destroyed,
          finished_at, updated_at, withdrawn_count, withdrawn)
       SELECT company_id, roll_id, prefix, range_from, range_to, received_on, recorded_at, active, size, available_count,
          invoiced_count, destroyed_count, first_available, available, invoiced, destroyed, finished_at, updated_at,
          withdrawn_count, withdrawn
         FROM jsonb_to_recordset($2::jsonb) AS r(company_id uuid, roll_id int, prefix text, range_from bigint,
          range_to bigint, received_on date, recorded_at timestamptz, active boolean, size bigint, available_count bigint,
          invoiced_count bigint, destroyed_count bigint, first_available bigint, available jsonb, invoiced jsonb,
          destroyed jsonb, finished_at timestamptz, updated_at timestamptz, withdrawn_count bigint, withdrawn jsonb)
       ON CONFLICT (company_id, roll_id) DO UPDATE SET active = excluded.active, available_count = excluded.available_count,
         invoiced_count = excluded.invoiced_count, destroyed_count = excluded.destroyed_count,
         first_available = excluded.first_available, available = excluded.available, invoiced = excluded.invoiced,
         destroyed = excluded.destroyed, finished_at = excluded.finished_at, updated_at = excluded.updated_at,
         withdrawn_count = excluded.withdrawn_count, withdrawn = excluded.withdrawn
     )
     ${insertLogSql(t, '$3')}`),
      [JSON.stringify(ledgers), JSON.stringify(rolls), JSON.stringify(batch.log.slice(0, LOG_CHUNK))],
    );
  for (let i = LOG_CHUNK; i < batch.log.length; i += LOG_CHUNK) {
    await tx.query(insertLogSql(t, '$1'), [JSON.stringify(batch.log.slice(i, i + LOG_CHUNK))]);
  }
  if (batch.destroyed.length > 0) {
    await tx.query(
      `INSERT INTO ${ident(t.rm_stamp_destroyed!)} (company_id, id, roll_id, prefix, range_from, range_to, ranges, count,
          not_destroyed, note, destroyed_at, destroyed_by)
       SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(company_id uuid, id int, roll_id int, prefix text, range_from bigint,
          range_to bigint, ranges jsonb, count bigint, not_destroyed jsonb, note text, destroyed_at timestamptz,
          destroyed_by text)
       ON CONFLICT (company_id, id) DO NOTHING`,
      [JSON.stringify(batch.destroyed)],
    );
  }
  if (batch.restored.length > 0) {
    await tx.query(
      `UPDATE ${ident(t.rm_stamp_destroyed!)} d SET restored_at = r.restored_at, restored_by = r.restored_by
         FROM jsonb_to_recordset($1::jsonb) AS r(company_id uuid, id int, restored_at timestamptz, restored_by text)
        WHERE d.company_id = r.company_id AND d.id = r.id`,
      [JSON.stringify(batch.restored)],
    );
  }
}

/**
 * The stamp read models, from `stamps-{companyId}`. One projector owns the four tables, so they move
 * together in one transaction:
 *
 * - `rm_stamp_ledger`: per company, the last applied stream revision (which makes re-delivery harmless), the
 *   stamps on hand and the number of log rows (the stamp log grid's unfiltered count).
 * - `rm_stamp_roll`: per roll, its counts and its AVAILABLE / INVOICED / DESTROYED stamps as interval lists.
 * - `rm_stamp_log`: the stamp transaction record, append-only, one row per range of each receipt, allocation,
 *   release, destroy and restore, with the roll balance and the stamps on hand after it. It is the stamp log grid
 *   and the stamp history an auditor reads for one stamp (rows whose range holds it), never one row per stamp.
 * - `rm_stamp_destroyed`: one row per destroy record (the id `undo-destroy` takes), with its restore.
 */
export const stampsProjection = defineProjection({
  name: 'stamps',
  // 2: lost, stolen, voided, returned and replaced stamps. New event types need no rebuild (none stored before).
  version: 2,
  handles: STAMP_EVENT_TYPES,
  tables: ['rm_stamp_ledger', 'rm_stamp_roll', 'rm_stamp_log', 'rm_stamp_destroyed'],
  async apply(tx, events, t) {
    const companies = [
      ...new Set(events.map((e) => companyOfStream(e.streamId)).filter((c) => c !== undefined)),
    ];
    if (companies.length === 0) return;
    const batch = new Batch();
    await load(tx, t, companies, batch);
    for (const event of events) batch.apply(event);
    await save(tx, t, batch);
  },
});
