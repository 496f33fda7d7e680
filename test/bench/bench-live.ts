import { randomUUID } from 'node:crypto';
import { createPool } from '../../apps/api/src/infra/db/database.js';
import { PostgresEventStore } from '../../apps/api/src/infra/event-store/postgres.event-store.js';
import { ACTIVITY_SCHEMA, activityProjection } from '../../projections/activity/activity.projection.js';
import { ensureProjectionSchema, ProjectionRunner } from '../../projections/runner/index.js';
import {
  countDifferences,
  generateInvoiceEvents,
  GRID_TABLE,
  INVOICE_GRID_SCHEMA,
  invoiceGridProjection,
  type GeneratedEvent,
} from './invoice-grid.fixture.js';
import { sqlRebuild, SQL_TABLE } from './bench-rebuild.js';
import { latencySummary, seconds } from './bench-support.js';

/**
 * Command-to-visible latency with the live runner in the same process (as in the API): `writers` concurrent
 * writers each run commands back to back — append one event (four in five to an invoice stream with its expected
 * revision, one in five a sign-in to the activity stream), then wait until the projections show it
 * (runner.waitFor, the read-your-writes wait every command does). After each command the row is read back to
 * prove it is visible. The check: no wait timed out, every command's row was visible, and at the end the grid
 * equals a pure-SQL fold of the events and every event was applied exactly once.
 */
export async function commandToVisible(url: string, writers: number, commands: number) {
  const store = new PostgresEventStore(url, { poolSize: writers + 2 });
  await store.ensureSchema();
  const pool = createPool(url, writers + 6, 'stampline-bench-live');
  await ensureProjectionSchema(pool);
  await pool.query(INVOICE_GRID_SCHEMA + ACTIVITY_SCHEMA);
  for (const projection of [invoiceGridProjection, activityProjection]) {
    await pool.query(
      `INSERT INTO projection_checkpoints (name, checkpoint, version, status) VALUES ($1, '', $2, 'running')`,
      [projection.name, projection.version],
    );
  }
  const errors: string[] = [];
  const runner = new ProjectionRunner(pool, store, [invoiceGridProjection, activityProjection], {
    batchSize: 500,
    pollIntervalMs: 50,
    logger: {
      info: () => {},
      warn: (d, m) => errors.push(`${m} ${JSON.stringify(d)}`),
      error: (d, m) => errors.push(`${m} ${JSON.stringify(d)}`),
    },
  });
  await runner.start();

  const perWriter = Math.ceil(commands / writers);
  const visibleMs: number[] = [];
  const appendMs: number[] = [];
  let timeouts = 0;
  let invisible = 0;
  let invoiceEvents = 0;
  let activityEvents = 0;
  const started = performance.now();
  try {
    await Promise.all(
      Array.from({ length: writers }, async (_, w) => {
        const invoices = Math.ceil((perWriter * 4) / 5 / 5) + 1;
        const events: Iterator<GeneratedEvent> = generateInvoiceEvents({
          invoices,
          first: w * 100_000,
          spread: 3,
          seed: w + 1,
        });
        for (let i = 0; i < perWriter; i++) {
          const signIn = i % 5 === 4;
          const next = signIn ? undefined : events.next();
          if (next?.done) break;
          const generated = next?.value as GeneratedEvent | undefined;
          const t0 = performance.now();
          const result = generated
            ? await store.appendToStreams([
                {
                  stream: generated.stream,
                  expected: generated.revision === 0 ? 'no_stream' : BigInt(generated.revision - 1),
                  events: [generated.event],
                },
              ])
            : await store.appendToStreams([
                {
                  stream: `activity-c-${w}`,
                  expected: 'any',
                  events: [
                    {
                      id: randomUUID(),
                      type: 'UserSignedIn',
                      data: { userId: `u-${w}`, email: `writer${w}@example.com` },
                      metadata: {
                        companyId: `c-${w}`,
                        userId: `u-${w}`,
                        occurredAt: new Date().toISOString(),
                        schemaVersion: 1,
                      },
                    },
                  ],
                },
              ]);
          const t1 = performance.now();
          const ok = await runner.waitFor(result.checkpoint, 5000);
          const t2 = performance.now();
          appendMs.push(t1 - t0);
          visibleMs.push(t2 - t0);
          if (!ok) timeouts++;
          if (generated) {
            invoiceEvents++;
            const { rows } = await pool.query(`SELECT revision FROM ${GRID_TABLE} WHERE invoice_id = $1`, [
              generated.stream.slice('invoice-'.length),
            ]);
            if (!rows[0] || Number(rows[0].revision) < generated.revision) invisible++;
          } else {
            activityEvents++;
          }
        }
      }),
    );
    const elapsed = seconds(started);
    await runner.waitFor(await store.headCheckpoint(), 10_000);
    const { rows } = await pool.query(
      `SELECT name, events_applied::int AS applied FROM projection_checkpoints ORDER BY name`,
    );
    const applied = Object.fromEntries(rows.map((r) => [r.name, r.applied as number]));
    await sqlRebuild(pool);
    const differences = await countDifferences(pool, GRID_TABLE, SQL_TABLE);
    const lost =
      invoiceEvents -
      (applied[invoiceGridProjection.name] ?? 0) +
      (activityEvents - (applied[activityProjection.name] ?? 0));
    const check = timeouts === 0 && invisible === 0 && differences === 0 && lost === 0 && errors.length === 0;
    return {
      commands: visibleMs.length,
      commandsPerSecond: visibleMs.length / elapsed,
      visible: latencySummary(visibleMs),
      append: latencySummary(appendMs),
      timeouts,
      invisible,
      differences,
      lost,
      errors,
      check,
    };
  } finally {
    await runner.stop();
    await store.close();
    await pool.end();
  }
}
