import type { ReportAnswer } from '#domain/contracts/report.contract.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { setFeature } from '../support/cli.js';

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
const SHINER = {
  product: 'Shiner Bock 6pk',
  product_type: 'beer',
  product_size: '12oz',
  product_price: 9.99,
  last_purchase_price: '5.00',
};
const LONE_STAR = {
  product: 'Lone Star 12pk',
  product_type: 'beer',
  product_size: '12oz',
  product_price: 14.5,
  last_purchase_price: '8.00',
};

describe('Report stats (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  const withReports = async () => {
    const owner = await signUpOwner(api);
    await setFeature(app.app, owner.user.company_id, 'reports');
    await settle();
    return owner;
  };
  const stats = (token: string, query: Record<string, string>) =>
    api.get<ReportAnswer>(`company/stats?${new URLSearchParams(query)}`, token);

  describe('with the reports feature on and invoices in two weeks', () => {
    let token: string;
    const from = dayFromToday(-6);
    const to = today();

    beforeAll(async () => {
      ({ token } = await withReports());
      const customer = (await api.post('customer', RUSTY_NAIL, token)).body.id;
      const shiner = (await api.post('product', SHINER, token)).body.id;
      const loneStar = (await api.post('product', LONE_STAR, token)).body.id;
      const invoice = async (day: string, items: { product_id: string; qty: number; price: number }[]) => {
        const created = await api.post(
          'invoice',
          { customer_id: customer, items, invoiced_at: day, force: true },
          token,
        );
        expect(created.status).toBe(201);
        return created.body as { number: string };
      };
      await invoice(today(), [{ product_id: shiner, qty: 3, price: 9.99 }]); // 29.97
      await invoice(dayFromToday(-2), [
        { product_id: shiner, qty: 1, price: 9.99 },
        { product_id: loneStar, qty: 2, price: 14.5 },
      ]); // 38.99
      await invoice(dayFromToday(-10), [{ product_id: loneStar, qty: 5, price: 14.5 }]); // before the period
      const cancelled = await invoice(dayFromToday(-1), [{ product_id: shiner, qty: 7, price: 9.99 }]);
      expect((await api.put(`invoice/${cancelled.number}`, { status: 'cancelled' }, token)).status).toBe(200);
      const deleted = await invoice(dayFromToday(-1), [{ product_id: loneStar, qty: 4, price: 14.5 }]);
      expect((await api.put(`invoice/${deleted.number}`, { status: 'cancelled' }, token)).status).toBe(200);
      expect((await api.delete(`invoice/${deleted.number}`, token)).status).toBe(204);
      await settle();
    });

    it('answers the invoice total to the cent, leaving out cancelled and deleted invoices and other days', async () => {
      const response = await stats(token, { name: 'weekly', from, to });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        name: 'weekly',
        from,
        to,
        // 68.96 of lines and the default sales tax, as the invoices total; two invoices of one customer
        stats: { customerCount: 1, invoiceCount: 2, invoiceTotal: 74.64, orderCount: 0, orderTotal: 0 },
        orderStats: { total_qty: 0 },
      });
      expect(Date.parse(response.body.generated_at)).toBeGreaterThan(Date.now() - 60_000);
    });

    it('answers per product the invoices naming it, its units and amount, and the invoices of the period', async () => {
      const { body } = await stats(token, { name: 'weekly', from, to });
      expect(body.productStats).toEqual([
        {
          product_id: expect.any(String),
          product: 'SHINER BOCK 6PK',
          product_size: SHINER.product_size,
          invoice: 2,
          total_qty: 4,
          total_amount: 39.96,
          total_invoices: 2,
        },
        {
          product_id: expect.any(String),
          product: 'LONE STAR 12PK',
          product_size: '12oz',
          invoice: 1,
          total_qty: 2,
          total_amount: 29,
          total_invoices: 2,
        },
      ]);
    });

    it('defaults name to monthly and answers zeros for a period without invoices', async () => {
      const { status, body } = await stats(token, { from: dayFromToday(-60), to: dayFromToday(-40) });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        name: 'monthly',
        stats: { customerCount: 0, invoiceCount: 0, invoiceTotal: 0, orderCount: 0, orderTotal: 0 },
        productStats: [],
      });
    });

    it('answers another company its own (empty) stats, never these', async () => {
      const other = await withReports();
      const { body } = await stats(other.token, { from, to });
      expect(body).toMatchObject({ stats: { invoiceTotal: 0 }, productStats: [] });
      expect(JSON.stringify(body)).not.toContain('SHINER');
    });

    it.each([
      [{ from: 'yesterday', to: today() }, 'from', 'from must be a date (YYYY-MM-DD)'],
      [{ from: '2026-02-30', to: today() }, 'from', 'from must be a date (YYYY-MM-DD)'],
      [{ from: today() }, 'to', 'to must be a date (YYYY-MM-DD)'],
      [{ from: today(), to: dayFromToday(1) }, 'to', 'to cannot be in the future'],
      [{ from: today(), to: dayFromToday(-1) }, 'from', 'from must not be after to'],
    ])('answers 400 for %j with the problem on %s', async (query, field, message) => {
      const response = await api.get(`company/stats?${new URLSearchParams(query)}`, token);
      expect(response.status).toBe(400);
      expect(response.body.details).toContainEqual({ field, message });
    });

    it('answers 400 for a name other than monthly or weekly', async () => {
      const response = await stats(token, { name: 'yearly', from: today(), to: today() });
      expect(response.status).toBe(400);
    });
  });

  it('answers every company, reports feature or not: the dashboard shows the stats (the /reports screen is gated)', async () => {
    const { token } = await signUpOwner(api);
    const response = await api.get(`company/stats?from=${today()}&to=${today()}`, token);
    expect(response.status).toBe(200);
    expect(response.body.stats).toEqual({
      customerCount: 0,
      invoiceCount: 0,
      invoiceTotal: 0,
      orderCount: 0,
      orderTotal: 0,
    });
  });
});
