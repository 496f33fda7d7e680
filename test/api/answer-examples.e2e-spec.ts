import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { setFeature } from '../support/cli.js';
import {
  answerProblems,
  expectDocumentedAnswer,
  loadApiDocument,
  type ApiDocument,
} from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient, type ApiResponse } from '../support/http.js';
import { png } from '../support/images.js';

/**
 * The examples of the OpenAPI document are real answers: each route called here answers a documented success status
 * with a body of the documented example's shape (same keys and JSON types, recursively; a list by its first row), so
 * an example cannot drift from the code unnoticed.
 */
describe('Documented answer examples (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let customerId: string;
  let invoiceId: string;
  let uploadedProductId: string;
  let productId: string;
  const checked = new Set<string>();

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    owner = await signUpOwner(api, 'Rosa Diaz');
    customerId = (await api.post('customer', RUSTY_NAIL, owner.token)).body.id;
    const product = await api.post(
      'product',
      {
        product: "Tito's Vodka",
        product_type: 'liquor',
        product_size: '750ml',
        product_price: 19.99,
        last_purchase_price: '15.00',
      },
      owner.token,
    );
    productId = product.body.id;
    const today = businessDate(new Date().toISOString());
    await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, owner.token);
    const invoice = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: product.body.id, qty: 3, price: 19.99 }] },
      owner.token,
    );
    expect(invoice.status).toBe(201);
    invoiceId = invoice.body.id;
  });
  afterAll(async () => {
    await app.close();
  });

  /** Calls the route and checks its answer against the document. */
  async function call(method: string, path: string, body?: unknown, token = owner.token) {
    return check(method, path, await api.call(method, path, { body, token }));
  }
  function check(method: string, path: string, response: ApiResponse) {
    checked.add(expectDocumentedAnswer(document, method, path, response));
    return response;
  }
  /** A multipart upload of one file, as the browser's FormData sends it. */
  async function upload(path: string, field: string, file: Buffer, filename: string, note?: string) {
    const form = new FormData();
    if (note !== undefined) form.append('note', note);
    form.append(field, new Blob([new Uint8Array(file)]), filename);
    const response = await fetch(`${app.baseUrl}/api/v1/${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${owner.token}` },
      body: form,
    });
    return check('POST', path, {
      status: response.status,
      body: await response.json(),
      headers: response.headers,
    });
  }

  it('company logos: upload, list, choose the default, remove', async () => {
    await upload('company/logo', 'logo', png(200, 100), 'lonestar.png');
    await upload('company/logo', 'logo', png(300, 100), 'banner.png');
    const second = (await call('GET', 'company/logo')).body[1].id;
    await call('PUT', `company/logo/${second}/default`);
    await call('DELETE', `company/logo/${second}`);
  });

  it('price tiers: the settings saved, a tier removed', async () => {
    await setFeature(app.app, owner.user.company_id, 'tiered_pricing');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    await call('PUT', 'product/price-tier/settings', { tier_base: 'last_purchase_price' });
    const tier = await call('POST', 'product/price-tier', { name: 'Wholesale', percentage: 5, color: 'red' });
    await call('DELETE', `product/price-tier/${tier.body.id}`);
  });

  it('stamps: a range assigned by hand, a destroy undone', async () => {
    const today = businessDate(new Date().toISOString());
    const roll = await call('POST', 'stamp/roll', { prefix: 'CD', received_at: today, from: 1, to: 480 });
    await call('PUT', `stamp/roll/${roll.body.id}/assign`, { from: 1, to: 5, note: 'samples' });
    const destroyed = await call('POST', `stamp/roll/${roll.body.id}/destroy`, {
      from: 10,
      to: 12,
      note: 'water damage',
    });
    await call('DELETE', `stamp/undo-destroy?ids=${destroyed.body.id}`);
  });

  it("the Comptroller's monthly alcohol sales report", async () => {
    await call(
      'GET',
      `comptroller/alcohol-sales?month=${businessDate(new Date().toISOString()).slice(0, 7)}`,
    );
    const companyId = owner.user.company_id;
    const months = await call('GET', `company/${companyId}/alcohol-reports`);
    await call('POST', `company/${companyId}/alcohol-reports/${months.body.months[0].month}/filed`, {
      confirmation_number: 'RITS-2026110012',
    });
  });

  it('staff: an invitation looked up and accepted, the new user disabled', async () => {
    const invited = await call('POST', 'company/staff/invitation', {
      name: 'Sam Ortiz',
      email: `sam${Date.now()}@example.test`,
    });
    const token = /invitation=([A-Za-z0-9_-]+)/.exec(invited.body.link)![1]!;
    await call('GET', `auth/invitation?token=${token}`, undefined, '');
    const joined = await call(
      'POST',
      'auth/invitation/accept',
      {
        token,
        name: 'Sam Ortiz',
        title: 'Sales',
        password: 'staff-secret',
        confirm_password: 'staff-secret',
      },
      '',
    );
    await call('PUT', `company/staff/${joined.body.user.id}`, { disabled: true });
    await call('GET', 'company/staff');
  });

  it("invoice documents: a document attached and renamed, the invoice's documents listed", async () => {
    const attached = await upload(
      `invoice/${invoiceId}/document`,
      'invoice_document',
      Buffer.from('%PDF-1.4\n%%EOF\n'),
      'receipt.pdf',
      'Signed on delivery',
    );
    await call('PUT', `invoice/document/${attached.body.id}`, {
      originalname: 'delivery-receipt.pdf',
      note: 'Signed by Ana',
    });
    await call('GET', `invoice/${invoiceId}/document`);
  });

  it("invoice file upload (fintech): a distributor's CSV as the builder's prefill", async () => {
    await setFeature(app.app, owner.user.company_id, 'fintech');
    const product = await api.post(
      'product',
      {
        product: 'House Merlot',
        product_type: 'wine',
        product_size: '750ml',
        product_price: 8.99,
        last_purchase_price: '4.00',
        upc: '081753000123',
      },
      owner.token,
    );
    expect(product.status).toBe(201);
    uploadedProductId = product.body.id;
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const converted = await upload(
      'invoice/convert',
      'invoice',
      Buffer.from(
        'Invoice Number,TABC ID,Invoice Date,UPC,Qty,Price\n1042,MB999999,2026-11-21,081753000123,3,8.99\n',
      ),
      'invoice.csv',
    );
    expect(converted.status).toBe(200);
  });

  it('customer users: invited, listed, disabled, revoked, their notifications set', async () => {
    await setFeature(app.app, owner.user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const invited = await call('POST', 'customer/user-invitation', {
      values: { name: 'Ana Flores', email: `ana${Date.now()}@example.test`, tabc_id: 'MB123456' },
      customer: customerId,
    });
    const user = invited.body.user.id;
    const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(invited.body.link)![1]!;
    expect((await api.post('shop/invitation/accept', { token: link, password: 'secret1' })).status).toBe(200);
    await call('GET', 'customer/all-users');
    await call('GET', `customer/${customerId}/user`);
    await call('PUT', 'customer/user-permission', { permission: false, customerUser: user });
    await call('PUT', 'customer/user-invitation-revoke', { revoke: true, customerUser: user });
    await call('PUT', `customer/${customerId}/notification-preferences`, {
      app: true,
      email: true,
      sms: false,
    });
  });

  it('orders and the ordering app: signed in, placed, listed, reviewed, linked, opened, cancelled', async () => {
    await setFeature(app.app, owner.user.company_id, 'order');
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const email = `bar${Date.now()}@example.test`;
    const invited = await api.post(
      'customer/user-invitation',
      { values: { name: 'Bar Manager', email }, customer: customerId },
      owner.token,
    );
    const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(invited.body.link)![1]!;
    await call('GET', `shop/invitation?token=${link}`, undefined, '');
    await call('POST', 'shop/invitation/accept', { token: link, password: 'secret1' }, '');
    const shop = (await call('POST', 'shop/auth/sign-in', { email, password: 'secret1' }, '')).body.token;
    await call('GET', 'shop/me', undefined, shop);
    const [product] = (await call('GET', 'shop/catalogue', undefined, shop)).body;
    const items = [{ product_id: product.id, qty: 2 }];
    const placed = await call('POST', 'shop/order', { items, note: 'Before Friday' }, shop);
    const other = await api.post('shop/order', { items, note: '' }, shop);
    await call('POST', `shop/order/${other.body.id}/cancel`, undefined, shop);
    await call('GET', 'shop/order', undefined, shop);
    // drafts: saved, listed, opened, saved again, placed; another cancelled
    const draft = (await call('POST', 'shop/order/draft', { items, note: 'For Saturday' }, shop)).body;
    await call('GET', 'shop/order/draft', undefined, shop);
    await call('GET', `shop/order/draft/${draft.id}`, undefined, shop);
    await call('PUT', `shop/order/draft/${draft.id}`, { items: [{ ...items[0], qty: 3 }], note: '' }, shop);
    await call('POST', `shop/order/draft/${draft.id}/place`, {}, shop);
    const dropped = (await api.post('shop/order/draft', { items, note: '' }, shop)).body;
    await call('POST', `shop/order/draft/${dropped.id}/cancel`, undefined, shop);
    await call('GET', 'shop/invoice', undefined, shop);
    // the history: one order, one invoice, the balance owed, the usual products
    await call('GET', `shop/order/${placed.body.id}`, undefined, shop);
    await call('GET', `shop/invoice/${invoiceId}`, undefined, shop);
    await call('GET', 'shop/balance', undefined, shop);
    await call('GET', 'shop/catalogue/usual', undefined, shop);
    const number = placed.body.order_number;
    await call('GET', 'order/grid?startRow=0&endRow=10');
    await call('GET', `order/${number}`);
    await call('PUT', `order/${number}/item/1`, { action: 'price', price: '18.50', note: 'Deal' });
    await call('PUT', `order/${number}`, { note: 'Delivering Tuesday' });
    const shared = await call('POST', `order/${number}/link`);
    await call('GET', `pdf/order/${shared.body.token}`, undefined, '');
  });

  it("credit law and licence guard: the builder's checks and an invoice's statutory dates", async () => {
    await call('GET', `invoice/checks?customer_id=${customerId}`);
    await call('GET', `invoice/${invoiceId}/credit-law`);
  });

  it('answers the fields and the call shapes the client specification lists', async () => {
    for (const feature of ['inventory', 'order', 'email', 'fintech'])
      await setFeature(app.app, owner.user.company_id, feature);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());

    // invoice: company_id and its Clover request log; the grid by customerId
    const invoice = (await call('GET', `invoice/${invoiceId}`)).body;
    expect(invoice).toMatchObject({ company_id: owner.user.company_id, cloverApiRequestLog: [] });
    const grid = (await call('GET', `invoice/grid?startRow=0&endRow=25&customerId=${customerId}`)).body;
    expect(grid.rows.length).toBeGreaterThan(0);
    expect(new Set(grid.rows.map((row: { customer_id: string }) => row.customer_id))).toEqual(
      new Set([customerId]),
    );

    // product: its inventory (the invoice took 3 bottles) and its invoices
    const product = (await call('GET', `product/${productId}`)).body;
    expect(product.inventory).toMatchObject({ qty: -3, status: 'NEGATIVE' });
    expect(product.stock_status).toBe('NEGATIVE');
    expect(product.invoices).toEqual([
      expect.objectContaining({ id: invoiceId, qty: 3, unit_price: 19.99, on_deal: false, total: 59.97 }),
    ]);

    // PUT /inventory answers the saved rows with their qty; the history names ref_number, unit_price, on_deal
    const restocked = await call('PUT', 'inventory', {
      items: [{ product_id: productId, qty: 12, item_cost: 15 }],
      ref_number: 'PO-7',
    });
    expect(restocked.body).toEqual([
      { id: productId, product_id: productId, product: "TITO'S VODKA", qty: 9, restocked: 12 },
    ]);
    const history = (await call('GET', 'inventory/history/grid?startRow=0&endRow=10')).body.rows;
    expect(history[0]).toMatchObject({ source: 'RESTOCK', ref_number: 'PO-7', ref: 'PO-7', unit_price: 15 });
    expect(history.find((row: { source: string }) => row.source === 'INVOICE')).toMatchObject({
      ref_number: invoice.number,
      unit_price: 19.99,
      price: 19.99,
      on_deal: false,
    });

    // customer: its price tier and its users; a customer user: sign-ins and invitations
    const customer = (await call('GET', `customer/${customerId}`)).body;
    expect(customer).toMatchObject({ productPriceTier: null });
    expect(customer.customerUser.map((user: { name: string }) => user.name)).toContain('Ana Flores');
    const users = (await call('GET', `customer/${customerId}/user`)).body;
    const ana = users.find((user: { name: string }) => user.name === 'Ana Flores');
    expect(ana.userActivity).toEqual([
      expect.objectContaining({ type: 'SIGN_IN', created_at: expect.any(String) }), // accepting signs in
    ]);
    expect(ana.emailInvitation).toEqual([
      expect.objectContaining({ status: 'accepted', used_at: expect.any(String) }),
    ]);

    // document path (read with the token); feature id
    const [document] = (await call('GET', `invoice/${invoiceId}/document`)).body.documents;
    expect(document.path).toBe(`/api/v1/invoice/document/${document.id}/preview`);
    const file = await fetch(`${app.baseUrl}${document.path}`, {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    expect(file.status).toBe(200);
    const features = (await call('GET', 'company/features')).body;
    expect(features.every((card: { id: string; name: string }) => card.id === card.name)).toBe(true);

    // GET /invoice/{id}/email: the list; DELETE invoice/{id}/note with the note as payload
    expect(Array.isArray((await call('GET', `invoice/${invoiceId}/email`)).body)).toBe(true);
    const [note] = (await call('POST', `invoice/${invoiceId}/note`, { note: 'Call before delivery' })).body;
    const left = await call('DELETE', `invoice/${invoiceId}/note`, {
      note: note.note,
      createdAt: note.createdAt,
    });
    expect(left.body).toEqual([]);

    // POST /fintech/sync with invoiceIds as a parameter (the customer has no fintech id: refused, answered)
    const synced = await call('POST', `fintech/sync?invoiceIds=${invoiceId}`);
    expect(synced.body).toMatchObject({ success: false, synced: 0, failed: 1 });
  });

  it('has checked every operation documented for this test', () => {
    expect([...checked].sort()).toEqual(
      expect.arrayContaining([
        'DELETE /api/v1/company/logo/{id}',
        'DELETE /api/v1/product/price-tier/{id}',
        'DELETE /api/v1/stamp/undo-destroy',
        'GET /api/v1/comptroller/alcohol-sales',
        'GET /api/v1/company/{id}/alcohol-reports',
        'POST /api/v1/company/{id}/alcohol-reports/{month}/filed',
        'GET /api/v1/auth/invitation',
        'GET /api/v1/company/logo',
        'GET /api/v1/customer/all-users',
        'GET /api/v1/customer/{customerId}/user',
        'POST /api/v1/auth/invitation/accept',
        'POST /api/v1/company/logo',
        'POST /api/v1/customer/user-invitation',
        'POST /api/v1/invoice/{idOrNumber}/document',
        'POST /api/v1/invoice/convert',
        'PUT /api/v1/company/logo/{id}/default',
        'PUT /api/v1/company/staff/{id}',
        'PUT /api/v1/customer/user-invitation-revoke',
        'PUT /api/v1/customer/user-permission',
        'PUT /api/v1/customer/{id}/notification-preferences',
        'PUT /api/v1/invoice/document/{id}',
        'PUT /api/v1/product/price-tier/settings',
        'PUT /api/v1/stamp/roll/{roll_id}/assign',
        'GET /api/v1/order/grid',
        'GET /api/v1/order/{idOrNumber}',
        'GET /api/v1/pdf/order/{token}',
        'GET /api/v1/shop/catalogue',
        'GET /api/v1/shop/invitation',
        'GET /api/v1/shop/invoice',
        'GET /api/v1/shop/me',
        'GET /api/v1/shop/order',
        'GET /api/v1/shop/order/{id}',
        'GET /api/v1/shop/invoice/{id}',
        'GET /api/v1/shop/balance',
        'GET /api/v1/shop/catalogue/usual',
        'POST /api/v1/order/{idOrNumber}/link',
        'POST /api/v1/shop/auth/sign-in',
        'POST /api/v1/shop/invitation/accept',
        'POST /api/v1/shop/order',
        'POST /api/v1/shop/order/{id}/cancel',
        'GET /api/v1/shop/order/draft',
        'GET /api/v1/shop/order/draft/{id}',
        'POST /api/v1/shop/order/draft',
        'PUT /api/v1/shop/order/draft/{id}',
        'POST /api/v1/shop/order/draft/{id}/place',
        'POST /api/v1/shop/order/draft/{id}/cancel',
        'PUT /api/v1/order/{idOrNumber}',
        'PUT /api/v1/order/{idOrNumber}/item/{line}',
        'GET /api/v1/invoice/checks',
        'GET /api/v1/invoice/{idOrNumber}/credit-law',
        'GET /api/v1/invoice/{idOrNumber}',
        'GET /api/v1/invoice/grid',
        'GET /api/v1/product/{id}',
        'PUT /api/v1/inventory',
        'GET /api/v1/inventory/history/grid',
        'GET /api/v1/customer/{id}',
        'GET /api/v1/invoice/{idOrNumber}/document',
        'GET /api/v1/company/features',
        'GET /api/v1/invoice/{idOrNumber}/email',
        'POST /api/v1/invoice/{idOrNumber}/note',
        'DELETE /api/v1/invoice/{idOrNumber}/note',
        'POST /api/v1/fintech/sync',
      ]),
    );
  });

  it("answers every documented GET that needs no path parameter with its example's shape", async () => {
    for (const feature of [
      'inventory',
      'order',
      'tiered_pricing',
      'bottle_pos',
      'clover',
      'fintech',
      'quickbooks',
    ])
      await setFeature(app.app, owner.user.company_id, feature);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const past = businessDate(new Date(Date.now() - 3 * 86_400_000).toISOString());
    /** What a route needs in its query to answer a success (the invitation lookup is called above, with its token). */
    const query: Record<string, string | null> = {
      'auth/invitation': null,
      'company/stats': `from=${past}&to=${past}`,
      'invoice/last': `customerId=${customerId}`,
      'fintech/sync-log': `invoiceIds=${invoiceId}`,
      // one stamp's history: a serial of the roll received above, as printed
      'stamp/history': 'serial=AB1005',
      'stamp/record/serial': 'serial=AB1005',
      // these GETs start a sync (as the client's specification asks) rather than read: test/api/integrations.e2e-spec.ts runs them
      'bottle-pos/sync-invoices': null,
      'bottle-pos/sync-products': null,
      'clover/sync-invoices': null,
      'clover/sync-products': null,
      'clover/sync-inventory': null,
      // QuickBooks' redirect back after authorizing: test/api/quickbooks.e2e-spec.ts runs the connect flow
      'quickbooks/callback': null,
      // a JSON file to download, documented as a file (ApiFileAnswer)
      'bottle-pos/export-invoices': null,
      // the driver's download takes a driver's token: test/api/routes.e2e-spec.ts checks its answer
      'driver/routes': null,
    };
    const paths = Object.entries(document.paths)
      .filter(
        ([path, methods]) =>
          methods.get &&
          !path.includes('{') &&
          !(methods.get.parameters ?? []).some((parameter) => parameter.required) &&
          Object.values(methods.get.responses).some((answer) => answer.content?.['application/json']),
      )
      .map(([path]) => path.replace('/api/v1/', ''))
      // the ordering app's routes take a customer user's token: called above, signed in as one
      .filter((path) => query[path] !== null && !path.startsWith('shop/'));
    const found: { name: string; problems: string[] }[] = [];
    for (const path of paths) {
      const url = query[path] ? `${path}?${query[path]}` : path;
      const response = await api.get(url, owner.token);
      const { name, problems } = answerProblems(document, 'GET', url, response);
      found.push({ name, problems });
      checked.add(name);
    }
    expect(found.filter(({ problems }) => problems.length > 0)).toEqual([]);
    expect(found.length).toBeGreaterThanOrEqual(25);
  });

  it("answers a product's state in Clover with its example's shape (the clover feature is on since the sweep)", async () => {
    await call('GET', `clover/product/${uploadedProductId}`);
  });
});
