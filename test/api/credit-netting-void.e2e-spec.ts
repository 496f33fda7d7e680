import type { AlcoholSalesReportAnswer } from '#domain/contracts/alcohol-sales.contract.js';
import { REPORT_COLUMNS } from '#domain/reports/alcohol-sales-report.js';
import { SettableClock } from '../../apps/api/src/infra/clock.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/*
 * A month's alcohol sales report, once filed, never changes: a credit memo voided in the month it was issued leaves
 * both out; one voided in a later month stays in its own month, and its void adds the units back in the month of
 * the void, on the company's clock (America/Chicago: 04:30 UTC on 1 October is still 30 September there).
 */
describe('A voided credit memo in the alcohol sales report (API)', () => {
  const clock = new SettableClock();
  let app: TestApp;
  let api: ApiClient;
  let token: string;

  const report = async (month: string) => {
    const answer = await api.get<AlcoholSalesReportAnswer>(`comptroller/alcohol-sales?month=${month}`, token);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const csvLines = async (month: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1/comptroller/alcohol-sales/download?month=${month}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const [, ...lines] = (await response.text())
      .trim()
      .split('\r\n')
      .map((line) => line.split(','));
    return lines.map((line) => Object.fromEntries(REPORT_COLUMNS.map((column, i) => [column, line[i]])));
  };

  beforeAll(async () => {
    app = await startTestApp({}, { clock });
    api = apiClient(app.baseUrl);
    ({ token } = await signUpOwner(api)); // on the real clock: the session is valid now
  }, 60_000);
  afterAll(async () => {
    clock.release();
    await app.close();
  });

  it('keeps a filed month as it was and reports a later void in the month of the void', async () => {
    const customer = (await api.post('customer', RUSTY_NAIL, token)).body.id;
    const wine = await api.post(
      'product',
      {
        product: 'House Red',
        product_type: 'wine',
        product_size: '750ml',
        case_size: 12,
        product_price: 10,
        last_purchase_price: '5.00',
      },
      token,
    );
    clock.set('2026-09-20T17:00:00.000Z');
    const invoice = await api.post(
      'invoice',
      { customer_id: customer, items: [{ product_id: wine.body.id, qty: 6, price: 10 }], force: true },
      token,
    );
    expect(invoice.status).toBe(201);
    const memo = async (qty: number) => {
      const issued = await api.post(
        'credit-memo',
        {
          invoice: invoice.body.number,
          reason: 'short_delivery',
          note: 'Short',
          lines: [{ line_no: 1, qty }],
        },
        token,
      );
      expect(issued.status).toBe(201);
      return issued.body as { id: string; number: string };
    };
    const sameMonth = await memo(2);
    const laterMonth = await memo(1);
    const september = await report('2026-09');
    expect(september.totals).toEqual({ lines: 3, retailers: 1, units: 3, net: 30 });

    clock.set('2026-10-01T04:30:00.000Z'); // 30 September, 11:30 p.m. in Austin
    expect(
      (await api.post(`credit-memo/${sameMonth.id}/void`, { reason: 'Wrong invoice' }, token)).status,
    ).toBe(201);
    clock.set('2026-10-01T06:00:00.000Z'); // 1 October, 1 a.m. in Austin
    expect((await api.post(`credit-memo/${laterMonth.id}/void`, { reason: 'Found it' }, token)).status).toBe(
      201,
    );

    // September as filed, less only the memo voided in September.
    expect((await report('2026-09')).totals).toEqual({ lines: 2, retailers: 1, units: 5, net: 50 });
    const septemberLines = await csvLines('2026-09');
    expect(septemberLines.map((line) => [line['Invoice Number'], line.Units])).toEqual([
      [invoice.body.number, '6'],
      [laterMonth.number, '-1'],
    ]);
    // October: the later void gives the bottle back, dated on the company's day of the void.
    expect((await report('2026-10')).totals).toEqual({ lines: 1, retailers: 1, units: 1, net: 10 });
    expect(await csvLines('2026-10')).toEqual([
      expect.objectContaining({
        'Invoice Number': `${laterMonth.number} void`,
        'Invoice Date': '2026-10-01',
        Units: '1',
        'Net Price': '10.00',
      }),
    ]);
  });
});
