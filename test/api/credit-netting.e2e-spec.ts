import type { AlcoholSalesReportAnswer } from '#domain/contracts/alcohol-sales.contract.js';
import type { ReportAnswer } from '#domain/contracts/report.contract.js';
import { monthDays, previousMonth, REPORT_COLUMNS } from '#domain/reports/alcohol-sales-report.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, completeCompany, signUpOwner } from '../support/http.js';

const today = () => businessDate(new Date().toISOString());
const thisMonth = () => today().slice(0, 7);
const product = (fields: object) => ({ product_price: 10, last_purchase_price: '5.00', ...fields });
const rowsOf = (csv: string) =>
  csv
    .trim()
    .split('\r\n')
    .map((line) => line.split(','));

/**
 * Credits net everywhere sales are counted: the Comptroller's report and the dashboard stats count a credit memo's
 * lines (negative) in the month of the memo, whatever the invoice's month; a plain amount lowers the invoice total
 * only; a void memo drops out.
 */
describe('Credit memos net the reports (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let other: string;
  let titos: string;
  let wine: string;
  let oldInvoice: { id: string; number: string };
  const month = thisMonth();
  const last = previousMonth(month);

  const report = async (m: string, as = token) => {
    const answer = await api.get<AlcoholSalesReportAnswer>(`comptroller/alcohol-sales?month=${m}`, as);
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const csvLines = async (m: string) => {
    const response = await fetch(`${app.baseUrl}/api/v1/comptroller/alcohol-sales/download?month=${m}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    const [header, ...lines] = rowsOf(await response.text());
    expect(header).toEqual([...REPORT_COLUMNS]);
    return lines.map((line) => Object.fromEntries(REPORT_COLUMNS.map((column, i) => [column, line[i]])));
  };
  const stats = async (as = token) => {
    const answer = await api.get<ReportAnswer>(
      `company/stats?${new URLSearchParams({ from: monthDays(month).from, to: today() })}`,
      as,
    );
    expect(answer.status).toBe(200);
    return answer.body;
  };
  const productStat = (answer: ReportAnswer, id: string) =>
    answer.productStats.find((row) => row.product_id === id);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    other = (await signUpOwner(api)).token;
    await completeCompany(api, owner);
    const roll = { prefix: 'AB', received_at: monthDays(last).from, from: 1000, to: 1099 };
    expect((await api.post('stamp/roll', roll, token)).status).toBe(201);
    const customer = (
      await api.post('customer', { ...RUSTY_NAIL, comptroller_taxpayer_number: '32012345678' }, token)
    ).body.id;
    titos = (
      await api.post(
        'product',
        product({
          product: "Tito's Vodka",
          product_type: 'liquor',
          product_size: '750ml',
          upc: '619947000013',
          case_size: 12,
        }),
        token,
      )
    ).body.id;
    wine = (
      await api.post(
        'product',
        product({ product: 'House Red', product_type: 'wine', product_size: '750ml', case_size: 12 }),
        token,
      )
    ).body.id;
    const invoice = async (day: string, items: { product_id: string; qty: number; price: number }[]) => {
      const created = await api.post(
        'invoice',
        { customer_id: customer, items, invoiced_at: day, force: true },
        token,
      );
      expect([created.status, created.body.message]).toEqual([201, undefined]);
      return created.body as { id: string; number: string };
    };
    oldInvoice = await invoice(monthDays(last).from, [
      { product_id: titos, qty: 6, price: 20 },
      { product_id: wine, qty: 2, price: 12.5 },
    ]);
    await invoice(today(), [{ product_id: titos, qty: 4, price: 20 }]);
  });
  afterAll(async () => {
    await app.close();
  });

  it("counts a memo's credited lines in its own month and its total in the dashboard, until it is voided", async () => {
    const lastBefore = await report(last);
    const before = await report(month);
    expect(before.totals).toEqual({ lines: 1, retailers: 1, units: 4, net: 80 });
    const statsBefore = await stats();
    expect(productStat(statsBefore, titos)).toMatchObject({ invoice: 1, total_qty: 4, total_amount: 80 });
    expect(productStat(statsBefore, wine)).toBeUndefined();

    const memo = await api.post(
      'credit-memo',
      {
        invoice: oldInvoice.number,
        reason: 'delivered_damaged',
        note: 'Broken',
        lines: [{ line_no: 1, qty: 2 }],
      },
      token,
    );
    expect(memo.status).toBe(201);
    const amount = await api.post(
      'credit-memo',
      { invoice: oldInvoice.number, reason: 'pricing_error', note: 'Deal price', amount: '5.00' },
      token,
    );
    expect(amount.status).toBe(201);

    // The Comptroller's report: the return is a negative line of this month; last month's report is unchanged.
    expect(await report(last)).toEqual(lastBefore);
    const after = await report(month);
    expect(after.totals).toEqual({ lines: 2, retailers: 1, units: 2, net: 40 });
    expect(after.by_type).toEqual([{ type: 'DS', lines: 2, units: 2, net: 40 }]);
    const credit = (await csvLines(month)).find((line) => line['Invoice Number'] === memo.body.number)!;
    expect(credit).toMatchObject({
      'Invoice Date': memo.body.issued_on,
      Brand: "TITO'S VODKA",
      'Beverage Type': 'DS',
      UPC: '619947000013',
      'Container Size': '750ml',
      Units: '-2',
      'Unit Price': '20.00',
      'Net Price': '-40.00',
    });
    expect(await csvLines(last)).toHaveLength(2);

    // The dashboard: the invoice total less both memos; the product's units and amount less the credited line.
    const statsAfter = await stats();
    expect(statsAfter.stats.invoiceTotal).toBeCloseTo(
      statsBefore.stats.invoiceTotal - memo.body.total - amount.body.total,
      2,
    );
    expect(statsAfter.stats.invoiceCount).toBe(statsBefore.stats.invoiceCount);
    expect(productStat(statsAfter, titos)).toMatchObject({ invoice: 1, total_qty: 2, total_amount: 40 });

    // Another company sees none of it.
    expect((await report(month, other)).totals).toEqual({ lines: 0, retailers: 0, units: 0, net: 0 });
    expect((await stats(other)).stats.invoiceTotal).toBe(0);

    // Void: the memos drop out.
    for (const id of [memo.body.id, amount.body.id])
      expect((await api.post(`credit-memo/${id}/void`, { reason: 'Wrong invoice' }, token)).status).toBe(201);
    expect(await report(month)).toEqual(before);
    expect((await csvLines(month)).map((line) => line['Invoice Number'])).not.toContain(memo.body.number);
    const statsVoided = await stats();
    expect(statsVoided.stats).toEqual(statsBefore.stats);
    expect(statsVoided.productStats).toEqual(statsBefore.productStats);
  });

  it('credits a product not sold in the period as a negative row of the period', async () => {
    const memo = await api.post(
      'credit-memo',
      {
        invoice: oldInvoice.number,
        reason: 'short_delivery',
        note: 'Short',
        lines: [{ line_no: 2, qty: 1 }],
      },
      token,
    );
    expect(memo.status).toBe(201);
    expect(productStat(await stats(), wine)).toMatchObject({
      invoice: 0,
      total_qty: -1,
      total_amount: -12.5,
    });
    expect((await report(month)).by_type).toEqual([
      { type: 'DS', lines: 1, units: 4, net: 80 },
      { type: 'W', lines: 1, units: -1, net: -12.5 },
    ]);
  });
});
