import { businessDate } from '#domain/shared/business-date.js';
import { rebuildProjection } from '#engine';
import {
  creditMemoProjection,
  CUSTOMER_ACCOUNT_ENTRY_SCHEMA,
  customerAccountProjection,
  invoicePaymentProjection,
  invoiceProjection,
} from '#projections/index.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, type ApiClient } from '../support/http.js';

/**
 * A customer's whole money story — credit memos issued and voided, a check received on account and applied, a paid
 * invoice cancelled (its payments become credit), credit applied, a share taken back to credit, and refunded.
 * Answers the company.
 */
async function aMoneyStory(api: ApiClient) {
  const today = businessDate(new Date().toISOString());
  const company = await aCompanyWithAnInvoice(api);
  const { token, invoiceId } = company;
  const ok = async (answer: Promise<{ status: number; body: { id?: string; message?: string } }>) => {
    const { status, body } = await answer;
    expect([status, body.message]).toEqual([expect.any(Number), undefined]);
    expect(status).toBeLessThan(300);
    return body;
  };
  await ok(api.post('company/feature', { name: 'payment', active: true }, token));
  const first = await ok(api.get(`invoice/${invoiceId}`, token));
  const { customer, items } = first as unknown as {
    customer: { id: string };
    items: { product_id: string }[];
  };
  const anInvoice = async () =>
    ok(
      api.post(
        'invoice',
        {
          customer_id: customer.id,
          items: [{ product_id: items[0]!.product_id, qty: 2, price: 19.99 }],
          force: true,
        },
        token,
      ),
    );
  const second = await anInvoice();
  const third = await anInvoice();

  const memo = async (reason: string) =>
    (
      await ok(
        api.post('credit-memo', { invoice: invoiceId, reason, lines: [{ line_no: 1, qty: 1 }] }, token),
      )
    ).id!;
  await memo('delivered_damaged');
  const voided = await memo('short_delivery');
  await ok(api.post(`credit-memo/${voided}/void`, { reason: 'Found on the truck' }, token));

  await ok(
    api.post(
      `customer/${customer.id}/payment`,
      { method: 'check', received_at: today, amount: '150.00', reference: '1042' },
      token,
    ),
  );
  await ok(api.put(`invoice/${second.id}`, { status: 'cancelled' }, token));
  await anInvoice();
  const applied = (await ok(api.post(`customer/${customer.id}/credit/apply`, {}, token))) as unknown as {
    entries: { id: string; kind: string; invoice_id: string }[];
  };
  // One share taken back to credit: its payment leaves the invoice, the account's entries say so.
  const share = applied.entries.find((entry) => entry.kind === 'application')!;
  await ok(
    api.post(
      `customer/${customer.id}/credit/unapply`,
      { invoice_id: share.invoice_id, payment_id: share.id },
      token,
    ),
  );
  const account = (await ok(api.get(`customer/${customer.id}/account`, token))) as unknown as {
    unapplied_credit: number;
  };
  if (account.unapplied_credit > 0)
    await ok(
      api.post(
        `customer/${customer.id}/credit/refund`,
        { amount: account.unapplied_credit, method: 'check', reference: '2001', refunded_at: today },
        token,
      ),
    );
  expect(third.id).toBeDefined();
  return company;
}

/**
 * The receivables' read models after a customer's whole money story are the same rebuilt from the first event as they
 * were kept live, row for row (the account's totals and each of its entry rows).
 */
describe('Receivables read models rebuilt', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  const ACCOUNT_QUERIES = [
    'SELECT * FROM rm_customer_account WHERE company_id = $1 ORDER BY id',
    'SELECT * FROM rm_customer_account_entry WHERE company_id = $1 ORDER BY customer_id, seq',
  ];

  it('rebuilds the customer accounts, credit memos, invoices and payments to what the live projections wrote', async () => {
    const company = await aMoneyStory(api);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const snapshot = async (sql: string) => (await app.runtime.pool.query(sql, [company.companyId])).rows;
    const queries = [
      ...ACCOUNT_QUERIES,
      'SELECT * FROM rm_credit_memo WHERE company_id = $1 ORDER BY id',
      'SELECT * FROM rm_invoice WHERE company_id = $1 ORDER BY id',
      'SELECT * FROM rm_invoice_payment WHERE company_id = $1 ORDER BY id',
    ];
    const live = await Promise.all(queries.map(snapshot));
    expect(live.map((rows) => rows.length)).toEqual([1, expect.any(Number), 2, 4, expect.any(Number)]);
    // the account's entries as rows, numbered in order: the payment, applications, a take-back, a refund
    expect(live[1]!.map((row) => row.kind)).toEqual(
      expect.arrayContaining(['payment', 'application', 'unapplication', 'refund']),
    );
    expect(live[1]!.map((row) => row.seq)).toEqual(live[1]!.map((_row, i) => i + 1));
    expect(live[0]![0].entry_count).toBe(live[1]!.length);
    expect(live[4]!.length).toBeGreaterThan(0);

    for (const projection of [
      customerAccountProjection,
      creditMemoProjection,
      invoiceProjection,
      invoicePaymentProjection,
    ])
      await rebuildProjection(app.runtime.pool, app.runtime.store, projection);
    expect(await Promise.all(queries.map(snapshot))).toEqual(live);
  });

  it('moves the entries of an account kept in the old jsonb column to the same rows the projection writes', async () => {
    const company = await aMoneyStory(api);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const client = await app.runtime.pool.connect();
    try {
      const snapshot = async () =>
        Promise.all(ACCOUNT_QUERIES.map(async (sql) => (await client.query(sql, [company.companyId])).rows));
      const rows = await snapshot();
      await client.query('BEGIN');
      // The tables as they were before the entries had rows: each account's entries in order, as JSON objects.
      await client.query(`
        ALTER TABLE rm_customer_account ADD COLUMN entries jsonb;
        UPDATE rm_customer_account a SET entries = coalesce((
          SELECT jsonb_agg(jsonb_build_object('id', e.id, 'kind', e.kind, 'on_date', e.on_date::text,
                   'amount_cents', e.amount_cents, 'method', e.method, 'reference', e.reference,
                   'invoice_id', e.invoice_id, 'invoice_number', e.invoice_number,
                   'at', to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
                 || CASE WHEN e.received_cents IS NULL THEN '{}'::jsonb
                         ELSE jsonb_build_object('received_cents', e.received_cents) END
                 ORDER BY e.seq)
            FROM rm_customer_account_entry e WHERE e.customer_id = a.id), '[]');
        ALTER TABLE rm_customer_account ALTER COLUMN entries SET NOT NULL, DROP COLUMN entry_count;
        DROP TABLE rm_customer_account_entry;`);
      await client.query(CUSTOMER_ACCOUNT_ENTRY_SCHEMA);
      expect(await snapshot()).toEqual(rows);
      expect(rows[1]!.length).toBeGreaterThan(3);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });
});
