import { randomUUID } from 'node:crypto';
import { createPool, type Pool } from '#infra/db/database.js';
import { PostgresEventStore } from '#engine';
import { ACTIVITY_TABLES, activityProjection } from '#projections/activity/activity.projection.js';
import type { Projection } from '#projections/projection.js';
import { ensureProjectionSchema, ProjectionRunner } from '#engine';
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
 * equals a pure-SQL fold of the events and each projection applied exactly the events of the types it declares it
 * handles (counted in the store), no more, no fewer; `reasons` says which part failed.
 */
export async function commandToVisible(
  url: string,
  writers: number,
  commands: number,
  options: { extraProjections?: readonly Projection[] } = {},
) {
  const projections = [invoiceGridProjection, activityProjection, ...(options.extraProjections ?? [])];
  const store = new PostgresEventStore(url, { poolSize: writers + 2 });
  await store.ensureSchema();
  const pool = createPool(url, writers + 6, 'stampline-bench-live');
  await ensureProjectionSchema(pool);
  await pool.query(INVOICE_GRID_SCHEMA + ACTIVITY_TABLES);
  for (const projection of projections) {
    await pool.query(
      `INSERT INTO projection_checkpoints (name, checkpoint, version, status) VALUES ($1, '', $2, 'running')`,
      [projection.name, projection.version],
    );
  }
  const errors: string[] = [];
  const runner = new ProjectionRunner(pool, store, projections, {
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
    const { perProjection, totalEvents } = await appliedPerProjection(pool, projections);
    await sqlRebuild(pool);
    const differences = await countDifferences(pool, GRID_TABLE, SQL_TABLE);
    const lost = perProjection.reduce((sum, p) => sum + Math.abs(p.handled - p.applied), 0);
    const reasons = [
      ...(timeouts ? [`${timeouts} read-your-writes wait(s) timed out`] : []),
      ...(invisible ? [`${invisible} command(s) not visible in the grid after the wait`] : []),
      ...(differences ? [`the grid differs from the SQL fold in ${differences} row(s)`] : []),
      ...perProjection
        .filter((p) => p.handled !== p.applied)
        .map(
          (p) =>
            `${p.name} applied ${p.applied} event(s) of the ${p.handled} in the store of the types it handles`,
        ),
      ...(invoiceEvents + activityEvents !== totalEvents
        ? [`the bench wrote ${invoiceEvents + activityEvents} events, the store holds ${totalEvents}`]
        : []),
      ...errors.map((error) => `runner: ${error}`),
    ];
    const check = reasons.length === 0;
    return {
      commands: visibleMs.length,
      commandsPerSecond: visibleMs.length / elapsed,
      visible: latencySummary(visibleMs),
      append: latencySummary(appendMs),
      timeouts,
      invisible,
      differences,
      lost,
      perProjection,
      errors,
      reasons,
      check,
    };
  } finally {
    await runner.stop();
    await store.close();
    await pool.end();
  }
}

/**
 * Per projection: the events in the store of the types it declares it handles, and the events it says it applied
 * (projection_checkpoints.events_applied). Equal when nothing was lost or applied twice.
 */
export async function appliedPerProjection(
  pool: Pool,
  projections: readonly Projection[],
): Promise<{ perProjection: { name: string; handled: number; applied: number }[]; totalEvents: number }> {
  const { rows: types } = await pool.query<{ type: string; n: number }>(
    `SELECT type, count(*)::int AS n FROM events GROUP BY type`,
  );
  const { rows: applied } = await pool.query<{ name: string; applied: number }>(
    `SELECT name, events_applied::int AS applied FROM projection_checkpoints WHERE name = ANY($1::text[])`,
    [projections.map((p) => p.name)],
  );
  const appliedBy = new Map(applied.map((row) => [row.name, row.applied]));
  return {
    totalEvents: types.reduce((sum, row) => sum + row.n, 0),
    perProjection: projections.map((projection) => {
      const handles = new Set(projection.handles);
      return {
        name: projection.name,
        handled: types.filter((row) => handles.has(row.type)).reduce((sum, row) => sum + row.n, 0),
        applied: appliedBy.get(projection.name) ?? 0,
      };
    }),
  };
}
