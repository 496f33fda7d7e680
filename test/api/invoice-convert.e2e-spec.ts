import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/**
 * POST /invoice/convert (fintech): a distributor's invoice file (CSV) becomes a prefill of the invoice builder. Every
 * row is checked; a bad file is a 400 listing each problem with its line, never a 500, and nothing is saved.
 */
describe('Invoice file upload: POST /invoice/convert (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());

  async function upload(
    token: string,
    content: string | Buffer,
    filename = 'invoice.csv',
    field = 'invoice',
  ) {
    const form = new FormData();
    form.append(field, new Blob([typeof content === 'string' ? content : new Uint8Array(content)]), filename);
    const response = await fetch(`${app.baseUrl}/api/v1/invoice/convert`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined };
  }

  async function aCompany({ fintech = true, tabc = 'MB123456' } = {}) {
    const owner = await signUpOwner(api);
    const customer = (await api.post('customer', { ...RUSTY_NAIL, tabc_id: tabc }, owner.token)).body;
    const product = async (name: string, type: string, upc: string, price: number) => {
      const created = await api.post(
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: '4.00',
          upc,
        },
        owner.token,
      );
      expect(created.status).toBe(201);
      return created.body.id as string;
    };
    const suffix = String(Math.floor(Math.random() * 1e6)).padStart(6, '0');
    const vodka = await product("Tito's Vodka", 'liquor', `619947${suffix}`, 19.99);
    const merlot = await product('House Merlot', 'wine', `081753${suffix}`, 8.99);
    if (fintech) await setFeature(app.app, owner.user.company_id, 'fintech');
    await settle();
    return {
      token: owner.token,
      companyId: owner.user.company_id as string,
      customer: customer as { id: string; name: string; display_tabc_id: string },
      vodka,
      merlot,
      upc: { vodka: `619947${suffix}`, merlot: `081753${suffix}` },
    };
  }

  it('answers 403 while the fintech feature is off', async () => {
    const company = await aCompany({ fintech: false });
    const response = await upload(company.token, `UPC,Qty,Price\n${company.upc.vodka},1,19.99\n`);
    expect(response.status).toBe(403);
  });

  it("converts a Detailed CSV export of one invoice back into the builder's prefill (a round trip)", async () => {
    const company = await aCompany();
    const today = businessDate(new Date().toISOString());
    await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, company.token);
    const created = await api.post(
      'invoice',
      {
        customer_id: company.customer.id,
        items: [
          { product_id: company.vodka, qty: 3, price: '18.50', taxable: false, on_deal: true },
          { product_id: company.merlot, qty: 12, price: '8.99' },
        ],
      },
      company.token,
    );
    expect(created.status).toBe(201);
    await settle();
    const csv = await api.get('invoice/export/detailed', company.token);
    expect(csv.status).toBe(200);

    const converted = await upload(company.token, csv.body as string, 'invoices_detailed.csv');
    expect(converted.status).toBe(200);
    expect(converted.body).toEqual({
      reference: created.body.number,
      customer: {
        id: company.customer.id,
        name: 'The Rusty Nail',
        city: 'Austin',
        display_tabc_id: company.customer.display_tabc_id,
      },
      invoiced_at: today,
      items: expect.any(Array),
      warnings: [],
    });
    const items = converted.body.items as { product_id: string; qty: number; price: string }[];
    expect(
      items.map(({ product_id, qty, price, taxable, on_deal }: any) => ({
        product_id,
        qty,
        price,
        taxable,
        on_deal,
      })),
    ).toEqual(
      expect.arrayContaining([
        { product_id: company.vodka, qty: 3, price: '18.50', taxable: false, on_deal: true },
        { product_id: company.merlot, qty: 12, price: '8.99', taxable: true, on_deal: false },
      ]),
    );
    expect(items).toHaveLength(2);
    expect(converted.body.items[0].product).toEqual(
      expect.objectContaining({ upc: expect.any(String), last_purchase_price: '4.00' }),
    );
  });

  it('reads its own columns in any order and case, with US dates, $ prices and a BOM; warns of an unknown customer', async () => {
    const company = await aCompany();
    const file =
      '\uFEFFprice,QUANTITY,upc,Product,tabc_id,invoice date,on deal\r\n' +
      `"$1,019.99",2,${company.upc.vodka},Tito's,MB999999,11/02/2026,yes\r\n` +
      `8.5,-1,${company.upc.merlot},Merlot,MB999999,11/02/2026,\r\n`;
    const converted = await upload(company.token, file);
    expect(converted.status).toBe(200);
    expect(converted.body).toMatchObject({
      reference: null,
      customer: null,
      invoiced_at: '2026-11-02',
      warnings: ['No customer with TABC ID MB999999: pick the customer.'],
      items: [
        { line: 2, product_id: company.vodka, qty: 2, price: '1019.99', taxable: true, on_deal: true },
        { line: 3, product_id: company.merlot, qty: -1, price: '8.50', taxable: true, on_deal: false },
      ],
    });
  });

  it('finds the customer by name when the file has no TABC ID', async () => {
    const company = await aCompany();
    const converted = await upload(
      company.token,
      `Customer,UPC,Qty,Price\nthe rusty nail,${company.upc.merlot},1,8.99\n`,
    );
    expect(converted.status).toBe(200);
    expect(converted.body.customer?.id).toBe(company.customer.id);
  });

  it('lists every bad row with its line, and a file-wide problem first', async () => {
    const company = await aCompany();
    const file = [
      'Invoice Number,UPC,Qty,Price,Taxable,Invoice Date',
      `1001,${company.upc.vodka},abc,19.99,Yes,2026-11-02`,
      `1001,${company.upc.vodka},2,-3,maybe,2026-02-30`,
      `1002,,${'9'.repeat(400)},${'9'.repeat(400)},No,2026-11-02`,
      `1001,${company.upc.merlot},0,1e309,No,2026-11-02`,
      `1001,000000000000,1,1.00,No,2026-11-02`,
    ].join('\n');
    const response = await upload(company.token, file);
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('The invoice file has problems; nothing was converted.');
    const messages = (response.body.details as { message: string }[]).map((d) => d.message);
    expect(messages[0]).toMatch(/more than one Invoice Number \(1001, 1002\): upload one invoice at a time/);
    expect(messages).toEqual(
      expect.arrayContaining([
        'Line 2: Qty must be a whole number; "abc" is not.',
        expect.stringMatching(/^Line 3: Price must be an amount/),
        'Line 3: Taxable must be Yes or No.',
        'Line 3: Invoice Date must be a date (YYYY-MM-DD or MM/DD/YYYY).',
        'Line 4: UPC is required (it names the product).',
        expect.stringMatching(/^Line 4: Qty must be a whole number; "9{20}" is not\.$/),
        expect.stringMatching(/^Line 4: Price must be an amount/),
        expect.stringMatching(/^Line 5: Qty must be a whole number from 1 to 100000/),
        expect.stringMatching(/^Line 5: Price must be an amount/),
      ]),
    );
    // the UPC lookup runs once the rows are well-formed
    const unknown = await upload(company.token, `UPC,Qty,Price,Product\n000000000000,1,1.00,Mystery Gin\n`);
    expect(unknown.status).toBe(400);
    expect(unknown.body.details).toEqual([
      {
        field: 'line 2: UPC',
        message: 'Line 2: no product with UPC 000000000000 (Mystery Gin) in your products.',
      },
    ]);
  });

  it("never finds another company's products or customers", async () => {
    const mine = await aCompany();
    const other = await aCompany({ tabc: 'MB777777' });
    const response = await upload(mine.token, `UPC,Qty,Price\n${other.upc.vodka},1,19.99\n`);
    expect(response.status).toBe(400);
    expect(response.body.details[0].message).toMatch(/no product with UPC/);
    const customer = await upload(mine.token, `TABC ID,UPC,Qty,Price\nMB777777,${mine.upc.vodka},1,19.99\n`);
    expect(customer.status).toBe(200);
    expect(customer.body.customer).toBeNull();
  });

  it('refuses what is not a CSV invoice with a clear 400, never a 500', async () => {
    const company = await aCompany();
    const notCsv =
      'The invoice file must be a CSV (comma-separated text, UTF-8) with a header row; this file is not.';
    const cases: [string, string | Buffer, string, string | RegExp][] = [
      ['NUL bytes', `UPC,Qty,Price\n${company.upc.vodka}\u0000,1,1.00\n`, 'a.csv', notCsv],
      ['a PDF', Buffer.from('%PDF-1.4\n%%EOF\n'), 'invoice.pdf', notCsv],
      ['a PDF named .csv', Buffer.from([0x25, 0x50, 0xff, 0xfe, 0x00]), 'invoice.csv', notCsv],
      ['HTML named .csv', '<html><script>alert(1)</script></html>', 'invoice.csv', notCsv],
      ['an unterminated quote', 'UPC,Qty,Price\n"123,1,1.00\n', 'a.csv', /^The invoice file must be a CSV/],
      [
        'only blank lines',
        '\n\n\r\n',
        'a.csv',
        'The invoice file has no lines: add a header row and one row per item.',
      ],
      [
        'a header alone',
        'UPC,Qty,Price\n',
        'a.csv',
        'The invoice file has no lines: add a header row and one row per item.',
      ],
      [
        'columns missing',
        'Product,Qty\nGin,1\n',
        'a.csv',
        'The header row must name the columns UPC, Qty and Price; missing: UPC, Price.',
      ],
      [
        'too many rows',
        `UPC,Qty,Price\n${`${company.upc.vodka},1,1.00\n`.repeat(501)}`,
        'a.csv',
        'The invoice file has 501 item rows; an invoice can have at most 500 items.',
      ],
    ];
    for (const [what, content, name, message] of cases) {
      const response = await upload(company.token, content, name);
      expect({ what, status: response.status }).toEqual({ what, status: 400 });
      expect({ what, message: response.body.message }).toEqual({
        what,
        message: typeof message === 'string' ? message : expect.stringMatching(message),
      });
    }
    const control = await upload(
      company.token,
      `UPC,Qty,Price,Product\n${company.upc.vodka},1,1.00,"a\u0007b"\n`,
    );
    expect(control.status).toBe(400);
    expect(control.body.details[0].message).toBe('Line 2: Product must not contain control characters.');

    const missing = await upload(company.token, 'UPC,Qty,Price\n1,1,1\n', 'a.csv', 'document');
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('Please choose the invoice file (CSV) to upload.');
    const empty = await upload(company.token, '', 'a.csv');
    expect(empty.status).toBe(400);
    const json = await api.post('invoice/convert', { invoice: 'x' }, company.token);
    expect(json.status).toBe(400);
    const big = await upload(company.token, Buffer.alloc(5 * 1024 * 1024 + 10, 'a'), 'big.csv');
    expect(big.status).toBe(413);
  });

  it('saves nothing: no event is written by a conversion', async () => {
    const company = await aCompany();
    const before = await app.runtime.store.headCheckpoint();
    const ok = await upload(company.token, `UPC,Qty,Price\n${company.upc.vodka},1,19.99\n`);
    expect(ok.status).toBe(200);
    expect(await app.runtime.store.headCheckpoint()).toEqual(before);
  });
});
