import { SettableClock } from '../../apps/api/src/infra/clock.js';
import { STATEMENT_DOCUMENTS_SQL } from '../../apps/api/src/statements/queries/statement.reader.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { setFeature } from '../support/cli.js';
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
const JUNE = 'from=2026-06-01&to=2026-06-30';

/*
 * A customer's history, made through the API with the server standing on 20 July 2026 (Chicago):
 *   A  2 Mar  $100 due 10 Mar, paid $30 on 20 Mar and $20 on 15 Jun
 *   B  5 May  $50  due 15 May, paid $50 on 5 Jul (after June)
 *   C  3 Jun  $20  due 10 Jun, paid $5 on 12 Jun
 *   E  8 Jun  $30, paid $10 on 9 Jun, then cancelled
 *   D 20 Jun  $40  due 5 Jul
 *   F  2 Jul  $60  due 2 Jul
 * June: opening $120 (A 100 − 30, B 50); C +20 → 140; E cancelled +0 → 140; E's payment −10 → 130; C's −5 → 125;
 * A's −20 → 105; D +40 → 145. Aged on 30 June: A's $50 is 112 days late, B's $50 46, C's $15 20; D is not yet due;
 * E's $10 pays nothing open.
 */
describe('Customer statements (HTTP)', () => {
  const clock = new SettableClock();
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let otherToken: string;
  let barManager: string;
  let companyId: string;
  let customerId: string;
  let numbers: Record<string, string>;

  const raw = (method: string, path: string, auth?: string) =>
    fetch(`${app.baseUrl}/api/v1/${path}`, {
      method,
      headers: auth ? { authorization: `Bearer ${auth}` } : {},
    });

  beforeAll(async () => {
    app = await startTestApp({}, { clock });
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    // Signed up on the real clock, so their sessions are valid now.
    otherToken = (await signUpOwner(api)).token;
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
    expect((await api.post('company/feature', { name: 'email', active: true }, token)).status).toBe(200);
    customerId = (await api.post('customer', CUSTOMER, token)).body.id;
    // The ordering app's user of this customer, invited and signed in on the real clock too.
    await setFeature(app.app, owner.user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const invite = await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email: 'manager@rustynail.test' }, customer: customerId },
      token,
    );
    expect(invite.status).toBe(201);
    const invitation = await app.mailbox.waitFor('manager@rustynail.test');
    const invited = /invitation\?token=([A-Za-z0-9_-]+)/.exec(invitation.text)![1]!;
    barManager = (await api.post('shop/invitation/accept', { token: invited, password: 'secret1' })).body
      .token;
    const wine = (await api.post('product', WINE, token)).body.id;
    clock.set('2026-07-20T17:00:00.000Z');
    const invoice = async (qty: number, invoiced_at: string, due_at: string) => {
      const created = await api.post(
        'invoice',
        {
          customer_id: customerId,
          items: [{ product_id: wine, qty, price: 10, taxable: false }],
          invoiced_at,
          due_at,
          force: true,
        },
        token,
      );
      expect(created.status).toBe(201);
      return created.body as { id: string; number: string };
    };
    const pay = async (id: string, amount: number, received_at: string) =>
      expect((await api.post(`invoice/${id}/payment`, { amount, received_at }, token)).status).toBe(201);
    const a = await invoice(10, '2026-03-02', '2026-03-10');
    const b = await invoice(5, '2026-05-05', '2026-05-15');
    const c = await invoice(2, '2026-06-03', '2026-06-10');
    const e = await invoice(3, '2026-06-08', '2026-06-08');
    const d = await invoice(4, '2026-06-20', '2026-07-05');
    const f = await invoice(6, '2026-07-02', '2026-07-02');
    await pay(a.id, 30, '2026-03-20');
    await pay(a.id, 20, '2026-06-15');
    await pay(b.id, 50, '2026-07-05');
    await pay(c.id, 5, '2026-06-12');
    await pay(e.id, 10, '2026-06-09');
    expect((await api.put(`invoice/${e.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    numbers = { a: a.number, b: b.number, c: c.number, d: d.number, e: e.number, f: f.number };
  }, 120_000);

  afterAll(async () => {
    clock.release();
    await app?.close();
  });

  it('carries the balance forward, runs it through the period and ages what is open at its end', async () => {
    const response = await api.get(`customer/${customerId}/statement?${JUNE}`, token);
    expect(response.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', `customer/${customerId}/statement`, response);
    const statement = response.body;
    expect(statement).toMatchObject({
      customer: { id: customerId, name: 'The Rusty Nail', display_tabc_id: 'MB123456' },
      period: { from: '2026-06-01', to: '2026-06-30' },
      as_of: '2026-07-20',
      aging_on: '2026-06-30',
      opening_balance: 120,
      totals: { charges: 60, credits: 35 },
      closing_balance: 145,
      aging: {
        current: 40,
        days_1_30: 15,
        days_31_60: 50,
        days_61_90: 0,
        days_over_90: 50,
        unapplied_credit: 10,
      },
    });
    const { c, d, e, a } = numbers;
    expect(
      statement.rows.map((row: Record<string, unknown>) => [
        row.kind,
        row.date,
        row.reference,
        row.description,
        row.charge,
        row.credit,
        row.balance,
      ]),
    ).toEqual([
      ['invoice', '2026-06-03', c, `Invoice ${c}`, 20, 0, 140],
      ['invoice', '2026-06-08', e, `Invoice ${e} (cancelled)`, 0, 0, 140],
      ['payment', '2026-06-09', e, `Payment on invoice ${e}`, 0, 10, 130],
      ['payment', '2026-06-12', c, `Payment on invoice ${c}`, 0, 5, 125],
      ['payment', '2026-06-15', a, `Payment on invoice ${a}`, 0, 20, 105],
      ['invoice', '2026-06-20', d, `Invoice ${d}`, 40, 0, 145],
    ]);
    expect(statement.rows[0].due_on).toBe('2026-06-10');
  });

  it("opens and ages a period from the account's entries before it, summed, as from each of them", async () => {
    /*
     * Another customer, whose money went through the account before June:
     *   X 2 Mar $100 due 10 Mar, Y 5 May $50 due 15 May; a $120 check on 10 Apr pays X $100 and Y $20;
     *   X's share taken back on 25 May, $30 of the credit refunded on 26 May;
     *   in June the $70 credit applied to X (10 Jun), and a $10 check on 15 Jun pays X $10.
     * June opens at 150 − 120 + 30 = 60 and closes at 50: X's $20 is 112 days late, Y's $30 46; no credit is left.
     */
    const wine = (await api.post('product', { ...WINE, product: 'Account Merlot' }, token)).body.id;
    const bar = (await api.post('customer', { ...CUSTOMER, name: 'The Account Bar' }, token)).body.id;
    const ok = async (answer: Promise<{ status: number; body: Record<string, unknown> }>) => {
      const { status, body } = await answer;
      expect([status, body.message]).toEqual([expect.any(Number), undefined]);
      expect(status).toBeLessThan(300);
      return body;
    };
    const invoice = (qty: number, invoiced_at: string, due_at: string) =>
      ok(
        api.post(
          'invoice',
          {
            customer_id: bar,
            items: [{ product_id: wine, qty, price: 10, taxable: false }],
            invoiced_at,
            due_at,
            force: true,
          },
          token,
        ),
      );
    try {
      clock.set('2026-05-20T17:00:00.000Z');
      const x = (await invoice(10, '2026-03-02', '2026-03-10')) as { id: string; number: string };
      await invoice(5, '2026-05-05', '2026-05-15');
      const received = await ok(
        api.post(
          `customer/${bar}/payment`,
          { amount: 120, method: 'check', reference: '501', received_at: '2026-04-10' },
          token,
        ),
      );
      const share = (received.entries as { kind: string; id: string; invoice_id: string }[]).find(
        (entry) => entry.kind === 'application' && entry.invoice_id === x.id,
      )!;
      clock.set('2026-05-25T17:00:00.000Z');
      await ok(api.post(`customer/${bar}/credit/unapply`, { invoice_id: x.id, payment_id: share.id }, token));
      clock.set('2026-05-26T17:00:00.000Z');
      await ok(
        api.post(
          `customer/${bar}/credit/refund`,
          { amount: 30, method: 'check', reference: '9001', refunded_at: '2026-05-26' },
          token,
        ),
      );
      clock.set('2026-06-10T17:00:00.000Z');
      await ok(api.post(`customer/${bar}/credit/apply`, {}, token));
      clock.set('2026-06-15T17:00:00.000Z');
      await ok(
        api.post(
          `customer/${bar}/payment`,
          { amount: 10, method: 'check', reference: '502', received_at: '2026-06-15' },
          token,
        ),
      );
    } finally {
      clock.set('2026-07-20T17:00:00.000Z');
    }
    const june = await api.get(`customer/${bar}/statement?${JUNE}`, token);
    expect(june.status).toBe(200);
    expect(june.body).toMatchObject({
      opening_balance: 60,
      totals: { charges: 0, credits: 10 },
      closing_balance: 50,
      aging: {
        current: 0,
        days_1_30: 0,
        days_31_60: 30,
        days_61_90: 0,
        days_over_90: 20,
        unapplied_credit: 0,
      },
    });
    expect(
      june.body.rows.map((row: Record<string, unknown>) => [
        row.kind,
        row.date,
        row.charge,
        row.credit,
        row.balance,
      ]),
    ).toEqual([
      ['application', '2026-06-10', 0, 0, 60],
      ['account_payment', '2026-06-15', 0, 10, 50],
      ['application', '2026-06-15', 0, 0, 50],
    ]);
    // May, whose period holds the take-back and the refund, and its opening from April's entries summed
    const may = await api.get(`customer/${bar}/statement?from=2026-05-01&to=2026-05-31`, token);
    expect(may.body).toMatchObject({
      opening_balance: 100 - 120,
      closing_balance: 60,
      // aged on 31 May: X's $100 (taken back) 82 days late, Y's $30 16
      aging: {
        current: 0,
        days_1_30: 30,
        days_31_60: 0,
        days_61_90: 100,
        days_over_90: 0,
        unapplied_credit: 70,
      },
    });
    expect(may.body.rows.map((row: { kind: string }) => row.kind)).toEqual([
      'invoice',
      'unapplication',
      'refund',
    ]);
  });

  it('is the current month in the company’s time zone when no period is asked', async () => {
    // 03:00 UTC on 1 August is still 31 July in Chicago.
    clock.set('2026-08-01T03:00:00.000Z');
    try {
      const { body, status } = await api.get(`customer/${customerId}/statement`, token);
      expect(status).toBe(200);
      expect(body).toMatchObject({
        period: { from: '2026-07-01', to: '2026-07-31' },
        as_of: '2026-07-31',
        aging_on: '2026-07-31',
        opening_balance: 145,
        totals: { charges: 60, credits: 50 },
        closing_balance: 155,
      });
      expect(
        body.rows.map((row: { reference: string; balance: number }) => [row.reference, row.balance]),
      ).toEqual([
        [numbers.f, 205],
        [numbers.b, 155],
        // E cancelled on 20 July: its $10 payment became the customer's credit (a line that moves no balance)
        [numbers.e, 155],
      ]);
      // Aged on 31 July: A's $50 is 143 days late, C's $15 51, D's $40 26, F's $60 29.
      expect(body.aging).toEqual({
        current: 0,
        days_1_30: 100,
        days_31_60: 15,
        days_61_90: 0,
        days_over_90: 50,
        unapplied_credit: 10,
      });
    } finally {
      clock.set('2026-07-20T17:00:00.000Z');
    }
  });

  it.each([
    ['from=2026-02-30&to=2026-03-01', 'from must be a date (YYYY-MM-DD).'],
    ['from=June&to=2026-06-30', 'from must be a date (YYYY-MM-DD).'],
    ['from=2026-06-01', 'to is required with from (both YYYY-MM-DD).'],
    ['from=2026-06-30&to=2026-06-01', 'to must not be before from.'],
    ['from=2024-01-01&to=2026-06-30', 'A statement covers at most 366 days.'],
  ])('answers 400 for %s', async (query, message) => {
    const response = await api.get(`customer/${customerId}/statement?${query}`, token);
    expect(response.status).toBe(400);
    expect(JSON.stringify(response.body)).toContain(message);
  });

  it('prints the statement as application/pdf with its rows and aging', async () => {
    const response = await raw('GET', `customer/${customerId}/statement/pdf?${JUNE}`, token);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    expect(response.headers.get('content-disposition')).toMatch(
      new RegExp(`^attachment; filename="statement_${customerId}_01_Jun_2026_30_Jun_2026_\\d{6}\\.pdf"`),
    );
    const pdf = Buffer.from(await response.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(pdf);
    expect(text).toContain('The Rusty Nail');
    expect(text).toContain('Balance brought forward');
    expect(text).toContain(`Invoice ${numbers.e} (cancelled)`);
    expect(text).toContain('$145.00');
    expect(text).toContain('OVER 90 DAYS');
    expect(text).toContain('$40.00$15.00$50.00$0.00$50.00−$10.00$145.00');
  });

  it('opens the period’s statement by a public link, signed out, and refuses a tampered token', async () => {
    const link = await api.post(`customer/${customerId}/statement/link?${JUNE}`, undefined, token);
    expect(link.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `customer/${customerId}/statement/link`, link);
    expect(link.body).toMatchObject({
      url: `/customer/statement/pdf/${link.body.token}`,
      period: { from: '2026-06-01', to: '2026-06-30' },
    });

    const view = await api.get(`pdf/customer/statement/${link.body.token}`);
    expect(view.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', `pdf/customer/statement/${link.body.token}`, view);
    expect(view.body).toMatchObject({
      customer: { id: customerId },
      period: { from: '2026-06-01', to: '2026-06-30' },
      closing_balance: 145,
      company: { name: expect.any(String) },
    });
    const file = await raw('GET', `pdf/customer/statement/${link.body.token}/file`);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('application/pdf');
    expect(file.headers.get('content-disposition')).toMatch(/^inline; filename="statement_/);

    const last = link.body.token.slice(-1);
    const tampered = `${link.body.token.slice(0, -1)}${last === 'A' ? 'B' : 'A'}`;
    for (const path of [`pdf/customer/statement/${tampered}`, `pdf/customer/statement/${tampered}/file`]) {
      const refused = await api.get(path);
      expect(refused.status).toBe(404);
      expect(refused.body.message).toBe(LINK_NOT_FOUND);
    }
    // A balance link opens no statement, and a statement link no balance.
    const balance = await api.post(`customer/${customerId}/balance/link`, undefined, token);
    expect((await api.get(`pdf/customer/statement/${balance.body.token}`)).status).toBe(404);
    expect((await api.get(`pdf/customer/balance/${link.body.token}`)).status).toBe(404);

    // Revoking ends every statement link of the customer (not its balance links).
    const revoked = await api.delete(`customer/${customerId}/statement/link`, token);
    expect(revoked.status).toBe(200);
    expectDocumentedAnswer(document, 'DELETE', `customer/${customerId}/statement/link`, revoked);
    expect(revoked.body.revoked).toBeGreaterThanOrEqual(1);
    expect((await api.get(`pdf/customer/statement/${link.body.token}`)).status).toBe(404);
    expect((await api.get(`pdf/customer/balance/${balance.body.token}`)).status).toBe(200);
  });

  it('e-mails the statement with its PDF and link, answers going to the company', async () => {
    const mark = app.mailbox.mark();
    const sent = await api.post(
      `customer/${customerId}/statement/email`,
      { email: 'ap@rustynail.test', from: '2026-06-01', to: '2026-06-30' },
      token,
    );
    expect(sent.status).toBe(200);
    expectDocumentedAnswer(document, 'POST', `customer/${customerId}/statement/email`, sent);
    expect(sent.body).toEqual({
      message: 'Your email has been sent',
      emailed_to: 'ap@rustynail.test',
      status: 'sent',
      email_id: expect.any(String),
    });
    const mail = await app.mailbox.waitFor('ap@rustynail.test', { after: mark });
    const me = (await api.get('validate_token', token)).body as { email: string; company: { name: string } };
    expect(mail.subject).toBe(`Statement from ${me.company.name} for 01 Jun, 2026 to 30 Jun, 2026`);
    expect(mail.replyTo).toEqual([`${me.company.name} <${me.email}>`]);
    expect(mail.text).toContain('$145.00');
    expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });
    const linked = new RegExp(`${app.baseUrl}/customer/statement/pdf/([A-Za-z0-9_-]{43})`).exec(
      mail.text,
    )![1]!;
    expect((await api.get(`pdf/customer/statement/${linked}`)).body.closing_balance).toBe(145);

    const bad = await api.post(`customer/${customerId}/statement/email`, { email: 'nope' }, token);
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('Input valid email address');
  });

  it('shows the ordering app’s user its customer’s statement of the current month, and its PDF', async () => {
    const statement = await api.get('shop/statement', barManager);
    expect(statement.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', 'shop/statement', statement);
    expect(statement.body).toMatchObject({
      customer: { id: customerId },
      period: { from: '2026-07-01', to: '2026-07-31' },
      opening_balance: 145,
      closing_balance: 155,
    });
    const pdf = await raw('GET', 'shop/statement/pdf', barManager);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(pdf.headers.get('content-disposition')).toMatch(/^inline; filename="statement_/);
    // an office token is not a customer user's
    expect((await api.get('shop/statement', token)).status).toBe(401);
  });

  it("reads the customer's own documents through the indexes on (company, customer, date), never the company's", async () => {
    const client = await app.runtime.pool.connect();
    try {
      await client.query('BEGIN');
      // The company's other customers: 3,000 invoices copied from this customer's under other customers' ids.
      const { rows: columns } = await client.query<{ name: string }>(
        `SELECT column_name AS name FROM information_schema.columns
          WHERE table_name = 'rm_invoice' AND is_generated = 'NEVER' ORDER BY ordinal_position`,
      );
      const copied = columns.map(({ name }) =>
        name === 'id' || name === 'customer_id'
          ? 'gen_random_uuid()'
          : name === 'number'
            ? `'X' || g || '-' || i.number`
            : `i.${name}`,
      );
      await client.query(
        `INSERT INTO rm_invoice (${columns.map(({ name }) => name).join(', ')})
         SELECT ${copied.join(', ')} FROM rm_invoice i, generate_series(1, 500) g WHERE i.company_id = $1`,
        [companyId],
      );
      // and 3,000 credit memos of other customers
      await client.query(
        `INSERT INTO rm_credit_memo (id, company_id, number, sequence, invoice_id, invoice_number, customer_id,
           customer_name, reason, note, lines, subtotal_cents, tax_cents, total_cents, issued_on, issued_at, status,
           revision)
         SELECT gen_random_uuid(), $1, 'CM-' || g, 100000 + g, gen_random_uuid(), 'X', gen_random_uuid(), 'Other',
                'pricing_error', '', '[]', 100, 0, 100, DATE '2026-06-01', now(), 'issued', 0
           FROM generate_series(1, 3000) g`,
        [companyId],
      );
      // and 3,000 accounts of other customers, with their entries
      await client.query(
        `WITH accounts AS (
           INSERT INTO rm_customer_account (id, company_id, received_cents, credited_cents, applied_cents,
             refunded_cents, unapplied_cents, entry_count, revision)
           SELECT gen_random_uuid(), $1, 200, 0, 0, 0, 200, 2, 1 FROM generate_series(1, 3000) g
           RETURNING id
         )
         INSERT INTO rm_customer_account_entry (customer_id, seq, company_id, id, kind, on_date, amount_cents,
           method, reference, at)
         SELECT a.id, s, $1, gen_random_uuid()::text, 'payment', DATE '2026-05-01' + s * 30, 100, 'check', '1', now()
           FROM accounts a, generate_series(1, 2) s`,
        [companyId],
      );
      await client.query('ANALYZE rm_invoice');
      await client.query('ANALYZE rm_credit_memo');
      await client.query('ANALYZE rm_customer_account');
      await client.query('ANALYZE rm_customer_account_entry');
      const { rows } = await client.query(`EXPLAIN ${STATEMENT_DOCUMENTS_SQL}`, [
        companyId,
        customerId,
        '2026-06-30',
        'America/Chicago',
        '2026-06-01',
      ]);
      const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
      expect(plan).toContain('rm_invoice_grid_customer_idx');
      expect(plan).not.toMatch(/Seq Scan/);
      expect(plan).toContain('rm_customer_account_entry_date_idx');
      // every select (invoices, payments on the customer's invoices, credit memos, their voids, the account's entries
      // of the period and those before it) starts from the customer's own rows
      expect(plan.match(/Index Cond: \(\(company_id = [^)]*\) AND \(customer_id = /g)).toHaveLength(6);
    } finally {
      await client.query('ROLLBACK');
      client.release();
    }
  });

  it('is 404 for another company, and needs the payment feature', async () => {
    const other = { token: otherToken };
    expect((await api.get(`customer/${customerId}/statement`, other.token)).status).toBe(403);
    expect((await api.post('company/feature', { name: 'payment', active: true }, other.token)).status).toBe(
      200,
    );
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `customer/${customerId}/statement` },
        { method: 'GET', path: `customer/${customerId}/statement/pdf` },
        { method: 'POST', path: `customer/${customerId}/statement/link` },
        { method: 'DELETE', path: `customer/${customerId}/statement/link` },
        { method: 'POST', path: `customer/${customerId}/statement/email`, body: { email: 'x@example.test' } },
      ],
      ['The Rusty Nail', numbers.a!],
    );
    expect((await api.get('customer/not-a-customer/statement', token)).status).toBe(404);
  });
});
