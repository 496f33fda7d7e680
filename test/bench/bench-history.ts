// bench, "history": is a command as fast in year five as on day one? Against the real API (startTestApp on
// a database of the bench's Postgres):
//   - a grown company: 100,000 invoices (BENCH_HISTORY_INVOICES) over 300 customers, one of them (the regular) with
//     3,000, 3 liquor bottles each (300,000 stamps over 31 rolls of 10,000), built through the real deciders
//     (createInvoices, the stamp ledger, the number stream, the holding streams) and appended to the event store in
//     bulk, then projected by the app's own runner (building is not timed);
//   - an empty company with the same products.
// Printed side by side: invoice creation over HTTP (10 lines, 3 liquor, force) median and p95 for the regular
// customer and for new customers (≤ 1.2×); the first creation after a restart with an empty cache (≤ 2× the warm
// median), the events that cold creation read, the same cold figure with 1,000 companies (more than the cache holds);
// the memory the company's cached state holds; the other write-path commands and the invoice view. The figures count
// only when the checks hold: no stamp held twice, none leaked, invoice numbers gapless.
//
// Run alone: node --expose-gc dist/test/bench/bench-history.js (BENCH_ONLY=history with npm run bench)
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoiceNumbersDecider, invoiceNumbersStream } from '#domain/invoices/invoice-numbers.js';
import { evolve as evolveNumbers } from '#domain/invoices/invoice-numbers.js';
import { createInvoices } from '#domain/invoices/invoice.decide.js';
import { invoiceStream } from '#domain/invoices/invoice.events.js';
import { businessDate } from '#domain/shared/business-date.js';
import type { AnyEvent } from '#domain/shared/decider.js';
import { stampLedgerDecider } from '#domain/stamps/stamp.decide.js';
import { stampsStream } from '#domain/stamps/stamp.events.js';
import { holdingChanges, stampHoldingStream } from '#domain/stamps/stamp-holding.js';
import { evolve as evolveStamps } from '#domain/stamps/stamp.state.js';
import { createPool } from '#infra/db/database.js';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { EventAppender } from '#engine';
import type { NewEvent, StreamAppend } from '#engine';
import type pg from 'pg';
import { fingerprintOf, InvoiceContext } from '../../apps/api/src/invoices/invoice-context.js';
import { legacyHolding } from '../../apps/api/src/stamps/stamp-holdings.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import {
  intFromEnv,
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  seconds,
  type BenchFigure,
} from './bench-support.js';

const SECTION = 'history';
const settings = {
  invoices: intFromEnv('BENCH_HISTORY_INVOICES', 100_000),
  customers: 300,
  regularShare: 3_000,
  rollSize: 10_000,
  warm: intFromEnv('BENCH_HISTORY_SAMPLES', 200),
  fresh: 100,
  cold: 15,
  companies: 1_000,
};
const BATCH = 250;
const LIQUOR_PER_INVOICE = 3;

interface Company {
  label: string;
  token: string;
  companyId: string;
  userId: string;
  products: { liquor: string[]; others: string[] };
  regular: string;
  customers: string[];
  fresh: string[];
}

const items = (company: Company, n: number) => [
  ...company.products.liquor.map((id, k) => ({
    product_id: id,
    qty: 1,
    price: Math.round(1999 + 100 * k + (n % 7)) / 100,
  })),
  ...company.products.others.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 12), price: 2.5 + k })),
];
const body = (company: Company, customerId: string, n: number) => ({
  customer_id: customerId,
  force: true,
  items: items(company, n),
});

async function post(api: ApiClient, path: string, data: unknown, token: string, status = 201) {
  const response = await api.post(path, data, token);
  if (response.status !== status)
    throw new Error(`${path}: ${response.status} ${JSON.stringify(response.body).slice(0, 300)}`);
  return response.body;
}

async function setUpCompany(
  api: ApiClient,
  pool: pg.Pool,
  label: string,
  customers: number,
  rolls: number,
): Promise<Company> {
  const owner = await signUpOwner(api, `History ${label}`);
  const token = owner.token;
  const product = async (name: string, type: string, price: number) =>
    (
      await post(
        api,
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: '5.00',
        },
        token,
      )
    ).id as string;
  const liquor = [
    await product("Tito's Vodka", 'liquor', 19.99),
    await product('Jack Daniels', 'liquor', 24.5),
    await product('Patron Silver', 'liquor', 39.99),
  ];
  const others: string[] = [];
  for (let i = 0; i < 4; i++) others.push(await product(`Wine ${i}`, 'wine', 8.99 + i));
  for (let i = 0; i < 3; i++) others.push(await product(`Mixer ${i}`, 'n/a', 1.5 + i));
  const customer = async (i: number) =>
    (
      await post(
        api,
        'customer',
        {
          name: `${label} Bar ${i}`,
          address: `${i} Main St`,
          city: 'Austin',
          zip: '78701',
          tabc_id: `MB${String(100_000 + i)}`,
          cash_on_delivery: 0,
          fintech_option: 0,
        },
        token,
      )
    ).id as string;
  const ids: string[] = [];
  for (let i = 0; i < customers; i++) ids.push(await customer(i));
  const fresh: string[] = [];
  for (let i = 0; i < settings.fresh; i++) fresh.push(await customer(10_000 + i));
  const today = businessDate(new Date().toISOString(), 'America/Chicago');
  for (let r = 0; r < rolls; r++) {
    const from = 1 + r * settings.rollSize;
    await post(
      api,
      'stamp/roll',
      { prefix: 'TX', received_at: today, from, to: from + settings.rollSize - 1 },
      token,
    );
  }
  const { rows } = await pool.query<{ company_id: string }>(
    'SELECT company_id FROM rm_customer WHERE id = $1',
    [ids[0]],
  );
  return {
    label,
    token,
    companyId: rows[0]!.company_id,
    userId: String(owner.user?.id ?? ''),
    products: { liquor, others },
    regular: ids[0]!,
    customers: ids,
    fresh,
  };
}

/** 100,000 invoices through createInvoices and the folds, appended BATCH invoices per atomic append. */
async function buildHistory(app: TestApp, company: Company): Promise<{ seconds: number; events: number }> {
  const started = performance.now();
  const appender = app.app.get(EventAppender);
  const context = app.app.get(InvoiceContext);
  const store = app.runtime.store;
  const { companyId } = company;
  const companyState = await context.company(companyId);
  const invoiceSettings = context.settings(companyState);
  const drafts = new Map<
    string,
    {
      customer: Awaited<ReturnType<InvoiceContext['customer']>>;
      lines: Awaited<ReturnType<InvoiceContext['lines']>>;
    }
  >();
  for (const id of company.customers) {
    const lines = await context.lines(
      companyId,
      id,
      items(company, 0).map((item) => ({ ...item, price: item.price.toFixed(2) })),
    );
    drafts.set(id, { customer: await context.customer(companyId, id), lines });
  }
  const numbersName = invoiceNumbersStream(companyId);
  const stampsName = stampsStream(companyId);
  let { state: numbers, revision: numbersRevision } = await appender.load(numbersName, invoiceNumbersDecider);
  let { state: ledger, revision: stampsRevision } = await appender.load(stampsName, stampLedgerDecider);
  const total = settings.invoices;
  const regularEvery = Math.floor(total / settings.regularShare);
  const others = company.customers.slice(1);
  const stepMs = Math.floor((5 * 365 * 24 * 3_600_000) / total); // five years of invoices
  const t0 = Date.now() - total * stepMs - 86_400_000;
  let events = 0;
  let checkpoint = '';
  const toNew = (list: AnyEvent[], now: string): NewEvent[] =>
    list.map((event) => ({
      id: randomUUID(),
      type: event.type,
      data: event.data as Record<string, unknown>,
      metadata: { companyId, userId: company.userId, occurredAt: now, schemaVersion: 1 },
    }));
  for (let start = 0; start < total; start += BATCH) {
    const appends: StreamAppend[] = [];
    const stampEvents: NewEvent[] = [];
    const numberEvents: NewEvent[] = [];
    for (let i = start; i < Math.min(total, start + BATCH); i++) {
      const customerId = i % regularEvery === 0 ? company.regular : others[i % others.length]!;
      const { customer, lines } = drafts.get(customerId)!;
      const now = new Date(t0 + i * stepMs).toISOString();
      const invoiceId = randomUUID();
      const decided = createInvoices(
        { numbers, stamps: ledger, invoices: [{ status: 'none' }] },
        {
          type: 'CreateInvoices',
          data: {
            drafts: [
              {
                invoiceId,
                customer,
                lines,
                invoicedOn: businessDate(now, invoiceSettings.timeZone),
                dueOn: null,
                note: '',
                companyNote: '',
                logoId: null,
                fingerprint: fingerprintOf(customerId, lines),
              },
            ],
            settings: invoiceSettings,
            orderIds: [],
          },
          metadata: { companyId, userId: company.userId, now },
        },
      );
      numbers = decided.numbers.reduce(evolveNumbers, numbers);
      ledger = decided.stamps.reduce(evolveStamps, ledger);
      appends.push({
        stream: invoiceStream(invoiceId),
        expected: 'no_stream',
        events: toNew(decided.invoices[0]!, now),
      });
      const holding = holdingChanges([], invoiceId, decided.stamps, now);
      appends.push({
        stream: stampHoldingStream(invoiceId),
        expected: 'no_stream',
        events: toNew(holding, now),
      });
      stampEvents.push(...toNew(decided.stamps, now));
      numberEvents.push(...toNew(decided.numbers, now));
    }
    appends.push({ stream: stampsName, expected: stampsRevision, events: stampEvents });
    appends.push({ stream: numbersName, expected: numbersRevision, events: numberEvents });
    const result = await store.appendToStreams(appends);
    stampsRevision = result.revisions[stampsName]!;
    numbersRevision = result.revisions[numbersName]!;
    checkpoint = result.checkpoint;
    events += appends.reduce((sum, a) => sum + a.events.length, 0);
    if ((start / BATCH) % 40 === 0) log(`  history: ${num(start + BATCH)} invoices appended`);
  }
  log(`  history: ${num(events)} events appended in ${num(seconds(started), 1)} s; projecting`);
  const projecting = performance.now();
  while (!(await app.runtime.projections.waitFor(checkpoint, 60_000))) log('  history: still projecting …');
  log(`  history: projected in ${num(seconds(projecting), 1)} s`);
  return { seconds: seconds(started), events };
}

const median = (values: number[]) => latencySummary(values).p50;

interface Side {
  regular: number[];
  fresh: number[];
  cold: number[];
  coldEvents: number[];
  many: number[];
  manyEvents: number[];
  stateBytes: { stamps: number; numbers: number };
  heapBytes: number | null;
  ops: Record<string, number[]>;
  failures: number;
}

/** JSON size of the company's two long-lived states, and what one parsed copy of them holds on the heap. */
async function stateSize(appender: EventAppender, companyId: string) {
  const stamps = (await appender.load(stampsStream(companyId), stampLedgerDecider)).state;
  const numbers = (await appender.load(invoiceNumbersStream(companyId), invoiceNumbersDecider)).state;
  const json = JSON.stringify({ stamps, numbers });
  const gc = (globalThis as { gc?: () => void }).gc;
  let heapBytes: number | null = null;
  if (gc) {
    gc();
    const before = process.memoryUsage().heapUsed;
    const copies = Array.from({ length: 2000 }, () => JSON.parse(json) as unknown);
    gc();
    heapBytes = (process.memoryUsage().heapUsed - before) / copies.length;
  }
  return {
    stateBytes: { stamps: JSON.stringify(stamps).length, numbers: JSON.stringify(numbers).length },
    heapBytes,
  };
}

/**
 * The figures of both companies, request by request in turn (empty, grown, empty, …), so that warming up, the
 * machine's other work and the runner's pace weigh on both alike.
 */
async function measureBoth(
  app: TestApp,
  api: ApiClient,
  pool: pg.Pool,
  companies: [Company, Company],
  crowd: string[],
): Promise<{ sides: [Side, Side]; errors: string[] }> {
  const appender = app.app.get(EventAppender);
  const errors: string[] = [];
  const sides = companies.map((): Side => ({
    regular: [],
    fresh: [],
    cold: [],
    coldEvents: [],
    many: [],
    manyEvents: [],
    stateBytes: { stamps: 0, numbers: 0 },
    heapBytes: null,
    ops: { view: [], update: [], cancel: [], uncancel: [], destroy: [] },
    failures: 0,
  })) as [Side, Side];
  const timed = async (
    index: number,
    into: number[],
    run: () => Promise<{ status: number; body: unknown }>,
    ok = 200,
  ) => {
    const t0 = performance.now();
    const response = await run();
    const elapsed = performance.now() - t0;
    if (response.status === ok) into.push(elapsed);
    else {
      sides[index]!.failures++;
      if (errors.length < 5) errors.push(`${response.status} ${JSON.stringify(response.body).slice(0, 160)}`);
    }
  };
  const create = (index: number, customerId: string, n: number, into: number[]) =>
    timed(
      index,
      into,
      () => api.post('invoice', body(companies[index]!, customerId, n), companies[index]!.token),
      201,
    );

  for (let n = 0; n < 20; n++) for (const i of [0, 1]) await create(i, companies[i]!.regular, n, []);
  for (let n = 0; n < settings.warm; n++)
    for (const i of [0, 1]) await create(i, companies[i]!.regular, n, sides[i]!.regular);
  for (let n = 0; n < settings.fresh; n++)
    for (const i of [0, 1]) await create(i, companies[i]!.fresh[n]!, n, sides[i]!.fresh);
  // Cold: the cache emptied (a restarted process), then one creation; the events its loads read.
  for (let k = 0; k < settings.cold; k++) {
    for (const i of [0, 1]) {
      await appender.snapshotsWritten();
      appender.clearCache();
      const before = appender.eventsRead;
      await create(i, companies[i]!.regular, k, sides[i]!.cold);
      sides[i]!.coldEvents.push(appender.eventsRead - before);
    }
  }
  // 1,000 companies: the other 999 companies' long streams loaded through the same cache between creations.
  for (let k = 0; k < settings.cold; k++) {
    for (const i of [0, 1]) {
      await appender.snapshotsWritten();
      for (const other of crowd) {
        await appender.load(stampsStream(other), stampLedgerDecider);
        await appender.load(invoiceNumbersStream(other), invoiceNumbersDecider);
      }
      const before = appender.eventsRead;
      await create(i, companies[i]!.regular, k, sides[i]!.many);
      sides[i]!.manyEvents.push(appender.eventsRead - before);
    }
  }
  // The other commands and the invoice view, on invoices picked at random from each company's history.
  const picked = await Promise.all(
    companies.map(async (company) => {
      const { rows } = await pool.query<{ id: string }>(
        'SELECT id FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL ORDER BY random() LIMIT 30',
        [company.companyId],
      );
      return rows.map((row) => row.id);
    }),
  );
  for (let k = 0; k < 30; k++) {
    for (const i of [0, 1]) {
      const id = picked[i]![k];
      const { token } = companies[i]!;
      const ops = sides[i]!.ops;
      if (!id) continue;
      await timed(i, ops.view!, () => api.get(`invoice/${id}`, token));
      await timed(i, ops.update!, () => api.put(`invoice/${id}`, { note: `edited ${randomUUID()}` }, token));
      await timed(i, ops.cancel!, () => api.put(`invoice/${id}`, { status: 'cancelled' }, token));
      await timed(i, ops.uncancel!, () => api.put(`invoice/${id}`, { status: 'invoiced' }, token));
    }
  }
  const lastRolls = await Promise.all(
    companies.map(async (company) => {
      const { rows } = await pool.query<{ roll_id: number; range_to: string }>(
        'SELECT roll_id, range_to FROM rm_stamp_roll WHERE company_id = $1 ORDER BY roll_id DESC LIMIT 1',
        [company.companyId],
      );
      return rows[0]!;
    }),
  );
  for (let k = 0; k < 10; k++) {
    for (const i of [0, 1]) {
      const { roll_id, range_to } = lastRolls[i]!;
      const to = Number(range_to) - k * 2;
      await timed(
        i,
        sides[i]!.ops.destroy!,
        () =>
          api.post(`stamp/roll/${roll_id}/destroy`, { from: to - 1, to, note: 'bench' }, companies[i]!.token),
        201,
      );
    }
  }
  for (const i of [0, 1]) Object.assign(sides[i]!, await stateSize(appender, companies[i]!.companyId));
  return { sides, errors };
}

/**
 * The last-invoiced-price look-up of the regular customer (3,000 invoices): the query it replaced (DISTINCT ON over
 * all the customer's lines of the products, on the index it had) next to the LATERAL … LIMIT 1 probes.
 */
async function lastPriceQueries(pool: pg.Pool, company: Company) {
  const products = [...company.products.liquor, ...company.products.others];
  const old = `SELECT DISTINCT ON (product_id) product_id, price_cents FROM rm_product_sale_line
    WHERE company_id = $1 AND customer_id = $2::uuid AND product_id = ANY($3::uuid[]) AND counted
    ORDER BY product_id, sold_on DESC, created_at DESC, invoice_id DESC, line_no DESC`;
  await pool.query(`CREATE INDEX IF NOT EXISTS bench_old_last_price_idx ON rm_product_sale_line
    (company_id, customer_id, product_id, sold_on DESC, created_at DESC) WHERE counted`);
  const time = async (sql: string, values: unknown[]) => {
    const samples: number[] = [];
    let rows = '';
    for (let k = 0; k < 25; k++) {
      const t0 = performance.now();
      const result = await pool.query(sql, values);
      samples.push(performance.now() - t0);
      rows = JSON.stringify(result.rows.map((r) => [r.product_id, String(r.price_cents)]).sort());
    }
    return { p50: latencySummary(samples.slice(5)).p50, rows };
  };
  const values = [company.companyId, company.regular, products];
  const before = await time(old, values);
  await pool.query('DROP INDEX bench_old_last_price_idx');
  const after = await time(
    `SELECT p.product_id, l.price_cents FROM unnest($3::uuid[]) AS p (product_id)
       CROSS JOIN LATERAL (SELECT price_cents FROM rm_product_sale_line
        WHERE company_id = $1 AND customer_id = $2::uuid AND product_id = p.product_id AND counted
        ORDER BY sold_on DESC, created_at DESC, invoice_id DESC, line_no DESC LIMIT 1) l`,
    values,
  );
  return { before: before.p50, after: after.p50, same: before.rows === after.rows };
}

/** The company's invariants from the read models: no stamp held twice, none leaked, numbers gapless. */
async function checks(pool: pg.Pool, appender: EventAppender, company: Company) {
  const { rows: stamps } = await pool.query<{ twice: string; held: string; negative: string }>(
    `WITH s AS (
       SELECT roll_id, n, sum(CASE kind WHEN 'allocated' THEN 1 ELSE -1 END) AS holders
         FROM rm_stamp_log, generate_series(range_from, range_to) AS n
        WHERE company_id = $1 AND kind IN ('allocated', 'released')
        GROUP BY roll_id, n)
     SELECT count(*) FILTER (WHERE holders > 1) AS twice, count(*) FILTER (WHERE holders = 1) AS held,
            count(*) FILTER (WHERE holders < 0) AS negative FROM s`,
    [company.companyId],
  );
  const { rows: invoices } = await pool.query<{
    live: string;
    count: string;
    distinct: string;
    lo: string;
    hi: string;
  }>(
    `SELECT count(*) FILTER (WHERE status <> 'cancelled' AND deleted_at IS NULL) AS live, count(*) AS count,
            count(DISTINCT sequence) AS distinct, min(sequence) AS lo, max(sequence) AS hi
       FROM rm_invoice WHERE company_id = $1`,
    [company.companyId],
  );
  const ledger = (await appender.load(stampsStream(company.companyId), stampLedgerDecider)).state;
  const ledgerHeld = ledger.rolls.reduce((sum, roll) => sum + roll.allocatedCount, 0);
  const s = stamps[0]!;
  const i = invoices[0]!;
  const expected = Number(i.live) * LIQUOR_PER_INVOICE;
  const gapless =
    Number(i.count) === Number(i.distinct) && Number(i.hi) - Number(i.lo) + 1 === Number(i.count);
  // A sample of invoices: the holding stream says what the stamp log says.
  const { rows: sample } = await pool.query<{ id: string }>(
    'SELECT id FROM rm_invoice WHERE company_id = $1 ORDER BY random() LIMIT 50',
    [company.companyId],
  );
  let holdingsDiffer = 0;
  for (const { id } of sample) {
    const recorded = await appender.load(stampHoldingStream(id), {
      evolve: (_s: unknown, e: AnyEvent) => (e.data as { ranges: unknown }).ranges,
      initialState: () => [] as unknown,
    });
    const logged = await legacyHolding(pool, company.companyId, id);
    const key = (ranges: unknown) =>
      (ranges as { rollId: number; prefix: string; from: number; to: number }[])
        .map((r) => `${r.rollId}:${r.prefix}${r.from}-${r.to}`)
        .join(',');
    if (key(recorded.state) !== key(logged)) holdingsDiffer++;
  }
  const ok =
    Number(s.twice) === 0 &&
    Number(s.negative) === 0 &&
    Number(s.held) === expected &&
    ledgerHeld === expected &&
    gapless &&
    holdingsDiffer === 0;
  return {
    ok,
    note:
      `${num(Number(i.count))} invoices, numbers ${i.lo}–${i.hi} ${gapless ? 'gapless' : 'WITH GAPS'}; ` +
      `${num(Number(s.held))} stamps held (expected ${num(expected)}, ledger ${num(ledgerHeld)}), ${s.twice} held twice, ` +
      `${holdingsDiffer}/50 holding streams differing from the stamp log`,
  };
}

function side(figures: BenchFigure[], empty: Side, grown: Side, check: { ok: boolean }) {
  const result = check.ok ? ('ok' as const) : ('FAILED' as const);
  const pair = (label: string, a: number[], b: number[], bound?: number, of: 'p50' | 'p95' = 'p50') => {
    const x = latencySummary(a)[of];
    const y = latencySummary(b)[of];
    figures.push({
      section: SECTION,
      measure: label,
      value: `${ms(y)} at ${num(settings.invoices)} invoices`,
      limit: `${ms(x)} empty`,
      ratio: `${num(y / x, 2)}×`,
      ...(bound !== undefined ? { target: `≤ ${bound}×`, met: y <= bound * x } : {}),
      check: result,
    });
  };
  pair('creation, regular customer, median', empty.regular, grown.regular, 1.2);
  pair('creation, regular customer, p95', empty.regular, grown.regular, 1.2, 'p95');
  pair('creation, new customer, median', empty.fresh, grown.fresh, 1.2);
  pair('creation, new customer, p95', empty.fresh, grown.fresh, 1.2, 'p95');
  for (const [name, a, b] of [
    ['first creation after a restart (empty cache)', empty.cold, grown.cold],
    ['first creation, 1,000 companies (evicted from the cache)', empty.many, grown.many],
  ] as const) {
    const warm = median(grown.regular);
    figures.push({
      section: SECTION,
      measure: `${name}, median`,
      value: `${ms(median(b))} grown (max ${ms(Math.max(...b))}); ${ms(median(a))} empty`,
      limit: `${ms(warm)} warm median`,
      ratio: `${num(median(b) / warm, 2)}× warm`,
      target: '≤ 2× warm median',
      met: median(b) <= 2 * warm,
      check: result,
      note: `events read by that creation's loads: grown max ${Math.max(...(name.startsWith('first creation after') ? grown.coldEvents : grown.manyEvents))}, empty max ${Math.max(...(name.startsWith('first creation after') ? empty.coldEvents : empty.manyEvents))}`,
    });
  }
  figures.push({
    section: SECTION,
    measure: "company's cached state (stamp ledger + numbers)",
    value: `${num(grown.stateBytes.stamps + grown.stateBytes.numbers)} B JSON (ledger ${num(grown.stateBytes.stamps)}, numbers ${num(grown.stateBytes.numbers)})${grown.heapBytes !== null ? `, ~${num(grown.heapBytes / 1024, 1)} KiB heap` : ''}`,
    limit: `${num(empty.stateBytes.stamps + empty.stateBytes.numbers)} B empty${empty.heapBytes !== null ? `, ~${num(empty.heapBytes / 1024, 1)} KiB heap` : ''}`,
    check: result,
  });
  for (const op of Object.keys(grown.ops)) {
    if (!grown.ops[op]!.length || !empty.ops[op]!.length) continue;
    pair(
      `  ${op === 'view' ? 'invoice view' : op === 'destroy' ? 'stamp destroy' : `invoice ${op}`}, median`,
      empty.ops[op]!,
      grown.ops[op]!,
    );
  }
}

export async function benchHistory(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  let adminUrl = options.adminUrl;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), 'stampline-bench-history-'));
    chmodSync(dir, 0o755);
    const server = await startEmbeddedPostgres(join(dir, 'pg'), { persistent: false });
    adminUrl = server.url;
    stop = () => server.stop();
  }
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = adminUrl;
  let app: TestApp | undefined;
  try {
    log('history: starting the API on a fresh database');
    app = await startTestApp();
    const api = apiClient(app.baseUrl);
    const pool = createPool(app.runtime.databaseUrl, 4, 'stampline-bench-history');
    try {
      const rollsNeeded = Math.ceil((settings.invoices * LIQUOR_PER_INVOICE) / settings.rollSize) + 1;
      log('history: an empty company and a grown one (products, customers, rolls over HTTP)');
      const empty = await setUpCompany(api, pool, 'Empty', 1, 1);
      const grown = await setUpCompany(api, pool, 'Grown', settings.customers, rollsNeeded);
      log(`history: building ${num(settings.invoices)} invoices through the deciders`);
      const built = await buildHistory(app, grown);
      // The long streams' states as a running company has them: folded once (here, after the bulk build) and kept
      // as a snapshot. Timed: what every cold load would cost without a snapshot.
      const appender = app.app.get(EventAppender);
      appender.clearCache();
      const foldStarted = performance.now();
      const folds = [
        await appender.load(stampsStream(grown.companyId), stampLedgerDecider),
        await appender.load(invoiceNumbersStream(grown.companyId), invoiceNumbersDecider),
      ];
      const foldMs = performance.now() - foldStarted;
      const folded = folds.reduce((sum, f) => sum + Number(f.revision) + 1, 0);
      await appender.snapshotsWritten();
      // 999 other companies' long streams, for the eviction figure.
      log('history: 999 other companies');
      const crowd = Array.from({ length: settings.companies - 1 }, () => randomUUID());
      for (let k = 0; k < crowd.length; k += 100) {
        await app.runtime.store.appendToStreams(
          crowd.slice(k, k + 100).flatMap((other) => [
            {
              stream: stampsStream(other),
              expected: 'no_stream' as const,
              events: [
                {
                  id: randomUUID(),
                  type: 'StampRollReceived',
                  data: {
                    rollId: 1,
                    prefix: 'TX',
                    from: 1,
                    to: 10_000,
                    receivedOn: '2026-01-01',
                    active: true,
                    recordedAt: new Date().toISOString(),
                  },
                  metadata: { companyId: other, occurredAt: new Date().toISOString(), schemaVersion: 1 },
                },
              ],
            },
            {
              stream: invoiceNumbersStream(other),
              expected: 'no_stream' as const,
              events: [
                {
                  id: randomUUID(),
                  type: 'InvoiceNumberAssigned',
                  data: {
                    invoiceIds: [randomUUID()],
                    customerId: null,
                    sequence: 1,
                    prefix: '',
                    assignedAt: new Date().toISOString(),
                  },
                  metadata: { companyId: other, occurredAt: new Date().toISOString(), schemaVersion: 1 },
                },
              ],
            },
          ]),
        );
      }
      log('history: timing both companies, request by request in turn');
      const {
        sides: [emptySide, grownSide],
        errors,
      } = await measureBoth(app, api, pool, [empty, grown], crowd);
      log('history: checks');
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 60_000);
      const check = await checks(pool, appender, grown);
      const emptyCheck = await checks(pool, appender, empty);
      const ok = check.ok && emptyCheck.ok && grownSide.failures === 0 && emptySide.failures === 0;
      const figures: BenchFigure[] = [
        {
          section: SECTION,
          measure: `build: ${num(settings.invoices)} invoices, ${settings.customers} customers (one with ${num(settings.regularShare)}), through the deciders`,
          value: `${num(built.events)} events in ${num(built.seconds, 1)} s (not a target)`,
          check: ok ? 'ok' : 'FAILED',
          note: `${check.note}; empty company: ${emptyCheck.note}; failed requests ${grownSide.failures + emptySide.failures}${errors.length ? ` (${errors.join('; ')})` : ''}`,
        },
        {
          section: SECTION,
          measure: 'cold load without a snapshot (fold from revision 0: ledger + numbers)',
          value: `${ms(foldMs)} for ${num(folded)} events`,
          check: ok ? 'ok' : 'FAILED',
          note: 'what every restart, cache eviction and new API process paid before snapshots',
        },
      ];
      side(figures, emptySide, grownSide, { ok });
      const prices = await lastPriceQueries(pool, grown);
      figures.push({
        section: SECTION,
        measure: `last invoiced prices of 10 products, customer with ${num(settings.regularShare)} invoices (SQL)`,
        value: `${ms(prices.after)} one index probe per product`,
        limit: `${ms(prices.before)} DISTINCT ON over the customer's lines`,
        ratio: `${num(prices.after / prices.before, 2)}×`,
        check: prices.same ? 'ok' : 'FAILED',
        note: 'both queries answer the same prices',
      });
      return figures;
    } finally {
      await pool.end();
    }
  } finally {
    await app?.close();
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}

runWhenMain(import.meta.url, benchHistory);
