import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { WrongExpectedRevisionError, type NewEvent } from '#engine';
import { PostgresEventStore } from '#engine';
import { latencySummary, runFor } from './bench-support.js';

function anInvoiceEvent(): NewEvent {
  return {
    id: randomUUID(),
    type: 'PaymentLogged',
    data: { invoiceId: randomUUID(), amountCents: 12345, note: 'append benchmark' },
    metadata: { companyId: 'c-1', userId: 'u-1', occurredAt: new Date(0).toISOString(), schemaVersion: 1 },
  };
}

/**
 * Durable single-event commands through our Postgres event store: each writer appends one event per call, to a
 * new stream each time (`distinct`) or all to one stream with its expected revision (`contended`: on a conflict
 * the writer reads the newer events, as a handler with cached state does, and retries; retries are counted).
 * The check: the database holds exactly the events acknowledged, with contiguous revisions.
 */
export async function appendRate(
  url: string,
  writers: number,
  durationS: number,
  mode: 'distinct' | 'contended',
) {
  const store = new PostgresEventStore(url, { poolSize: writers + 2 });
  const tag = randomUUID().slice(0, 8);
  const shared = `stamps-${tag}`;
  const known = Array.from({ length: writers }, () => -1);
  let retries = 0;
  try {
    const run = await runFor(writers, durationS, async (worker) => {
      if (mode === 'distinct') {
        await store.appendToStreams([
          { stream: `bench${tag}-${randomUUID()}`, expected: 'no_stream', events: [anInvoiceEvent()] },
        ]);
        return;
      }
      for (;;) {
        const expected = known[worker]! < 0 ? ('no_stream' as const) : BigInt(known[worker]!);
        try {
          const result = await store.appendToStreams([
            { stream: shared, expected, events: [anInvoiceEvent()] },
          ]);
          known[worker] = Number(result.revisions[shared]);
          return;
        } catch (error) {
          if (!(error instanceof WrongExpectedRevisionError)) throw error;
          retries++;
          for await (const event of store.readStream(shared, BigInt(known[worker]! + 1)))
            known[worker] = Number(event.revision);
        }
      }
    });
    const check = await verify(
      url,
      mode === 'distinct' ? `bench${tag}-%` : shared,
      run.operations,
      mode === 'contended',
    );
    return {
      rate: run.operations / run.seconds,
      operations: run.operations,
      retries,
      check,
      ...latencySummary(run.latenciesMs),
    };
  } finally {
    await store.close();
  }
}

async function verify(
  url: string,
  pattern: string,
  acknowledged: number,
  oneStream: boolean,
): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n, count(DISTINCT stream_id)::int AS streams, coalesce(max(revision), -1)::int AS last
         FROM events WHERE stream_id LIKE $1`,
      [pattern],
    );
    const { n, streams, last } = rows[0];
    return (
      n === acknowledged && (oneStream ? last === acknowledged - 1 : streams === acknowledged && last === 0)
    );
  } finally {
    await client.end();
  }
}
