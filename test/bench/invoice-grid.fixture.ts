import { randomUUID } from 'node:crypto';
import type { Queryable } from '#infra/db/database.js';
import type { EventStore, NewEvent, StoredEvent } from '#engine';
import { defineRowProjection, ident } from '#projections/projection.js';

/**
 * A synthetic, invoice-grid-shaped projection for the projection tests and the rebuild benchmark: one row per
 * `invoice-…` stream, folded from five kinds of event, with a primary key, a unique constraint, a CHECK, a
 * generated column and three grid indexes. It is a row fold (defineRowProjection), as real grid projectors should
 * be: load the rows a batch touches, evolve them in memory (pure), write them back in one multi-row upsert.
 */
export const GRID_TABLE = 'rm_bench_invoice_grid';

export const INVOICE_GRID_SCHEMA = `
CREATE TABLE IF NOT EXISTS ${GRID_TABLE} (
  invoice_id uuid PRIMARY KEY,
  company_id text NOT NULL,
  number int NOT NULL,
  customer_id text NOT NULL,
  customer_name text NOT NULL,
  status text NOT NULL,
  total_cents bigint NOT NULL,
  paid_cents bigint NOT NULL DEFAULT 0,
  balance_cents bigint GENERATED ALWAYS AS (total_cents - paid_cents) STORED,
  issued_on date NOT NULL,
  due_on date NOT NULL,
  last_paid_on date,
  updated_at timestamptz NOT NULL,
  revision bigint NOT NULL,
  CONSTRAINT ${GRID_TABLE}_number_key UNIQUE (company_id, number),
  CONSTRAINT ${GRID_TABLE}_total_check CHECK (total_cents >= 0)
);
CREATE INDEX IF NOT EXISTS ${GRID_TABLE}_issued_idx ON ${GRID_TABLE} (company_id, issued_on DESC, invoice_id DESC);
CREATE INDEX IF NOT EXISTS ${GRID_TABLE}_status_idx ON ${GRID_TABLE} (company_id, status, issued_on DESC);
CREATE INDEX IF NOT EXISTS ${GRID_TABLE}_customer_idx ON ${GRID_TABLE} (company_id, customer_name);
`;

export const GRID_COLUMNS = [
  'invoice_id',
  'company_id',
  'number',
  'customer_id',
  'customer_name',
  'status',
  'total_cents',
  'paid_cents',
  'balance_cents',
  'issued_on',
  'due_on',
  'last_paid_on',
  'updated_at',
  'revision',
] as const;

export const GRID_EVENT_TYPES = [
  'InvoiceCreated',
  'InvoiceLineAdded',
  'InvoiceStatusChanged',
  'PaymentLogged',
] as const;

export interface GridRow {
  invoiceId: string;
  companyId: string;
  number: number;
  customerId: string;
  customerName: string;
  status: string;
  totalCents: number;
  paidCents: number;
  issuedOn: string;
  dueOn: string;
  lastPaidOn: string | null;
  updatedAt: string;
  revision: number;
}

// Business dates are calendar dates in the company's zone, computed with an explicit zone so
// neither process.env.TZ nor the database session's zone can change them.
const chicagoDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/Chicago',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

const businessDates = new Map<string, string>();

/** The Chicago calendar date of an ISO instant (UTC). Its offsets are whole hours, so one answer per UTC hour. */
export function businessDate(instant: string): string {
  const hour = new Date(instant).toISOString().slice(0, 13);
  let date = businessDates.get(hour);
  if (date === undefined) {
    date = chicagoDate.format(new Date(instant));
    if (businessDates.size > 100_000) businessDates.clear();
    businessDates.set(hour, date);
  }
  return date;
}

/** Pure fold of one invoice event onto its row. */
export function evolveGridRow(row: GridRow | undefined, event: StoredEvent): GridRow {
  const data = event.data as Record<string, unknown>;
  const occurredAt = event.metadata.occurredAt;
  const revision = Number(event.revision);
  if (event.type === 'InvoiceCreated') {
    return {
      invoiceId: String(data.invoiceId),
      companyId: event.metadata.companyId,
      number: Number(data.number),
      customerId: String(data.customerId),
      customerName: String(data.customerName),
      status: 'DRAFT',
      totalCents: Number(data.totalCents),
      paidCents: 0,
      issuedOn: String(data.issuedOn),
      dueOn: String(data.dueOn),
      lastPaidOn: null,
      updatedAt: occurredAt,
      revision,
    };
  }
  if (!row) throw new Error(`${event.type} for invoice ${event.streamId} before InvoiceCreated`);
  const next = { ...row, updatedAt: occurredAt, revision };
  switch (event.type) {
    case 'InvoiceLineAdded':
      return { ...next, totalCents: row.totalCents + Number(data.amountCents) };
    case 'InvoiceStatusChanged':
      return { ...next, status: String(data.status) };
    case 'PaymentLogged':
      return {
        ...next,
        paidCents: row.paidCents + Number(data.amountCents),
        lastPaidOn: businessDate(occurredAt),
      };
    default:
      return row;
  }
}

interface GridDbRow {
  invoice_id: string;
  company_id: string;
  number: number;
  customer_id: string;
  customer_name: string;
  status: string;
  total_cents: string;
  paid_cents: string;
  issued_on: string;
  due_on: string;
  last_paid_on: string | null;
  updated_at: Date;
  revision: string;
}

export const invoiceGridProjection = defineRowProjection<GridRow>({
  name: 'bench_invoice_grid',
  version: 1,
  handles: GRID_EVENT_TYPES,
  rows: {
    table: GRID_TABLE,
    keyOf: (event) =>
      event.streamId.startsWith('invoice-') ? event.streamId.slice('invoice-'.length) : undefined,
    evolve: (row, event) => (row && Number(event.revision) <= row.revision ? row : evolveGridRow(row, event)),
    async load(tx, keys, table) {
      // Dates as text: node-pg would turn a `date` into a local-midnight Date, which depends on process.env.TZ.
      const { rows } = await tx.query<GridDbRow>(
        `SELECT invoice_id, company_id, number, customer_id, customer_name, status, total_cents, paid_cents,
                issued_on::text AS issued_on, due_on::text AS due_on, last_paid_on::text AS last_paid_on,
                updated_at, revision
           FROM ${ident(table)} WHERE invoice_id = ANY($1::uuid[])`,
        [keys],
      );
      return new Map(rows.map((r) => [r.invoice_id, fromDb(r)]));
    },
    async save(tx, out, table) {
      await tx.query(
        `INSERT INTO ${ident(table)} (invoice_id, company_id, number, customer_id, customer_name, status, total_cents,
                                      paid_cents, issued_on, due_on, last_paid_on, updated_at, revision)
         SELECT * FROM unnest($1::uuid[], $2::text[], $3::int[], $4::text[], $5::text[], $6::text[], $7::bigint[],
                              $8::bigint[], $9::date[], $10::date[], $11::date[], $12::timestamptz[], $13::bigint[])
         ON CONFLICT (invoice_id) DO UPDATE SET
           company_id = EXCLUDED.company_id, number = EXCLUDED.number, customer_id = EXCLUDED.customer_id,
           customer_name = EXCLUDED.customer_name, status = EXCLUDED.status, total_cents = EXCLUDED.total_cents,
           paid_cents = EXCLUDED.paid_cents, issued_on = EXCLUDED.issued_on, due_on = EXCLUDED.due_on,
           last_paid_on = EXCLUDED.last_paid_on, updated_at = EXCLUDED.updated_at, revision = EXCLUDED.revision`,
        [
          out.map((r) => r.invoiceId),
          out.map((r) => r.companyId),
          out.map((r) => r.number),
          out.map((r) => r.customerId),
          out.map((r) => r.customerName),
          out.map((r) => r.status),
          out.map((r) => r.totalCents),
          out.map((r) => r.paidCents),
          out.map((r) => r.issuedOn),
          out.map((r) => r.dueOn),
          out.map((r) => r.lastPaidOn),
          out.map((r) => r.updatedAt),
          out.map((r) => r.revision),
        ],
      );
    },
  },
});

function fromDb(r: GridDbRow): GridRow {
  return {
    invoiceId: r.invoice_id,
    companyId: r.company_id,
    number: r.number,
    customerId: r.customer_id,
    customerName: r.customer_name,
    status: r.status,
    totalCents: Number(r.total_cents),
    paidCents: Number(r.paid_cents),
    issuedOn: r.issued_on,
    dueOn: r.due_on,
    lastPaidOn: r.last_paid_on,
    updatedAt: r.updated_at.toISOString(),
    revision: Number(r.revision),
  };
}

/**
 * The same table built by hand in one set-based statement over the events table: the benchmark's ceiling and an
 * independent expected result (it shares no code with the projector).
 */
export function sqlRebuildStatement(target: string): string {
  return `
INSERT INTO ${ident(target)} (invoice_id, company_id, number, customer_id, customer_name, status, total_cents,
                              paid_cents, issued_on, due_on, last_paid_on, updated_at, revision)
SELECT (created->>'invoiceId')::uuid, created_meta->>'companyId', (created->>'number')::int, created->>'customerId',
       created->>'customerName', coalesce(status, 'DRAFT'), (created->>'totalCents')::bigint + lines, paid,
       (created->>'issuedOn')::date, (created->>'dueOn')::date,
       (last_paid_at::timestamptz AT TIME ZONE 'America/Chicago')::date, updated_at::timestamptz, revision
  FROM (
    SELECT (array_agg(data) FILTER (WHERE type = 'InvoiceCreated'))[1] AS created,
           (array_agg(metadata) FILTER (WHERE type = 'InvoiceCreated'))[1] AS created_meta,
           (array_agg(data->>'status' ORDER BY revision DESC) FILTER (WHERE type = 'InvoiceStatusChanged'))[1] AS status,
           coalesce(sum((data->>'amountCents')::bigint) FILTER (WHERE type = 'InvoiceLineAdded'), 0) AS lines,
           coalesce(sum((data->>'amountCents')::bigint) FILTER (WHERE type = 'PaymentLogged'), 0) AS paid,
           (array_agg(metadata->>'occurredAt' ORDER BY revision DESC) FILTER (WHERE type = 'PaymentLogged'))[1] AS last_paid_at,
           (array_agg(metadata->>'occurredAt' ORDER BY revision DESC))[1] AS updated_at,
           max(revision) AS revision
      FROM events
     WHERE stream_id LIKE 'invoice-%' AND type IN (${GRID_EVENT_TYPES.map((t) => `'${t}'`).join(', ')})
     GROUP BY stream_id
  ) folded`;
}

/** Rows in one table and not the other, both ways (0 = identical, duplicates included). */
export async function countDifferences(db: Queryable, a: string, b: string): Promise<number> {
  const columns = GRID_COLUMNS.join(', ');
  const { rows } = await db.query(
    `SELECT count(*)::int AS n FROM (
       (SELECT ${columns} FROM ${ident(a)} EXCEPT ALL SELECT ${columns} FROM ${ident(b)})
       UNION ALL
       (SELECT ${columns} FROM ${ident(b)} EXCEPT ALL SELECT ${columns} FROM ${ident(a)})
     ) diff`,
  );
  return rows[0].n;
}

/** Every row as text, in key order, under UTC: a row-for-row snapshot to compare. */
export async function snapshotTable(db: Queryable, table: string, orderBy: string): Promise<string[]> {
  const { rows } = await db.query(`SELECT t::text AS row FROM ${ident(table)} t ORDER BY ${orderBy}`);
  return rows.map((r: { row: string }) => r.row);
}

// ---------------------------------------------------------------------------------------------------------------
// Synthetic events

export interface GeneratedEvent {
  stream: string;
  revision: number;
  event: NewEvent;
}

/** Deterministic pseudo-random numbers (mulberry32): the same amounts and dates on every run. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface InvoiceEventOptions {
  invoices: number;
  companies?: number;
  /** How many invoices later each next event of an invoice comes, so batches touch rows built long before. */
  spread?: number;
  seed?: number;
  /** Index of the first invoice (numbers continue from there, so a second set adds to the first). */
  first?: number;
}

export const EVENTS_PER_INVOICE = 5;

/**
 * Five events per invoice (created, line added, sent, payment, paid/partial), interleaved in global order: event
 * k of invoice i comes at step i + k × spread. Instants land around midnight in Chicago, where a time-zone
 * mistake would move a business date.
 */
export function* generateInvoiceEvents(options: InvoiceEventOptions): Generator<GeneratedEvent> {
  const { invoices, companies = 20, spread = 7, seed = 42, first = 0 } = options;
  const random = seededRandom(seed);
  const plans = new Map<number, { id: string; totals: [number, number, number] }>();
  const base = Date.UTC(2025, 0, 1, 5, 0, 0); // 23:00 in Chicago the day before
  for (let step = 0; step < invoices + (EVENTS_PER_INVOICE - 1) * spread; step++) {
    for (let k = 0; k < EVENTS_PER_INVOICE; k++) {
      const n = step - k * spread;
      if (n < 0 || n >= invoices) continue;
      const i = first + n;
      if (k === 0) {
        const total = 1000 + Math.floor(random() * 500_000);
        const line = Math.floor(random() * 20_000);
        const pay = random() < 0.6 ? total + line : Math.floor((total + line) * random());
        plans.set(i, { id: randomUUID(), totals: [total, line, pay] });
      }
      const plan = plans.get(i)!;
      yield invoiceEvent(i, k, plan.id, plan.totals, companies, base);
      if (k === EVENTS_PER_INVOICE - 1) plans.delete(i);
    }
  }
}

function invoiceEvent(
  i: number,
  k: number,
  invoiceId: string,
  [total, line, pay]: [number, number, number],
  companies: number,
  base: number,
): GeneratedEvent {
  const companyId = `c-${(i % companies) + 1}`;
  const at = new Date(base + i * 61_000 + k * 3_600_000 * 7).toISOString();
  const metadata = { companyId, userId: `u-${(i % 7) + 1}`, occurredAt: at, schemaVersion: 1 };
  const issued = k === 0 ? businessDate(new Date(base + i * 61_000).toISOString()) : '';
  const types = [
    'InvoiceCreated',
    'InvoiceLineAdded',
    'InvoiceStatusChanged',
    'PaymentLogged',
    'InvoiceStatusChanged',
  ];
  const data: Record<string, unknown>[] = [
    {
      invoiceId,
      number: Math.floor(i / companies) + 1,
      customerId: `cust-${i % 997}`,
      customerName: `Customer ${i % 997}`,
      issuedOn: issued,
      dueOn: issued,
      totalCents: total,
    },
    { invoiceId, amountCents: line },
    { invoiceId, status: 'SENT' },
    { invoiceId, amountCents: pay, paymentId: `p-${i}` },
    { invoiceId, status: pay >= total + line ? 'PAID' : 'PARTIAL' },
  ];
  return {
    stream: `invoice-${invoiceId}`,
    revision: k,
    event: { id: randomUUID(), type: types[k]!, data: data[k]!, metadata },
  };
}

/**
 * Appends generated events in their order, `chunk` events per atomic multi-stream append, each stream with its
 * expected revision. Returns the checkpoint of the last append.
 */
export async function appendGenerated(
  store: EventStore,
  events: Iterable<GeneratedEvent>,
  chunk = 50,
): Promise<string> {
  let checkpoint = '';
  let pending: GeneratedEvent[] = [];
  const flush = async () => {
    if (pending.length === 0) return;
    const byStream = new Map<string, GeneratedEvent[]>();
    for (const e of pending) byStream.set(e.stream, [...(byStream.get(e.stream) ?? []), e]);
    const result = await store.appendToStreams(
      [...byStream.entries()].map(([stream, list]) => ({
        stream,
        expected: list[0]!.revision === 0 ? ('no_stream' as const) : BigInt(list[0]!.revision - 1),
        events: list.map((e) => e.event),
      })),
    );
    checkpoint = result.checkpoint;
    pending = [];
  };
  for (const event of events) {
    pending.push(event);
    if (pending.length >= chunk) await flush();
  }
  await flush();
  return checkpoint;
}

/** The expected grid, folded in memory from the generated events (independent of the database). */
export function foldExpected(events: Iterable<GeneratedEvent>): Map<string, GridRow> {
  const rows = new Map<string, GridRow>();
  for (const { stream, revision, event } of events) {
    const id = stream.slice('invoice-'.length);
    const stored = {
      ...event,
      streamId: stream,
      revision: BigInt(revision),
      position: 0n,
      checkpoint: '',
      recordedAt: event.metadata.occurredAt,
    } as StoredEvent;
    rows.set(id, evolveGridRow(rows.get(id), stored));
  }
  return rows;
}
