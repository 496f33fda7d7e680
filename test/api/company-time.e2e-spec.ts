import { SettableClock } from '../../apps/api/src/infra/clock.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/*
 * The server's clock and the company's time zone: exports, their file names and e-mails date an instant as the
 * company (America/Chicago) reads it. 03:30 UTC on 6 March 2026 is still 5 March there (21:30 CST).
 */
const AT = '2026-03-06T03:30:00.000Z';

describe('Dates the server writes, on its clock and in the company zone (API)', () => {
  const clock = new SettableClock();
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let number: string;

  beforeAll(async () => {
    app = await startTestApp({}, { clock });
    api = apiClient(app.baseUrl);
    ({ token } = await signUpOwner(api)); // on the real clock: the session is valid now
    expect((await api.post('company/feature', { name: 'email', active: true }, token)).status).toBe(200);
    const customer = await api.post(
      'customer',
      {
        name: 'The Rusty Nail',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB900001',
        cash_on_delivery: false,
        fintech_option: false,
      },
      token,
    );
    const wine = await api.post(
      'product',
      {
        product: 'Barefoot Merlot',
        product_type: 'wine',
        product_size: '750ml',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      token,
    );
    clock.set(AT);
    const invoice = await api.post(
      'invoice',
      {
        customer_id: customer.body.id,
        items: [{ product_id: wine.body.id, qty: 1, price: 10 }],
        force: true,
      },
      token,
    );
    expect(invoice.status).toBe(201);
    number = invoice.body.number;
  }, 60_000);

  afterAll(async () => {
    clock.release();
    await app?.close();
  });

  it('dates the invoice on the company day of the clock’s instant', async () => {
    const invoice = await api.get(`invoice/${number}`, token);
    expect(invoice.body.invoiced_at).toBe('2026-03-05');
  });

  it('names the invoice export by the company day and writes that day in it', async () => {
    const csv = await api.get('invoice/export/summary', token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('invoices_summary_05_Mar_2026.csv');
    expect(String(csv.body)).toContain('2026-03-05');
    expect(String(csv.body)).not.toContain('2026-03-06');
  });

  it('names the stamp ledger file by the company day of its as-of instant, not the UTC day', async () => {
    const csv = await api.get(`stamp/as-of/download?at=${encodeURIComponent(AT)}`, token);
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-disposition')).toContain('stamp_ledger_05_Mar_2026.csv');
  });

  it('tells the last day of an e-mailed link as the company counts days', async () => {
    const mark = app.mailbox.mark();
    const sent = await api.post(`invoice/${number}/email`, { emails: ['buyer@rustynail.test'] }, token);
    expect(sent.status).toBe(200);
    const mail = await app.mailbox.waitFor('buyer@rustynail.test', { after: mark });
    // 30 days on: 03:30 UTC on 5 April is 22:30 on 4 April in Chicago (CDT)
    expect(mail.text).toContain('(This link works until 04 Apr, 2026.)');
  });
});
