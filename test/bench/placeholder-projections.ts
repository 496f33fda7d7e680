import type { Queryable } from '#infra/db/database.js';
import { INVOICE_EVENT_TYPES } from '#domain/invoices/invoice.events.js';
import { defineProjection, ident, type Projection } from '#projections/projection.js';

/**
 * Stand-ins for the projections the next issues add (orders, inventory, live updates), for the benches only: each
 * handles every invoice event type and keeps one row per invoice stream (the events it saw and the last one), one
 * multi-row upsert per batch, as a real read model of invoices would. `count` of them, named bench_placeholder_1….
 */
export function placeholderProjections(
  count: number,
  handles: readonly string[] = INVOICE_EVENT_TYPES,
): Projection[] {
  return Array.from({ length: count }, (_, i) => {
    const table = placeholderTable(i + 1);
    return defineProjection({
      name: `bench_placeholder_${i + 1}`,
      version: 1,
      handles,
      tables: [table],
      async apply(tx, events, t) {
        const perStream = new Map<string, { events: number; last: string; revision: string }>();
        for (const event of events) {
          const row = perStream.get(event.streamId) ?? { events: 0, last: '', revision: '' };
          row.events++;
          row.last = event.id;
          row.revision = event.revision.toString();
          perStream.set(event.streamId, row);
        }
        const rows = [...perStream.values()];
        // Idempotent: a batch a row has seen already (its last revision is not newer) changes nothing.
        const name = ident(t[table]!);
        await tx.query(
          `INSERT INTO ${name} (stream_id, events, last_event_id, revision)
           SELECT * FROM unnest($1::text[], $2::int[], $3::uuid[], $4::bigint[])
           ON CONFLICT (stream_id) DO UPDATE
             SET events = ${name}.events + EXCLUDED.events, last_event_id = EXCLUDED.last_event_id,
                 revision = EXCLUDED.revision
           WHERE ${name}.revision < EXCLUDED.revision`,
          [
            [...perStream.keys()],
            rows.map((r) => r.events),
            rows.map((r) => r.last),
            rows.map((r) => r.revision),
          ],
        );
      },
    });
  });
}

export function placeholderTable(n: number): string {
  return `rm_bench_placeholder_${n}`;
}

/** The placeholders' tables (create them before a runner starts the projections). */
export async function createPlaceholderTables(db: Queryable, count: number): Promise<void> {
  for (let n = 1; n <= count; n++) {
    await db.query(
      `CREATE TABLE IF NOT EXISTS ${placeholderTable(n)} (
         stream_id text PRIMARY KEY, events int NOT NULL, last_event_id uuid NOT NULL, revision bigint NOT NULL)`,
    );
  }
}
