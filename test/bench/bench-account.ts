// Payments on account: one check applied across a customer's 50 open invoices over HTTP, oldest first.
//   Each sample is a fresh customer with BENCH_ACCOUNT_INVOICES (50) open invoices of $10; POST
//   /customer/{id}/payment receives $10 × 50 + $5 and answers once every invoice is paid (one decision over the account
//   and the 50 invoice streams, the read models waited for). The first BENCH_ACCOUNT_WARMUP samples warm the plans
//   and are not counted; BENCH_ACCOUNT_SAMPLES are. Correctness: every invoice paid, $5 left as credit, the
//   account's entries one payment and 50 applications.
//   benchAccount({ adminUrl }) on a running Postgres; run alone: node dist/test/bench/bench-account.js
import { loadavg } from 'node:os';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
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

const SECTION = 'account';

export interface AccountBenchSizes {
  invoices: number;
  samples: number;
  warmup: number;
}

export const defaultAccountSizes = (): AccountBenchSizes => ({
  invoices: intFromEnv('BENCH_ACCOUNT_INVOICES', 50),
  samples: intFromEnv('BENCH_ACCOUNT_SAMPLES', 30),
  warmup: intFromEnv('BENCH_ACCOUNT_WARMUP', 3),
});

async function aCustomerWithOpenInvoices(api: ApiClient, token: string, product: string, count: number) {
  const customer = await api.post(
    'customer',
    {
      name: `Bench Tavern ${Math.random().toString(36).slice(2, 8)}`,
      address: '1 Main St',
      city: 'Austin',
      zip: '78701',
      tabc_id: 'MB123456',
      cash_on_delivery: 0,
      fintech_option: 0,
    },
    token,
  );
  if (customer.status !== 201) throw new Error(`account bench: customer ${customer.status}`);
  for (let i = 0; i < count; i++) {
    const invoice = await api.post(
      'invoice',
      {
        customer_id: customer.body.id,
        items: [{ product_id: product, qty: 10, price: 1, taxable: false }],
        force: true,
      },
      token,
    );
    if (invoice.status !== 201) throw new Error(`account bench: invoice ${invoice.status}`);
  }
  return customer.body.id as string;
}

export async function runAccountBench(app: TestApp, sizes: AccountBenchSizes): Promise<BenchFigure[]> {
  const api = apiClient(app.baseUrl);
  const { token } = await signUpOwner(api, 'Bench Owner');
  await api.post('company/feature', { name: 'payment', active: true }, token);
  const product = await api.post(
    'product',
    {
      product: 'Topo Chico',
      product_type: 'n/a',
      product_size: '355ml',
      product_price: 1,
      last_purchase_price: '0.5',
    },
    token,
  );
  const samples: number[] = [];
  const problems: string[] = [];
  const amount = sizes.invoices * 10 + 5;
  let load = 0;
  for (let n = 0; n < sizes.warmup + sizes.samples; n++) {
    if (n === sizes.warmup) load = loadavg()[0]!;
    log(`account: customer ${n + 1} of ${sizes.warmup + sizes.samples}, ${sizes.invoices} open invoices`);
    const customerId = await aCustomerWithOpenInvoices(api, token, product.body.id, sizes.invoices);
    const t0 = performance.now();
    const answer = await api.post(
      `customer/${customerId}/payment`,
      { amount, method: 'check', reference: `B${n}`, received_at: new Date().toISOString().slice(0, 10) },
      token,
    );
    const elapsed = performance.now() - t0;
    if (n >= sizes.warmup) samples.push(elapsed);
    const body = answer.body as {
      unapplied_credit: number;
      applied: number;
      owing: number;
      entry_count: number;
    };
    if (
      answer.status !== 201 ||
      body.unapplied_credit !== 5 ||
      body.applied !== amount - 5 ||
      body.owing !== 0 ||
      body.entry_count !== sizes.invoices + 1
    )
      problems.push(`sample ${n}: ${answer.status} ${JSON.stringify(body).slice(0, 200)}`);
    const { rows } = await app.runtime.pool.query<{ open: string }>(
      `SELECT count(*) AS open FROM rm_invoice WHERE customer_id = $1 AND (balance_cents <> 0 OR status <> 'paid')`,
      [customerId],
    );
    if (Number(rows[0]?.open) !== 0) problems.push(`sample ${n}: ${rows[0]?.open} invoices not paid`);
  }
  const latency = latencySummary(samples);
  return [
    {
      section: SECTION,
      measure: `POST /customer/{id}/payment applied across ${sizes.invoices} open invoices over HTTP, ${num(samples.length)} payments`,
      value: `p50 ${ms(latency.p50)}, p95 ${ms(latency.p95)}, max ${ms(latency.max)}, load ${num(load, 1)}`,
      target: 'p95 ≤ 100 ms',
      met: latency.p95 <= 100,
      check: problems.length === 0 && samples.length > 0 ? 'ok' : 'FAILED',
      note: problems.length ? problems.slice(0, 3).join('; ') : 'every invoice paid, $5.00 left as credit',
    },
  ];
}

/** The figure. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchAccount(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('account', options.adminUrl, async () => {
    const app = await startTestApp({ SEED_DEMO: 'false' });
    try {
      return await runAccountBench(app, defaultAccountSizes());
    } finally {
      await app.close();
    }
  });
}

runWhenMain(import.meta.url, benchAccount);
