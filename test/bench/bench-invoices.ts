// bench, against the real API (startTestApp on a database of the bench's Postgres):
//   (a) invoice creation (10 items, 3 liquor lines) by 8 concurrent clients over HTTP: POST latency (the POST
//       returns once projections caught up: read-your-writes), and POST → row found in the grid. Target p95 ≤ 100 ms.
//   (b) the invoice grid with 200,000 invoices of one company (BENCH_INVOICE_ROWS; rows written straight into
//       rm_invoice with generate_series): p95 of the grid handler and of GET /invoice/grid for the default sort,
//       a status filter, a customer filter, a date range and the last page, each next to the hand-written SQL that
//       returns the same rows, timed in the same run. Targets: grid p95 ≤ 2× SQL p95 + 5 ms; last page ≤ 1.5× first.
//   (c) Detailed CSV of those 200,000 invoices over HTTP: time to first byte, total time next to Postgres
//       `COPY (…) TO STDOUT` of the same lines (psql), and the process's peak RSS for all rows and for a tenth of
//       them. Targets: first byte ≤ 200 ms, ≥ 0.5× the COPY rate, memory flat in the row count.
//   (d) : the balance of one customer with 10,000 invoices and 30,000 payments (85% paid, 10% partly, 5%
//       open; rm_invoice.paid_cents / payments and rm_invoice_payment written with generate_series, whatever
//       BENCH_INVOICE_ROWS says): p95 of CustomerBalanceHandler and CheckBalanceHandler and of GET
//       /customer/{id}/balance and /check-balance, next to the hand-written SQL. Target p95 ≤ 20 ms.
//
//   benchInvoices({ adminUrl })  — on a running Postgres (creates and drops its own databases), or
//   benchInvoices()              — starts an embedded Postgres in a temporary directory.
// Run alone: node --expose-gc dist/test/bench/bench-invoices.js   (BENCH_EXPLAIN=1 also logs each grid query's plan)
import { spawn } from 'node:child_process';
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { createPool } from '#infra/db/database.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { invoiceGrid } from '../../apps/api/src/invoices/queries/invoice.grid.js';
import { InvoiceGridHandler } from '../../apps/api/src/invoices/queries/invoice.handlers.js';
import { InvoiceListsReader } from '../../apps/api/src/invoices/queries/invoice-lists.reader.js';
import { InvoiceGridQuery } from '../../apps/api/src/invoices/queries/invoice.queries.js';
import {
  CheckBalanceHandler,
  CustomerBalanceHandler,
} from '../../apps/api/src/payments/queries/payment.handlers.js';
import { PaymentReader } from '../../apps/api/src/payments/queries/payment.reader.js';
import {
  CheckBalanceQuery,
  CustomerBalanceQuery,
} from '../../apps/api/src/payments/queries/payment.queries.js';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { invoiceBody, runInvoiceClientsInWorker } from './invoice-clients.js';
import { createTestDatabase } from '../support/database.js';
import { createPlaceholderTables, placeholderProjections } from './placeholder-projections.js';
import { describeProfile, pgStatements, profileQueries } from './query-profile.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import {
  cpuMeter,
  intFromEnv,
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  seconds,
  withBenchPostgres,
  type BenchFigure,
} from './bench-support.js';
import { SystemClock } from '../../apps/api/src/infra/clock.js';

const SECTION = 'invoices';
const CLIENTS = Number(process.env.BENCH_INVOICE_CLIENTS ?? 8);
const PAGE = 25;
/** Timed requests of each grid and balance scenario (BENCH_INVOICE_SAMPLES), after GRID_WARMUP untimed ones. */
const GRID_SAMPLES = intFromEnv('BENCH_INVOICE_SAMPLES', 60);
const GRID_WARMUP = 10;

/** BENCH_INVOICE_PARTS=create,grid,balance (comma-separated): the parts to run; all when unset. */
const parts = new Set(
  (process.env.BENCH_INVOICE_PARTS || 'create,grid,balance').split(',').map((part) => part.trim()),
);

const settings = {
  rows: intFromEnv('BENCH_INVOICE_ROWS', 200_000),
  creations: intFromEnv('BENCH_INVOICE_CREATIONS', 800),
  /** Placeholder projections on invoice events beside the real ones (room for orders and inventory). */
  placeholders: Number(process.env.BENCH_PLACEHOLDERS ?? 3),
};

// (a) ----------------------------------------------------------------------------------------------------------------

async function benchCreate(api: ApiClient, baseUrl: string, databaseUrl: string): Promise<BenchFigure[]> {
  const { token } = await signUpOwner(api, 'Bench Creator');
  const today = businessDate(new Date().toISOString(), 'America/Chicago');
  const product = async (name: string, type: string, price: number) => {
    const response = await api.post(
      'product',
      {
        product: name,
        product_type: type,
        product_size: '750ml',
        product_price: price,
        last_purchase_price: '5.00',
      },
      token,
    );
    if (response.status !== 201)
      throw new Error(`product: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body.id as string;
  };
  const liquor = [
    await product("Tito's Vodka", 'liquor', 19.99),
    await product('Jack Daniels', 'liquor', 24.5),
    await product('Patron Silver', 'liquor', 39.99),
  ];
  const others: string[] = [];
  for (let i = 0; i < 4; i++) others.push(await product(`Wine ${i}`, 'wine', 8.99 + i));
  for (let i = 0; i < 3; i++) others.push(await product(`Mixer ${i}`, 'n/a', 1.5 + i));
  const customers: string[] = [];
  for (let i = 0; i < 20; i++) {
    const response = await api.post(
      'customer',
      {
        name: `Bench Bar ${i}`,
        address: `${i} Main St`,
        city: 'Austin',
        zip: '78701',
        tabc_id: `MB${String(100_000 + i)}`,
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      token,
    );
    if (response.status !== 201)
      throw new Error(`customer: ${response.status} ${JSON.stringify(response.body)}`);
    customers.push(response.body.id as string);
  }
  const roll = await api.post(
    'stamp/roll',
    { prefix: 'TX', received_at: today, from: 1, to: 200_000 },
    token,
  );
  if (roll.status !== 201) throw new Error(`roll: ${roll.status} ${JSON.stringify(roll.body)}`);

  const warmup = 24;
  log(
    `invoices: ${warmup} warm-up creations, then ${num(settings.creations)} by ${CLIENTS} concurrent clients`,
  );
  const job = { baseUrl, token, customers, liquor, others, clients: CLIENTS };
  for (let n = 0; n < warmup; n++) await api.post('invoice', invoiceBody(job, n), token);

  const loadBefore = loadavg()[0]!;
  const cpu = await cpuMeter(databaseUrl);
  const statements = await pgStatements(databaseUrl);
  const started = performance.now();
  const { postMs, visibleMs, numbers, failures, invisible, wrongStamps } = await runInvoiceClientsInWorker({
    ...job,
    from: warmup,
    to: warmup + settings.creations,
    lookUp: true,
  });
  const elapsed = seconds(started);
  const used = await cpu.stop();
  for (const line of await statements.stop(postMs.length, 'created invoice')) log(`invoices: ${line}`);
  const load = { before: loadBefore, after: loadavg()[0]! };
  // The machine counts as loaded when its 1-minute load average was at least its CPU count during the run.
  const loaded = Math.max(load.before, load.after) >= cpus().length;
  const sorted = [...numbers].sort((a, b) => a - b);
  const gapless = sorted.every((value, i) => value === warmup + 1 + i);
  const total = (await api.get('invoice/grid?startRow=0&endRow=1', token)).body.count as number;
  const check =
    failures === 0 &&
    invisible === 0 &&
    wrongStamps === 0 &&
    gapless &&
    total === warmup + settings.creations;
  const post = latencySummary(postMs);
  const visible = latencySummary(visibleMs);

  // The cost of one creation in statements, commits and WAL fsyncs: a further run by the same 8 clients, POSTs only.
  const profiled = 96;
  const profiler = await profileQueries(databaseUrl);
  const profiledRun = await runInvoiceClientsInWorker({
    ...job,
    from: warmup + settings.creations,
    to: warmup + settings.creations + profiled,
    lookUp: false,
  });
  const profiledFailures = profiledRun.failures;
  const profile = await profiler.stop();
  log(`invoices: ${describeProfile(profile, profiled, 'created invoice')}`);
  for (const [statement, n] of profile.topOther) log(`  ${num(n / profiled, 2)} × ${statement}`);
  return [
    {
      section: SECTION,
      measure: `create invoice over HTTP (10 items, 3 liquor), ${CLIENTS} clients, ${num(postMs.length)} invoices, +${settings.placeholders} placeholder projections`,
      value: `p50 ${ms(post.p50)}, p95 ${ms(post.p95)}, p99 ${ms(post.p99)} (${num(postMs.length / elapsed)} /s), load ${num(load.before, 1)}–${num(load.after, 1)}`,
      target: loaded ? 'p95 ≤ 100 ms (loaded)' : 'p95 ≤ 60 ms (quiet)',
      met: post.p95 <= (loaded ? 100 : 60),
      check: check ? 'ok' : 'FAILED',
      note:
        `the POST answers after projections reached its append (read-your-writes); ${failures} failed, ` +
        `${invisible} not in the grid right after, ${wrongStamps} with a wrong stamp count, numbers ` +
        `${gapless ? 'gapless' : 'NOT gapless'}, grid count ${num(total)} of ${num(warmup + settings.creations)}`,
    },
    {
      section: SECTION,
      measure: `  the database work of one creation (${profiled} more POSTs, ${CLIENTS} clients)`,
      value: `${num(profile.statements / profiled, 1)} statements, ${num(profile.commits / profiled, 1)} commits, ${num(profile.walFsyncs / profiled, 2)} WAL fsyncs`,
      check: profiledFailures === 0 ? 'ok' : 'FAILED',
      note: `${describeProfile(profile, profiled, 'created invoice')}${profiledFailures ? `; ${profiledFailures} POSTs failed` : ''}`,
    },
    {
      section: SECTION,
      measure:
        '  CPU per created invoice (POST and its grid GET; the clients run in a worker thread of the bench process)',
      value:
        `${ms((used.processSeconds * 1000) / postMs.length)} bench process` +
        (used.postgresSeconds === undefined
          ? ''
          : ` + ${ms((used.postgresSeconds * 1000) / postMs.length)} Postgres`),
      check: check ? 'ok' : 'FAILED',
      note: 'CPU time, not wall time: comparable between a quiet and a loaded machine, unlike the latencies',
    },
    {
      section: SECTION,
      measure: '  POST → found in GET /invoice/grid',
      value: `p50 ${ms(visible.p50)}, p95 ${ms(visible.p95)}, p99 ${ms(visible.p99)}`,
      check: check ? 'ok' : 'FAILED',
    },
  ];
}

// (b) ----------------------------------------------------------------------------------------------------------------

const STATUSES = [
  'paid',
  'paid',
  'paid',
  'invoiced',
  'delivered',
  'payment_due',
  'partially_paid',
  'payment_due_soon',
  'cancelled',
  'draft',
];

/**
 * `rows` invoices of one company, straight into rm_invoice: 2,000 customers, ten statuses' worth of weights, invoice
 * dates over three years rising with the number, 5 lines each (3 liquor), 1 in 500 deleted.
 */
async function seedGrid(pool: pg.Pool, companyId: string, rows: number): Promise<void> {
  const chunk = 50_000;
  for (let start = 1; start <= rows; start += chunk) {
    const end = Math.min(rows, start + chunk - 1);
    await pool.query(
      `INSERT INTO rm_invoice (id, company_id, number, sequence, prefix, beer, customer_id, customer_name,
          customer_tabc_id, status, status_info, invoiced_on, due_on, subtotal_cents, tax_cents, total_cents,
          item_count, items_summary, fingerprint, content, order_ids, created_at, updated_at, deleted_at, revision)
       SELECT md5('bench-invoice-' || g)::uuid, $1::uuid, g::text, g, '', false, md5('bench-customer-' || c)::uuid,
              'Customer ' || c, 'MB' || lpad(c::text, 6, '0'), status,
              jsonb_build_array(jsonb_build_object('new_status', status, 'created_at', created, 'reason', 'created')),
              day, CASE WHEN g % 3 = 0 THEN NULL ELSE day + 30 END, l.sub, l.tax, l.sub + l.tax, 5, l.summary,
              md5('bench-fp-' || g),
              jsonb_build_object(
                'customer', jsonb_build_object('id', md5('bench-customer-' || c)::uuid, 'name', 'Customer ' || c,
                  'tabcId', 'MB' || lpad(c::text, 6, '0'), 'address', c || ' Main St', 'city', 'Austin',
                  'state', 'TX', 'zip', '78701', 'cashOnDelivery', false),
                'lines', l.lines, 'invoicedOn', day, 'dueOn', CASE WHEN g % 3 = 0 THEN NULL ELSE day + 30 END,
                'note', 'Thank you for your business', 'companyNote', '', 'logoId', NULL, 'taxRateBasisPoints', 825,
                'totals', jsonb_build_object('subtotalCents', l.sub, 'taxCents', l.tax, 'totalCents', l.sub + l.tax),
                'fingerprint', md5('bench-fp-' || g)),
              '[]'::jsonb, created, created, CASE WHEN g % 500 = 0 THEN created + interval '1 day' END, 1
         FROM generate_series($2::int, $3::int) AS g,
              LATERAL (SELECT 1 + (g * 7919) % 2000 AS c,
                              (date '2023-11-22' + (g::bigint * 1095 / $4::int)::int) AS day,
                              ($5::text[])[1 + (g * 13) % 10] AS status) v,
              LATERAL (SELECT (v.day + time '08:00' + (g % 600) * interval '1 minute') AT TIME ZONE 'America/Chicago' AS created) t,
              LATERAL (
                SELECT sum(qty * price)::bigint AS sub,
                       sum(CASE WHEN k <= 3 THEN round(qty * price * 825 / 10000.0) ELSE 0 END)::bigint AS tax,
                       jsonb_agg(jsonb_build_object('lineNo', k, 'productId', md5('bench-product-' || p)::uuid,
                         'name', 'PRODUCT ' || p, 'size', '750ML', 'type', CASE WHEN k <= 3 THEN 'LIQUOR' ELSE 'WINE' END,
                         'upc', (100000000000 + p)::text, 'qty', qty, 'priceCents', price, 'taxable', k <= 3,
                         'onDeal', false, 'totalCents', qty * price,
                         'taxCents', CASE WHEN k <= 3 THEN round(qty * price * 825 / 10000.0) ELSE 0 END,
                         'costCents', price / 2, 'lastInvoicedPriceCents', NULL) ORDER BY k) AS lines,
                       string_agg(qty || ' × PRODUCT ' || p || ' 750ML', ', ' ORDER BY k) AS summary
                  FROM (SELECT k, 1 + (g + k) % 12 AS qty, 500 + (g * 31 + k * 977) % 5000 AS price,
                               1 + (g * 7 + k * 131) % 400 AS p
                          FROM generate_series(1, 5) AS k) line) l`,
      [companyId, start, end, rows, STATUSES],
    );
    log(`invoices: ${num(end)} of ${num(rows)} grid rows written`);
  }
  // Rows written here bypass the projection: set the count it keeps, as Migration…0830 does for existing rows.
  await pool.query(
    `INSERT INTO rm_invoice_count (company_id, live)
     SELECT company_id, count(*) FILTER (WHERE deleted_at IS NULL) FROM rm_invoice GROUP BY company_id
     ON CONFLICT (company_id) DO UPDATE SET live = EXCLUDED.live`,
  );
  await pool.query('VACUUM ANALYZE rm_invoice');
}

interface GridScenario {
  name: string;
  params: { startRow: number; endRow: number; filterModel?: string; sortModel?: string };
  /** The hand-written SQL returning the same rows in the same order (its select list is the grid's). */
  sql: (select: string) => { text: string; values: unknown[] };
}

const where = `i.company_id = $1 AND i.deleted_at IS NULL`;
// NULLS LAST as the grid says it: a plain DESC (NULLS FIRST) would not match the index and sort every row.
const pageOrder = `ORDER BY i.invoiced_on DESC NULLS LAST, i.sequence DESC NULLS LAST, i.id LIMIT ${PAGE}`;

async function benchGrid(app: TestApp, api: ApiClient, pool: pg.Pool): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Grid');
  const companyId = owner.user.company_id as string;
  const t0 = performance.now();
  await seedGrid(pool, companyId, settings.rows);
  log(`invoices: ${num(settings.rows)} rows written and analysed in ${num(seconds(t0), 1)} s`);

  const { rows: counts } = await pool.query(
    `SELECT count(*)::int AS live, count(*) FILTER (WHERE status = 'paid')::int AS paid
       FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL`,
    [companyId],
  );
  const live = counts[0].live as number;
  const lastStart = Math.floor((live - 1) / PAGE) * PAGE;
  const lastSize = live - lastStart;
  const customer = (await pool.query(`SELECT md5('bench-customer-' || 42)::uuid::text AS id`)).rows[0]
    .id as string;
  const filter = (model: object) => JSON.stringify(model);
  // An odd number two thirds in (1 in 500 is deleted: multiples of 500).
  const searched = String(Math.floor(live / 3) * 2 + 1);
  const scenarios: GridScenario[] = [
    {
      name: 'default sort (invoice date desc), first page',
      params: { startRow: 0, endRow: PAGE },
      sql: (s) => ({
        text: `SELECT ${s} FROM rm_invoice i WHERE ${where} ${pageOrder}`,
        values: [companyId],
      }),
    },
    {
      name: "status filter 'paid', first page",
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ status: { filterType: 'set', values: ['paid'] } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} FROM rm_invoice i WHERE ${where} AND i.status = $2 ${pageOrder}`,
        values: [companyId, 'paid'],
      }),
    },
    {
      name: 'customer filter (one of 2,000), first page',
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ customer_id: { filterType: 'set', values: [customer] } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} FROM rm_invoice i WHERE ${where} AND i.customer_id = $2 ${pageOrder}`,
        values: [companyId, customer],
      }),
    },
    {
      // The search box's 'equals' on the number (case-insensitive) probes rm_invoice_number_search_idx.
      name: 'invoice number search (equals)',
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ number: { filterType: 'text', type: 'equals', filter: searched } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} FROM rm_invoice i WHERE ${where} AND i.number = $2 ${pageOrder}`,
        values: [companyId, searched],
      }),
    },
    {
      name: 'date range (one quarter), first page',
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({
          invoiced_at: { filterType: 'date', type: 'inRange', dateFrom: '2025-01-01', dateTo: '2025-03-31' },
        }),
      },
      sql: (s) => ({
        text: `SELECT ${s} FROM rm_invoice i WHERE ${where} AND i.invoiced_on >= $2 AND i.invoiced_on <= $3 ${pageOrder}`,
        values: [companyId, '2025-01-01', '2025-03-31'],
      }),
    },
    {
      name: `last page (rows ${num(lastStart)}–${num(live - 1)}), default sort`,
      params: { startRow: lastStart, endRow: lastStart + PAGE },
      // The keyset equivalent: the same rows read from the other end of the index.
      sql: (s) => ({
        text: `SELECT * FROM (SELECT ${s} FROM rm_invoice i WHERE ${where}
                ORDER BY i.invoiced_on ASC NULLS FIRST, i.sequence ASC NULLS FIRST, i.id DESC LIMIT ${lastSize}) last ORDER BY invoiced_at DESC NULLS LAST, sequence DESC NULLS LAST, id`,
        values: [companyId],
      }),
    },
  ];

  const handler = new InvoiceGridHandler(new InvoiceListsReader(pool), new SystemClock());
  const figures: BenchFigure[] = [];
  const results: { name: string; handler: number; http: number; sql: number }[] = [];
  const select = (() => {
    const { rows } = buildGridQueries(
      invoiceGrid,
      parseGridRequest(invoiceGrid, { startRow: 0, endRow: 1 }),
      companyId,
    );
    return rows.text.slice('SELECT '.length, rows.text.indexOf(' FROM '));
  })();
  for (const scenario of scenarios) {
    const raw = scenario.sql(select);
    const query = new URLSearchParams(
      Object.entries(scenario.params).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    const handlerMs: number[] = [];
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    let ok = true;
    let count = NaN;
    for (let i = 0; i < GRID_SAMPLES + GRID_WARMUP; i++) {
      // Interleaved, so the three see the same cache and the same background noise.
      const s0 = performance.now();
      const direct = await pool.query(raw.text, raw.values);
      const s1 = performance.now();
      const result = await handler.execute(new InvoiceGridQuery(companyId, scenario.params));
      const s2 = performance.now();
      const http = await api.get(`invoice/grid?${query}`, owner.token);
      const s3 = performance.now();
      if (i >= GRID_WARMUP) {
        sqlMs.push(s1 - s0);
        handlerMs.push(s2 - s1);
        httpMs.push(s3 - s2);
      }
      const ids = (result.rows as { id: string }[]).map((row) => row.id);
      const expectedIds = (direct.rows as { id: string }[]).map((row) => row.id);
      count = result.count;
      if (
        ids.length === 0 ||
        JSON.stringify(ids) !== JSON.stringify(expectedIds) ||
        http.status !== 200 ||
        JSON.stringify((http.body.rows as { id: string }[]).map((row) => row.id)) !== JSON.stringify(ids)
      )
        ok = false;
    }
    if (process.env.BENCH_EXPLAIN) {
      const request = parseGridRequest(invoiceGrid, scenario.params);
      const queries = buildGridQueries(invoiceGrid, request, companyId);
      for (const [label, q] of [
        ['grid rows (OFFSET form)', queries.rows],
        ['grid count', queries.count],
        ['hand-written', raw],
      ] as const) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
        log(`${scenario.name} — ${label}:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
    const explain = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${raw.text}`, raw.values);
    const execution = explain.rows[0]['QUERY PLAN'][0]['Execution Time'] as number;
    const h = latencySummary(handlerMs);
    const w = latencySummary(httpMs);
    const s = latencySummary(sqlMs);
    results.push({ name: scenario.name, handler: h.p95, http: w.p95, sql: s.p95 });
    figures.push(
      {
        section: SECTION,
        measure: `grid, ${num(settings.rows)} invoices: ${scenario.name} — handler (rows + count)`,
        value: `p95 ${ms(h.p95)} (p50 ${ms(h.p50)}), count ${num(count)}`,
        limit: `SQL p95 ${ms(s.p95)} (EXPLAIN ${ms(execution)})`,
        ratio: `${num(h.p95 / s.p95, 2)}×`,
        target: '≤ 2× SQL + 5 ms',
        met: h.p95 <= 2 * s.p95 + 5,
        check: ok ? 'ok' : 'FAILED',
      },
      {
        section: SECTION,
        measure: '  the same over HTTP (GET /invoice/grid)',
        value: `p95 ${ms(w.p95)} (p50 ${ms(w.p50)})`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(w.p95 / s.p95, 2)}×`,
        check: ok ? 'ok' : 'FAILED',
      },
    );
  }
  const first = results[0]!;
  const last = results[results.length - 1]!;
  figures.push({
    section: SECTION,
    measure: 'grid: last page vs first page (handler p95)',
    value: `${ms(last.handler)} vs ${ms(first.handler)}`,
    ratio: `${num(last.handler / first.handler, 2)}×`,
    target: '≤ 1.5×',
    met: last.handler <= 1.5 * first.handler,
    check: '-',
  });

  // For the record: what an exact count(*) per request would cost, and a capped one.
  const exact: number[] = [];
  const capped: number[] = [];
  for (let i = 0; i < 30; i++) {
    const c0 = performance.now();
    await pool.query(`SELECT count(*) FROM rm_invoice i WHERE ${where}`, [companyId]);
    const c1 = performance.now();
    await pool.query(
      `SELECT count(*) FROM (SELECT 1 FROM rm_invoice i WHERE ${where} AND i.status = $2 LIMIT 10001) c`,
      [companyId, 'paid'],
    );
    exact.push(c1 - c0);
    capped.push(performance.now() - c1);
  }
  figures.push({
    section: SECTION,
    measure: `exact count(*) of ${num(live)} invoices (not on the grid's path; for reference)`,
    value: `p95 ${ms(latencySummary(exact.slice(3)).p95)}; capped at 10,001 (status filter): p95 ${ms(latencySummary(capped.slice(3)).p95)}`,
    check: '-',
  });
  void app;
  return figures.concat(await benchCsv(app, owner.token, pool, companyId, live));
}

// (c) ----------------------------------------------------------------------------------------------------------------

/**
 * Streams a download, noting time to first byte, total time, bytes, and the process's peak RSS meanwhile. With
 * `live` (and node --expose-gc) it also collects garbage after every 8 MB received and notes the heap left after each
 * collection: the memory the download really holds, whatever the garbage collector's pace (peak RSS also counts
 * garbage V8 has not collected yet, which grows with the download's length until its next full collection).
 */
async function download(url: string, token: string, options: { live?: boolean } = {}) {
  await new Promise((resolve) => setTimeout(resolve, 200));
  const gc = options.live ? global.gc : undefined;
  gc?.();
  const heldNow = () => {
    const memory = process.memoryUsage();
    return memory.heapUsed + memory.external;
  };
  const heldBefore = heldNow();
  let heldPeak = heldBefore;
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  const t0 = performance.now();
  const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  let firstByte = NaN;
  let bytes = 0;
  let lines = 0;
  let collectAt = 8e6;
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    if (Number.isNaN(firstByte)) firstByte = performance.now() - t0;
    bytes += value.byteLength;
    for (let i = 0; i < value.length; i++) if (value[i] === 10) lines++;
    if (gc && bytes >= collectAt) {
      collectAt += 8e6;
      gc();
      heldPeak = Math.max(heldPeak, heldNow());
    }
  }
  const total = performance.now() - t0;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  return {
    status: response.status,
    firstByte,
    total,
    bytes,
    lines,
    rssDelta: peak - baseline,
    peak,
    held: gc ? heldPeak - heldBefore : NaN,
  };
}

/** `COPY (…) TO STDOUT` through psql, output counted and discarded: the client-side ceiling for the same lines. */
async function copyToStdout(
  databaseUrl: string,
  sql: string,
): Promise<{ seconds: number; bytes: number; lines: number }> {
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn('psql', [
      databaseUrl,
      '-X',
      '-q',
      '-v',
      'ON_ERROR_STOP=1',
      '-c',
      `COPY (${sql}) TO STDOUT WITH (FORMAT csv)`,
    ]);
    let bytes = 0;
    let lines = 0;
    let error = '';
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      for (let i = 0; i < chunk.length; i++) if (chunk[i] === 10) lines++;
    });
    child.stderr.on('data', (chunk: Buffer) => (error += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve({ seconds: seconds(t0), bytes, lines })
        : reject(new Error(`psql: ${code} ${error}`)),
    );
  });
}

async function benchCsv(
  app: TestApp,
  token: string,
  pool: pg.Pool,
  companyId: string,
  live: number,
): Promise<BenchFigure[]> {
  const base = `${app.baseUrl}/api/v1/invoice/export/detailed`;
  const tenth = await pool.query(
    `SELECT invoiced_on::text AS day FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL
      ORDER BY invoiced_on DESC, id OFFSET $2 LIMIT 1`,
    [companyId, Math.floor(live / 10)],
  );
  const since = tenth.rows[0].day as string;
  const recent = `filterModel=${encodeURIComponent(
    JSON.stringify({ invoiced_at: { filterType: 'date', type: 'greaterThanOrEqual', dateFrom: since } }),
  )}`;
  log(
    'invoices: detailed CSV of a tenth of the invoices (warm-up and the memory baseline), then of all of them',
  );
  await download(`${base}?${recent}`, token); // warm-up
  const small = await download(`${base}?${recent}`, token);
  const all = await download(base, token);
  log('invoices: the same two downloads again, collecting garbage as they go (the memory they hold)');
  const smallHeld = (await download(`${base}?${recent}`, token, { live: true })).held;
  const allHeld = (await download(base, token, { live: true })).held;
  const measuredHeld = !Number.isNaN(allHeld);

  // The same lines from Postgres alone: the invoice's columns and one line per item.
  const copySql = `SELECT i.number, i.status, i.invoiced_on, i.due_on, i.customer_name, i.customer_tabc_id, i.item_count,
         i.subtotal_cents / 100.0, i.tax_cents / 100.0, i.total_cents / 100.0, line->'lineNo', line->>'name',
         line->>'size', line->>'type', line->>'upc', line->'qty', (line->>'priceCents')::numeric / 100,
         CASE WHEN (line->>'taxable')::boolean THEN 'Yes' ELSE 'No' END,
         CASE WHEN (line->>'onDeal')::boolean THEN 'Yes' ELSE 'No' END,
         (line->>'totalCents')::numeric / 100, (line->>'taxCents')::numeric / 100
    FROM rm_invoice i CROSS JOIN LATERAL jsonb_array_elements(i.content->'lines') AS line
   WHERE i.company_id = '${companyId}' AND i.deleted_at IS NULL
   ORDER BY i.invoiced_on DESC, i.id, (line->>'lineNo')::int`;
  let copy: { seconds: number; bytes: number; lines: number } | undefined;
  let copyNote = '';
  try {
    copy = await copyToStdout(app.runtime.databaseUrl, copySql);
  } catch (error) {
    copyNote = `COPY through psql failed (${(error as Error).message.slice(0, 120)}); `;
  }
  const expectedLines = live * 5 + 1;
  const ok = all.status === 200 && all.lines === expectedLines && small.status === 200;
  const ours = live / (all.total / 1000);
  const copyRate = copy ? live / copy.seconds : NaN;
  const mb = (bytes: number) => `${num(bytes / 1e6, 1)} MB`;
  return [
    {
      section: SECTION,
      measure: `detailed CSV, ${num(live)} invoices (${num(all.lines - 1)} lines, ${mb(all.bytes)}): first byte`,
      value: ms(all.firstByte),
      target: '≤ 200 ms',
      met: all.firstByte <= 200,
      check: ok ? 'ok' : 'FAILED',
      note: `${copyNote}expected ${num(expectedLines)} lines with the header, got ${num(all.lines)}`,
    },
    {
      section: SECTION,
      measure: '  total time',
      value: `${num(all.total / 1000, 2)} s (${num(ours)} invoices/s)`,
      limit: copy
        ? `COPY TO STDOUT ${num(copy.seconds, 2)} s (${num(copyRate)} /s, ${mb(copy.bytes)})`
        : 'n/a',
      ratio: copy ? `${num(ours / copyRate, 2)}×` : '',
      target: '≥ 0.5× COPY rate',
      met: copy ? ours >= 0.5 * copyRate : undefined,
      check: ok && (!copy || copy.lines === expectedLines - 1) ? 'ok' : 'FAILED',
    },
    {
      section: SECTION,
      measure: '  memory held while streaming (heap + external after each collection, API + bench client)',
      value: measuredHeld
        ? `+${mb(allHeld)} for ${num(live)} invoices; +${mb(smallHeld)} for a tenth`
        : 'n/a: run node with --expose-gc (npm run bench does)',
      target: 'flat in the row count',
      met: measuredHeld ? allHeld <= Math.max(2 * smallHeld, smallHeld + 20e6) : undefined,
      check: ok ? 'ok' : 'FAILED',
    },
    {
      section: SECTION,
      measure: '  peak RSS meanwhile (garbage included; for reference)',
      value: `+${mb(all.rssDelta)} for ${num(live)} invoices; +${mb(small.rssDelta)} for ${num(small.lines - 1)} lines (a tenth)`,
      check: '-',
      note: `peak RSS ${mb(all.peak)}; V8 collects the old generation lazily, so a longer download lets more garbage wait (the held figure above is what stays); the tenth took ${ms(small.total)} with first byte ${ms(small.firstByte)}`,
    },
  ];
}

// (d) ----------------------------------------------------------------------------------------------------------------

const BALANCE_INVOICES = 10_000;
const BALANCE_PAYMENTS = 30_000;

/**
 * One customer's 10,000 invoices (over three years up to today) and their 30,000 payments, straight into rm_invoice
 * and rm_invoice_payment. By g % 20: 0 open (5%; one in ten of them cancelled), 1–2 partly paid (10%; 4 or 5
 * payments of a tenth of the total each), the rest paid in full (85%; 3 payments). 8,500 × 3 + 500 × 4 + 500 × 5 =
 * 30,000. paid_cents and the payments jsonb are then set from rm_invoice_payment, as the projections would.
 */
export async function seedBalance(pool: pg.Pool, companyId: string, customerId: string): Promise<void> {
  await pool.query(
    `INSERT INTO rm_invoice (id, company_id, number, sequence, prefix, beer, customer_id, customer_name,
        customer_tabc_id, status, status_info, invoiced_on, due_on, subtotal_cents, tax_cents, total_cents,
        item_count, items_summary, fingerprint, content, order_ids, created_at, updated_at, deleted_at, revision)
     SELECT md5('bench-balance-invoice-' || g)::uuid, $1::uuid, g::text, g, '', false, $2::uuid, 'Bench Balance Bar',
            'MB900001', status,
            jsonb_build_array(jsonb_build_object('new_status', status, 'created_at', created, 'reason', 'created')),
            day, day + 30, sub, tax, sub + tax, 1, '2 × PRODUCT ' || g % 400 || ' 750ML', md5('bench-balance-fp-' || g),
            jsonb_build_object('customer', jsonb_build_object('id', $2::uuid, 'name', 'Bench Balance Bar'),
              'lines', jsonb_build_array(jsonb_build_object('lineNo', 1, 'name', 'PRODUCT ' || g % 400, 'qty', 2,
                'priceCents', sub / 2, 'taxable', true, 'totalCents', sub, 'taxCents', tax)),
              'invoicedOn', day, 'dueOn', day + 30,
              'totals', jsonb_build_object('subtotalCents', sub, 'taxCents', tax, 'totalCents', sub + tax)),
            '[]'::jsonb, created, created, NULL, 1
       FROM generate_series(1, $3::int) AS g,
            LATERAL (SELECT current_date - 1095 + (g::bigint * 1095 / $3::int)::int AS day,
                            2 * (1000 + (g * 7919) % 90000) AS sub,
                            CASE WHEN g % 20 = 0 AND g % 200 = 0 THEN 'cancelled'
                                 WHEN g % 20 = 0 THEN 'payment_due'
                                 WHEN g % 20 IN (1, 2) THEN 'partially_paid'
                                 ELSE 'paid' END AS status) v,
            LATERAL (SELECT round(sub * 825 / 10000.0)::bigint AS tax,
                            (day + time '08:00') AT TIME ZONE 'America/Chicago' AS created) t`,
    [companyId, customerId, BALANCE_INVOICES],
  );
  await pool.query(
    `INSERT INTO rm_invoice_payment (id, company_id, invoice_id, amount_cents, received_on, note, logged_at,
        updated_at, deleted_at, revision)
     SELECT md5('bench-payment-' || i.sequence || '-' || k)::uuid, i.company_id, i.id,
            CASE WHEN n = 3 AND k = 3 THEN i.total_cents - 2 * (i.total_cents / 3)
                 WHEN n = 3 THEN i.total_cents / 3
                 ELSE i.total_cents / 10 END,
            least(i.invoiced_on + 7 * k, current_date), 'check #' || (i.sequence * 10 + k),
            (least(i.invoiced_on + 7 * k, current_date) + time '10:00') AT TIME ZONE 'America/Chicago',
            (least(i.invoiced_on + 7 * k, current_date) + time '10:00') AT TIME ZONE 'America/Chicago', NULL, 1
       FROM rm_invoice i,
            LATERAL (SELECT CASE WHEN i.sequence % 20 = 0 THEN 0 WHEN i.sequence % 20 IN (1, 2)
                                 THEN 3 + i.sequence % 20 ELSE 3 END AS n) c,
            generate_series(1, c.n) AS k
      WHERE i.company_id = $1 AND i.customer_id = $2`,
    [companyId, customerId],
  );
  await pool.query('ANALYZE rm_invoice, rm_invoice_payment'); // else the UPDATE below nests loops over both tables
  await pool.query(
    `UPDATE rm_invoice i SET paid_cents = p.paid, payments = p.entries
       FROM (SELECT invoice_id, sum(amount_cents) AS paid,
                    jsonb_agg(jsonb_build_object('id', id, 'amount_cents', amount_cents, 'received_on', received_on,
                      'note', note, 'logged_at', logged_at) ORDER BY logged_at, id) AS entries
               FROM rm_invoice_payment WHERE company_id = $1 AND deleted_at IS NULL GROUP BY invoice_id) p
      WHERE i.id = p.invoice_id AND i.company_id = $1`,
    [companyId],
  );
  await pool.query(
    `INSERT INTO rm_invoice_count (company_id, live)
     SELECT company_id, count(*) FILTER (WHERE deleted_at IS NULL) FROM rm_invoice WHERE company_id = $1
      GROUP BY company_id
     ON CONFLICT (company_id) DO UPDATE SET live = EXCLUDED.live`,
    [companyId],
  );
  await pool.query('VACUUM ANALYZE rm_invoice');
  await pool.query('VACUUM ANALYZE rm_invoice_payment');
}

async function benchBalance(api: ApiClient, pool: pg.Pool): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Balance');
  const companyId = owner.user.company_id as string;
  const feature = await api.post('company/feature', { name: 'payment', active: true }, owner.token);
  if (feature.status !== 200) throw new Error(`feature: ${feature.status} ${JSON.stringify(feature.body)}`);
  const created = await api.post(
    'customer',
    {
      name: 'Bench Balance Bar',
      address: '1 Main St',
      city: 'Austin',
      zip: '78701',
      tabc_id: 'MB900001',
      cash_on_delivery: 0,
      fintech_option: 0,
    },
    owner.token,
  );
  if (created.status !== 201) throw new Error(`customer: ${created.status} ${JSON.stringify(created.body)}`);
  const customerId = created.body.id as string;
  const t0 = performance.now();
  await seedBalance(pool, companyId, customerId);
  log(
    `invoices: ${num(BALANCE_INVOICES)} invoices and their payments of one customer written in ${num(seconds(t0), 1)} s`,
  );

  // The truth, without balance_cents, paid_cents or the partial index: totals less the payment rows' sums.
  const { rows: truth } = await pool.query(
    `SELECT count(*)::int AS invoices,
            (SELECT count(*)::int FROM rm_invoice_payment WHERE company_id = $1 AND deleted_at IS NULL) AS payments,
            count(*) FILTER (WHERE i.status = 'paid')::int AS paid,
            count(*) FILTER (WHERE i.status = 'partially_paid')::int AS partial,
            count(*) FILTER (WHERE i.status <> 'cancelled' AND i.total_cents - coalesce(p.paid, 0) > 0)::int AS open,
            coalesce(sum(i.total_cents - coalesce(p.paid, 0))
              FILTER (WHERE i.status <> 'cancelled' AND i.total_cents - coalesce(p.paid, 0) > 0), 0)::bigint AS owing,
            count(*) FILTER (WHERE i.paid_cents <> coalesce(p.paid, 0)
              OR jsonb_array_length(i.payments) <> coalesce(p.n, 0))::int AS inconsistent
       FROM rm_invoice i
       LEFT JOIN (SELECT invoice_id, sum(amount_cents) AS paid, count(*) AS n FROM rm_invoice_payment
                   WHERE deleted_at IS NULL GROUP BY invoice_id) p ON p.invoice_id = i.id
      WHERE i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL`,
    [companyId, customerId],
  );
  const expected = {
    invoices: truth[0].invoices as number,
    payments: truth[0].payments as number,
    paid: truth[0].paid as number,
    partial: truth[0].partial as number,
    open: truth[0].open as number,
    owingCents: Number(truth[0].owing),
    inconsistent: truth[0].inconsistent as number,
  };
  const seeded =
    expected.invoices === BALANCE_INVOICES &&
    expected.payments === BALANCE_PAYMENTS &&
    expected.inconsistent === 0;

  // The hand-written SQL of each: the same rows (and sum) straight from the partial index, one round trip.
  const open = `i.company_id = $1 AND i.customer_id = $2 AND i.deleted_at IS NULL AND i.status <> 'cancelled'
    AND i.balance_cents > 0`;
  const balanceSql = `SELECT i.id, i.number, i.invoiced_on, i.due_on, i.status, i.total_cents, i.paid_cents,
    i.balance_cents FROM rm_invoice i WHERE ${open} ORDER BY i.invoiced_on, i.sequence, i.id`;
  const checkSql = `SELECT sum(i.balance_cents) AS owing, count(*) AS n FROM rm_invoice i WHERE ${open}`;
  const balanceHandler = new CustomerBalanceHandler(new PaymentReader(pool), new SystemClock());
  const checkHandler = new CheckBalanceHandler(new PaymentReader(pool));
  const cents = (dollars: number) => Math.round(dollars * 100);

  const figures: BenchFigure[] = [];
  const scenarios = [
    {
      name: 'customer balance (open invoices and owing)',
      path: `customer/${customerId}/balance`,
      sql: balanceSql,
      run: async () => {
        const result = await balanceHandler.execute(new CustomerBalanceQuery(companyId, customerId));
        return { owing: cents(result.summary.owing), n: result.invoices.length };
      },
      fromHttp: (body: { summary: { owing: number }; invoices: unknown[] }) => ({
        owing: cents(body.summary.owing),
        n: body.invoices.length,
      }),
      fromSql: (rows: { balance_cents: string }[]) => ({
        owing: rows.reduce((sum, row) => sum + Number(row.balance_cents), 0),
        n: rows.length,
      }),
    },
    {
      name: 'check-balance (owing and open count)',
      path: `customer/${customerId}/check-balance`,
      sql: checkSql,
      run: async () => {
        const result = await checkHandler.execute(new CheckBalanceQuery(companyId, customerId));
        return { owing: cents(result.owing), n: result.open_invoices };
      },
      fromHttp: (body: { owing: number; open_invoices: number }) => ({
        owing: cents(body.owing),
        n: body.open_invoices,
      }),
      fromSql: (rows: { owing: string | null; n: string }[]) => ({
        owing: Number(rows[0]?.owing ?? 0),
        n: Number(rows[0]?.n ?? 0),
      }),
    },
  ] as const;
  for (const scenario of scenarios) {
    const handlerMs: number[] = [];
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    let ok = seeded;
    const same = (got: { owing: number; n: number }) =>
      got.owing === expected.owingCents && got.n === expected.open;
    for (let i = 0; i < GRID_SAMPLES + GRID_WARMUP; i++) {
      const s0 = performance.now();
      const direct = await pool.query(scenario.sql, [companyId, customerId]);
      const s1 = performance.now();
      const result = await scenario.run();
      const s2 = performance.now();
      const http = await api.get(scenario.path, owner.token);
      const s3 = performance.now();
      if (i >= GRID_WARMUP) {
        sqlMs.push(s1 - s0);
        handlerMs.push(s2 - s1);
        httpMs.push(s3 - s2);
      }
      if (
        !same(result) ||
        !same(scenario.fromSql(direct.rows)) ||
        http.status !== 200 ||
        !same(scenario.fromHttp(http.body))
      )
        ok = false;
    }
    if (process.env.BENCH_EXPLAIN) {
      const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${scenario.sql}`, [companyId, customerId]);
      log(`${scenario.name}:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
    }
    const explain = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${scenario.sql}`, [
      companyId,
      customerId,
    ]);
    const execution = explain.rows[0]['QUERY PLAN'][0]['Execution Time'] as number;
    const h = latencySummary(handlerMs);
    const w = latencySummary(httpMs);
    const s = latencySummary(sqlMs);
    figures.push(
      {
        section: SECTION,
        measure: `${scenario.name}, ${num(expected.invoices)} invoices / ${num(expected.payments)} payments of one customer — handler`,
        value: `p95 ${ms(h.p95)} (p50 ${ms(h.p50)}), ${num(expected.open)} open, owing $${num(expected.owingCents / 100, 2)}`,
        limit: `SQL p95 ${ms(s.p95)} (EXPLAIN ${ms(execution)})`,
        ratio: `${num(h.p95 / s.p95, 2)}×`,
        target: 'p95 ≤ 20 ms',
        met: h.p95 <= 20,
        check: ok ? 'ok' : 'FAILED',
        note:
          `${num(expected.paid)} paid, ${num(expected.partial)} partly paid; owing checked against totals less ` +
          `rm_invoice_payment sums over open invoices${expected.inconsistent ? `; ${expected.inconsistent} rows with paid_cents or payments off` : ''}`,
      },
      {
        section: SECTION,
        measure: `  the same over HTTP (GET /${scenario.path.replace(customerId, '{id}')})`,
        value: `p95 ${ms(w.p95)} (p50 ${ms(w.p50)})`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(w.p95 / s.p95, 2)}×`,
        target: 'p95 ≤ 20 ms',
        met: w.p95 <= 20,
        check: ok ? 'ok' : 'FAILED',
      },
    );
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------------

/** The figures and 's balance. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchInvoices(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('invoices', options.adminUrl, async () => {
    let app: TestApp | undefined;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    try {
      // Stand-ins for the projections the next issues add (orders, inventory, live updates), on invoice events too.
      database = await createTestDatabase('app');
      {
        const setup = createPool(database.url, 1);
        await createPlaceholderTables(setup, settings.placeholders);
        await setup.end();
      }
      log(
        `invoices: starting the API on a fresh database, with ${settings.placeholders} placeholder projection(s) on invoice events`,
      );
      app = await startTestApp(
        {},
        { database, extraProjections: placeholderProjections(settings.placeholders) },
      );
      const api = apiClient(app.baseUrl);
      const pool = createPool(app.runtime.databaseUrl, 4, 'stampline-bench-invoices');
      try {
        const figures: BenchFigure[] = [];
        if (parts.has('create'))
          figures.push(...(await benchCreate(api, app.baseUrl, app.runtime.databaseUrl)));
        if (parts.has('grid')) figures.push(...(await benchGrid(app, api, pool)));
        if (parts.has('balance')) figures.push(...(await benchBalance(api, pool)));
        return figures;
      } finally {
        await pool.end();
      }
    } finally {
      await app?.close();
      await database?.drop();
    }
  });
}

runWhenMain(import.meta.url, benchInvoices);
