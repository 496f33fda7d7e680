import { rebuildProjection } from '#engine';
import { stampsProjection } from '#projections/index.js';
import { aCompanyWithAnInvoice } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, type ApiClient } from '../support/http.js';

/**
 * The stamp read models after stamps followed credited goods (written off, back in stock, sold again, a void given
 * back) are the same rebuilt from the first event as they were kept live, row for row.
 */
describe('Stamp ledger projection after goods returns', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  it('rebuilds rm_stamp_ledger, rm_stamp_roll and rm_stamp_log to what the live projection wrote', async () => {
    const company = await aCompanyWithAnInvoice(api);
    const { token, invoiceId } = company;
    const credit = async (reason: string, qty: number) => {
      const issued = await api.post(
        'credit-memo',
        { invoice: invoiceId, reason, lines: [{ line_no: 1, qty }] },
        token,
      );
      expect(issued.status).toBe(201);
      return issued.body.id as string;
    };
    const broken = await credit('delivered_damaged', 1);
    await credit('short_delivery', 1);
    const productId = (await api.get(`invoice/${invoiceId}`, token)).body.items[0].product_id as string;
    const customerId = (await api.get(`invoice/${invoiceId}`, token)).body.customer.id as string;
    const again = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: productId, qty: 4, price: 19.99 }] },
      token,
    );
    expect(again.status).toBe(201);
    expect((await api.post(`credit-memo/${broken}/void`, { reason: 'Not broken' }, token)).status).toBe(201);

    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const snapshot = async (sql: string) => (await app.runtime.pool.query(sql, [company.companyId])).rows;
    const queries = [
      'SELECT company_id, revision, available_count, log_count FROM rm_stamp_ledger WHERE company_id = $1',
      `SELECT roll_id, available_count, invoiced_count, destroyed_count, withdrawn_count, available, invoiced
         FROM rm_stamp_roll WHERE company_id = $1 ORDER BY roll_id`,
      `SELECT seq, kind, range_from, range_to, used, balance, on_hand, invoice_id, invoice_number, credit_memo_number,
              customer_name, note FROM rm_stamp_log WHERE company_id = $1 ORDER BY seq`,
    ];
    const live = await Promise.all(queries.map(snapshot));
    const kinds = live[2]!.map((row) => row.kind as string);
    expect(kinds).toEqual(
      expect.arrayContaining(['goods_written_off', 'goods_restocked', 'reissued', 'goods_return_voided']),
    );
    // 3 + 4 bottles invoiced, one of them carrying a returned bottle's stamp: 6 stamps affixed, none twice.
    expect(live[1]).toMatchObject([{ available_count: '474', invoiced_count: '6' }]);

    await rebuildProjection(app.runtime.pool, app.runtime.store, stampsProjection);
    expect(await Promise.all(queries.map(snapshot))).toEqual(live);
  });
});
