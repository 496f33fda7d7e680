import { businessDate } from '#domain/shared/business-date.js';
import { rebuildProjection } from '#engine';
import {
  creditMemoProjection,
  customerAccountProjection,
  invoicePaymentProjection,
  invoiceProjection,
} from '#projections/index.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, type ApiClient } from '../support/http.js';

/**
 * The receivables' read models after a customer's whole money story — credit memos issued and voided, a check
 * received on account and applied, a paid invoice cancelled (its payments become credit), credit applied and
 * refunded — are the same rebuilt from the first event as they were kept live, row for row.
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

  it('rebuilds the customer accounts, credit memos, invoices and payments to what the live projections wrote', async () => {
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
    await ok(api.post(`customer/${customer.id}/credit/apply`, {}, token));
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

    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const snapshot = async (sql: string) => (await app.runtime.pool.query(sql, [company.companyId])).rows;
    const queries = [
      'SELECT * FROM rm_customer_account WHERE company_id = $1 ORDER BY id',
      'SELECT * FROM rm_credit_memo WHERE company_id = $1 ORDER BY id',
      'SELECT * FROM rm_invoice WHERE company_id = $1 ORDER BY id',
      'SELECT * FROM rm_invoice_payment WHERE company_id = $1 ORDER BY id',
    ];
    const live = await Promise.all(queries.map(snapshot));
    expect(live.map((rows) => rows.length)).toEqual([1, 2, 4, expect.any(Number)]);
    expect(live[3]!.length).toBeGreaterThan(0);

    for (const projection of [
      customerAccountProjection,
      creditMemoProjection,
      invoiceProjection,
      invoicePaymentProjection,
    ])
      await rebuildProjection(app.runtime.pool, app.runtime.store, projection);
    expect(await Promise.all(queries.map(snapshot))).toEqual(live);
  });
});
