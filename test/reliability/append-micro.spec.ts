import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { EVENT_STORE_APPEND_V2 } from '../../migrations/Migration20261122000600_event_store_append_v2.js';
import type { NewEvent } from '#engine';
import { PostgresEventStore } from '#engine';
import { createTestDatabase } from '../support/database.js';

/**
 * A quick micro-check of the append an invoice creation makes (the hash chain must not slow it): one
 * atomic append over `invoice-{id}` (no stream, an InvoiceCreated-sized event), `invoice-numbers-{companyId}` and
 * `stamps-{companyId}` (expected revisions), one writer, on a fresh database. Prints mean / p50 / p95 in ms.
 * Only with APPEND_MICRO=1 (it measures, it checks nothing worth a CI minute).
 */
const run = process.env.APPEND_MICRO === '1' ? it : it.skip;

const event = (type: string, companyId: string, data: Record<string, unknown>): NewEvent => ({
  id: randomUUID(),
  type,
  data,
  metadata: { companyId, userId: randomUUID(), occurredAt: new Date().toISOString(), schemaVersion: 1 },
});

const LINES = Array.from({ length: 6 }, (_, i) => ({
  lineNo: i + 1,
  productId: randomUUID(),
  name: `PRODUCT ${i}`,
  size: '750ml',
  type: 'liquor',
  upc: '012345678905',
  qty: 3,
  priceCents: 1999,
  taxable: true,
  onDeal: false,
  totalCents: 5997,
  taxCents: 495,
  costCents: 1500,
  lastInvoicedPriceCents: 1999,
}));

run(
  'appends invoice-shaped multi-stream appends (timing)',
  async () => {
    const db = await createTestDatabase('append_micro');
    const store = new PostgresEventStore(db.url);
    try {
      await store.ensureSchema();
      // APPEND_MICRO_V2=1: the same appends through append_events v2 (no hash chain), for the before/after figure.
      if (process.env.APPEND_MICRO_V2 === '1') {
        const admin = new pg.Client({ connectionString: db.url });
        await admin.connect();
        await admin.query(EVENT_STORE_APPEND_V2.replace(/^DROP FUNCTION[^\n]*\n/m, ''));
        await admin.end();
      }
      const companyId = randomUUID();
      let numbers: bigint | 'no_stream' = 'no_stream';
      let stamps: bigint | 'no_stream' = 'no_stream';
      const times: number[] = [];
      const N = Number(process.env.APPEND_MICRO_N ?? 2000);
      for (let i = 0; i < N; i++) {
        const invoiceId = randomUUID();
        const started = performance.now();
        const result = await store.appendToStreams([
          {
            stream: `invoice-${invoiceId}`,
            expected: 'no_stream',
            events: [
              event('InvoiceCreated', companyId, {
                invoiceId,
                companyId,
                lines: LINES,
                note: 'x'.repeat(200),
              }),
            ],
          },
          {
            stream: `invoice-numbers-${companyId}`,
            expected: numbers,
            events: [event('InvoiceNumberIssued', companyId, { invoiceId, sequence: i + 1 })],
          },
          {
            stream: `stamps-${companyId}`,
            expected: stamps,
            events: [
              event('StampsAllocated', companyId, {
                invoiceId,
                ranges: [{ rollId: 1, prefix: 'AB', from: i * 18, to: i * 18 + 17 }],
              }),
            ],
          },
        ]);
        times.push(performance.now() - started);
        numbers = result.revisions[`invoice-numbers-${companyId}`]!;
        stamps = result.revisions[`stamps-${companyId}`]!;
      }
      const measured = times.slice(200).sort((a, b) => a - b);
      const at = (q: number) => measured[Math.floor(q * (measured.length - 1))]!.toFixed(3);
      const mean = (measured.reduce((s, t) => s + t, 0) / measured.length).toFixed(3);
      process.stdout.write(
        `append micro-check (${process.env.APPEND_MICRO_V2 === '1' ? 'v2, no chain' : 'v3, hash chain'}): ${measured.length} appends, mean ${mean} ms, p50 ${at(0.5)} ms, p95 ${at(0.95)} ms\n`,
      );
    } finally {
      await store.close();
      await db.drop();
    }
  },
  300_000,
);
