import { randomUUID } from 'node:crypto';
import { closeSync, openSync, statSync, writeSync } from 'node:fs';
import pg from 'pg';
import { generateInvoiceEvents } from './invoice-grid.fixture.js';
import { latencySummary, runFor, seconds } from './bench-support.js';

/**
 * The machine's own limits, measured with the same Postgres in the same run:
 * every figure of ours is reported as a ratio to one of these.
 */

/** Durable one-row INSERT transactions into a table shaped like `events` (same columns, keys and indexes). */
export async function rawInsertRate(url: string, clients: number, durationS: number) {
  const connections = await Promise.all(
    Array.from({ length: clients }, async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      return client;
    }),
  );
  try {
    const data = JSON.stringify({
      invoiceId: randomUUID(),
      amountCents: 12345,
      note: 'raw insert limit probe',
    });
    const metadata = JSON.stringify({
      companyId: 'c-1',
      userId: 'u-1',
      occurredAt: new Date(0).toISOString(),
      schemaVersion: 1,
    });
    const run = await runFor(clients, durationS, async (worker) => {
      await connections[worker]!.query(
        `INSERT INTO raw_events (stream_id, revision, event_id, type, data, metadata) VALUES ($1, 0, $2, 'Probe', $3, $4)`,
        [`raw-${randomUUID()}`, randomUUID(), data, metadata],
      );
    });
    return {
      rate: run.operations / run.seconds,
      operations: run.operations,
      ...latencySummary(run.latenciesMs),
    };
  } finally {
    await Promise.all(connections.map((c) => c.end()));
  }
}

/**
 * Writes the benchmark's synthetic invoice events as CSV for COPY into `events` (stream_id, revision, event_id,
 * type, data, metadata), in global order. Five events per invoice, each spread ~20,000 invoices apart, so every
 * rebuild batch updates rows written long before.
 */
export function writeEventsCsv(
  path: string,
  events: number,
): { rows: number; invoices: number; bytes: number; seconds: number } {
  const started = performance.now();
  const invoices = Math.floor(events / 5);
  const fd = openSync(path, 'w', 0o644);
  let rows = 0;
  let chunk: string[] = [];
  const quote = (json: string) => `"${json.replace(/"/g, '""')}"`;
  try {
    for (const { stream, revision, event } of generateInvoiceEvents({
      invoices,
      spread: Math.min(20_000, Math.max(1, Math.floor(invoices / 10))),
      seed: 7,
    })) {
      chunk.push(
        `${stream},${revision},${event.id},${event.type},${quote(JSON.stringify(event.data))},${quote(JSON.stringify(event.metadata))}`,
      );
      rows++;
      if (chunk.length === 20_000) {
        writeSync(fd, `${chunk.join('\n')}\n`);
        chunk = [];
      }
    }
    if (chunk.length) writeSync(fd, `${chunk.join('\n')}\n`);
  } finally {
    closeSync(fd);
  }
  return { rows, invoices, bytes: statSync(path).size, seconds: seconds(started) };
}

/** COPY of the CSV into the real `events` table (with its keys and indexes), server-side, in one transaction. */
export async function copyEvents(url: string, path: string): Promise<{ rows: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const result = await client.query(
      `COPY events (stream_id, revision, event_id, type, data, metadata) FROM '${path.replace(/'/g, "''")}' WITH (FORMAT csv)`,
    );
    const elapsed = seconds(started);
    await client.query(
      `INSERT INTO streams (stream_id, revision) SELECT stream_id, max(revision) FROM events GROUP BY stream_id
       ON CONFLICT (stream_id) DO UPDATE SET revision = EXCLUDED.revision`,
    );
    await client.query('ANALYZE events');
    return { rows: result.rowCount ?? 0, seconds: elapsed };
  } finally {
    await client.end();
  }
}

/** Every event in global order, formatted by the server and discarded (the read side's ceiling). */
export async function orderedScan(url: string): Promise<{ rows: number; seconds: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const started = performance.now();
    const result = await client.query(
      `COPY (SELECT position, transaction_id, stream_id, revision, event_id, type, data, metadata, recorded_at
               FROM events ORDER BY transaction_id, position) TO '/dev/null'`,
    );
    return { rows: result.rowCount ?? 0, seconds: seconds(started) };
  } finally {
    await client.end();
  }
}
