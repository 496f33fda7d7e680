// How good the product recommendations are on the demo's year, and how fast they answer.
//   Hit rate at 5: for each customer's last invoices of the year (BENCH_RECOMMEND_LAST per customer), the
//   recommendations as of the day before it (only the purchases up to then) are checked against the products the
//   invoice really had: a hit when one of the (at most 5) recommended products is on it. Printed next to a naive
//   baseline on the same invoices: the customer's own 5 most-bought products up to that day.
//   Latency: GET /product/recommendation over HTTP for every demo customer, p95.
// The demo is written through the commands (apps/api/src/seed.ts) with BENCH_RECOMMEND_INVOICES invoices (2,000).
//   benchRecommend({ adminUrl })  — on a running Postgres; runRecommendBench(app, sizes) on a running test app
//   (test/reliability/bench-recommend.spec.ts runs it small). Run alone: node dist/test/bench/bench-recommend.js
import { QueryBus } from '@nestjs/cqrs';
import { loadavg } from 'node:os';
import { RECOMMENDATIONS_SHOWN, SIMILAR_SHOWN } from '#domain/products/recommendations.js';
import { ProductRecommendationQuery } from '../../apps/api/src/products/queries/product-recommendation.query.js';
import { DEMO_LOGIN, seedDemo } from '../../apps/api/src/seed.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient } from '../support/http.js';
import {
  intFromEnv,
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  withBenchPostgres,
  type BenchFigure,
} from './bench-support.js';

const SECTION = 'recommend';
/** The instant the demo's year ends before: fixed, so every run evaluates the same history. */
const DEMO_NOW = '2026-11-20T18:00:00.000Z';

export interface RecommendBenchSizes {
  invoices: number;
  /** invoices evaluated per customer: its last ones of the year */
  lastPerCustomer: number;
}

export const defaultRecommendSizes = (): RecommendBenchSizes => ({
  invoices: intFromEnv('BENCH_RECOMMEND_INVOICES', 2000),
  lastPerCustomer: intFromEnv('BENCH_RECOMMEND_LAST', 3),
});

const dayBefore = (day: string) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - 1)).toISOString().slice(0, 10);
};

export async function runRecommendBench(app: TestApp, sizes: RecommendBenchSizes): Promise<BenchFigure[]> {
  const pool = app.runtime.pool;
  log(`recommend: seeding the demo year (${num(sizes.invoices)} invoices) through the commands`);
  const seeded = await seedDemo(app.app, pool, { invoices: sizes.invoices, now: DEMO_NOW, progress: false });
  if (!seeded) throw new Error('recommend: the demo was seeded before on this database');
  await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint(), 120_000);
  const companyId = seeded.companyId;

  // The evaluated invoices: each customer's last ones, with the products they had.
  const { rows: invoices } = await pool.query<{ customer_id: string; day: string; products: string[] }>(
    `SELECT customer_id, day, products FROM (
       SELECT customer_id, sold_on::text AS day, array_agg(DISTINCT product_id::text) AS products,
              row_number() OVER (PARTITION BY customer_id ORDER BY sold_on DESC, invoice_id DESC) AS n
         FROM rm_product_sale_line WHERE company_id = $1 AND counted
        GROUP BY customer_id, invoice_id, sold_on) last
      WHERE n <= $2 ORDER BY customer_id, day`,
    [companyId, sizes.lastPerCustomer],
  );
  const queries = app.app.get(QueryBus);
  let hits = 0;
  let similarHits = 0;
  let similarOffered = 0;
  let baselineHits = 0;
  let offered = 0;
  let recommendedTotal = 0;
  let unknown = 0;
  const { rows: known } = await pool.query<{ id: string }>(
    'SELECT id FROM rm_product WHERE company_id = $1',
    [companyId],
  );
  const productIds = new Set(known.map((row) => row.id));
  for (const invoice of invoices) {
    const asOf = dayBefore(invoice.day);
    const answer = await queries.execute(
      new ProductRecommendationQuery(companyId, invoice.customer_id, DEMO_NOW, asOf),
    );
    // the customer's own products (at most 5) make the hit rate at 5; its peers' products are counted apart
    const recommended = answer.recommendation.filter((r) => r.kind !== 'similar').map((r) => r.product.id);
    const similar = answer.recommendation.filter((r) => r.kind === 'similar').map((r) => r.product.id);
    if (recommended.length > RECOMMENDATIONS_SHOWN || similar.length > SIMILAR_SHOWN) unknown++;
    for (const id of [...recommended, ...similar]) if (!productIds.has(id)) unknown++;
    if (recommended.length > 0) offered++;
    recommendedTotal += recommended.length;
    similarOffered += similar.length;
    if (recommended.some((id) => invoice.products.includes(id))) hits++;
    if (similar.some((id) => invoice.products.includes(id))) similarHits++;
    const { rows: own } = await pool.query<{ product_id: string }>(
      `SELECT product_id FROM rm_product_sale_line
        WHERE company_id = $1 AND customer_id = $2 AND counted AND sold_on <= $3::date
        GROUP BY product_id ORDER BY count(*) DESC, product_id LIMIT $4`,
      [companyId, invoice.customer_id, asOf, RECOMMENDATIONS_SHOWN],
    );
    if (own.some((row) => invoice.products.includes(row.product_id))) baselineHits++;
  }
  const evaluated = invoices.length;
  const rate = evaluated === 0 ? 0 : hits / evaluated;
  const baseline = evaluated === 0 ? 0 : baselineHits / evaluated;
  const check = evaluated > 0 && unknown === 0 && offered > 0;

  // Latency over HTTP for every demo customer, signed in as the demo owner.
  const api = apiClient(app.baseUrl);
  const signIn = await api.post('auth/signin', { email: DEMO_LOGIN.email, password: DEMO_LOGIN.password });
  const token = signIn.body.access_token as string;
  const { rows: customers } = await pool.query<{ id: string }>(
    'SELECT id FROM rm_customer WHERE company_id = $1 AND removed_at IS NULL ORDER BY id',
    [companyId],
  );
  const load = loadavg()[0]!;
  const samples: number[] = [];
  let failed = 0;
  for (const round of [0, 1]) {
    for (const customer of customers) {
      const t0 = performance.now();
      const response = await api.get(`product/recommendation?customerId=${customer.id}`, token);
      if (round === 1) samples.push(performance.now() - t0); // the first round warms the plans
      if (response.status !== 200) failed++;
    }
  }
  const latency = latencySummary(samples);
  return [
    {
      section: SECTION,
      measure: `hit rate at ${RECOMMENDATIONS_SHOWN}: a recommended product on the customer's next invoice (${num(evaluated)} invoices, demo year of ${num(seeded.counts.invoices ?? 0)})`,
      value: `${num(rate * 100, 1)} % (baseline: its own 5 most-bought products, ${num(baseline * 100, 1)} %)`,
      check: check ? 'ok' : 'FAILED',
      note:
        `${num(hits)} of ${num(evaluated)} invoices had a recommended product; recommendations offered before ` +
        `${num(offered)} of them (${num(recommendedTotal / Math.max(1, evaluated), 1)} products on average); ` +
        `peers' products offered ${num(similarOffered)} times, on the next invoice ${num(similarHits)} times; ` +
        `${unknown} unknown products or lists over ${RECOMMENDATIONS_SHOWN} + ${SIMILAR_SHOWN}`,
    },
    {
      section: SECTION,
      measure: `  GET /product/recommendation over HTTP, ${num(customers.length)} customers`,
      value: `p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, load ${num(load, 1)}`,
      check: failed === 0 && samples.length > 0 ? 'ok' : 'FAILED',
    },
  ];
}

/** The figures. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchRecommend(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('recommend', options.adminUrl, async () => {
    const app = await startTestApp({ SEED_DEMO: 'false' });
    try {
      return await runRecommendBench(app, defaultRecommendSizes());
    } finally {
      await app.close();
    }
  });
}

runWhenMain(import.meta.url, benchRecommend);
