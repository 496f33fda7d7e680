import { createHash } from 'node:crypto';
import { businessDate } from '#domain/shared/business-date.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { captureServerErrors } from '../support/logs.js';
import { pdfText } from '../support/pdf-text.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};
const WINE = {
  product: 'Barefoot Merlot',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 10,
  last_purchase_price: '5.00',
};
const LINK_NOT_FOUND = 'This link is invalid or has expired.';
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const today = () => businessDate(new Date().toISOString());
const fileDate = (date: string) => {
  const [y, m, d] = date.split('-');
  return `${d}_${MONTHS[Number(m) - 1]}_${y}`;
};
const sha256 = (token: string) => createHash('sha256').update(token).digest('hex');

interface Owner {
  token: string;
  customerId: string;
  invoiceNumbers: string[];
}

/** A company with the payment feature, a customer owing $110.83 on two invoices ($100 of one partly paid). */
async function anOwnerWithABalance(api: ApiClient): Promise<Owner> {
  const { token } = await signUpOwner(api);
  expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
  const customerId = (await api.post('customer', CUSTOMER, token)).body.id;
  const wine = (await api.post('product', WINE, token)).body.id;
  const invoice = async (qty: number) =>
    (
      await api.post(
        'invoice',
        { customer_id: customerId, items: [{ product_id: wine, qty, price: 10 }], force: true },
        token,
      )
    ).body;
  const a = await invoice(10);
  const b = await invoice(1);
  await api.post(`invoice/${a.id}/payment`, { amount: 8.25, received_at: today() }, token);
  return { token, customerId, invoiceNumbers: [a.number, b.number] };
}

describe('Customer balance PDF and public link (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let a: Owner;

  const raw = (method: string, path: string, token?: string) =>
    fetch(`${app.baseUrl}/api/v1/${path}`, {
      method,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    a = await anOwnerWithABalance(api);
  });
  afterAll(async () => {
    await app.close();
  });

  it('prints the balance as application/pdf named with the customer id and a timestamp', async () => {
    const response = await raw('POST', `customer/${a.customerId}/balance/pdf`, a.token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('cache-control')).toBe('private, no-store');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="balance_${a.customerId}_${fileDate(today())}_\\d{6}\\.pdf"`),
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it("prints the customer's name, address block and TABC permit, as the invoice does", async () => {
    const response = await raw('POST', `customer/${a.customerId}/balance/pdf`, a.token);
    expect(response.status).toBe(200);
    const lines = pdfText(Buffer.from(await response.arrayBuffer())).split('\n');
    const name = lines.indexOf('The Rusty Nail');
    expect(name).toBeGreaterThanOrEqual(0);
    expect(lines.slice(name, name + 4)).toEqual([
      'The Rusty Nail',
      '500 E 6th St',
      'Austin, TX 78701',
      'TABC Permit: MB123456',
    ]);
    const balance = await api.get(`customer/${a.customerId}/balance`, a.token);
    expect(balance.body.customer).toMatchObject({
      address: '500 E 6th St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
    });
  });

  it('needs the payment feature and a known customer', async () => {
    const off = await signUpOwner(api);
    const customer = (await api.post('customer', CUSTOMER, off.token)).body.id;
    expect((await raw('POST', `customer/${customer}/balance/pdf`, off.token)).status).toBe(403);
    expect((await raw('POST', `customer/${customer}/balance/link`, off.token)).status).toBe(403);
    expect((await raw('POST', 'customer/not-a-customer/balance/pdf', a.token)).status).toBe(404);
    expect((await raw('POST', `customer/${a.customerId}/balance/pdf`)).status).toBe(401);
  });

  it('opens the balance and its PDF by a public link, signed out, with the company header', async () => {
    const link = await api.post(`customer/${a.customerId}/balance/link`, undefined, a.token);
    expect(link.status).toBe(201);
    expect(link.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.body.url).toBe(`/customer/balance/pdf/${link.body.token}`);
    expect(Date.parse(link.body.expires_at) - Date.now()).toBeGreaterThan(29 * 86_400_000);

    const view = await api.get(`pdf/customer/balance/${link.body.token}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({
      customer: { id: a.customerId, name: 'The Rusty Nail' },
      summary: { owing: 110.83 },
      company: { name: expect.any(String) },
    });
    expect(view.body.invoices.map((i: { number: string }) => i.number)).toEqual(a.invoiceNumbers);

    const file = await raw('GET', `pdf/customer/balance/${link.body.token}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('x-robots-tag')).toBe('noindex');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="balance_/);
    expect(
      Buffer.from(await file.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    const { rows } = await app.runtime.pool.query('SELECT token_hash, kind FROM public_link');
    expect(rows).toContainEqual({ token_hash: sha256(link.body.token), kind: 'customer_balance' });
    expect(JSON.stringify(rows)).not.toContain(link.body.token);
  });

  it('answers the same 404 for a forged, malformed, expired or other-kind token', async () => {
    const expired = await api.post(`customer/${a.customerId}/balance/link`, undefined, a.token);
    await app.runtime.pool.query(
      `UPDATE public_link SET expires_at = now() - interval '1 second' WHERE token_hash = $1`,
      [sha256(expired.body.token)],
    );
    const invoiceKind = await api.post(`customer/${a.customerId}/balance/link`, undefined, a.token);
    await app.runtime.pool.query(`UPDATE public_link SET kind = 'invoice' WHERE token_hash = $1`, [
      sha256(invoiceKind.body.token),
    ]);
    const forged = 'A'.repeat(43);
    for (const token of [forged, 'short', expired.body.token, invoiceKind.body.token]) {
      for (const path of [`pdf/customer/balance/${token}`, `pdf/customer/balance/${token}/file`]) {
        const response = await api.get(path);
        expect({ path, status: response.status, body: response.body }).toEqual({
          path,
          status: 404,
          body: expect.objectContaining({ message: LINK_NOT_FOUND }),
        });
        expect(JSON.stringify(response.body)).not.toContain('Rusty');
      }
    }
  });

  it('revokes every live link to the balance, records it on the customer stream, and then opens nothing', async () => {
    const owner = await anOwnerWithABalance(api);
    const links = [
      await api.post(`customer/${owner.customerId}/balance/link`, undefined, owner.token),
      await api.post(`customer/${owner.customerId}/balance/link`, undefined, owner.token),
    ];
    expect((await api.get(`pdf/customer/balance/${links[0]!.body.token}`)).status).toBe(200);

    expect((await raw('DELETE', `customer/${owner.customerId}/balance/link`)).status).toBe(401);
    const revoked = await api.delete(`customer/${owner.customerId}/balance/link`, owner.token);
    expect(revoked.status).toBe(200);
    expect(revoked.body).toEqual({ revoked: 2 });
    for (const { body } of links) {
      for (const path of [`pdf/customer/balance/${body.token}`, `pdf/customer/balance/${body.token}/file`]) {
        const response = await api.get(path);
        expect({ path, status: response.status, message: response.body.message }).toEqual({
          path,
          status: 404,
          message: LINK_NOT_FOUND,
        });
      }
    }
    expect((await api.delete(`customer/${owner.customerId}/balance/link`, owner.token)).body).toEqual({
      revoked: 0,
    });
    const fresh = await api.post(`customer/${owner.customerId}/balance/link`, undefined, owner.token);
    expect((await api.get(`pdf/customer/balance/${fresh.body.token}`)).status).toBe(200);

    const events: { type: string; data: Record<string, unknown> }[] = [];
    for await (const event of app.runtime.store.readStream(`customer-${owner.customerId}`))
      events.push({ type: event.type, data: event.data });
    const linkEvents = events.filter((e) => e.type.startsWith('BalanceLink'));
    expect(linkEvents.map((e) => e.type)).toEqual([
      'BalanceLinkIssued',
      'BalanceLinkIssued',
      'BalanceLinksRevoked',
      'BalanceLinkIssued',
    ]);
    expect(linkEvents[2]!.data).toMatchObject({ customerId: owner.customerId, count: 2 });
    expect(JSON.stringify(linkEvents)).not.toContain(links[0]!.body.token);
  });

  it('answers 404 to another company', async () => {
    const other = await signUpOwner(api);
    await api.post('company/feature', { name: 'payment', active: true }, other.token);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'POST', path: `customer/${a.customerId}/balance/pdf` },
        { method: 'POST', path: `customer/${a.customerId}/balance/link` },
        { method: 'DELETE', path: `customer/${a.customerId}/balance/link` },
      ],
      ['Rusty'],
    );
  });
});

describe('Customer balance PDF without Chromium (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp({ CHROMIUM_PATH: '/nonexistent/chromium' });
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  it("answers 503 'Error generating pdf' with the reason, for the balance and its public file", async () => {
    const owner = await anOwnerWithABalance(api);
    const link = await api.post(`customer/${owner.customerId}/balance/link`, undefined, owner.token);
    const errors = captureServerErrors();
    try {
      const failed = await api.post(`customer/${owner.customerId}/balance/pdf`, undefined, owner.token);
      expect(failed.status).toBe(503);
      expect(failed.body).toMatchObject({ message: 'Error generating pdf' });
      expect(JSON.stringify(failed.body.details)).toMatch(/chromium/i);
      expect((await api.get(`pdf/customer/balance/${link.body.token}/file`)).status).toBe(503);
      // the operator sees both 503s in the server's log
      expect(errors.messages()).toEqual([
        expect.stringContaining('HttpException: Error generating pdf'),
        expect.stringContaining('HttpException: Error generating pdf'),
      ]);
    } finally {
      errors.restore();
    }
    // the data view needs no Chromium
    expect((await api.get(`pdf/customer/balance/${link.body.token}`)).status).toBe(200);
  });
});
