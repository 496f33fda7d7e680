// Statements, against the real API (startTestApp on a database of the bench's Postgres):
// - `statement-pdf`: the statement PDF of one customer with BENCH_STATEMENT_DOCUMENTS (default 5,000) documents in
//   the period (half invoices, half payments, over the last year), p50 and max over BENCH_STATEMENT_SAMPLES (5)
//   requests after a warm-up; the check: the PDF's closing balance, charges, credits and document count are the
//   JSON statement's.
// - `statement-run`: the monthly statement run, e-mailing BENCH_STATEMENT_RUN_CUSTOMERS (default 1,000) customers
//   with 3 invoices each last month; statements per second from the start until the run is done, the heap sampled
//   every 250 ms (the local mail server's captured messages cleared as they come, they are not the run's), and the
//   check: every customer sent, none failed, every message received.
import type pg from 'pg';
import { createPool } from '#infra/db/database.js';
import type { StatementRunResponse } from '#domain/contracts/statement.contract.js';
import { businessDate } from '#domain/shared/business-date.js';
import { money, quantity } from '../../apps/api/src/infra/pdf/pdf-format.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';
import {
  latencySummary,
  log,
  ms,
  num,
  runWhenMain,
  seconds,
  withBenchPostgres,
  type BenchFigure,
} from './bench-support.js';

const intEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : fallback;
};
const DOCUMENTS = intEnv('BENCH_STATEMENT_DOCUMENTS', 5_000);
const SAMPLES = intEnv('BENCH_STATEMENT_SAMPLES', 5);
const RUN_CUSTOMERS = intEnv('BENCH_STATEMENT_RUN_CUSTOMERS', 1_000);

export async function benchCustomer(api: ApiClient, token: string, i: number, email: string | null) {
  const created = await api.post(
    'customer',
    {
      name: `Bench Bar ${i}`,
      address: `${i} Main St`,
      city: 'Austin',
      zip: '78701',
      tabc_id: `MB${String(900000 + i)}`,
      cash_on_delivery: 0,
      fintech_option: 0,
      ...(email ? { contact_email: email } : {}),
    },
    token,
  );
  if (created.status !== 201) throw new Error(`customer: ${created.status} ${JSON.stringify(created.body)}`);
  return created.body.id as string;
}

/**
 * `invoices` issued invoices of one customer spread over the days [from, to], each paid once a week later (in the
 * invoice's `payments`, as the statement reads them), written straight into the read model.
 */
export async function seedStatement(
  pool: pg.Pool,
  companyId: string,
  customerId: string,
  invoices: number,
  days: { from: string; to: string },
  key = customerId,
): Promise<void> {
  await pool.query(
    `INSERT INTO rm_invoice (id, company_id, number, sequence, prefix, beer, customer_id, customer_name,
        customer_tabc_id, status, status_info, invoiced_on, due_on, subtotal_cents, tax_cents, total_cents,
        paid_cents, payments, item_count, items_summary, fingerprint, content, order_ids, created_at, updated_at,
        deleted_at, revision)
     SELECT md5($6 || '-invoice-' || g)::uuid, $1::uuid, $6 || '-' || g, g, '', false, $2::uuid, 'Bench Bar',
            'MB900001', 'partially_paid', '[]'::jsonb, day, day + 30, sub, 0, sub, sub / 2,
            jsonb_build_array(jsonb_build_object('id', md5($6 || '-payment-' || g), 'amount_cents', sub / 2,
              'received_on', to_char(least(day + 7, $5::date), 'YYYY-MM-DD'), 'note', 'check #' || g,
              'logged_at', day)),
            1, '2 × PRODUCT', md5($6 || '-fp-' || g),
            jsonb_build_object('customer', jsonb_build_object('id', $2::uuid, 'name', 'Bench Bar'), 'lines', '[]'::jsonb,
              'invoicedOn', day, 'dueOn', day + 30,
              'totals', jsonb_build_object('subtotalCents', sub, 'taxCents', 0, 'totalCents', sub)),
            '[]'::jsonb, day, day, NULL, 1
       FROM generate_series(1, $3::int) AS g,
            LATERAL (SELECT $4::date + ((g - 1)::bigint * ($5::date - $4::date) / $3::int)::int AS day,
                            2 * (1000 + (g * 7919) % 90000) AS sub) v`,
    [companyId, customerId, invoices, days.from, days.to, key],
  );
}

const dayBefore = (day: string, days: number) => {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};

async function benchStatementPdf(app: TestApp, api: ApiClient, pool: pg.Pool): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Statements');
  const companyId = owner.user.company_id as string;
  const feature = await api.post('company/feature', { name: 'payment', active: true }, owner.token);
  if (feature.status !== 200) throw new Error(`feature: ${feature.status} ${JSON.stringify(feature.body)}`);
  const customerId = await benchCustomer(api, owner.token, 1, null);
  const to = businessDate(new Date().toISOString());
  const from = dayBefore(to, 364);
  const t0 = performance.now();
  await seedStatement(pool, companyId, customerId, Math.ceil(DOCUMENTS / 2), { from, to: dayBefore(to, 8) });
  await pool.query('VACUUM ANALYZE rm_invoice');
  log(`statements: ${num(DOCUMENTS)} documents of one customer written in ${num(seconds(t0), 1)} s`);

  const query = `from=${from}&to=${to}`;
  const json = await api.get(`customer/${customerId}/statement?${query}`, owner.token);
  if (json.status !== 200) throw new Error(`statement: ${json.status} ${JSON.stringify(json.body)}`);
  const statement = json.body as {
    rows: unknown[];
    closing_balance: number;
    totals: { charges: number; credits: number };
  };
  const pdfOf = async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/customer/${customerId}/statement/pdf?${query}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    if (response.status !== 200) throw new Error(`statement pdf: ${response.status}`);
    return Buffer.from(await response.arrayBuffer());
  };
  await pdfOf(); // warm-up
  const jsonSamples: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    await api.get(`customer/${customerId}/statement?${query}`, owner.token);
    jsonSamples.push(performance.now() - t);
  }
  const samples: number[] = [];
  let pdf = Buffer.alloc(0);
  // The API runs in this process: its CPU time per PDF does not grow with the machine's load, the wall time does.
  const cpu0 = process.cpuUsage();
  for (let i = 0; i < SAMPLES; i++) {
    const t = performance.now();
    pdf = await pdfOf();
    samples.push(performance.now() - t);
  }
  const cpu = process.cpuUsage(cpu0);
  const cpuPerPdf = (cpu.user + cpu.system) / 1000 / SAMPLES;
  const text = pdfText(pdf);
  const pages = /Page \d+ of (\d+)/.exec(text)?.[1] ?? '?';
  const ok =
    statement.rows.length === DOCUMENTS &&
    text.includes(`${quantity(DOCUMENTS)}Documents`) &&
    text.includes(`Closing balance${money(statement.closing_balance)}`) &&
    text.includes(`Charges${money(statement.totals.charges)}`) &&
    text.includes(`Credits${money(statement.totals.credits)}`);
  const { p50, max } = latencySummary(samples);
  const read = latencySummary(jsonSamples);
  return [
    {
      section: 'statements',
      measure: `statement JSON, ${num(DOCUMENTS)} documents (the read and the statement, without the PDF), p50 / max`,
      value: `${ms(read.p50)} / ${ms(read.max)}`,
      check: '-',
    },
    {
      section: 'statements',
      measure: `statement PDF, ${num(DOCUMENTS)} documents (${pages} pages, ${num(pdf.length / 1024)} KiB), p50 / max of ${SAMPLES}`,
      value: `${ms(p50)} / ${ms(max)} (CPU ${ms(cpuPerPdf)} each)`,
      target: '≤ 2 s',
      met: max <= 2000,
      check: ok ? 'ok' : 'FAILED',
      note: 'HTTP GET /customer/{id}/statement/pdf: read, statement, PDF; the check: its document count and totals are the JSON statement’s',
    },
  ];
}

async function benchStatementRun(app: TestApp, api: ApiClient, pool: pg.Pool): Promise<BenchFigure[]> {
  const owner = await signUpOwner(api, 'Bench Statement Run');
  const companyId = owner.user.company_id as string;
  await api.post('company/feature', { name: 'payment', active: true }, owner.token);
  const today = businessDate(new Date().toISOString());
  const [y, m] = today.split('-').map(Number) as [number, number];
  const month = m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
  const t0 = performance.now();
  for (let i = 1; i <= RUN_CUSTOMERS; i++) {
    const customerId = await benchCustomer(api, owner.token, i, `ap${i}@bench.test`);
    await seedStatement(pool, companyId, customerId, 3, { from: `${month}-01`, to: `${month}-20` });
  }
  await pool.query('VACUUM ANALYZE rm_invoice, rm_customer');
  log(`statements: ${num(RUN_CUSTOMERS)} customers with 3 invoices each written in ${num(seconds(t0), 1)} s`);

  app.mailbox.clear();
  let received = 0;
  const heap: { done: number; used: number }[] = [];
  let done = 0;
  const sampler = setInterval(() => {
    received += app.mailbox.messages().length;
    app.mailbox.clear();
    heap.push({ done, used: process.memoryUsage().heapUsed });
  }, 250);
  const started = performance.now();
  const run = await api.post('statements/runs', { month, mode: 'email' }, owner.token);
  if (run.status !== 201) throw new Error(`run: ${run.status} ${JSON.stringify(run.body)}`);
  let answer = run.body as StatementRunResponse;
  while (answer.status === 'running') {
    await new Promise((resolve) => setTimeout(resolve, 200));
    answer = (await api.get(`statements/runs/${answer.id}`, owner.token)).body as StatementRunResponse;
    done = answer.done;
  }
  const elapsed = seconds(started);
  clearInterval(sampler);
  received += app.mailbox.messages().length;
  app.mailbox.clear();
  const rate = answer.sent / elapsed;
  const early = heap.filter((h) => h.done > 0 && h.done <= RUN_CUSTOMERS * 0.25);
  const late = heap.filter((h) => h.done >= RUN_CUSTOMERS * 0.75);
  const mib = (bytes: number) => bytes / 1024 / 1024;
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;
  const earlyMib = mib(median(early.map((h) => h.used)));
  const lateMib = mib(median(late.map((h) => h.used)));
  const peakMib = mib(Math.max(...heap.map((h) => h.used)));
  const ok =
    answer.status === 'done' &&
    answer.sent === RUN_CUSTOMERS &&
    answer.failed === 0 &&
    answer.skipped === 0 &&
    received === RUN_CUSTOMERS;
  return [
    {
      section: 'statements',
      measure: `monthly statement run, e-mail, ${num(RUN_CUSTOMERS)} customers: statements per second`,
      value: `${num(rate, 1)} /s (${num(elapsed, 1)} s)`,
      target: '≥ 5 /s',
      met: rate >= 5,
      check: ok ? 'ok' : 'FAILED',
      note: `sent ${answer.sent}, failed ${answer.failed}, messages received ${received}`,
    },
    {
      section: 'statements',
      measure: 'monthly statement run: heap in the first and last quarter of the run (median), peak',
      value: `${num(earlyMib, 1)} MiB → ${num(lateMib, 1)} MiB, peak ${num(peakMib, 1)} MiB`,
      target: 'flat',
      met: lateMib <= earlyMib * 1.25 + 16,
      check: '-',
      note: 'the API, the bench client and the local mail server share this process; flat = the last quarter within 25 % (+16 MiB) of the first',
    },
  ];
}

/** The statements' figures. With `adminUrl`, runs on that Postgres (the app gets a database of its own there). */
export async function benchStatements(options: { adminUrl?: string } = {}): Promise<BenchFigure[]> {
  return withBenchPostgres('statements', options.adminUrl, async () => {
    let app: TestApp | undefined;
    let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
    try {
      database = await createTestDatabase('app');
      app = await startTestApp({}, { database });
      const api = apiClient(app.baseUrl);
      const pool = createPool(app.runtime.databaseUrl, 4, 'stampline-bench-statements');
      try {
        const parts = new Set((process.env.BENCH_STATEMENT_PARTS ?? 'pdf,run').split(','));
        return [
          ...(parts.has('pdf') ? await benchStatementPdf(app, api, pool) : []),
          ...(parts.has('run') ? await benchStatementRun(app, api, pool) : []),
        ];
      } finally {
        await pool.end();
      }
    } finally {
      await app?.close();
      await database?.drop();
    }
  });
}

runWhenMain(import.meta.url, benchStatements);
