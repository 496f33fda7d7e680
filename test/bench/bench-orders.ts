// bench, against the real API (startTestApp on a database of the bench's Postgres):
//   (a) order placement over HTTP by 8 concurrent customer users (one per customer, 20 items each): the POST
//       (it answers once the orders projection has the order: read-your-writes) and POST → the order found in the
//       back-office order grid (GET /order/grid filtered on its number, with a staff token). Target p95 ≤ 100 ms
//       until visible. Check: every POST 201, every order in the grid right after with its units and total, order
//       numbers unique and gapless, the grid's count equal to the orders placed, each order's staff e-mail received.
//       The customer users run in a worker thread of the bench process (order-clients.ts), beside the API's event
//       loop, as the invoice bench's do.
//   (b) the order grid with 100,000 orders of one company (BENCH_ORDER_ROWS; rows written straight into rm_order
//       and rm_customer with generate_series): p95 of the grid handler (rows + count) and of GET /order/grid for the
//       web's opening view (placed), no filter (first page and page 41), a customer, a month, sorted by total, a
//       status page deep in the list and the last page, each next to the hand-written SQL returning the same rows,
//       timed in the same run. Target: handler p95 ≤ 2× SQL p95 + 5 ms. Check: the handler's and the HTTP answer's
//       rows equal the SQL's, in order, and its count equals a count(*) of the same filter.
//
//   benchOrders({ adminUrl })  — on a running Postgres (creates and drops its own databases), or
//   benchOrders()              — starts an embedded Postgres in a temporary directory.
//   runOrderBench(app, sizes)  — on a running test app (test/reliability/bench-orders.spec.ts runs it small).
// Run alone: node --expose-gc dist/test/bench/bench-orders.js   (BENCH_EXPLAIN=1 also logs each grid query's plan)
import { cpus, loadavg } from 'node:os';
import type pg from 'pg';
import { createPool } from '#infra/db/database.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { featuresSet } from '../../apps/cli/src/features-set.command.js';
import { OrderReader } from '../../apps/api/src/orders/order-reader.js';
import { orderGrid } from '../../apps/api/src/orders/order.grid.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { orderItems, runOrderClients, runOrderClientsInWorker } from './order-clients.js';
import { describeProfile, pgStatements, profileQueries } from './query-profile.js';
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

const SECTION = 'orders';
const PAGE = 25;

export interface OrderBenchSizes {
  /** Concurrent customer users placing orders (one customer each). */
  clients: number;
  /** Orders placed in the timed run (after a few warm-up ones). */
  placements: number;
  /** Items per order. */
  items: number;
  /** Orders of the grid company. */
  gridRows: number;
  /** Timed samples per grid scenario (after a tenth as many warm-up ones). */
  gridSamples: number;
  /** Which parts to run. */
  parts: ReadonlySet<'place' | 'grid'>;
  /** Count the database work of one placement (48 more orders; 22 s of waiting for the server's statistics). */
  profile: boolean;
  /**
   * The customer users in a worker thread (the bench's built run) or in this thread (the small run under jest, which
   * runs the TypeScript sources and has no built worker file).
   */
  inWorker: boolean;
}

export const defaultOrderBenchSizes = (): OrderBenchSizes => ({
  clients: 8,
  placements: intFromEnv('BENCH_ORDER_PLACEMENTS', 400),
  items: 20,
  gridRows: intFromEnv('BENCH_ORDER_ROWS', 100_000),
  gridSamples: intFromEnv('BENCH_ORDER_GRID_SAMPLES', 60),
  parts: new Set(
    (process.env.BENCH_ORDER_PARTS || 'place,grid').split(',').map((part) => part.trim()),
  ) as ReadonlySet<'place' | 'grid'>,
  profile: true,
  inWorker: true,
});

async function turnOnOrders(app: TestApp, companyId: string): Promise<void> {
  const code = await featuresSet(app.app, ['--company', companyId, '--feature', 'order', '--on']);
  if (code !== 0) throw new Error(`features:set order failed (${code})`);
  await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
}

const loadNow = () => loadavg()[0]!;

/** Messages the app's mail capture has received since it started (they are numbered from 1 as they arrive). */
const mailsReceived = (app: TestApp) => Number(app.mailbox.messages().at(-1)?.id ?? 0);

async function waitForMails(app: TestApp, count: number, timeoutMs: number): Promise<boolean> {
  const end = performance.now() + timeoutMs;
  while (mailsReceived(app) < count) {
    if (performance.now() > end) return false;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return true;
}
const loadText = (before: number, after: number) => `load ${num(before, 1)}–${num(after, 1)}`;

// (a) ----------------------------------------------------------------------------------------------------------------

async function benchPlace(app: TestApp, api: ApiClient, sizes: OrderBenchSizes): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Orders');
  const staff = owner.token;
  await turnOnOrders(app, owner.user.company_id as string);
  const products: { id: string; cents: number }[] = [];
  for (let i = 0; i < sizes.items; i++) {
    const cents = 999 + i * 137;
    const created = await api.post(
      'product',
      {
        product: `Bench Product ${i}`,
        product_type: i % 4 === 0 ? 'liquor' : 'wine',
        product_size: '750ml',
        product_price: cents / 100,
        last_purchase_price: '5.00',
      },
      staff,
    );
    if (created.status !== 201) throw new Error(`product: ${created.status} ${JSON.stringify(created.body)}`);
    products.push({ id: created.body.id as string, cents });
  }
  // One customer and one customer user per client (invited, then the link accepted as the ordering app does).
  const users: string[] = [];
  for (let i = 0; i < sizes.clients; i++) {
    const customer = await api.post(
      'customer',
      {
        name: `Bench Bar ${i}`,
        address: `${i} Main St`,
        city: 'Austin',
        zip: '78701',
        tabc_id: `MB${String(200_000 + i)}`,
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      staff,
    );
    if (customer.status !== 201)
      throw new Error(`customer: ${customer.status} ${JSON.stringify(customer.body)}`);
    const invited = await api.post(
      'customer/user-invitation',
      {
        values: { name: `Bar Manager ${i}`, email: `bench-bar-${i}-${Date.now()}@example.test` },
        customer: customer.body.id,
      },
      staff,
    );
    if (invited.status !== 201)
      throw new Error(`invitation: ${invited.status} ${JSON.stringify(invited.body)}`);
    const link = /[?&]token=([A-Za-z0-9_-]+)/.exec(String(invited.body.link))?.[1];
    const accepted = await api.post('shop/invitation/accept', { token: link, password: 'secret1' });
    if (accepted.status !== 200)
      throw new Error(`accept: ${accepted.status} ${JSON.stringify(accepted.body)}`);
    users.push(accepted.body.token as string);
  }

  const warmup = sizes.clients * 2;
  const job = { baseUrl: app.baseUrl, users, staff, products };
  log(
    `orders: ${warmup} warm-up placements, then ${num(sizes.placements)} by ${sizes.clients} customer users (${sizes.items} items each)`,
  );
  const runClients = sizes.inWorker ? runOrderClientsInWorker : runOrderClients;
  const mailsBefore = mailsReceived(app);
  const warm = await runClients({ ...job, from: 0, to: warmup, timed: false });
  const loadBefore = loadNow();
  const statements = await pgStatements(app.runtime.databaseUrl);
  const cpu = await cpuMeter(app.runtime.databaseUrl);
  const started = performance.now();
  const run = await runClients({
    ...job,
    from: warmup,
    to: warmup + sizes.placements,
    timed: true,
  });
  const elapsed = seconds(started);
  const used = await cpu.stop();
  for (const line of await statements.stop(sizes.placements, 'placed order')) log(`orders: ${line}`);
  const { postMs, visibleMs } = run;
  const failures = warm.failures + run.failures;
  const invisible = warm.invisible + run.invisible;
  const wrong = warm.wrong + run.wrong;
  const numbers = [...warm.numbers, ...run.numbers];
  const problems = [...warm.problems, ...run.problems].slice(0, 5);
  const problem = (text: string) => {
    if (problems.length < 5) problems.push(text);
  };
  const loadAfter = loadNow();
  const placed = warmup + sizes.placements;
  const sorted = [...numbers].sort((a, b) => a - b);
  const gapless = sorted.length === placed && sorted.every((value, i) => value === i + 1);
  if (!gapless) problem(`order numbers not 1–${placed} without a gap or a repeat`);
  const all = await api.get('order/grid?startRow=0&endRow=1', staff);
  const counted = all.body?.count as number;
  if (counted !== placed) problem(`grid count ${counted}, ${placed} placed`);
  const badge = await api.get('order/count', staff);
  if (badge.body?.count !== placed) problem(`order/count ${JSON.stringify(badge.body)}, ${placed} placed`);
  // The staff's e-mail of each order (one staff user) is sent after the order's answer.
  const mailed = await waitForMails(app, mailsBefore + placed, 10_000);
  if (!mailed) problem(`${mailsReceived(app) - mailsBefore} staff e-mails for ${placed} orders`);
  const check =
    failures === 0 &&
    invisible === 0 &&
    wrong === 0 &&
    gapless &&
    counted === placed &&
    badge.body?.count === placed &&
    mailed;
  const loaded = Math.max(loadBefore, loadAfter) >= cpus().length;
  // The database work of one placement: a further run by the same customer users, POSTs only.
  const profiled = 48;
  let profile: string | undefined;
  if (sizes.profile) {
    const profiler = await profileQueries(app.runtime.databaseUrl);
    let next = placed;
    const end = placed + profiled;
    await Promise.all(
      Array.from({ length: sizes.clients }, async (_, client) => {
        for (let n = next++; n < end; n = next++) {
          const r = await api.post('shop/order', { items: orderItems(products, n) }, users[client], {
            'idempotency-key': `bench-order-${n}-${client}`,
          });
          if (r.status !== 201) problem(`profiled POST ${r.status}`);
        }
      }),
    );
    const result = await profiler.stop();
    profile = describeProfile(result, profiled, 'placed order');
    log(`orders: ${profile}`);
    for (const [statement, n] of result.topOther) log(`  ${num(n / profiled, 2)} × ${statement}`);
  }
  const post = latencySummary(postMs);
  const visible = latencySummary(visibleMs);
  const note = check
    ? `every order in the grid right after its POST with its units and total; numbers 1–${num(placed)} unique and gapless; grid count and badge ${num(placed)}; ${num(placed)} staff e-mails received`
    : `FAILED because: ${problems.join('; ')} (${failures} failed POSTs, ${invisible} not visible, ${wrong} wrong rows)`;
  return [
    {
      section: SECTION,
      measure: `place order over HTTP → visible in GET /order/grid, ${sizes.clients} customer users, ${sizes.items} items, ${num(visibleMs.length)} orders`,
      value: `p50 ${ms(visible.p50)}, p95 ${ms(visible.p95)}, p99 ${ms(visible.p99)} (${num(visibleMs.length / elapsed)} /s), ${loadText(loadBefore, loadAfter)}`,
      target: 'p95 ≤ 100 ms',
      met: visible.p95 <= 100,
      check: check ? 'ok' : 'FAILED',
      note: `${note}${loaded ? ' (machine loaded: 1-min load ≥ CPU count)' : ''}`,
    },
    {
      section: SECTION,
      measure: '  of which the POST (answers after the orders projection has it)',
      value: `p50 ${ms(post.p50)}, p95 ${ms(post.p95)}, p99 ${ms(post.p99)}`,
      check: check ? 'ok' : 'FAILED',
      note: profile,
    },
    {
      section: SECTION,
      measure:
        '  CPU per placed order (POST, staff e-mail and grid GET; the clients and the mail capture run in the bench process)',
      value:
        `${ms((used.processSeconds * 1000) / sizes.placements)} bench process` +
        (used.postgresSeconds === undefined
          ? ''
          : ` + ${ms((used.postgresSeconds * 1000) / sizes.placements)} Postgres`),
      check: check ? 'ok' : 'FAILED',
      note: 'CPU time, not wall time: comparable between a quiet and a loaded machine, unlike the latencies',
    },
  ];
}

// (b) ----------------------------------------------------------------------------------------------------------------

const GRID_STATUSES = [
  'invoiced',
  'invoiced',
  'invoiced',
  'invoiced',
  'delivered',
  'delivered',
  'partially_invoiced',
  'cancelled',
  'rejected',
  'invoiced',
];
const GRID_CUSTOMERS = 2_000;

/**
 * `rows` orders of one company straight into rm_order (and their 2,000 customers into rm_customer, 1 in 100
 * removed): statuses weighted towards invoiced, the newest 1 in 50 still placed, order times over two years rising
 * with the number, 5 items each, invoiced ones with their invoice in the state.
 */
export async function seedOrderGrid(pool: pg.Pool, companyId: string, rows: number): Promise<void> {
  await pool.query(
    `INSERT INTO rm_customer (id, company_id, name, address, city, state, zip, tabc_id, display_tabc_id, tabc_key,
        cash_on_delivery, fintech_option, color_index, created_at, updated_at, removed_at, revision)
     SELECT md5($1 || '-bench-order-customer-' || c)::uuid, $1::uuid, 'Customer ' || c, c || ' Main St', 'Austin',
            'TX', '78701', 'MB' || lpad(c::text, 6, '0'), 'MB' || lpad(c::text, 6, '0'), 'MB' || lpad(c::text, 6, '0'),
            false, false, c % 13, now() - interval '3 years', now() - interval '3 years',
            CASE WHEN c % 100 = 0 THEN now() - interval '1 year' END, 1
       FROM generate_series(1, $2::int) AS c`,
    [companyId, GRID_CUSTOMERS],
  );
  const chunk = 25_000;
  for (let start = 1; start <= rows; start += chunk) {
    const end = Math.min(rows, start + chunk - 1);
    await pool.query(
      `INSERT INTO rm_order (id, company_id, number, status, customer_id, customer_name, customer_user_id, units,
          total_cents, invoice_count, state, created_at, updated_at, revision)
       SELECT md5($1 || '-bench-order-' || g)::uuid, $1::uuid, g, v.status, v.customer_id, 'Customer ' || v.c,
              md5($1 || '-bench-order-user-' || v.c)::uuid, l.units, l.total, v.invoices,
              jsonb_build_object('status', 'live', 'id', md5($1 || '-bench-order-' || g)::uuid, 'companyId', $1::uuid,
                'number', g,
                'customer', jsonb_build_object('id', v.customer_id, 'name', 'Customer ' || v.c,
                  'address', v.c || ' Main St', 'city', 'Austin', 'state', 'TX', 'zip', '78701'),
                'customerUser', jsonb_build_object('id', md5($1 || '-bench-order-user-' || v.c)::uuid,
                  'name', 'Bar Manager ' || v.c),
                'orderStatus', v.status, 'items', l.items, 'notes', '[]'::jsonb,
                'invoices', CASE WHEN v.invoices = 1 THEN jsonb_build_array(jsonb_build_object(
                  'invoiceId', md5($1 || '-bench-order-invoice-' || g)::uuid, 'number', (g + 1000)::text))
                  ELSE '[]'::jsonb END,
                'invoicedQty', '{}'::jsonb, 'placedAt', t.created),
              t.created, t.created, 1
         FROM generate_series($2::int, $3::int) AS g,
              LATERAL (SELECT 1 + (g * 7919) % $5::int AS c,
                              CASE WHEN g > $4::int - $4::int / 50 THEN 'placed'
                                   ELSE ($6::text[])[1 + (g * 13) % 10] END AS status) s,
              LATERAL (SELECT s.c, s.status, md5($1 || '-bench-order-customer-' || s.c)::uuid AS customer_id,
                              CASE WHEN s.status IN ('invoiced', 'partially_invoiced', 'delivered') THEN 1 ELSE 0 END
                                AS invoices) v,
              LATERAL (SELECT now() - interval '730 days' + (g::float8 / $4::int) * interval '730 days'
                                - interval '1 hour' AS created) t,
              LATERAL (
                SELECT sum(qty)::int AS units, sum(qty * price)::bigint AS total,
                       jsonb_agg(jsonb_build_object('lineNo', k, 'productId', md5('bench-product-' || p)::uuid,
                         'name', 'PRODUCT ' || p, 'size', '750ML', 'type', 'WINE', 'upc', NULL, 'qty', qty,
                         'priceCents', price, 'rejected', false, 'rejectionNote', '', 'previousQty', NULL,
                         'qtyChangeNote', '', 'previousPriceCents', NULL, 'priceChangeNote', '') ORDER BY k) AS items
                  FROM (SELECT k, 1 + (g + k) % 12 AS qty, 500 + (g * 31 + k * 977) % 5000 AS price,
                               1 + (g * 7 + k * 131) % 400 AS p
                          FROM generate_series(1, 5) AS k) line) l`,
      [companyId, start, end, rows, GRID_CUSTOMERS, GRID_STATUSES],
    );
  }
  await pool.query('VACUUM ANALYZE rm_order');
  await pool.query('VACUUM ANALYZE rm_customer');
}

interface OrderGridScenario {
  name: string;
  params: { startRow: number; endRow: number; filterModel?: string; sortModel?: string };
  /** The hand-written SQL returning the same rows in the same order (`s` is the grid's select list). */
  sql: (s: string) => { text: string; values: unknown[] };
  /** count(*) of the same filter, for the count check. */
  count: { text: string; values: unknown[] };
}

// The grid's FROM, written out: the order with its customer as it is now ('Deleted Customer' once removed).
const FROM = `FROM (SELECT o.*, c.id IS NOT NULL AS customer_exists,
                coalesce(c.address || ', ' || c.city || ', ' || c.state || ' ' || c.zip, '') AS customer_address
              FROM rm_order o
              LEFT JOIN rm_customer c ON c.id = o.customer_id AND c.company_id = o.company_id AND c.removed_at IS NULL) o`;
const NEWEST = `ORDER BY o.created_at DESC NULLS LAST, o.id`;

async function benchGrid(
  app: TestApp,
  api: ApiClient,
  pool: pg.Pool,
  sizes: OrderBenchSizes,
): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Order Grid');
  const companyId = owner.user.company_id as string;
  await turnOnOrders(app, companyId);
  const t0 = performance.now();
  await seedOrderGrid(pool, companyId, sizes.gridRows);
  log(`orders: ${num(sizes.gridRows)} orders written and analysed in ${num(seconds(t0), 1)} s`);

  const rows = sizes.gridRows;
  const lastStart = Math.floor((rows - 1) / PAGE) * PAGE;
  const customer = (
    await pool.query(`SELECT md5($1 || '-bench-order-customer-' || 42)::uuid::text AS id`, [companyId])
  ).rows[0].id as string;
  const { rows: span } = await pool.query(
    `SELECT min(created_at) AS first, max(created_at) AS last FROM rm_order WHERE company_id = $1`,
    [companyId],
  );
  // A month in the middle of the orders' span, as the company's days (the grid's date filter: whole days).
  const middle = new Date((span[0].first.getTime() + span[0].last.getTime()) / 2);
  const monthFrom = middle.toISOString().slice(0, 8) + '01';
  const monthTo = new Date(Date.UTC(middle.getUTCFullYear(), middle.getUTCMonth() + 1, 0))
    .toISOString()
    .slice(0, 10);
  const filter = (model: object) => JSON.stringify(model);
  const tenant = `o.company_id = $1`;
  const page = (start: number) => `LIMIT ${PAGE} OFFSET ${start}`;
  const scenarios: OrderGridScenario[] = [
    {
      name: 'opening view: status placed, newest first',
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ status: { filterType: 'set', values: ['placed'] } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} AND o.status = $2 ${NEWEST} ${page(0)}`,
        values: [companyId, 'placed'],
      }),
      count: {
        text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant} AND o.status = $2`,
        values: [companyId, 'placed'],
      },
    },
    {
      name: 'no filter, newest first',
      params: { startRow: 0, endRow: PAGE },
      sql: (s) => ({ text: `SELECT ${s} ${FROM} WHERE ${tenant} ${NEWEST} ${page(0)}`, values: [companyId] }),
      count: { text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant}`, values: [companyId] },
    },
    {
      name: `customer filter (one of ${num(GRID_CUSTOMERS)})`,
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ customer_id: { filterType: 'set', values: [customer] } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} AND o.customer_id = $2 ${NEWEST} ${page(0)}`,
        values: [companyId, customer],
      }),
      count: {
        text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant} AND o.customer_id = $2`,
        values: [companyId, customer],
      },
    },
    {
      name: `date range (${monthFrom} – ${monthTo})`,
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({
          created_at: { filterType: 'date', type: 'inRange', dateFrom: monthFrom, dateTo: monthTo },
        }),
      },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} AND o.created_at >= $2::date AND o.created_at < $3::date + 1 ${NEWEST} ${page(0)}`,
        values: [companyId, monthFrom, monthTo],
      }),
      count: {
        text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant} AND o.created_at >= $2::date AND o.created_at < $3::date + 1`,
        values: [companyId, monthFrom, monthTo],
      },
    },
    {
      name: 'no filter, page 41',
      params: { startRow: 1000, endRow: 1000 + PAGE },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} ${NEWEST} ${page(1000)}`,
        values: [companyId],
      }),
      count: { text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant}`, values: [companyId] },
    },
    {
      name: 'sorted by total, largest first',
      params: { startRow: 0, endRow: PAGE, sortModel: JSON.stringify([{ colId: 'total', sort: 'desc' }]) },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} ORDER BY o.total_cents DESC NULLS LAST, o.id ${page(0)}`,
        values: [companyId],
      }),
      count: { text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant}`, values: [companyId] },
    },
    {
      name: 'status invoiced, page 41',
      params: {
        startRow: 1000,
        endRow: 1000 + PAGE,
        filterModel: filter({ status: { filterType: 'set', values: ['invoiced'] } }),
      },
      sql: (s) => ({
        text: `SELECT ${s} ${FROM} WHERE ${tenant} AND o.status = $2 ${NEWEST} ${page(1000)}`,
        values: [companyId, 'invoiced'],
      }),
      count: {
        text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant} AND o.status = $2`,
        values: [companyId, 'invoiced'],
      },
    },
    {
      name: `last page (rows ${num(lastStart)}–${num(rows - 1)}), no filter`,
      params: { startRow: lastStart, endRow: lastStart + PAGE },
      // The keyset equivalent: the same rows read from the other end of the index, turned back.
      sql: (s) => ({
        text: `SELECT * FROM (SELECT ${s} ${FROM} WHERE ${tenant}
                 ORDER BY o.created_at ASC NULLS FIRST, o.id DESC LIMIT ${rows - lastStart}) last
               ORDER BY created_at DESC NULLS LAST, id::uuid`,
        values: [companyId],
      }),
      count: { text: `SELECT count(*) AS n FROM rm_order o WHERE ${tenant}`, values: [companyId] },
    },
  ];

  const reader = new OrderReader(pool);
  const select = (() => {
    const { rows: q } = buildGridQueries(
      orderGrid,
      parseGridRequest(orderGrid, { startRow: 0, endRow: 1 }),
      companyId,
    );
    return q.text.slice('SELECT '.length, q.text.indexOf(' FROM '));
  })();
  const warmup = Math.max(2, Math.round(sizes.gridSamples / 6));
  const figures: BenchFigure[] = [];
  for (const scenario of scenarios) {
    const raw = scenario.sql(select);
    const expectedCount = Number((await pool.query(scenario.count.text, scenario.count.values)).rows[0].n);
    const query = new URLSearchParams(
      Object.entries(scenario.params).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    const handlerMs: number[] = [];
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    const problems: string[] = [];
    const loadBefore = loadNow();
    for (let i = 0; i < sizes.gridSamples + warmup; i++) {
      // Interleaved, so the three see the same cache and the same background noise.
      const s0 = performance.now();
      const direct = await pool.query(raw.text, raw.values);
      const s1 = performance.now();
      const result = await reader.grid(companyId, scenario.params);
      const s2 = performance.now();
      const http = await api.get(`order/grid?${query}`, owner.token);
      const s3 = performance.now();
      if (i >= warmup) {
        sqlMs.push(s1 - s0);
        handlerMs.push(s2 - s1);
        httpMs.push(s3 - s2);
      }
      const expectedIds = JSON.stringify((direct.rows as { id: string }[]).map((row) => row.id));
      const ids = JSON.stringify(result.rows.map((row) => row.id));
      const httpIds = JSON.stringify(((http.body?.rows ?? []) as { id: string }[]).map((row) => row.id));
      if (problems.length < 3) {
        if (direct.rows.length === 0) problems.push('the SQL returned no rows');
        if (ids !== expectedIds) problems.push('handler rows differ from the SQL rows');
        if (http.status !== 200 || httpIds !== expectedIds)
          problems.push(`HTTP ${http.status}: rows differ from the SQL rows`);
        if (result.count !== expectedCount || http.body?.count !== expectedCount)
          problems.push(`count ${result.count} (HTTP ${http.body?.count}), count(*) ${expectedCount}`);
      }
    }
    const loadAfter = loadNow();
    if (process.env.BENCH_EXPLAIN) {
      const queries = buildGridQueries(orderGrid, parseGridRequest(orderGrid, scenario.params), companyId);
      for (const [label, q] of [
        ['grid rows', queries.rows],
        ['grid count', queries.count],
        ['hand-written', raw],
      ] as const) {
        const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.text}`, q.values);
        log(`${scenario.name} — ${label}:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
      }
    }
    const h = latencySummary(handlerMs);
    const w = latencySummary(httpMs);
    const s = latencySummary(sqlMs);
    const ok = problems.length === 0;
    figures.push(
      {
        section: SECTION,
        measure: `grid, ${num(rows)} orders: ${scenario.name} — handler (rows + count)`,
        value: `p95 ${ms(h.p95)} (p50 ${ms(h.p50)}), count ${num(expectedCount)}, ${loadText(loadBefore, loadAfter)}`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(h.p95 / s.p95, 2)}×`,
        target: '≤ 2× SQL + 5 ms',
        met: h.p95 <= 2 * s.p95 + 5,
        check: ok ? 'ok' : 'FAILED',
        note: ok ? undefined : `FAILED because: ${problems.join('; ')}`,
      },
      {
        section: SECTION,
        measure: '  the same over HTTP (GET /order/grid)',
        value: `p95 ${ms(w.p95)} (p50 ${ms(w.p50)})`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(w.p95 / s.p95, 2)}×`,
        check: ok ? 'ok' : 'FAILED',
      },
    );
  }
  return figures;
}

// ---------------------------------------------------------------------------------------------------------------------

/** The order figures on a running app (its database gets the grid company's rows). */
export async function runOrderBench(app: TestApp, sizes: OrderBenchSizes): Promise<BenchFigure[]> {
  const api = apiClient(app.baseUrl);
  const pool = createPool(app.runtime.databaseUrl, 4, 'stampline-bench-orders');
  try {
    const figures: BenchFigure[] = [];
    if (sizes.parts.has('place')) figures.push(...(await benchPlace(app, api, sizes)));
    if (sizes.parts.has('grid')) figures.push(...(await benchGrid(app, api, pool, sizes)));
    return figures;
  } finally {
    await pool.end();
  }
}

/** The figures. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchOrders(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('orders', options.adminUrl, async () => {
    log('orders: starting the API on a fresh database');
    const app = await startTestApp();
    try {
      return await runOrderBench(app, defaultOrderBenchSizes());
    } finally {
      await app.close();
    }
  });
}

runWhenMain(import.meta.url, benchOrders);
