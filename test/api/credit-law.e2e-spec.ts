import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { OPEN_CREDIT_INVOICES } from '../../apps/api/src/invoices/compliance/credit-law.service.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { customerStream } from '#domain/customers/customer.decide.js';
import { creditLawDates, creditLawStanding } from '#domain/invoices/credit-law.js';
import { businessDate } from '#domain/shared/business-date.js';
import { addCalendarDays } from '#domain/shared/texas-calendar.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { pdfText } from '../support/pdf-text.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => addCalendarDays(today(), days);

/** (credit-law calendar) and §6 (licence guard) over HTTP, with the TABC lists imported. */
describe('Credit law and licence guard (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let dir: string;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let other: Awaited<ReturnType<typeof signUpOwner>>;
  const customers: Record<string, string> = {};
  const products: Record<string, string> = {};

  const policy = (body: Record<string, unknown>) =>
    api.put(`company/${owner.user.company_id}/compliance`, body, owner.token);

  async function invoice(customer: string, product: string, invoicedAt: string, qty = 2) {
    const response = await api.post(
      'invoice',
      {
        customer_id: customers[customer],
        items: [{ product_id: products[product], qty, price: 20 }],
        invoiced_at: invoicedAt,
        force: true,
      },
      owner.token,
    );
    expect(response.status).toBe(201);
    return response.body as { id: string; number: string; total: number; licence_warning: unknown };
  }

  const eventCount = async () =>
    Number((await app.runtime.pool.query('SELECT count(*) AS n FROM events')).rows[0].n);

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stampline-credit-'));
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    owner = await signUpOwner(api, 'Cora Credit');
    other = await signUpOwner(api, 'Otto Other');
    const licences = join(dir, 'licenses.csv');
    writeFileSync(
      licences,
      [
        'License ID,License Type,Primary Status,Expiration Date,Trade Name,City,Legacy CLP',
        `3001001,MB,Active,${dayFromToday(300)},GOOD BAR,AUSTIN,MB111111`,
        `3001002,MB,Suspended,${dayFromToday(300)},SUSPENDED BAR,AUSTIN,MB222222`,
        `3001003,MB,Active,${dayFromToday(-1)},EXPIRED BAR,AUSTIN,MB333333`,
        `3001004,BG,Active,${dayFromToday(300)},BEER GARDEN,AUSTIN,BG444444`,
        `3001005,N,Active,${dayFromToday(300)},LISTED CLUB,AUSTIN,NE555555`,
      ].join('\n'),
    );
    const delinquent = join(dir, 'delinquent.csv');
    const [year, month, day] = dayFromToday(1).split('-');
    writeFileSync(
      delinquent,
      [
        'List Number,Permit,Trade Name,Effective Date',
        `2026-30,NE555555,LISTED CLUB,${month}/${day}/${year}`,
      ].join('\n'),
    );
    const tabc = app.app.get(TabcImportService);
    await tabc.importLicences(licences);
    await tabc.importDelinquent(delinquent);

    const customer = async (key: string, tabcId: string, extra: Record<string, unknown> = {}) => {
      const response = await api.post(
        'customer',
        { ...RUSTY_NAIL, name: key, tabc_id: tabcId, ...extra },
        owner.token,
      );
      expect(response.status).toBe(201);
      customers[key] = response.body.id;
    };
    await customer('Good Bar', 'MB111111');
    await customer('Suspended Bar', 'MB222222');
    await customer('Expired Bar', 'MB333333');
    await customer('Beer Garden', 'BG444444');
    await customer('Listed Club', 'NE555555');
    await customer('Unknown Bar', 'MB999999');
    await customer('Cash Bar', 'MB111111', { cash_on_delivery: 1 });
    for (const [key, type] of [
      ['vodka', 'liquor'],
      ['wine', 'wine'],
      ['beer', 'beer'],
      ['ice', 'n/a'],
    ] as const) {
      const response = await api.post(
        'product',
        {
          product: key,
          product_type: type,
          product_size: '750ml',
          product_price: 20,
          last_purchase_price: '10.00',
        },
        owner.token,
      );
      expect(response.status).toBe(201);
      products[key] = response.body.id;
    }
    const feature = await api.post('company/feature', { name: 'payment', active: true }, owner.token);
    expect(feature.status).toBe(200);
    await api.post(
      'stamp/roll',
      { prefix: 'CL', received_at: dayFromToday(-90), from: 1, to: 500 },
      owner.token,
    );
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('credit-law calendar', () => {
    let late: { id: string; number: string; total: number };

    it("dates a liquor invoice on credit: the statutory due date, the last day to pay, today's standing", async () => {
      late = await invoice('Good Bar', 'vodka', dayFromToday(-60));
      const response = await api.get(`invoice/${late.number}/credit-law`, owner.token);
      expect(response.status).toBe(200);
      const dates = creditLawDates(dayFromToday(-60));
      expect(response.body).toMatchObject({
        credit_law: 'advisory',
        applies: true,
        purchased_at: dayFromToday(-60),
        statutory_due_at: dates.statutoryDueOn,
        last_day_to_pay: dates.lastDayToPay,
        delinquent_on: dates.delinquentOn,
        standing: 'late',
        business_days_left: 0,
        balance: late.total,
        notice: { available: true },
        release: { available: false },
      });
      expect(response.body.notice.subject).toBe(
        `Credit law delinquency: Good Bar (MB111111), invoice ${late.number}`,
      );
      expect(response.body.notice.body).toContain('§102.32(d)');
      expect(response.body.notice.body).toContain('Retailer: Good Bar, TABC permit MB111111');
    });

    it('gives beer, cash-on-delivery and non-alcoholic invoices no credit-law dates', async () => {
      for (const [customer, product] of [
        ['Good Bar', 'beer'],
        ['Cash Bar', 'vodka'],
        ['Good Bar', 'ice'],
      ] as const) {
        const created = await invoice(customer, product, dayFromToday(-60));
        const response = await api.get(`invoice/${created.number}/credit-law`, owner.token);
        expect(response.body).toMatchObject({ applies: false, statutory_due_at: null, notice: null });
      }
    });

    it("lists the late and the soon-due invoices on the dashboard's alerts, nothing else", async () => {
      const soon = await invoice('Good Bar', 'wine', dayFromToday(-20));
      await invoice('Good Bar', 'wine', today()); // open: never in the alerts
      const paid = await invoice('Good Bar', 'vodka', dayFromToday(-61));
      const paymentpaid = await api.post(
        `invoice/${paid.id}/payment`,
        { amount: String(paid.total), received_at: today() },
        owner.token,
      );
      expect([paymentpaid.status, paymentpaid.body.message]).toEqual([201, undefined]);
      const response = await api.get('invoice/credit-law/alerts', owner.token);
      expect(response.status).toBe(200);
      expect(response.body.credit_law).toBe('advisory');
      expect(response.body.today).toBe(today());
      expect(response.body.late.map((row: { number: string }) => row.number)).toEqual([late.number]);
      expect(response.body.late[0]).toMatchObject({
        customer_name: 'Good Bar',
        standing: 'late',
        balance: late.total,
      });
      const soonStanding = creditLawStanding(dayFromToday(-20), today());
      const counts = { due_soon: 0, grace: 0, late: 1 } as Record<string, number>;
      if (soonStanding !== 'open') counts[soonStanding]! += 1;
      expect(response.body.counts).toEqual(counts);
      expect(response.body.due.map((row: { number: string }) => row.number)).toEqual(
        soonStanding === 'open' || soonStanding === 'late' ? [] : [soon.number],
      );
    });

    it('reads the alerts through the partial index of open liquor-and-wine invoices, never the paid ones', async () => {
      const client = await app.runtime.pool.connect();
      try {
        await client.query('BEGIN');
        await client.query('SET LOCAL enable_seqscan = off'); // a handful of rows: make the planner show its index
        const { rows } = await client.query(
          `EXPLAIN SELECT id FROM rm_invoice WHERE ${OPEN_CREDIT_INVOICES}`,
          [owner.user.company_id, today()],
        );
        const plan = rows.map((row) => row['QUERY PLAN'] as string).join('\n');
        expect(plan).toContain('rm_invoice_credit_open_idx');
      } finally {
        await client.query('ROLLBACK');
        client.release();
      }
    });

    it('prints the delinquency notice, then its release once the invoice is paid in full', async () => {
      const notice = await api.call('GET', `invoice/${late.number}/credit-law/notice/pdf`, {
        token: owner.token,
      });
      expect(notice.status).toBe(200);
      expect(notice.headers.get('content-type')).toContain('application/pdf');
      const refused = await api.get(`invoice/${late.number}/credit-law/release/pdf`, owner.token);
      const printed = await fetch(`${app.baseUrl}/api/v1/invoice/${late.number}/credit-law/notice/pdf`, {
        headers: { authorization: `Bearer ${owner.token}` },
      });
      const text = pdfText(Buffer.from(await printed.arrayBuffer())).replace(/\s+/g, ' ');
      const dates = creditLawDates(dayFromToday(-60));
      // what the notice must say: both parties with their permits, the invoice, its dates and the unpaid amount
      for (const expected of [
        'Delinquency notice',
        'Seller',
        'Retailer',
        'Good Bar',
        'MB111111',
        `#${late.number}`,
        '§102.32(d)',
        `$${late.total.toFixed(2)}`,
      ])
        expect(text.toLowerCase()).toContain(expected.toLowerCase()); // labels print in capitals
      const [y, m, d] = dates.statutoryDueOn.split('-');
      const month = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][
        Number(m) - 1
      ];
      expect(text).toContain(`${d} ${month}, ${y}`);
      expect(refused.status).toBe(409);
      expect(refused.body.message).toMatch(/^There is nothing to release/);

      const paymentlate = await api.post(
        `invoice/${late.id}/payment`,
        { amount: String(late.total), received_at: today() },
        owner.token,
      );
      expect([paymentlate.status, paymentlate.body.message]).toEqual([201, undefined]);
      const after = await api.get(`invoice/${late.number}/credit-law`, owner.token);
      expect(after.body).toMatchObject({
        standing: 'paid',
        notice: { available: false },
        release: { available: true },
      });
      expect(after.body.release.body).toContain(`Paid in full on`);
      const release = await api.call('GET', `invoice/${late.number}/credit-law/release/pdf`, {
        token: owner.token,
      });
      expect(release.status).toBe(200);
      expect((await api.get(`invoice/${late.number}/credit-law/notice/pdf`, owner.token)).status).toBe(409);
    });

    it('warns the builder of a customer listed from tomorrow, and says it is not refused yet', async () => {
      const before = await api.get(`invoice/checks?customer_id=${customers['Listed Club']}`, owner.token);
      expect(before.status).toBe(200);
      expect(before.body.delinquent).toMatchObject({
        permit: 'NE555555',
        effective_date: dayFromToday(1),
        in_effect: false,
        refused: false,
      });
      expect(before.body.delinquent.message).toContain('12:01 a.m.');
      expect(before.body.delinquent.message).toContain('1 p.m.');
      const on = await api.get(
        `invoice/checks?customer_id=${customers['Listed Club']}&invoiced_at=${dayFromToday(1)}`,
        owner.token,
      );
      // Whether a sale is refused follows the clock (12:01 a.m. of the effective date), not the date typed.
      expect(on.body.delinquent).toMatchObject({ in_effect: false, refused: false });
      expect(on.body).toMatchObject({
        invoiced_at: dayFromToday(1),
        statutory_due_at: creditLawDates(dayFromToday(1)).statutoryDueOn,
        last_day_to_pay: creditLawDates(dayFromToday(1)).lastDayToPay,
        licence: null,
      });
      const good = await api.get(`invoice/checks?customer_id=${customers['Good Bar']}`, owner.token);
      expect(good.body).toMatchObject({ delinquent: null, licence: null });
    });

    it('shows none of it with the credit law off', async () => {
      expect((await policy({ credit_law: 'off' })).status).toBe(200);
      const alerts = await api.get('invoice/credit-law/alerts', owner.token);
      expect(alerts.body).toMatchObject({
        credit_law: 'off',
        counts: { due_soon: 0, grace: 0, late: 0 },
        due: [],
        late: [],
      });
      const fresh = await invoice('Good Bar', 'vodka', dayFromToday(-70));
      const dates = await api.get(`invoice/${fresh.number}/credit-law`, owner.token);
      expect(dates.body).toMatchObject({
        credit_law: 'off',
        applies: false,
        statutory_due_at: null,
        notice: null,
      });
      const pdf = await api.get(`invoice/${fresh.number}/credit-law/notice/pdf`, owner.token);
      expect(pdf.status).toBe(409);
      expect(pdf.body.message).toBe('The credit-law calendar is off in the company settings.');
      const checks = await api.get(`invoice/checks?customer_id=${customers['Listed Club']}`, owner.token);
      // The delinquent list is law, not part of the calendar: it is still checked.
      expect(checks.body).toMatchObject({
        credit_law: 'off',
        delinquent: { permit: 'NE555555' },
        statutory_due_at: null,
      });
      expect((await policy({ credit_law: 'advisory' })).status).toBe(200);
    });
  });

  describe('licence guard', () => {
    it('warns in the builder about a suspended, expired, non-MB/N/NE or unknown licence', async () => {
      const messages: Record<string, string | null> = {};
      for (const key of ['Suspended Bar', 'Expired Bar', 'Beer Garden', 'Unknown Bar', 'Good Bar']) {
        const response = await api.get(`invoice/checks?customer_id=${customers[key]}`, owner.token);
        expect(response.status).toBe(200);
        messages[key] = response.body.licence?.message ?? null;
      }
      expect(messages).toEqual({
        'Suspended Bar': "The customer's TABC licence MB 3001002 is Suspended, not active.",
        'Expired Bar': `The customer's TABC licence MB 3001003 expired on ${dayFromToday(-1)}.`,
        'Beer Garden':
          "The customer's TABC licence BG 3001004 is not an MB, N or NE: stamped liquor goes only to those.",
        'Unknown Bar':
          "No licence in the imported TABC list matches this customer's TABC id: stamped liquor goes only to an active MB, N or NE licence.",
        'Good Bar': null,
      });
    });

    it('records the warning on a liquor invoice the user went on with (advisory), and not on wine', async () => {
      const created = await invoice('Suspended Bar', 'vodka', today());
      expect(created.licence_warning).toEqual({
        message: "The customer's TABC licence MB 3001002 is Suspended, not active.",
        license_id: '3001002',
        license_type: 'MB',
        primary_status: 'Suspended',
        expiration_date: dayFromToday(300),
      });
      const read = await api.get(`invoice/${created.number}`, owner.token);
      expect(read.body.licence_warning).toEqual(created.licence_warning);
      expect(read.body).toEqual(created); // the creation's answer, built from its events, is the invoice as read
      // a later edit keeps it: it is a fact of the creation
      const edited = await api.put(`invoice/${created.number}`, { note: 'Edited' }, owner.token);
      expect(edited.status).toBe(200);
      expect(edited.body.licence_warning).toEqual(created.licence_warning);
      expect((await invoice('Suspended Bar', 'wine', today())).licence_warning).toBeNull();
      expect((await invoice('Good Bar', 'vodka', today())).licence_warning).toBeNull();
    });

    it('refuses a liquor invoice with a clear 400 when blocking, and changes nothing', async () => {
      expect((await policy({ licence_guard: 'blocking' })).status).toBe(200);
      const checks = await api.get(`invoice/checks?customer_id=${customers['Expired Bar']}`, owner.token);
      expect(checks.body.licence).toMatchObject({ blocking: true });
      const events = await eventCount();
      const response = await api.post(
        'invoice',
        { customer_id: customers['Expired Bar'], items: [{ product_id: products.vodka, qty: 1, price: 20 }] },
        owner.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(
        `The customer's TABC licence MB 3001003 expired on ${dayFromToday(-1)}. The company's licence guard is blocking: this invoice cannot be created.`,
      );
      expect(response.body.details).toEqual([
        {
          field: 'customer_id',
          message: `The customer's TABC licence MB 3001003 expired on ${dayFromToday(-1)}.`,
        },
      ]);
      expect(await eventCount()).toBe(events);
      // wine carries no stamps: not guarded
      expect((await invoice('Expired Bar', 'wine', today())).licence_warning).toBeNull();
      // an edit that moves a liquor invoice to that customer, or adds liquor for it, is refused the same way
      const good = await invoice('Good Bar', 'vodka', today());
      const moved = await api.put(
        `invoice/${good.number}`,
        { customer_id: customers['Expired Bar'] },
        owner.token,
      );
      expect([moved.status, moved.body.details]).toEqual([400, response.body.details]);
      const wine = await invoice('Expired Bar', 'wine', today());
      const added = await api.put(
        `invoice/${wine.number}`,
        { items: [{ product_id: products.vodka, qty: 1, price: 20 }] },
        owner.token,
      );
      expect(added.status).toBe(400);
      const noted = await api.put(`invoice/${good.number}`, { note: 'Delivered' }, owner.token);
      expect(noted.status).toBe(200);
    });

    it('says and records nothing with the guard off', async () => {
      expect((await policy({ licence_guard: 'off' })).status).toBe(200);
      const checks = await api.get(`invoice/checks?customer_id=${customers['Expired Bar']}`, owner.token);
      expect(checks.body).toMatchObject({ licence_guard: 'off', licence: null });
      expect((await invoice('Expired Bar', 'vodka', today())).licence_warning).toBeNull();
      expect((await policy({ licence_guard: 'advisory' })).status).toBe(200);
    });

    it("judges the permit the customer's stream holds when this process last knew another", async () => {
      // The POST sends the licence look-up beside its reads on the permit this process last knew; a
      // permit changed by another process (appended straight to the store here, this process's cache untouched)
      // must still be the one judged.
      expect((await invoice('Good Bar', 'vodka', today())).licence_warning).toBeNull();
      const stream = customerStream(customers['Good Bar']!);
      const setPermit = async (tabcId: string) => {
        const events = [];
        for await (const event of app.runtime.store.readStream(stream)) events.push(event);
        const last = events.at(-1)!;
        const { createdAt: _created, updatedAt: _updated, ...fields } = last.data as Record<string, unknown>;
        const now = new Date().toISOString();
        await app.runtime.store.appendToStreams([
          {
            stream,
            expected: last.revision,
            events: [
              {
                id: randomUUID(),
                type: 'CustomerUpdated',
                data: { ...fields, tabcId, updatedAt: now },
                metadata: { ...last.metadata, occurredAt: now },
              },
            ],
          },
        ]);
      };
      await setPermit('MB222222');
      expect((await invoice('Good Bar', 'vodka', today())).licence_warning).toMatchObject({
        message: "The customer's TABC licence MB 3001002 is Suspended, not active.",
      });
      await setPermit('MB111111');
      expect((await invoice('Good Bar', 'vodka', today())).licence_warning).toBeNull();
    });
  });

  it('refuses bad input with a 400 and answers 404 for another company', async () => {
    expect((await api.get('invoice/checks', owner.token)).status).toBe(400);
    const badDate = await api.get(
      `invoice/checks?customer_id=${customers['Good Bar']}&invoiced_at=2026-02-30`,
      owner.token,
    );
    expect(badDate.status).toBe(400);
    expect(JSON.stringify(badDate.body)).toContain('invoiced_at must be a date (YYYY-MM-DD).');
    const mine = await invoice('Good Bar', 'vodka', dayFromToday(-60));
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `invoice/${mine.number}/credit-law` },
        { method: 'GET', path: `invoice/${mine.id}/credit-law` },
        { method: 'GET', path: `invoice/${mine.number}/credit-law/notice/pdf` },
        { method: 'GET', path: `invoice/${mine.number}/credit-law/release/pdf` },
        { method: 'GET', path: `invoice/checks?customer_id=${customers['Good Bar']}` },
      ],
      ['Good Bar', 'MB111111'],
    );
    const theirs = await api.get('invoice/credit-law/alerts', other.token);
    expect(theirs.body).toMatchObject({ counts: { due_soon: 0, grace: 0, late: 0 }, due: [], late: [] });
  });
});
