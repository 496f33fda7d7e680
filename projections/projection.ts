import { prepared, type PoolClient } from '#infra/db/database.js';
import type { StoredEvent } from '#engine';

export type { Projection, RowFold, TableNames } from '#engine';
import type { Projection, RowFold } from '#engine';

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
