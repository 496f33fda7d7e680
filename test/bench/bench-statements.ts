// Statements, against the real API (startTestApp on a database of the bench's Postgres):
// - `statement-pdf`: the statement PDF of one customer with BENCH_STATEMENT_DOCUMENTS (default 5,000) documents in
//   the period (half invoices, half payments, over the last year), p50 and max over BENCH_STATEMENT_SAMPLES (5)
//   requests after a warm-up; the check: the PDF's closing balance, charges, credits and document count are the
//   JSON statement's.
import type pg from 'pg';
import { createPool } from '#infra/db/database.js';
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
        return await benchStatementPdf(app, api, pool);
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
