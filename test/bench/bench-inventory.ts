// bench, against the real API (startTestApp on a database of the bench's Postgres):
//   (a) the inventory grid with 50,000 products (BENCH_INVENTORY_PRODUCTS; products, their inventory rows and 120
//       days of sales written straight into rm_product, rm_inventory and rm_product_sale_line): p95 of the grid handler
//       and of GET /inventory/grid for the default sort (updated_at, newest first), a distributor filter, a product
//       name filter and the restock list's filter (To Reorder = 1), each next to the same statements (rows and count)
//       run straight on the pool, timed in the same run. Target: handler p95 ≤ 50 ms. Checks: the count equals the
//       rows counted by hand-written SQL; the page's ids equal the hand-written query's.
//   (b) a 500-item restock (BENCH_INVENTORY_RESTOCK) over HTTP: PUT /inventory (it answers once the projection caught
//       up), then the grid's newest rows are exactly those products, each with its quantity added. Target ≤ 1 s.
//   (c) the inventory CSV of every product over HTTP next to Postgres `COPY (…) TO STDOUT` (psql) of the same rows
//       and columns. Target ≥ 0.5× the COPY rate. Checks: records counted, and the In Stock column adds up to the SQL sum.
//
//   benchInventory({ adminUrl })  — on a running Postgres (creates and drops its own database), or
//   benchInventory()              — starts an embedded Postgres in a temporary directory.
// Run alone: node dist/test/bench/bench-inventory.js   (BENCH_EXPLAIN=1 also logs each grid statement's plan)
// test/reliability/bench-inventory.spec.ts runs measureInventory small, so a broken instrument fails the test suite.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { parse } from 'csv-parse/sync';
import type pg from 'pg';
import { createPool } from '#infra/db/database.js';
import { buildGridQueries, parseGridRequest, type SqlQuery } from '#infra/grid/index.js';
import { featuresSet } from '../../apps/cli/src/features-set.command.js';
import { allRowsOf } from '../../apps/api/src/infra/csv/cursor-csv.js';
import { INVENTORY_CSV, inventoryGrid } from '../../apps/api/src/inventory/queries/inventory.grid.js';
import {
  InventoryGridHandler,
  InventoryGridQuery,
} from '../../apps/api/src/inventory/queries/inventory.queries.js';
import { InventoryReader } from '../../apps/api/src/inventory/queries/inventory.reader.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import {
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

const SECTION = 'inventory';
const PAGE = 25;
const DISTRIBUTORS = [
  'Republic National',
  'Southern Glazer',
  'Breakthru Beverage',
  'Johnson Brothers',
  'Reyes Holdings',
  'Silver Eagle',
  'Ben E. Keith',
  'Favorite Brands',
  'Victory Wine Group',
  'Serendipity Wine',
];
const KINDS = ['CABERNET', 'MERLOT', 'VODKA', 'BOURBON', 'TEQUILA', 'LAGER', 'IPA', 'GIN', 'RUM', 'SELTZER'];

export interface InventoryBenchSettings {
  /** Products (each with its inventory row); 1 in 100 archived, so the grid shows 99 in 100. */
  products: number;
  /** Invoice lines over the last 120 days (the days to reorder read the last 30). */
  saleLines: number;
  /** Items of each timed restock. */
  restockItems: number;
  /** Timed restocks (after one warm-up). */
  restocks: number;
  /** Timed samples per grid scenario (after `warmUp`). */
  samples: number;
  warmUp: number;
  /** Time COPY TO STDOUT through psql next to the CSV (psql must be on the PATH). */
  copy: boolean;
}

export const INVENTORY_BENCH_DEFAULTS: InventoryBenchSettings = {
  products: intFromEnv('BENCH_INVENTORY_PRODUCTS', 50_000),
  saleLines: intFromEnv('BENCH_INVENTORY_SALE_LINES', 200_000),
  restockItems: intFromEnv('BENCH_INVENTORY_RESTOCK', 500),
  restocks: intFromEnv('BENCH_INVENTORY_RESTOCKS', 5),
  samples: intFromEnv('BENCH_INVENTORY_SAMPLES', 60),
  warmUp: 10,
  copy: true,
};

export interface InventoryBenchResult {
  figures: BenchFigure[];
  /** Every check that failed, in words (empty when all held). */
  problems: string[];
  /** The rows the grid counts for the company (current products). */
  rows: number;
}

/** SQL: a version-4 uuid from md5(prefix || n), so ids pass the API's uuid checks and stay the same run to run. */
const benchUuid = (prefix: string, n: string) =>
  `(SELECT (substr(h, 1, 12) || '4' || substr(h, 14, 3) || '8' || substr(h, 18, 15))::uuid FROM md5('${prefix}' || ${n}) AS h)`;

/**
 * `products` products of one company with their inventory rows, and `saleLines` invoice lines over the last 120
 * days, straight into the read models as the projections would write them. Stock runs from −5 to 394 (some zero,
 * some negative), one product in 7 has a reorder level, inventory rows were last updated over the past year; one
 * product in 100 is archived (its row not `current`, as the inventory projection keeps it).
 */
export async function seedInventoryBench(
  pool: pg.Pool,
  companyId: string,
  settings: InventoryBenchSettings,
): Promise<void> {
  await pool.query(
    `INSERT INTO rm_product (id, company_id, product, product_size, product_type, upc, internal_sku, distributor,
        ydk_product_id, last_purchase_price_cents, reorder_level, reorder_qty, reorder_time_in_days,
        initial_price_cents, price_cents, price_as_of, next_price_on, effective_on, price_changes, archived,
        archived_at, deleted_at, same_key, search, created_at, updated_at, revision)
     SELECT id, $1, name, '750ML', CASE WHEN g % 10 < 5 THEN 'WINE' WHEN g % 10 < 8 THEN 'LIQUOR' ELSE 'BEER' END,
            upc, CASE WHEN g % 3 = 0 THEN 'SKU-' || g END, ($2::text[])[1 + g % cardinality($2)], NULL, cost,
            NULL, NULL, NULL, cost * 3 / 2, cost * 3 / 2, date '2026-01-01', NULL, NULL, '[]'::jsonb,
            g % 100 = 0, CASE WHEN g % 100 = 0 THEN now() END, NULL,
            name || '|750ML|' || g, upper(name || ' ' || upc), now(), now(), 0
       FROM (SELECT g, ${benchUuid('bench-inventory-product-', 'g')} AS id,
                    ($3::text[])[1 + (g / 7) % cardinality($3)] || ' ' || g AS name,
                    lpad(((g::bigint * 104729 + 12345) % 1000000000000)::text, 12, '0') AS upc,
                    300 + (g * 37) % 9000 AS cost
               FROM generate_series(1, $4::int) AS g) p`,
    [companyId, DISTRIBUTORS, KINDS, settings.products],
  );
  await pool.query(
    `INSERT INTO rm_inventory (id, company_id, qty, distributor, reorder_level, reorder_qty, reorder_time_in_days,
        updated_at, last_restock_at, last_restock_qty, current)
     SELECT ${benchUuid('bench-inventory-product-', 'g')}, $1, (g * 7919) % 400 - 5, ($2::text[])[1 + g % cardinality($2)],
            CASE WHEN g % 7 = 0 THEN 12 END, CASE WHEN g % 7 = 0 THEN 24 END, CASE WHEN g % 5 = 0 THEN 3 END,
            now() - interval '1 minute' - (g * 6151 % 525600) * interval '1 minute',
            now() - interval '30 days', 24, g % 100 <> 0
       FROM generate_series(1, $3::int) AS g`,
    [companyId, DISTRIBUTORS, settings.products],
  );
  // Ten lines per invoice; sales lean on one product in four, so days to reorder range widely.
  await pool.query(
    `INSERT INTO rm_product_sale_line (invoice_id, line_no, company_id, product_id, customer_id, sold_on, units,
        amount_cents, price_cents, counted, created_at)
     SELECT md5('bench-inventory-invoice-' || (n / 10))::uuid, n % 10, $1,
            ${benchUuid('bench-inventory-product-', '(1 + (CASE WHEN n % 3 = 0 THEN (n * 4) % $3 ELSE (n * 7919) % $3 END))')},
            md5('bench-inventory-customer-' || (n % 500))::uuid, current_date - (n % 120), 1 + n % 12,
            (1 + n % 12) * 1500, 1500, n % 50 <> 0, now() - (n % 120) * interval '1 day'
       FROM generate_series(0, $2::int - 1) AS n`,
    [companyId, settings.saleLines, settings.products],
  );
  await pool.query('VACUUM ANALYZE rm_product');
  await pool.query('VACUUM ANALYZE rm_inventory');
  await pool.query('VACUUM ANALYZE rm_product_sale_line');
}

/** Current (not deleted, not archived) products' inventory: what the grid lists. */
const CURRENT = `FROM rm_inventory i JOIN rm_product p ON p.id = i.id AND p.company_id = i.company_id
   AND p.deleted_at IS NULL AND NOT p.archived WHERE i.company_id = $1`;

interface Scenario {
  name: string;
  params: { startRow: number; endRow: number; filterModel?: string };
  /** The matching rows, counted by hand-written SQL without the grid's computed columns where it can. */
  truth: { text: string; values: unknown[] };
  /** The page's ids by hand-written SQL (when the order is plain enough to write by hand). */
  ids?: { text: string; values: unknown[] };
  target?: number;
  /** Timed samples when not `settings.samples` (a scenario that reads every row, for reference). */
  samples?: number;
}

function scenarios(companyId: string): Scenario[] {
  const filter = (model: object) => JSON.stringify(model);
  const distributor = DISTRIBUTORS[3]!;
  const page = `ORDER BY i.updated_at DESC, i.id LIMIT ${PAGE}`;
  return [
    {
      name: 'default sort (last updated, newest first), first page',
      params: { startRow: 0, endRow: PAGE },
      truth: { text: `SELECT count(*)::int AS n ${CURRENT}`, values: [companyId] },
      ids: { text: `SELECT i.id ${CURRENT} ${page}`, values: [companyId] },
      target: 50,
    },
    {
      name: `distributor filter ('${distributor}', one of ${DISTRIBUTORS.length}), first page`,
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ distributor: { filterType: 'text', type: 'equals', filter: distributor } }),
      },
      truth: {
        text: `SELECT count(*)::int AS n ${CURRENT} AND lower(i.distributor) = lower($2)`,
        values: [companyId, distributor],
      },
      ids: {
        text: `SELECT i.id ${CURRENT} AND lower(i.distributor) = lower($2) ${page}`,
        values: [companyId, distributor],
      },
      target: 50,
    },
    {
      name: "product filter (contains 'bourbon 1'), first page",
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ product: { filterType: 'text', type: 'contains', filter: 'bourbon 1' } }),
      },
      truth: {
        text: `SELECT count(*)::int AS n ${CURRENT} AND p.product ILIKE '%bourbon 1%'`,
        values: [companyId],
      },
      ids: {
        text: `SELECT i.id ${CURRENT} AND p.product ILIKE '%bourbon 1%' ${page}`,
        values: [companyId],
      },
      target: 50,
    },
    {
      // The restock list's filter: every row's days to reorder decide it, so the truth counts the same rule.
      name: 'To Reorder = 1 (the restock list), first page, 10 samples',
      params: {
        startRow: 0,
        endRow: PAGE,
        filterModel: filter({ reorder_needed: { filterType: 'number', type: 'equals', filter: 1 } }),
      },
      truth: {
        text: `SELECT count(*)::int AS n ${CURRENT} AND (i.qty <= 0 OR i.qty <= i.reorder_level OR EXISTS (
                 SELECT 1 FROM (SELECT sum(l.units) AS units FROM rm_product_sale_line l
                                 WHERE l.company_id = i.company_id AND l.product_id = i.id AND l.counted
                                   AND l.sold_on > (now() AT TIME ZONE 'America/Chicago')::date - 30) v
                  WHERE v.units > 0
                    AND floor(i.qty / (v.units / 30.0)) - coalesce(i.reorder_time_in_days, 0) <= 0))`,
        values: [companyId],
      },
      samples: 10,
    },
  ];
}

const sameIds = (a: { id: string }[], b: { id: string }[]) =>
  JSON.stringify(a.map((row) => row.id)) === JSON.stringify(b.map((row) => row.id));

async function explain(pool: pg.Pool, label: string, query: SqlQuery): Promise<number> {
  if (process.env.BENCH_EXPLAIN) {
    const plan = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${query.text}`, query.values);
    log(`${label}:\n${plan.rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n')}`);
  }
  const json = await pool.query(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.text}`, query.values);
  return json.rows[0]['QUERY PLAN'][0]['Execution Time'] as number;
}

async function benchGrid(
  api: ApiClient,
  token: string,
  pool: pg.Pool,
  companyId: string,
  settings: InventoryBenchSettings,
  problems: string[],
): Promise<BenchFigure[]> {
  const handler = new InventoryGridHandler(new InventoryReader(pool));
  const figures: BenchFigure[] = [];
  for (const scenario of scenarios(companyId)) {
    const truth = (await pool.query(scenario.truth.text, scenario.truth.values)).rows[0].n as number;
    const ids = scenario.ids ? (await pool.query(scenario.ids.text, scenario.ids.values)).rows : undefined;
    const queries = buildGridQueries(
      inventoryGrid,
      parseGridRequest(inventoryGrid, scenario.params),
      companyId,
    );
    const query = new URLSearchParams(
      Object.entries(scenario.params).map(([key, value]): [string, string] => [key, String(value)]),
    ).toString();
    const handlerMs: number[] = [];
    const httpMs: number[] = [];
    const sqlMs: number[] = [];
    const countMs: number[] = [];
    const wrong = new Set<string>();
    const samples = Math.min(scenario.samples ?? settings.samples, settings.samples);
    const warmUp = scenario.samples ? Math.min(2, settings.warmUp) : settings.warmUp;
    for (let i = 0; i < samples + warmUp; i++) {
      // Interleaved, so all see the same cache and the same background noise. SQL: the handler's two statements,
      // side by side as it sends them; then the count alone.
      const s0 = performance.now();
      const [rows, count] = await Promise.all([
        pool.query(queries.rows.text, queries.rows.values),
        pool.query(queries.count.text, queries.count.values),
      ]);
      const s1 = performance.now();
      await pool.query(queries.count.text, queries.count.values);
      const s2 = performance.now();
      const result = await handler.execute(new InventoryGridQuery(companyId, 'inventory', scenario.params));
      const s3 = performance.now();
      const http = await api.get(`inventory/grid?${query}`, token);
      const s4 = performance.now();
      if (i >= warmUp) {
        sqlMs.push(s1 - s0);
        countMs.push(s2 - s1);
        handlerMs.push(s3 - s2);
        httpMs.push(s4 - s3);
      }
      const page = result.rows as { id: string }[];
      if (truth === 0) wrong.add('the scenario matches no row');
      if (result.count !== truth) wrong.add(`count ${result.count}, expected ${truth}`);
      if (Number(count.rows[0].count) !== truth)
        wrong.add(`SQL count ${count.rows[0].count}, expected ${truth}`);
      if (page.length !== Math.min(PAGE, truth)) wrong.add(`${page.length} rows on the page`);
      if (!sameIds(page, rows.rows)) wrong.add('the handler and its SQL answer different pages');
      if (ids && !sameIds(page, ids)) wrong.add('the page differs from the hand-written query');
      if (http.status !== 200 || http.body.count !== truth || !sameIds(http.body.rows, page))
        wrong.add(`HTTP answered ${http.status} with another page or count`);
    }
    const rowsExecution = await explain(pool, `${scenario.name} — rows`, queries.rows);
    const countExecution = await explain(pool, `${scenario.name} — count`, queries.count);
    for (const reason of wrong) problems.push(`grid, ${scenario.name}: ${reason}`);
    const h = latencySummary(handlerMs);
    const w = latencySummary(httpMs);
    const s = latencySummary(sqlMs);
    const c = latencySummary(countMs);
    const check = wrong.size === 0 ? 'ok' : 'FAILED';
    figures.push(
      {
        section: SECTION,
        measure: `grid, ${num(settings.products)} products: ${scenario.name} — handler (rows + count)`,
        value: `p95 ${ms(h.p95)} (p50 ${ms(h.p50)}), count ${num(truth)}`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(h.p95 / s.p95, 2)}×`,
        target: scenario.target ? `p95 ≤ ${scenario.target} ms` : undefined,
        met: scenario.target ? h.p95 <= scenario.target : undefined,
        check,
        note: wrong.size ? [...wrong].join('; ') : undefined,
      },
      {
        section: SECTION,
        measure: '  the same over HTTP (GET /inventory/grid)',
        value: `p95 ${ms(w.p95)} (p50 ${ms(w.p50)})`,
        limit: `SQL p95 ${ms(s.p95)}`,
        ratio: `${num(w.p95 / s.p95, 2)}×`,
        check,
      },
      {
        section: SECTION,
        measure: '  the SQL alone: rows + count, and the count by itself',
        value: `p95 ${ms(s.p95)}; count p95 ${ms(c.p95)}`,
        limit: `EXPLAIN rows ${ms(rowsExecution)}, count ${ms(countExecution)}`,
        check,
      },
    );
  }
  return figures;
}

async function benchRestock(
  api: ApiClient,
  token: string,
  pool: pg.Pool,
  companyId: string,
  settings: InventoryBenchSettings,
  problems: string[],
): Promise<BenchFigure[]> {
  const putMs: number[] = [];
  const visibleMs: number[] = [];
  const wrong = new Set<string>();
  let units = 0;
  // Each restock takes other products (current ones only), spread over the catalogue.
  const { rows: candidates } = await pool.query(`SELECT i.id ${CURRENT} ORDER BY md5(i.id::text) LIMIT $2`, [
    companyId,
    settings.restockItems * (settings.restocks + 1),
  ]);
  if (candidates.length < settings.restockItems * (settings.restocks + 1))
    wrong.add('not enough products for the restocks');
  for (let round = 0; round <= settings.restocks; round++) {
    const ids = (
      candidates.slice(round * settings.restockItems, (round + 1) * settings.restockItems) as {
        id: string;
      }[]
    ).map((row) => row.id);
    const qtyOf = (k: number) => 1 + ((k * 13 + round) % 48);
    const before = new Map<string, number>(
      (
        await pool.query(
          `SELECT id, qty::int AS qty FROM rm_inventory WHERE company_id = $1 AND id = ANY($2::uuid[])`,
          [companyId, ids],
        )
      ).rows.map((row) => [row.id as string, row.qty as number]),
    );
    const items = ids.map((id, k) => ({ product_id: id, qty: qtyOf(k), item_cost: 4.5 + (k % 20) }));
    const t0 = performance.now();
    const saved = await api.put(
      'inventory',
      { items, ref_number: `PO-BENCH-${round}`, distributor: DISTRIBUTORS[round % DISTRIBUTORS.length] },
      token,
      { 'idempotency-key': `bench-restock-${companyId}-${round}` },
    );
    const t1 = performance.now();
    // Visible in the grid: the restocked rows are the newest, so they fill the first pages of the default sort.
    const shown: { id: string; qty: number }[] = [];
    for (let start = 0; start < ids.length; start += 100) {
      const end = Math.min(ids.length, start + 100);
      const page = await api.get(`inventory/grid?startRow=${start}&endRow=${end}`, token);
      if (page.status !== 200) wrong.add(`grid answered ${page.status}`);
      else shown.push(...(page.body.rows as { id: string; qty: number }[]));
    }
    const t2 = performance.now();
    if (round > 0) {
      putMs.push(t1 - t0);
      visibleMs.push(t2 - t0);
      units += items.reduce((sum, item) => sum + item.qty, 0);
    }
    if (saved.status !== 200) {
      wrong.add(`PUT /inventory answered ${saved.status} ${JSON.stringify(saved.body).slice(0, 200)}`);
      continue;
    }
    const expectedUnits = items.reduce((sum, item) => sum + item.qty, 0);
    const rows = saved.body as { restocked: number }[];
    const answeredUnits = rows.reduce((sum, row) => sum + row.restocked, 0);
    if (answeredUnits !== expectedUnits || rows.length !== ids.length)
      wrong.add(`the restock answered ${answeredUnits} units of ${rows.length} items`);
    const expected = new Map(ids.map((id, k) => [id, (before.get(id) ?? NaN) + qtyOf(k)]));
    const off = shown.filter((row) => expected.get(row.id) !== row.qty);
    if (shown.length !== ids.length || off.length > 0)
      wrong.add(
        `the grid's newest ${num(shown.length)} rows: ${num(off.length)} not restocked or with another quantity`,
      );
  }
  for (const reason of wrong) problems.push(`restock: ${reason}`);
  const put = latencySummary(putMs);
  const visible = latencySummary(visibleMs);
  const check = wrong.size === 0 ? 'ok' : 'FAILED';
  return [
    {
      section: SECTION,
      measure: `restock of ${num(settings.restockItems)} items over HTTP (PUT /inventory, ${settings.restocks} restocks after a warm-up)`,
      value: `p50 ${ms(put.p50)}, max ${ms(put.max)} (${num(units)} units)`,
      target: '≤ 1 s',
      met: put.max <= 1000,
      check,
      note:
        wrong.size > 0
          ? [...wrong].join('; ')
          : 'answers after the projection applied it (read-your-writes); then the grid’s newest rows are those products, each with its quantity added',
    },
    {
      section: SECTION,
      measure: `  PUT → all ${num(settings.restockItems)} rows read back from GET /inventory/grid (pages of 100)`,
      value: `p50 ${ms(visible.p50)}, max ${ms(visible.max)}`,
      check,
    },
  ];
}

/** `COPY (…) TO STDOUT` through psql, output counted and discarded. */
async function copyToStdout(databaseUrl: string, sql: string) {
  const t0 = performance.now();
  return new Promise<{ seconds: number; bytes: number; lines: number }>((resolve, reject) => {
    const child = spawn('psql', [databaseUrl, '-X', '-q', '-v', 'ON_ERROR_STOP=1', '-c', sql]);
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

/** A statement with its bind values written in as literals (psql's -c takes none): the company id, LIMIT, OFFSET. */
function inlined(query: SqlQuery): string {
  return query.text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = query.values[Number(n) - 1];
    if (value === null) return 'NULL';
    if (typeof value === 'number') return String(value);
    return `'${String(value).replace(/'/g, "''")}'`;
  });
}

async function benchCsv(
  app: TestApp,
  token: string,
  pool: pg.Pool,
  companyId: string,
  rows: number,
  settings: InventoryBenchSettings,
  problems: string[],
): Promise<BenchFigure[]> {
  const url = `${app.baseUrl}/api/v1/inventory/export`;
  const get = async () => {
    const t0 = performance.now();
    const response = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    let firstByte = NaN;
    const chunks: string[] = [];
    const decoder = new TextDecoder();
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      if (Number.isNaN(firstByte)) firstByte = performance.now() - t0;
      chunks.push(decoder.decode(value, { stream: true }));
    }
    chunks.push(decoder.decode());
    return { status: response.status, firstByte, total: performance.now() - t0, text: chunks.join('') };
  };
  log(`inventory: CSV of ${num(rows)} rows (a warm-up, then timed)`);
  await get();
  const csv = await get();
  const records = parse(csv.text, { relax_column_count: true }) as string[][];
  const stockAt = (records[0] ?? []).indexOf('In Stock');
  const csvStock = records.slice(1).reduce((sum, record) => sum + Number(record[stockAt]), 0);
  const { rows: sums } = await pool.query(`SELECT sum(i.qty)::bigint AS stock ${CURRENT}`, [companyId]);
  const sqlStock = Number(sums[0].stock);
  const wrong: string[] = [];
  if (csv.status !== 200) wrong.push(`GET /inventory/export answered ${csv.status}`);
  if (records.length !== rows + 1)
    wrong.push(`${num(records.length)} records, expected ${num(rows + 1)} with the header`);
  if (stockAt < 0 || csvStock !== sqlStock)
    wrong.push(`In Stock adds up to ${csvStock}, the SQL sum is ${sqlStock}`);

  // The same rows and columns from Postgres alone: the export's own query, its columns, COPY'd to stdout.
  let copy: Awaited<ReturnType<typeof copyToStdout>> | undefined;
  let copyNote = '';
  if (settings.copy) {
    const queries = buildGridQueries(
      inventoryGrid,
      parseGridRequest(inventoryGrid, { startRow: 0, endRow: 1 }),
      companyId,
    );
    const columns = INVENTORY_CSV.map(([, colId]) =>
      colId === 'reorder_needed' ? `CASE WHEN q.reorder_needed = 1 THEN 'Yes' ELSE 'No' END` : `q."${colId}"`,
    );
    const sql = `COPY (SELECT ${columns.join(', ')} FROM (${inlined(allRowsOf(queries.rows))}) q) TO STDOUT WITH (FORMAT csv, HEADER)`;
    try {
      copy = await copyToStdout(app.runtime.databaseUrl, sql);
      if (copy.lines !== rows + 1)
        wrong.push(`COPY gave ${num(copy.lines)} lines, expected ${num(rows + 1)}`);
    } catch (error) {
      copyNote = `COPY through psql failed (${(error as Error).message.slice(0, 160)})`;
      wrong.push(copyNote);
    }
  }
  for (const reason of wrong) problems.push(`CSV: ${reason}`);
  const ours = rows / (csv.total / 1000);
  const copyRate = copy ? rows / copy.seconds : NaN;
  return [
    {
      section: SECTION,
      measure: `inventory CSV, ${num(rows)} rows (${num(csv.text.length / 1e6, 1)} MB) over HTTP`,
      value: `${num(csv.total / 1000, 2)} s (${num(ours)} rows/s), first byte ${ms(csv.firstByte)}`,
      limit: copy
        ? `COPY TO STDOUT ${num(copy.seconds, 2)} s (${num(copyRate)} rows/s, ${num(copy.bytes / 1e6, 1)} MB)`
        : 'n/a',
      ratio: copy ? `${num(ours / copyRate, 2)}×` : undefined,
      target: '≥ 0.5× COPY rate',
      met: copy ? ours >= 0.5 * copyRate : undefined,
      check: wrong.length === 0 ? 'ok' : 'FAILED',
      note:
        wrong.length > 0
          ? wrong.join('; ')
          : `${num(records.length - 1)} rows counted; In Stock adds up to the SQL sum (${num(sqlStock)})${copyNote}`,
    },
  ];
}

/** The whole inventory bench on a running app: seeds a company, then the grid, the restocks and the CSV. */
export async function measureInventory(
  app: TestApp,
  settings: InventoryBenchSettings = INVENTORY_BENCH_DEFAULTS,
): Promise<InventoryBenchResult> {
  const api = apiClient(app.baseUrl);
  const pool = createPool(app.runtime.databaseUrl, 4, 'stampline-bench-inventory');
  try {
    const owner = await signUpOwner(api, 'Bench Inventory');
    const companyId = owner.user.company_id as string;
    if ((await featuresSet(app.app, ['--company', companyId, '--feature', 'inventory', '--on'])) !== 0)
      throw new Error('could not switch the inventory feature on');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const t0 = performance.now();
    await seedInventoryBench(pool, companyId, settings);
    const { rows: counted } = await pool.query(`SELECT count(*)::int AS n ${CURRENT}`, [companyId]);
    const rows = counted[0].n as number;
    log(
      `inventory: ${num(settings.products)} products (${num(rows)} current) and ${num(settings.saleLines)} sale lines written in ${num(seconds(t0), 1)} s; load ${num(loadavg()[0]!, 2)}`,
    );
    const problems: string[] = [];
    const figures = [
      ...(await benchGrid(api, owner.token, pool, companyId, settings, problems)),
      ...(await benchRestock(api, owner.token, pool, companyId, settings, problems)),
      ...(await benchCsv(app, owner.token, pool, companyId, rows, settings, problems)),
    ];
    return { figures, problems, rows };
  } finally {
    await pool.end();
  }
}

/** The figures. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchInventory(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('inventory', options.adminUrl, async () => {
    let app: TestApp | undefined;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    try {
      database = await createTestDatabase('inventory');
      log('inventory: starting the API on a fresh database');
      app = await startTestApp({}, { database });
      const loadBefore = loadavg()[0]!;
      const { figures } = await measureInventory(app);
      figures.push({
        section: SECTION,
        measure: 'load average (1 min) before → after the inventory figures',
        value: `${num(loadBefore, 2)} → ${num(loadavg()[0]!, 2)}`,
        check: '-',
      });
      return figures;
    } finally {
      await app?.close();
      await database?.drop();
    }
  });
}

runWhenMain(import.meta.url, benchInventory);
