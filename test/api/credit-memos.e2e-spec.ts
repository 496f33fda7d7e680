import { rebuildProjection } from '#engine';
import { creditMemoProjection, inventoryProjection, invoiceProjection } from '#projections/index.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { pdfText } from '../support/pdf-text.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
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

const gridOf = (filter: object = {}) =>
  `credit-memos?startRow=0&endRow=100&filterModel=${encodeURIComponent(JSON.stringify(filter))}`;

describe('Credit memos (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let customerId: string;
  let wine: string;

  /** An invoice of 10 × $10 wine + 8.25 % tax = $108.25. */
  const anInvoice = async (qty = 10) => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: wine, qty, price: 10 }], force: true },
      token,
    );
    expect(created.status).toBe(201);
    return created.body;
  };
  const credit = (body: object, headers?: Record<string, string>, as = token) =>
    api.post('credit-memo', body, as, headers);
  const balanceOf = async () => (await api.get(`customer/${customerId}/check-balance`, token)).body.owing;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    ({ token } = await signUpOwner(api));
    customerId = (await api.post('customer', CUSTOMER, token)).body.id;
    wine = (await api.post('product', WINE, token)).body.id;
    expect((await api.post('company/feature', { name: 'payment', active: true }, token)).status).toBe(200);
  });
  afterAll(async () => {
    await app.close();
  });

  it('issues CM-1001 for two damaged bottles; the invoice remaining and the customer balance drop by the credit', async () => {
    const invoice = await anInvoice();
    const before = await balanceOf();
    const issued = await credit({
      invoice: invoice.number,
      reason: 'delivered_damaged',
      note: 'Broken in the case',
      lines: [{ line_no: 1, qty: 2 }],
    });
    expect(issued.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', 'credit-memo', issued);
    expect(issued.body).toMatchObject({
      number: 'CM-1001',
      invoice_id: invoice.id,
      invoice_number: invoice.number,
      customer: 'The Rusty Nail',
      reason: 'delivered_damaged',
      reason_label: 'Delivered damaged',
      note: 'Broken in the case',
      lines: [{ line_no: 1, name: 'BAREFOOT MERLOT', qty: 2, price: 10, total: 20, tax: 1.65 }],
      sub_total: 20,
      tax_total: 1.65,
      total: 21.65,
      status: 'issued',
    });
    const view = await api.get(`invoice/${invoice.id}`, token);
    expect(view.body).toMatchObject({
      total: 108.25,
      credited: 21.65,
      paid: 0,
      balance: 86.6,
      remaining: 86.6,
    });
    expect(view.body.items[0].credited_qty).toBe(2);
    expect(view.body.credit_memos).toEqual([
      {
        id: issued.body.id,
        number: 'CM-1001',
        reason: 'delivered_damaged',
        total: 21.65,
        issued_on: issued.body.issued_on,
        status: 'issued',
      },
    ]);
    expect(await balanceOf()).toBeCloseTo(before - 21.65, 2);
    const balance = (await api.get(`customer/${customerId}/balance`, token)).body;
    expect(balance.invoices.find((row: { id: string }) => row.id === invoice.id)).toMatchObject({
      total: 108.25,
      credited: 21.65,
      paid: 0,
      balance: 86.6,
    });
    const got = await api.get(`credit-memo/${issued.body.id}`, token);
    expect(got.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', `credit-memo/${issued.body.id}`, got);
    expect(got.body).toEqual(issued.body);

    const pdf = await fetch(`${app.baseUrl}/api/v1/credit-memo/${issued.body.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain('credit_memo_CM-1001.pdf');
    const text = pdfText(Buffer.from(await pdf.arrayBuffer()));
    for (const expected of ['Credit memo', 'CM-1001', 'Delivered damaged', 'The Rusty Nail', '$21.65'])
      expect(text).toContain(expected);
  });

  it('refuses a credit over what is left with a 400 that says so, and changes nothing', async () => {
    const invoice = await anInvoice(3);
    expect(
      (await credit({ invoice: invoice.id, reason: 'short_delivery', lines: [{ line_no: 1, qty: 2 }] }))
        .status,
    ).toBe(201);
    const grid = (await api.get(gridOf(), token)).body.count;
    const over = await credit({
      invoice: invoice.id,
      reason: 'wrong_product',
      lines: [{ line_no: 1, qty: 2 }],
    });
    expect(over.status).toBe(400);
    expect(over.body.message).toBe('Line 1 (BAREFOOT MERLOT): at most 1 can still be credited.');
    const amount = await credit({ invoice: invoice.id, reason: 'pricing_error', amount: 20 });
    expect(amount.status).toBe(400);
    expect(amount.body.message).toBe(
      'The credit can be at most $10.83, what is left of the invoice to credit.',
    );
    expect((await api.get(gridOf(), token)).body.count).toBe(grid);
    expect((await api.get(`invoice/${invoice.id}`, token)).body).toMatchObject({ credited: 21.65 });
    // what is left is still allowed, and takes the next number without a gap
    const rest = await credit({
      invoice: invoice.id,
      reason: 'pricing_error',
      amount: '10.83',
      note: 'Deal price',
    });
    expect(rest.status).toBe(201);
    expect(rest.body.number).toBe('CM-1003');
    expect((await api.get(`invoice/${invoice.id}`, token)).body).toMatchObject({ balance: 0, remaining: 0 });
  });

  it('refuses bad bodies with a 400 and a clear message, and a cancelled invoice with a 409', async () => {
    const invoice = await anInvoice(2);
    const bad = async (body: object) => {
      const answer = await credit(body);
      expect(answer.status).toBe(400);
      return answer.body.message as string;
    };
    expect(
      await bad({ invoice: invoice.id, reason: 'damaged_by_retailer', lines: [{ line_no: 1, qty: 1 }] }),
    ).toMatch(/^Reason must be one of/);
    expect(
      await bad({ invoice: invoice.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 0 }] }),
    ).toBe('Quantity to credit must be a whole number of at least 1.');
    expect(await bad({ invoice: invoice.id, reason: 'delivered_damaged', lines: 'two' })).toBe(
      'Choose at least one invoice line and a quantity to credit.',
    );
    expect(await bad({ invoice: invoice.id, reason: 'other', amount: 1 })).toBe(
      'A note is required for an overpayment or other credit.',
    );
    expect(
      await bad({ invoice: invoice.id, reason: 'freshness_swap', lines: [{ line_no: 1, qty: 1 }] }),
    ).toBe('A freshness swap is for beer only; line 1 (BAREFOOT MERLOT) is not beer.');
    expect(await bad({ invoice: invoice.id, reason: 'pricing_error', amount: 'lots' })).toBe(
      'Amount must be at least 0.01.',
    );
    expect((await api.call('POST', 'credit-memo', { token, raw: '{"invoice":' })).status).toBe(400);
    expect((await credit({ invoice: 'no-such', reason: 'pricing_error', amount: 1 })).status).toBe(404);
    expect((await api.put(`invoice/${invoice.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const cancelled = await credit({ invoice: invoice.id, reason: 'pricing_error', amount: 1 });
    expect(cancelled.status).toBe(409);
    expect(cancelled.body.message).toBe(
      `Invoice ${invoice.number} is cancelled: a cancelled invoice cannot be credited.`,
    );
  });

  it('voids a memo with a reason: it no longer counts, the balance comes back, a second void is refused', async () => {
    const invoice = await anInvoice();
    const issued = (
      await credit({ invoice: invoice.id, reason: 'short_delivery', lines: [{ line_no: 1, qty: 4 }] })
    ).body;
    expect((await api.get(`invoice/${invoice.id}`, token)).body.remaining).toBe(64.95);
    expect((await api.post(`credit-memo/${issued.id}/void`, { reason: ' ' }, token)).status).toBe(400);
    const voided = await api.post(`credit-memo/${issued.id}/void`, { reason: 'Wrong invoice' }, token);
    expect(voided.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `credit-memo/${issued.id}/void`, voided);
    expect(voided.body).toMatchObject({
      status: 'void',
      void_reason: 'Wrong invoice',
      number: issued.number,
    });
    const view = (await api.get(`invoice/${invoice.id}`, token)).body;
    expect(view).toMatchObject({ credited: 0, remaining: 108.25 });
    expect(view.credit_memos[0].status).toBe('void');
    const again = await api.post(`credit-memo/${issued.id}/void`, { reason: 'Twice' }, token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(`Credit memo ${issued.number} is void already.`);
  });

  it('a retried submit with the same Idempotency-Key issues one memo', async () => {
    const invoice = await anInvoice();
    const headers = { 'Idempotency-Key': 'credit-retry-123456' };
    const body = { invoice: invoice.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 1 }] };
    const first = await credit(body, headers);
    expect(first.status).toBe(201);
    const second = await credit(body, headers);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    const memos = await api.get(
      gridOf({ invoice_id: { filterType: 'set', type: 'in', values: [invoice.id] } }),
      token,
    );
    expect(memos.body.count).toBe(1);
    expect((await api.get(`invoice/${invoice.id}`, token)).body.credited).toBe(10.83);
  });

  it('two credits at once that together exceed the line: exactly one is issued', async () => {
    const invoice = await anInvoice(3);
    const body = { invoice: invoice.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 2 }] };
    const answers = await Promise.all([credit(body), credit(body)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 400]);
    expect((await api.get(`invoice/${invoice.id}`, token)).body.items[0].credited_qty).toBe(2);
  });

  it('lists memos in the grid with filters and sort, exports them, and an invoice with memos keeps its lines', async () => {
    const invoice = await anInvoice();
    const issued = (
      await credit({ invoice: invoice.id, reason: 'wrong_product', lines: [{ line_no: 1, qty: 1 }] })
    ).body;
    const grid = await api.get(
      gridOf({ reason: { filterType: 'set', type: 'in', values: ['wrong_product'] } }),
      token,
    );
    expect(grid.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', 'credit-memos', grid);
    expect(grid.body.rows.map((row: { number: string }) => row.number)).toContain(issued.number);
    expect(grid.body.rows[0]).toMatchObject({
      customer: 'The Rusty Nail',
      invoice_number: invoice.number,
      reason: 'wrong_product',
      total: 10.83,
      status: 'issued',
    });
    const sorted = await api.get(
      `credit-memos?startRow=0&endRow=100&sortModel=${encodeURIComponent(JSON.stringify([{ colId: 'number', sort: 'asc' }]))}`,
      token,
    );
    const numbers = sorted.body.rows.map((row: { sequence: number }) => row.sequence);
    expect(numbers).toEqual([...numbers].sort((a, b) => a - b));
    const csv = await api.get('credit-memos/export', token);
    expect(csv.status).toBe(200);
    expect(String(csv.body).split(/\r?\n/)[0]).toBe('Number,Date,Customer,Invoice,Reason,Total,Status');
    expect(String(csv.body)).toContain(issued.number);
    const edit = await api.put(
      `invoice/${invoice.id}`,
      { items: [{ product_id: wine, qty: 1, price: 10 }] },
      token,
    );
    expect(edit.status).toBe(409);
    expect(edit.body.message).toMatch(/has credit memos/);
    expect(
      (await api.get(gridOf({ number: { filterType: 'text', type: 'equals', filter: 'x' } }), token)).status,
    ).toBe(200);
  });

  it("answers 404 for another company's memo and invoice, and shows none of its data", async () => {
    const invoice = await anInvoice();
    const issued = (await credit({ invoice: invoice.id, reason: 'pricing_error', amount: 3, note: 'x' }))
      .body;
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `credit-memo/${issued.id}` },
        { method: 'GET', path: `credit-memo/${issued.id}/pdf` },
        { method: 'POST', path: `credit-memo/${issued.id}/void`, body: { reason: 'Mine now' } },
        {
          method: 'POST',
          path: 'credit-memo',
          body: { invoice: invoice.id, reason: 'pricing_error', amount: 1 },
        },
      ],
      [issued.number, 'The Rusty Nail'],
    );
    expect((await api.get(gridOf(), other.token)).body.count).toBe(0);
    expect((await api.get(`credit-memo/${issued.id}`, token)).body.status).toBe('issued');
  });

  it('moves the goods with inventory on: short comes back to stock, damaged is returned and written off, a void moves them back', async () => {
    const owner = await signUpOwner(api);
    await setFeature(app.app, owner.user.company_id, 'inventory');
    const own = owner.token;
    const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const customer = (await api.post('customer', CUSTOMER, own)).body.id;
    const product = (await api.post('product', WINE, own)).body.id;
    expect(
      (
        await api.put(
          'inventory',
          { ref_number: 'PO-1', items: [{ product_id: product, qty: 24, item_cost: 5 }] },
          own,
        )
      ).status,
    ).toBe(200);
    const invoice = (
      await api.post(
        'invoice',
        { customer_id: customer, items: [{ product_id: product, qty: 10, price: 10 }] },
        own,
      )
    ).body;
    const stock = async () => {
      await settle();
      const grid = await api.get('inventory/grid?startRow=0&endRow=10', own);
      return grid.body.rows.find((row: { id: string }) => row.id === product).qty as number;
    };
    expect(await stock()).toBe(14);
    const short = (
      await api.post(
        'credit-memo',
        { invoice: invoice.id, reason: 'short_delivery', lines: [{ line_no: 1, qty: 2 }] },
        own,
      )
    ).body;
    expect(await stock()).toBe(16);
    const damaged = (
      await api.post(
        'credit-memo',
        { invoice: invoice.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 1 }] },
        own,
      )
    ).body;
    expect(await stock()).toBe(16);
    const history = (await api.get('inventory/history/grid?startRow=0&endRow=50', own)).body.rows as {
      source: string;
      qty: number;
      ref: string;
      invoice: string | null;
    }[];
    const credited = history.filter((row) => row.source === 'RETURN' || row.source === 'WRITE_OFF');
    expect(credited.map(({ source, qty, ref }) => ({ source, qty, ref }))).toEqual(
      expect.arrayContaining([
        { source: 'RETURN', qty: 2, ref: short.number },
        { source: 'RETURN', qty: 1, ref: damaged.number },
        { source: 'WRITE_OFF', qty: -1, ref: damaged.number },
      ]),
    );
    expect(
      (await api.post(`credit-memo/${short.id}/void`, { reason: 'Found in the truck' }, own)).status,
    ).toBe(201);
    expect(await stock()).toBe(14);
    const cancel = await api.put(`invoice/${invoice.id}`, { status: 'cancelled' }, own);
    expect(cancel.status).toBe(409);
    expect(cancel.body.message).toBe(
      `Invoice ${invoice.number} has credit memos: void them before cancelling it.`,
    );
  });

  it('rebuilds the credit-memo, invoice and inventory read models to the same rows', async () => {
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const snapshot = async (sql: string) => (await app.runtime.pool.query(sql)).rows;
    const memos = 'SELECT * FROM rm_credit_memo ORDER BY id';
    const invoices = 'SELECT id, credits, credited_cents, balance_cents, status FROM rm_invoice ORDER BY id';
    const stock = 'SELECT invoice_id, credits FROM rm_inventory_invoice ORDER BY invoice_id';
    const history =
      "SELECT id, qty, source, ref FROM rm_inventory_history WHERE source IN ('RETURN', 'WRITE_OFF') ORDER BY id";
    const live = [
      await snapshot(memos),
      await snapshot(invoices),
      await snapshot(stock),
      await snapshot(history),
    ];
    expect(live[0]!.length).toBeGreaterThan(5);
    for (const projection of [creditMemoProjection, invoiceProjection, inventoryProjection])
      await rebuildProjection(app.runtime.pool, app.runtime.store, projection);
    expect([
      await snapshot(memos),
      await snapshot(invoices),
      await snapshot(stock),
      await snapshot(history),
    ]).toEqual(live);
  });

  it("lists a memo on the customer's statement as a credit, a void as its charge back, and closes on the balance", async () => {
    const invoice = await anInvoice(3);
    const issued = await credit({
      invoice: invoice.id,
      reason: 'short_delivery',
      lines: [{ line_no: 1, qty: 1 }],
    });
    expect(issued.status).toBe(201);
    const voided = await credit({ invoice: invoice.id, reason: 'pricing_error', amount: 1 });
    expect(voided.status).toBe(201);
    expect(
      (await api.post(`credit-memo/${voided.body.id}/void`, { reason: 'typed on the wrong invoice' }, token))
        .status,
    ).toBe(201);

    const statement = await api.get(`customer/${customerId}/statement`, token);
    expect(statement.status).toBe(200);
    const rows = statement.body.rows as {
      kind: string;
      reference: string;
      description: string;
      charge: number;
      credit: number;
    }[];
    const memos = rows.filter((row) => row.kind === 'credit_memo');
    // a voided memo stays on the day it was issued (an earlier statement still shows it), and its void charges it back
    expect(memos.find((row) => row.reference === voided.body.number)).toMatchObject({ credit: 1 });
    expect(
      rows.filter((row) => row.kind === 'credit_memo_void' && row.reference === voided.body.number),
    ).toEqual([
      expect.objectContaining({
        reference: voided.body.number,
        description: `Credit memo ${voided.body.number} on invoice ${invoice.number} voided`,
        charge: 1,
        credit: 0,
      }),
    ]);
    expect(memos.find((row) => row.reference === issued.body.number)).toMatchObject({
      description: `Credit memo ${issued.body.number} on invoice ${invoice.number}`,
      credit: issued.body.total,
    });
    expect(statement.body.closing_balance).toBeCloseTo(await balanceOf(), 2);
  });
});
