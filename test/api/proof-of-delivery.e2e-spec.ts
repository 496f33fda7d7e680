import fc from 'fast-check';
import { businessDate } from '#domain/shared/business-date.js';
import { invoiceDue } from '#domain/invoices/payment-terms.js';
import { shownDueSql } from '../../apps/api/src/invoices/invoice-due.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { PHOTO_PNG, pngOfSize, SIGNATURE_PNG } from '../support/delivery-images.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';
import { pdfText } from '../support/pdf-text.js';

/*
 * POST /invoice/{id}/delivery: the proof of delivery (signature, signer, photo, means), the credit memos of what came
 * back, the money taken and the cash law; GET /invoice/{id}/delivery/signature and /photo; the due date counted from
 * the delivery date.
 */

const today = () => businessDate(new Date().toISOString());
const dayFromToday = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
};
/** Noon in Austin on that day. */
const noonOf = (day: string) => `${day}T18:00:00.000Z`;

let keys = 0;
const aKey = () => `delivery-key-${Date.now()}-${++keys}`;

describe('Invoice delivery (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let companyId: string;
  let customerId: string;
  let codCustomerId: string;
  let wine: string;
  let beer: string;
  let vodka: string;

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  const anInvoice = async (items: object[], extra: object = {}, customer = customerId) => {
    const created = await api.post('invoice', { customer_id: customer, items, force: true, ...extra }, token);
    expect(created.status).toBe(201);
    return created.body as { id: string; number: string; version: number };
  };
  const wineInvoice = (extra: object = {}) => anInvoice([{ product_id: wine, qty: 10, price: 10 }], extra);
  const beerInvoice = () => anInvoice([{ product_id: beer, qty: 4, price: 14.5 }]);
  const deliver = (invoiceId: string, body: object = {}, key: string | null = aKey(), as = token) =>
    api.post(
      `invoice/${invoiceId}/delivery`,
      { delivered_at: noonOf(today()), signer_name: 'Pat Retailer', signature: SIGNATURE_PNG, ...body },
      as,
      key ? { 'idempotency-key': key } : {},
    );
  const eventsOf = async (invoiceId: string, type: string) =>
    Number(
      (
        await app.runtime.pool.query<{ n: string }>(
          'SELECT count(*) AS n FROM events WHERE stream_id = $1 AND type = $2',
          [`invoice-${invoiceId}`, type],
        )
      ).rows[0]!.n,
    );
  const stockOf = async (productId: string) => {
    await settle();
    const grid = await api.get('inventory/grid?startRow=0&endRow=10', token);
    return grid.body.rows.find((row: { id: string }) => row.id === productId).qty as number;
  };

  /** The invoice's PDF as POST /invoice/pdf prints it: its bytes and its text (spaces collapsed). */
  const printed = async (number: string, as = token) => {
    const response = await fetch(`${app.baseUrl}/api/v1/invoice/pdf`, {
      method: 'POST',
      headers: { authorization: `Bearer ${as}`, 'content-type': 'application/json' },
      body: JSON.stringify({ number }),
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    return { bytes, text: pdfText(bytes).replace(/\s+/g, ' ') };
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    await setFeature(app.app, companyId, 'inventory');
    customerId = (await api.post('customer', RUSTY_NAIL, token)).body.id;
    codCustomerId = (
      await api.post(
        'customer',
        { ...RUSTY_NAIL, name: 'Cash Only Bar', tabc_id: 'MB654321', cash_on_delivery: 1 },
        token,
      )
    ).body.id;
    const product = async (body: object) => (await api.post('product', body, token)).body.id as string;
    wine = await product({
      product: 'Barefoot Merlot',
      product_type: 'wine',
      product_size: '750ml',
      product_price: 10,
      last_purchase_price: '5.00',
    });
    beer = await product({
      product: 'Shiner Bock 12pk',
      product_type: 'beer',
      product_size: '12oz',
      product_price: 14.5,
      last_purchase_price: '9.00',
    });
    vodka = await product({
      product: "Tito's Vodka",
      product_type: 'liquor',
      product_size: '750ml',
      product_price: 19.99,
      last_purchase_price: '15.00',
    });
    const restock = { ref_number: 'PO-1', items: [{ product_id: vodka, qty: 24, item_cost: 15 }] };
    expect((await api.put('inventory', restock, token)).status).toBe(200);
    const roll = { prefix: 'AB', received_at: today(), from: 1000, to: 1479 };
    expect((await api.post('stamp/roll', roll, token)).status).toBe(201);
  });
  afterAll(async () => {
    await app.close();
  });

  it('delivers a wine invoice: 201 with the proof of delivery, the status Delivered and the live version', async () => {
    const invoice = await wineInvoice();
    const delivered = await deliver(invoice.id, { photo: PHOTO_PNG, invoice_version: invoice.version });
    expect(delivered.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `invoice/${invoice.id}/delivery`, delivered);
    expect(delivered.body.status).toBe('delivered');
    expect(delivered.body.delivery).toEqual({
      delivered_at: noonOf(today()),
      delivered_on: today(),
      delivered_by: { id: expect.any(String), name: 'Jane Owner' },
      signer_name: 'Pat Retailer',
      signature_url: `/api/v1/invoice/${invoice.id}/delivery/signature`,
      photo_url: `/api/v1/invoice/${invoice.id}/delivery/photo`,
      means: 'own_vehicle',
      carrier: null,
      outcome: 'delivered',
      credit_memo_ids: [],
      payment_ids: [],
    });
    expect(delivered.body.version).toBeGreaterThan(invoice.version);
    const view = await api.get(`invoice/${invoice.id}`, token);
    expect(view.body.delivery).toEqual(delivered.body.delivery);
  });

  it('serves the signature and the photo to the same company only', async () => {
    const invoice = await wineInvoice();
    expect((await deliver(invoice.id, { photo: PHOTO_PNG })).status).toBe(201);
    const signature = await fetch(`${app.baseUrl}/api/v1/invoice/${invoice.id}/delivery/signature`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(signature.status).toBe(200);
    expect(signature.headers.get('content-type')).toContain('image/png');
    expect(Buffer.from(await signature.arrayBuffer()).toString('base64')).toBe(SIGNATURE_PNG.split(',')[1]);
    const photo = await fetch(`${app.baseUrl}/api/v1/invoice/${invoice.id}/delivery/photo`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(photo.status).toBe(200);
    const unsigned = await fetch(`${app.baseUrl}/api/v1/invoice/${invoice.id}/delivery/signature`);
    expect(unsigned.status).toBe(401);
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `invoice/${invoice.id}/delivery/signature` },
        { method: 'GET', path: `invoice/${invoice.id}/delivery/photo` },
      ],
      ['Pat Retailer'],
    );
    const undelivered = await wineInvoice();
    expect((await api.get(`invoice/${undelivered.id}/delivery/signature`, token)).status).toBe(404);
  });

  it('answers a retry with the same key with the first answer: one delivery', async () => {
    const invoice = await wineInvoice();
    const key = aKey();
    const first = await deliver(invoice.id, {}, key);
    const again = await deliver(invoice.id, {}, key);
    expect(first.status).toBe(201);
    expect(again.status).toBe(201);
    expect(again.body.delivery).toEqual(first.body.delivery);
    expect(await eventsOf(invoice.id, 'InvoiceDelivered')).toBe(1);
  });

  it('delivers once when two devices send it at once: one 201 and one 409 (delivered)', async () => {
    const invoice = await wineInvoice();
    const answers = await Promise.all([deliver(invoice.id), deliver(invoice.id)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    const conflict = answers.find((a) => a.status === 409)!;
    expect(conflict.body).toMatchObject({
      statusCode: 409,
      reason: 'delivered',
      message: 'This invoice was delivered already.',
      invoice_version: expect.any(Number),
    });
    expect(await eventsOf(invoice.id, 'InvoiceDelivered')).toBe(1);
  });

  it('refuses a cancelled invoice (409 cancelled) and one changed since the driver saw it (409 revised, the version now)', async () => {
    const cancelled = await wineInvoice();
    expect((await api.put(`invoice/${cancelled.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const refused = await deliver(cancelled.id);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ statusCode: 409, reason: 'cancelled' });

    const revised = await wineInvoice();
    expect(
      (await api.put(`invoice/${revised.id}`, { status: 'invoiced', note: 'Changed' }, token)).status,
    ).toBe(200);
    const now = (await api.get(`invoice/${revised.id}`, token)).body.version as number;
    const stale = await deliver(revised.id, {
      invoice_version: revised.version === now ? now - 1 : revised.version,
    });
    expect(stale.status).toBe(409);
    expect(stale.body).toEqual({
      statusCode: 409,
      message:
        'This invoice was changed in the office since your download: check it before closing this stop.',
      reason: 'revised',
      invoice_version: now,
    });
  });

  it('refuses beer on credit and changes nothing; takes it with the money, logged with its method', async () => {
    const invoice = await beerInvoice();
    const before = (await api.get(`invoice/${invoice.id}`, token)).body;
    const refused = await deliver(invoice.id, { payments: [{ method: 'cash', amount: '10.00' }] });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'Beer is sold for cash on delivery: collect $62.79 before closing this stop.',
    );
    const after = (await api.get(`invoice/${invoice.id}`, token)).body;
    expect(after).toEqual(before);
    expect(await eventsOf(invoice.id, 'PaymentLogged')).toBe(0);

    const paid = await deliver(invoice.id, {
      payments: [{ method: 'check', amount: '62.79', reference: '1042' }],
    });
    expect(paid.status).toBe(201);
    expect(paid.body.status).toBe('paid');
    expect(paid.body.payments).toEqual([
      expect.objectContaining({ amount: 62.79, received_at: today(), method: 'check', reference: '1042' }),
    ]);
    expect(paid.body.delivery.payment_ids).toEqual([paid.body.payments[0].id]);
  });

  it('refuses a cash-on-delivery customer’s invoice without the money', async () => {
    const invoice = await anInvoice([{ product_id: wine, qty: 1, price: 10 }], {}, codCustomerId);
    const refused = await deliver(invoice.id);
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(
      'This customer pays on delivery: collect $10.83 before closing this stop.',
    );
    expect(
      (await deliver(invoice.id, { payments: [{ method: 'money_order', amount: '10.83' }] })).status,
    ).toBe(201);
  });

  it('credits what came back: short goes back to stock with its stamps, damaged is written off; links the memos', async () => {
    const invoice = await anInvoice([{ product_id: vodka, qty: 5, price: 19.99 }]);
    const stock = await stockOf(vodka);
    const delivered = await deliver(invoice.id, {
      means: 'carrier',
      carrier: { name: 'Hill Country Freight', permit: 'C-123456' },
      adjustments: [
        { line_id: '1', quantity: 1, reason: 'short' },
        { line_id: '1', quantity: 1, reason: 'damaged' },
      ],
    });
    expect(delivered.status).toBe(201);
    expect(delivered.body.delivery).toMatchObject({
      outcome: 'partially_delivered',
      means: 'carrier',
      carrier: { name: 'Hill Country Freight', permit: 'C-123456' },
    });
    expect(delivered.body.credit_memos.map((m: { reason: string }) => m.reason)).toEqual([
      'short_delivery',
      'delivered_damaged',
    ]);
    expect(delivered.body.delivery.credit_memo_ids).toEqual(
      delivered.body.credit_memos.map((m: { id: string }) => m.id),
    );
    expect(delivered.body.items[0].credited_qty).toBe(2);
    expect(await stockOf(vodka)).toBe(stock + 1);
    expect(delivered.body.stamp_count).toBe(3);
    // The invoice printed: the means of delivery, the carrier with its permit, who signed and when.
    const { bytes, text } = await printed(invoice.number);
    // The company has no logo: the one image printed is the signature (an invoice not delivered prints none).
    expect(bytes.toString('latin1')).toMatch(/\/Subtype\s*\/Image/);
    const plain = await printed((await wineInvoice()).number);
    expect(plain.bytes.toString('latin1')).not.toMatch(/\/Subtype\s*\/Image/);
    expect(plain.text).toContain("Means of delivery: Distributor's vehicle");
    expect(text).toContain('Means of delivery: Carrier');
    expect(text).toContain('Carrier: Hill Country Freight, TABC permit C-123456');
    expect(text).toMatch(/Received by Pat Retailer on \d{2} \w{3}, \d{4} \d{2}:\d{2} (AM|PM)/);
  });

  it('counts the due date from the delivery date', async () => {
    const invoice = await wineInvoice({ invoiced_at: dayFromToday(-10), due_at: dayFromToday(-5) });
    const delivered = await deliver(invoice.id, { delivered_at: noonOf(dayFromToday(-7)) });
    expect(delivered.status).toBe(201);
    expect(delivered.body.delivery.delivered_on).toBe(dayFromToday(-7));
    expect(delivered.body.due_at).toBe(dayFromToday(-2));
    const grid = await api.get(
      `invoice/grid?startRow=0&endRow=100&filterModel=${encodeURIComponent(
        JSON.stringify({ due_at: { filterType: 'date', type: 'equals', dateFrom: dayFromToday(-2) } }),
      )}`,
      token,
    );
    expect(grid.body.rows.map((row: { id: string }) => row.id)).toContain(invoice.id);
  });

  it('answers 400 for a bad body and changes nothing', async () => {
    const invoice = await wineInvoice();
    const before = (await api.get(`invoice/${invoice.id}`, token)).body;
    const bad: [object, string | null, string][] = [
      [{}, null, 'Idempotency-Key is required: send the same key again when you retry a delivery.'],
      [{ signer_name: '' }, aKey(), 'Signer name is required.'],
      [
        { signature: PHOTO_PNG.replace('image/png', 'image/jpeg') },
        aKey(),
        'Signature must be a PNG image (data:image/png;base64,…).',
      ],
      [{ signature: pngOfSize(60) }, aKey(), 'Signature must be at most 50 KB.'],
      [{ photo: pngOfSize(310) }, aKey(), 'Photo must be at most 300 KB.'],
      [{ payments: [{ method: 'check', amount: '5' }] }, aKey(), 'A check needs its number.'],
      [
        { adjustments: [{ line_id: '7', quantity: 1, reason: 'short' }] },
        aKey(),
        'Line 7 is not a line of this invoice.',
      ],
      [
        { adjustments: [{ line_id: '1', quantity: 11, reason: 'refused' }] },
        aKey(),
        'Line 1 (BAREFOOT MERLOT): at most 10 can come back.',
      ],
      [{ means: 'drone' }, aKey(), 'Means of delivery must be own_vehicle, carrier or customer_pickup.'],
      [{ means: 'carrier' }, aKey(), "A carrier's delivery needs the carrier's name and permit."],
    ];
    for (const [body, key, message] of bad) {
      const answer = await deliver(invoice.id, body, key);
      expect({ status: answer.status, text: JSON.stringify(answer.body) }).toEqual({
        status: 400,
        text: expect.stringContaining(message.replace(/"/g, '\\"')),
      });
    }
    expect((await api.get(`invoice/${invoice.id}`, token)).body).toEqual(before);
    expect(await eventsOf(invoice.id, 'InvoiceDelivered')).toBe(0);
  });

  it("takes the company's default means of delivery and carrier, printed before delivery too", async () => {
    const owner = await signUpOwner(api);
    const own = owner.token;
    const details = LONE_STAR_SPIRITS;
    const missing = await api.put(
      `company/${owner.user.company_id}`,
      { ...details, delivery_means: 'carrier' },
      own,
    );
    expect(missing.status).toBe(400);
    expect(missing.body.details).toEqual([
      { field: 'carrier_name', message: "A carrier's delivery needs the carrier's name and permit." },
    ]);
    const saved = await api.put(
      `company/${owner.user.company_id}`,
      {
        ...details,
        delivery_means: 'carrier',
        carrier_name: 'Hill Country Freight',
        carrier_permit: 'C-123456',
      },
      own,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      delivery_means: 'carrier',
      carrier_name: 'Hill Country Freight',
      carrier_permit: 'C-123456',
    });
    const customer = (await api.post('customer', RUSTY_NAIL, own)).body.id;
    const product = (
      await api.post(
        'product',
        {
          product: 'Barefoot Merlot',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 10,
          last_purchase_price: '5.00',
        },
        own,
      )
    ).body.id;
    const invoice = (
      await api.post(
        'invoice',
        { customer_id: customer, items: [{ product_id: product, qty: 1, price: 10 }] },
        own,
      )
    ).body;
    const { text } = await printed(invoice.number, own);
    expect(text).toContain('Means of delivery: Carrier');
    expect(text).toContain('Carrier: Hill Country Freight, TABC permit C-123456');
    const delivered = await deliver(invoice.id, {}, aKey(), own);
    expect(delivered.status).toBe(201);
    expect(delivered.body.delivery).toMatchObject({
      means: 'carrier',
      carrier: { name: 'Hill Country Freight', permit: 'C-123456' },
    });
  });

  it('lists the checks taken with their deposit deadline; Mark Deposited takes one off; Mark Dishonoured unpays the invoice', async () => {
    const beerCheck = await beerInvoice();
    const liquorCheck = await wineInvoice();
    const received = dayFromToday(-10);
    expect(
      (
        await deliver(beerCheck.id, {
          delivered_at: noonOf(received),
          payments: [{ method: 'check', amount: '62.79', reference: '2001' }],
        })
      ).status,
    ).toBe(201);
    const paid = await deliver(liquorCheck.id, {
      payments: [{ method: 'check', amount: '108.25', reference: '2002' }],
    });
    expect(paid.body.status).toBe('paid');
    const list = await api.get('deposits', token);
    expect(list.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', 'deposits', list);
    const row = (invoiceId: string) =>
      list.body.checks.find((c: { invoice_id: string }) => c.invoice_id === invoiceId);
    expect(row(beerCheck.id)).toMatchObject({
      invoice_number: beerCheck.number,
      amount: 62.79,
      reference: '2001',
      received_at: received,
      beer: true,
      overdue: true,
    });
    expect(row(liquorCheck.id)).toMatchObject({
      reference: '2002',
      beer: false,
      overdue: false,
      received_at: today(),
    });

    const paymentId = row(beerCheck.id).payment_id as string;
    const deposited = await api.post(`invoice/${beerCheck.id}/payment/${paymentId}/deposit`, {}, token);
    expect(deposited.status).toBe(201);
    expect((await api.post(`invoice/${beerCheck.id}/payment/${paymentId}/deposit`, {}, token)).status).toBe(
      409,
    );
    const after = await api.get('deposits', token);
    expect(after.body.checks.map((c: { invoice_id: string }) => c.invoice_id)).not.toContain(beerCheck.id);

    const bounced = await api.post(
      `invoice/${liquorCheck.id}/payment/${row(liquorCheck.id).payment_id}/dishonour`,
      { note: 'Returned: insufficient funds' },
      token,
    );
    expect(bounced.status).toBe(201);
    expect(bounced.body).toMatchObject({ status: 'delivered', paid: 0, balance: 108.25, payments: [] });
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [{ method: 'POST', path: `invoice/${beerCheck.id}/payment/${paymentId}/deposit`, body: {} }],
      ['2001'],
    );
    expect((await api.get('deposits', other.token)).body.checks).toEqual([]);
  });

  it("answers 404 for another company's invoice", async () => {
    const invoice = await wineInvoice();
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        {
          method: 'POST',
          path: `invoice/${invoice.id}/delivery`,
          body: { delivered_at: noonOf(today()), signer_name: 'Pat Retailer', signature: SIGNATURE_PNG },
        },
      ],
      [invoice.number],
    );
    const answer = await deliver(invoice.id, {}, aKey(), other.token);
    expect(answer.status).toBe(404);
    expect((await api.get(`invoice/${invoice.id}`, token)).body.delivery).toBeNull();
  });

  it('dates the due day in SQL as the domain does from the delivery date, across month ends, leap days and holidays', async () => {
    const day = fc
      .integer({ min: 0, max: 800 })
      .map((n) => new Date(Date.UTC(2027, 10, 1 + n)).toISOString().slice(0, 10));
    const sample = fc.record({
      invoicedOn: day,
      dueAfter: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }),
      deliveredAfter: fc.option(fc.integer({ min: -2, max: 40 }), { nil: null }),
    });
    const plus = (date: string, days: number) =>
      new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
    const cases = fc.sample(sample, { numRuns: 400, seed: 20261130 }).map((s) => ({
      invoicedOn: s.invoicedOn,
      dueOn: s.dueAfter === null ? null : plus(s.invoicedOn, s.dueAfter),
      deliveredOn: s.deliveredAfter === null ? null : plus(s.invoicedOn, s.deliveredAfter),
    }));
    cases.push(
      { invoicedOn: '2028-02-20', dueOn: '2028-02-28', deliveredOn: '2028-02-29' },
      { invoicedOn: '2027-12-15', dueOn: null, deliveredOn: '2027-12-16' },
      { invoicedOn: '2028-06-30', dueOn: '2028-07-30', deliveredOn: '2028-07-04' },
    );
    const shown = shownDueSql('i')({ creditLaw: true, today: '2027-01-01' } as never);
    const { rows } = await app.runtime.pool.query<{ due: string | null }>(
      `SELECT (${shown})::text AS due
         FROM (SELECT u.*, true AS credit_subject
                 FROM unnest($1::date[], $2::date[], $3::date[]) WITH ORDINALITY
                      AS u(invoiced_on, due_on, delivered_on, n)) i
        ORDER BY i.n`,
      [cases.map((c) => c.invoicedOn), cases.map((c) => c.dueOn), cases.map((c) => c.deliveredOn)],
    );
    const domain = cases.map(
      (c) =>
        invoiceDue(
          {
            status: 'invoiced',
            invoicedOn: c.invoicedOn,
            dueOn: c.dueOn,
            deliveredOn: c.deliveredOn,
            creditLaw: true,
          },
          '2027-01-01',
        ).dueOn,
    );
    expect(rows.map((row) => row.due)).toEqual(domain);
  });
});
