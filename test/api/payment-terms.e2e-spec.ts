import { jest } from '@jest/globals';
import { statutoryDueDate, creditLawDates } from '#domain/invoices/credit-law.js';
import { businessDate } from '#domain/shared/business-date.js';
import { addCalendarDays } from '#domain/shared/texas-calendar.js';
import { displayDate } from '../../apps/api/src/infra/pdf/pdf-format.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { setFeature } from '../support/cli.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => addCalendarDays(today(), days);

const DETAILS = LONE_STAR_SPIRITS;

/** Payment terms (company setting, customer override) and one due date and status on every answer. */
describe('Payment terms and due dates (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  const customers: Record<string, string> = {};
  let vodka: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    jest.spyOn(console, 'log').mockImplementation(() => {});
    owner = await signUpOwner(api, 'Terry Terms');
    const customer = async (name: string, tabcId: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post(
        'customer',
        { ...RUSTY_NAIL, name, tabc_id: tabcId, ...extra },
        owner.token,
      );
      expect(response.status).toBe(201);
      customers[name] = response.body.id;
      return response;
    };
    await customer('Plain Bar', 'MB111111');
    const credit = await customer('Credit Bar', 'MB222222', { payment_terms: 'credit_law' });
    expect(credit.body.payment_terms).toBe('credit_law');
    const product = await api.post(
      'product',
      {
        product: 'Vodka',
        product_type: 'liquor',
        product_size: '750ml',
        product_price: 20,
        last_purchase_price: '10.00',
      },
      owner.token,
    );
    vodka = product.body.id;
    await api.post('company/feature', { name: 'payment', active: true }, owner.token);
    await api.post(
      'stamp/roll',
      { prefix: 'PT', received_at: dayFromToday(-90), from: 1, to: 100 },
      owner.token,
    );
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  const checks = async (customer: string, invoicedAt: string) =>
    (
      await api.get(
        `invoice/checks?customer_id=${customers[customer]}&invoiced_at=${invoicedAt}`,
        owner.token,
      )
    ).body;

  it('are Due on delivery until the company sets them; Net N must be 1–30 days', async () => {
    const company = await api.get(`company/${owner.user.company_id}`, owner.token);
    expect(company.body.payment_terms).toBe('on_delivery');
    expect(await checks('Plain Bar', today())).toMatchObject({
      payment_terms: 'on_delivery',
      default_due_at: null,
      terms_note: 'Due on delivery',
    });
    const refused = await api.put(
      `company/${owner.user.company_id}`,
      { ...DETAILS, payment_terms: 'net_45' },
      owner.token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.details.map((d: { field: string }) => d.field)).toEqual(['payment_terms']);
    const saved = await api.put(
      `company/${owner.user.company_id}`,
      { ...DETAILS, payment_terms: 'net_30' },
      owner.token,
    );
    expect(saved.status).toBe(200);
    expect(saved.body.payment_terms).toBe('net_30');
  });

  it("set the default due date and note: the company's Net 30, the customer's own credit-law terms", async () => {
    const on = dayFromToday(-2);
    expect(await checks('Plain Bar', on)).toMatchObject({
      payment_terms: 'net_30',
      payment_terms_from: 'company',
      default_due_at: addCalendarDays(on, 30),
      terms_note: 'Net 30',
    });
    const statutory = statutoryDueDate(on);
    const [year, month, day] = statutory.split('-');
    const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
    expect(await checks('Credit Bar', on)).toMatchObject({
      payment_terms: 'credit_law',
      payment_terms_from: 'customer',
      default_due_at: statutory,
      terms_note: `Payment due by the statutory date, ${day} ${months[Number(month) - 1]} ${year}`,
    });
    // The customer's override cleared: the company's terms again.
    const cleared = await api.put(
      `customer/${customers['Credit Bar']}`,
      { ...RUSTY_NAIL, name: 'Credit Bar', tabc_id: 'MB222222', payment_terms: null },
      owner.token,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.payment_terms).toBeNull();
    expect(await checks('Credit Bar', on)).toMatchObject({
      payment_terms: 'net_30',
      payment_terms_from: 'company',
    });
    // An invoice sent without a due date takes the terms' date; one sent with none (null) is due on delivery.
    const post = (extra: Record<string, unknown>, key: string) =>
      api.post(
        'invoice',
        {
          customer_id: customers['Plain Bar'],
          invoiced_at: on,
          items: [{ product_id: vodka, qty: 1, price: 20 }],
          ...extra,
        },
        owner.token,
        { 'idempotency-key': key },
      );
    const termed = await post({}, 'terms-default-0001');
    expect(termed.status).toBe(201);
    // (the answer shows a liquor invoice's due date no later than the credit law's statutory date)
    const net30 = addCalendarDays(on, 30);
    expect(termed.body.due_at).toBe(net30 < statutory ? net30 : statutory);
    const onDelivery = await post({ due_at: null, force: true }, 'terms-default-0002');
    expect(onDelivery.status).toBe(201);
    expect(onDelivery.body.due_at).toBeNull();
  });

  it('show one due date and status for the same invoice on every answer, and the PDF prints the statutory date', async () => {
    // Liquor bought on credit 60 days ago, with a typed due date (tomorrow) far after its statutory date.
    const invoicedAt = dayFromToday(-60);
    const created = await api.post(
      'invoice',
      {
        customer_id: customers['Plain Bar'],
        items: [{ product_id: vodka, qty: 2, price: 20 }],
        invoiced_at: invoicedAt,
        due_at: dayFromToday(1),
        force: true,
      },
      owner.token,
    );
    expect(created.status).toBe(201);
    const { number, id } = created.body as { number: string; id: string };
    const dates = creditLawDates(invoicedAt);
    const expected = { due_at: dates.statutoryDueOn, status: 'payment_due' };

    const invoice = await api.get(`invoice/${number}`, owner.token);
    expect(invoice.body).toMatchObject({
      ...expected,
      status_label: 'Due',
      due_on_delivery: false,
      statutory_due_at: dates.statutoryDueOn,
      last_day_to_pay: dates.lastDayToPay,
    });

    const grid = await api.get('invoice/grid?startRow=0&endRow=25', owner.token);
    expect(grid.body.rows.find((row: { id: string }) => row.id === id)).toMatchObject(expected);
    expect(grid.body.rows[0]).not.toHaveProperty('credit_subject');

    const balance = await api.get(`customer/${customers['Plain Bar']}/balance`, owner.token);
    expect(balance.body.invoices.find((row: { id: string }) => row.id === id)).toMatchObject(expected);

    const alerts = await api.get('invoice/credit-law/alerts', owner.token);
    expect(alerts.body.late.find((row: { id: string }) => row.id === id)).toMatchObject({
      ...expected,
      statutory_due_at: dates.statutoryDueOn,
      standing: 'late',
    });

    const link = await api.post(`invoice/${number}/link`, {}, owner.token);
    expect(link.status).toBeLessThan(300);
    const publicAnswer = await api.get(`pdf/invoice/${link.body.token}`);
    expect(publicAnswer.body.response ?? publicAnswer.body).toMatchObject(expected);

    // The ordering app's invoice list, for a customer user of the same customer.
    await setFeature(app.app, owner.user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    await api.put(`company/${owner.user.company_id}`, { ...DETAILS, subdomain: 'terms' }, owner.token);
    const email = `bar${Date.now()}@example.test`;
    const invited = await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customers['Plain Bar'] },
      owner.token,
    );
    expect(invited.status).toBe(201);
    const mail = await app.mailbox.waitFor(email);
    const token = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    const accepted = await api.post('shop/invitation/accept', { token, password: 'secret1' });
    const shop = await api.get('shop/invoice', accepted.body.token);
    expect(shop.body.find((row: { id: string }) => row.id === id)).toMatchObject(expected);

    const printed = await fetch(`${app.baseUrl}/api/v1/invoice/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number }),
    });
    expect(printed.status).toBe(200);
    const text = pdfText(Buffer.from(await printed.arrayBuffer())).replace(/\s+/g, ' ');
    expect(text).toContain(`Statutory due date${displayDate(dates.statutoryDueOn)}`);
    expect(text).toContain(`Not delinquent if paid by${displayDate(dates.lastDayToPay)}`);
  });
});
