import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#infra/event-store/event-store.port.js';

/**
 * A projector owns read-model tables (`rm_…`, created by migrations) and turns events into row changes.
 *
 * - `apply` receives, in global order, only the events whose type is in `handles`, inside the transaction that
 *   also advances the checkpoint. It must be idempotent (upsert / update by id) and must take time only from
 *   the events (`metadata.occurredAt`), never from the clock.
 * - Table names are passed in (`t.rm_company`), because a rebuild fills shadow copies before swapping them in.
 * - Bump `version` when the projector's output changes: the runner then rebuilds it.
 */
export interface Projection {
  readonly name: string;
  readonly version: number;
  readonly handles: readonly string[];
  readonly tables: readonly string[];
  apply(tx: PoolClient, events: StoredEvent[], t: TableNames): Promise<void>;
  /**
   * Set by defineRowProjection: the projector is a fold of events into one row per key. A rebuild then keeps the
   * rows in memory across batches and writes each row once, instead of once per batch it appears in, without
   * calling `apply` (so a copy that replaces `apply` must drop `rows`).
   */
  readonly rows?: RowFold<unknown>;
}

/**
 * A read model with one row per key (usually per stream: an invoice, a customer), folded from its events.
 * `evolve` is pure and must return the row unchanged (the same object) for an event it has applied already,
 * for example by keeping the stream revision in the row; that makes re-delivery harmless.
 */
export interface RowFold<Row> {
  /** Canonical name of the table the rows live in (one of `tables`). */
  readonly table: string;
  /** The row an event belongs to; undefined when the event does not touch this table. */
  keyOf(event: StoredEvent): string | undefined;
  /** Current rows for these keys (missing keys: no row yet), from the physical table `table`. */
  load(tx: PoolClient, keys: string[], table: string): Promise<Map<string, Row>>;
  evolve(row: Row | undefined, event: StoredEvent): Row;
  /** Writes new and changed rows (one multi-row upsert). */
  save(tx: PoolClient, rows: Row[], table: string): Promise<void>;
}

/** Maps each owned table's canonical name to the physical table to write (the live one or its shadow). */
export type TableNames = Readonly<Record<string, string>>;

export function defineProjection(projection: Projection): Projection {
  return projection;
}

/**
 * A projection from a RowFold: each batch loads the rows its events touch (one query), evolves them in memory and
 * saves the changed ones (one statement) — set-based, idempotent, and rebuildable with one write per row.
 */
export function defineRowProjection<Row>(
  definition: Omit<Projection, 'apply' | 'rows' | 'tables'> & {
    rows: RowFold<Row>;
    tables?: readonly string[];
  },
): Projection {
  const fold = definition.rows;
  return {
    ...definition,
    tables: definition.tables ?? [fold.table],
    rows: fold as RowFold<unknown>,
    async apply(tx, events, t) {
      const table = t[fold.table];
      if (!table) throw new Error(`${definition.name}: no physical table for ${fold.table}`);
      const keyed: [string, StoredEvent][] = [];
      for (const event of events) {
        const key = fold.keyOf(event);
        if (key !== undefined) keyed.push([key, event]);
      }
      if (keyed.length === 0) return;
      const rows = await fold.load(tx, [...new Set(keyed.map(([key]) => key))], table);
      const changed = new Map<string, Row>();
      for (const [key, event] of keyed) {
        const before = rows.get(key);
        const after = fold.evolve(before, event);
        if (after === before) continue;
        rows.set(key, after);
        changed.set(key, after);
      }
      if (changed.size > 0) await fold.save(tx, [...changed.values()], table);
    },
  };
}

/** Quotes a physical table name for SQL (names come from projector definitions, never from users). */
export function ident(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unsafe table name: ${name}`);
  return `"${name}"`;
}

/**
 * Writes row-fold rows (new and changed) with one multi-row upsert keyed by `id`: `columns` are the table's columns
 * the rows carry (generated columns are left to Postgres).
 */
export async function upsertRows<Row extends { id: string }>(
  tx: PoolClient,
  table: string,
  columns: readonly (keyof Row & string)[],
  rows: Row[],
): Promise<void> {
  const t = ident(table);
  await tx.query(prepared(upsertRowsSql(t, columns, `jsonb_populate_recordset(NULL::${t}, $1::jsonb)`)), [
    JSON.stringify(rows),
  ]);
}

/** The multi-row upsert of `upsertRows` from `source` (a row source with the table's columns), to embed in a statement. */
export function upsertRowsSql(table: string, columns: readonly string[], source: string): string {
  return `INSERT INTO ${table} (${columns.join(', ')})
     SELECT ${columns.join(', ')} FROM ${source}
     ON CONFLICT (id) DO UPDATE SET ${columns
       .filter((c) => c !== 'id')
       .map((c) => `${c} = EXCLUDED.${c}`)
       .join(', ')}`;
}

/** A timestamp column as the row folds keep it: an ISO string (null stays null). */
export const isoOrNull = (value: unknown): string | null =>
  value === null || value === undefined ? null : new Date(value as string).toISOString();
