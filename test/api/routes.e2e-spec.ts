import { EventAppender, rebuildProjection } from '#engine';
import { routeProjection } from '#projections/index.js';
import { pdfText } from '../support/pdf-text.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectDocumentedAnswer, loadApiDocument, type ApiDocument } from '../support/documented-answers.js';
import { SIGNATURE_PNG } from '../support/delivery-images.js';
import { aDriver, apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { liveClient } from '../support/live.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const customer = (name: string, address: string, zip: string, cod = 0) => ({
  name,
  address,
  city: 'Austin',
  zip,
  tabc_id: `MB${Math.floor(100000 + Math.random() * 899999)}`,
  cash_on_delivery: cod,
  fintech_option: 0,
});
const WINE = {
  product: 'Barefoot Merlot',
  product_type: 'wine',
  product_size: '750ml',
  product_price: 10,
  last_purchase_price: '5.00',
};
const DATE = '2026-12-02';

describe('Delivery routes (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let companyId: string;
  let wine: string;
  let driver: { id: string; token: string };
  let otherDriver: { id: string; token: string };
  const customers: string[] = [];

  const anInvoice = async (customerId: string, qty = 2) => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: wine, qty, price: 10 }], force: true },
      token,
    );
    expect(created.status).toBe(201);
    return created.body as { id: string; number: string };
  };
  const aRoute = async (name: string, driverId: string | null = null, key?: string) => {
    const created = await api.post(
      'routes',
      { date: DATE, name, driver_id: driverId, truck: 'Truck 2' },
      token,
      key ? { 'Idempotency-Key': key } : undefined,
    );
    expect(created.status).toBe(201);
    return created.body;
  };
  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id as string;
    for (const [name, address, zip] of [
      ['Oak Tavern', '500 Oak St', '78702'],
      ['Elm Bar', '90 Elm St', '78701'],
      ['Ash Lounge', '7 Ash Ave', '78702'],
    ])
      customers.push((await api.post('customer', customer(name!, address!, zip!), token)).body.id);
    wine = (await api.post('product', WINE, token)).body.id;
    driver = await aDriver(api, token, 'Dee Driver');
    otherDriver = await aDriver(api, token, 'Otto Other');
  });
  afterAll(async () => {
    await app.close();
  });

  it('plans a route, adds invoices, reorders, suggests the order by address, skips, closes', async () => {
    const route = await aRoute('North', driver.id);
    expectDocumentedAnswer(document, 'POST', 'routes', { status: 201, body: route } as never);
    expect(route).toMatchObject({ date: DATE, name: 'North', truck: 'Truck 2', status: 'planned', stops: 0 });
    expect(route.driver).toEqual({ id: driver.id, name: 'Dee Driver' });

    const invoices: { id: string; number: string }[] = [];
    for (const id of customers) invoices.push(await anInvoice(id));
    const unrouted = await api.get(`routes/unrouted?date=${DATE}`, token);
    expect(unrouted.status).toBe(200);
    expect(unrouted.body.invoices.map((i: { id: string }) => i.id)).toEqual(
      expect.arrayContaining(invoices.map((i) => i.id)),
    );

    const added = await api.post(
      `route/${route.id}/stops`,
      { invoice_ids: invoices.map((i) => i.id) },
      token,
    );
    expect(added.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', 'route/{id}/stops', added);
    expect(added.body.stop_list.map((s: { customer: string }) => s.customer)).toEqual([
      'Oak Tavern',
      'Elm Bar',
      'Ash Lounge',
    ]);
    expect(added.body.stop_list[0]).toMatchObject({
      position: 1,
      invoice_number: invoices[0]!.number,
      address: '500 Oak St, Austin, TX 78702',
      status: 'planned',
      amount_due: 21.65,
    });
    const after = await api.get(`routes/unrouted?date=${DATE}`, token);
    expect(after.body.invoices.filter((i: { id: string }) => invoices.some((x) => x.id === i.id))).toEqual(
      [],
    );

    const ids = added.body.stop_list.map((s: { id: string }) => s.id) as string[];
    const reordered = await api.put(
      `route/${route.id}/stops/order`,
      { stop_ids: [ids[2], ids[0], ids[1]] },
      token,
    );
    expect(reordered.status).toBe(200);
    expect(reordered.body.stop_list.map((s: { id: string }) => s.id)).toEqual([ids[2], ids[0], ids[1]]);

    const suggested = await api.post(`route/${route.id}/stops/suggest-order`, {}, token);
    expect(suggested.status).toBe(200);
    expect(suggested.body.stop_list.map((s: { customer: string }) => s.customer)).toEqual([
      'Elm Bar',
      'Ash Lounge',
      'Oak Tavern',
    ]);

    const skipped = await api.post(
      `route/${route.id}/stop/${ids[0]}/skip`,
      { note: 'Closed on arrival', skipped_at: '2026-12-02T15:00:00.000Z' },
      token,
      { 'Idempotency-Key': `skip-${ids[0]}` },
    );
    expect(skipped.status).toBe(200);
    const retried = await api.post(
      `route/${route.id}/stop/${ids[0]}/skip`,
      { note: 'Closed on arrival', skipped_at: '2026-12-02T15:00:00.000Z' },
      token,
      { 'Idempotency-Key': `skip-${ids[0]}` },
    );
    expect(retried.status).toBe(200);
    expect(retried.body).toEqual(skipped.body);
    const stop = skipped.body.stop_list.find((s: { id: string }) => s.id === ids[0]);
    expect(stop).toMatchObject({ status: 'skipped', note: 'Closed on arrival' });
    expect(skipped.body.done).toBe(1);
    const again = await api.post(
      `route/${route.id}/stop/${ids[0]}/skip`,
      { note: 'Again', skipped_at: '2026-12-02T15:00:00.000Z' },
      token,
    );
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('Only a planned stop can be skipped.');

    const sheet = await api.get(`route/${route.id}/load-sheet`, token);
    expect(sheet.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', 'route/{id}/load-sheet', sheet);
    expect(sheet.body.lines).toEqual([
      expect.objectContaining({
        product_id: wine,
        product: 'BAREFOOT MERLOT 750ml',
        quantity: 6,
        stamps: [],
      }),
    ]);

    // the route sheet: the stops in order and the load sheet, as a PDF
    const sheetPdf = await fetch(`${app.baseUrl}/api/v1/route/${route.id}/pdf`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(sheetPdf.status).toBe(200);
    expect(sheetPdf.headers.get('content-type')).toBe('application/pdf');
    expect(sheetPdf.headers.get('content-disposition')).toContain(`route_North_${DATE}.pdf`);
    const printed = pdfText(Buffer.from(await sheetPdf.arrayBuffer()));
    expect(printed).toContain('Route North');
    expect(printed).toContain('Load sheet');
    expect(printed).toContain('BAREFOOT MERLOT 750ml');
    for (const stop of skipped.body.stop_list as { customer: string }[])
      expect(printed).toContain(stop.customer);

    const closed = await api.post(`route/${route.id}/close`, {}, token);
    expect(closed.status).toBe(200);
    expect(closed.body.status).toBe('closed');
    const late = await api.post(`route/${route.id}/stops`, { invoice_ids: [invoices[0]!.id] }, token);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('This route is closed: it cannot change.');
    const listed = await api.get(`routes?date=${DATE}`, token);
    expectDocumentedAnswer(document, 'GET', 'routes', listed);
    expect(listed.body.find((r: { id: string }) => r.id === route.id)).toMatchObject({ stops: 3, done: 1 });
  });

  it('keeps an invoice on one open route of a day, and refuses a cancelled invoice', async () => {
    const invoice = await anInvoice(customers[0]!);
    const first = await aRoute('East');
    const second = await aRoute('West');
    expect((await api.post(`route/${first.id}/stops`, { invoice_ids: [invoice.id] }, token)).status).toBe(
      201,
    );
    const twice = await api.post(`route/${second.id}/stops`, { invoice_ids: [invoice.id] }, token);
    expect(twice.status).toBe(409);
    expect(twice.body.message).toBe('This invoice is on another open route of this day already.');
    // removed from the first, the second may take it
    const stopId = (await api.get(`route/${first.id}`, token)).body.stop_list[0].id;
    expect((await api.delete(`route/${first.id}/stop/${stopId}`, token)).status).toBe(200);
    expect((await api.post(`route/${second.id}/stops`, { invoice_ids: [invoice.id] }, token)).status).toBe(
      201,
    );

    const cancelled = await anInvoice(customers[1]!);
    expect((await api.put(`invoice/${cancelled.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const refused = await api.post(`route/${second.id}/stops`, { invoice_ids: [cancelled.id] }, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('A cancelled invoice cannot be added to a route.');

    // an invoice cancelled once on the route: its stop says so
    const later = await anInvoice(customers[2]!);
    await api.post(`route/${second.id}/stops`, { invoice_ids: [later.id] }, token);
    expect((await api.put(`invoice/${later.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const shown = (await api.get(`route/${second.id}`, token)).body.stop_list;
    expect(shown.find((s: { invoice_id: string }) => s.invoice_id === later.id)).toMatchObject({
      status: 'planned',
      invoice_cancelled: true,
    });
  });

  it('refuses bad bodies with 400 and changes nothing', async () => {
    const route = await aRoute('South');
    for (const body of [
      { date: 'tomorrow', name: 'X' },
      { date: DATE, name: '' },
      { date: DATE, name: 'X', driver_id: 'nobody' },
      { date: DATE, name: 'X', truck: 'T'.repeat(41) },
    ]) {
      const bad = await api.post('routes', body, token);
      expect(bad.status).toBe(400);
    }
    const notADriver = await api.post('routes', { date: DATE, name: 'X', driver_id: route.id }, token);
    expect(notADriver.status).toBe(400);
    expect(notADriver.body.message).toBe('Choose a driver of your company.');
    expect((await api.post(`route/${route.id}/stops`, {}, token)).status).toBe(400);
    expect((await api.post(`route/${route.id}/stops`, { invoice_ids: ['x'] }, token)).status).toBe(400);
    expect((await api.put(`route/${route.id}/stops/order`, { stop_ids: 'a' }, token)).status).toBe(400);
    expect((await api.put(`route/${route.id}/stops/order`, { stop_ids: ['a'] }, token)).status).toBe(400);
    expect(
      (await api.post(`route/${route.id}/stop/${route.id}/skip`, { note: '', skipped_at: 'now' }, token))
        .status,
    ).toBe(400);
    expect((await api.get(`route/${route.id}`, token)).body).toEqual({ ...route });
    expect((await api.get(`routes?date=yesterday`, token)).status).toBe(400);
  });

  it('plans one route for a retried submit with the same Idempotency-Key', async () => {
    const first = await aRoute('Retry', null, 'route-retry-0001');
    const second = await aRoute('Retry', null, 'route-retry-0001');
    expect(second.id).toBe(first.id);
    const day = await api.get(`routes?date=${DATE}`, token);
    expect(day.body.filter((r: { name: string }) => r.name === 'Retry')).toHaveLength(1);
  });

  it("downloads only the driver's own routes, marks them out; a driver gets 403 elsewhere", async () => {
    const mine = await aRoute('Mine', driver.id);
    const theirs = await aRoute('Theirs', otherDriver.id);
    const invoice = await anInvoice(customers[1]!);
    await api.post(`route/${mine.id}/stops`, { invoice_ids: [invoice.id] }, token);
    const day = await api.get(`driver/routes?date=${DATE}`, driver.token);
    expect(day.status).toBe(200);
    expectDocumentedAnswer(document, 'GET', 'driver/routes', day);
    expect(day.body.driver).toEqual({ id: driver.id, name: 'Dee Driver' });
    expect(day.body.routes.map((r: { id: string }) => r.id)).toContain(mine.id);
    expect(day.body.routes.map((r: { id: string }) => r.id)).not.toContain(theirs.id);
    const route = day.body.routes.find((r: { id: string }) => r.id === mine.id);
    expect(route.status).toBe('out');
    expect(route.stop_list[0]).toMatchObject({
      invoice_id: invoice.id,
      invoice_version: expect.any(Number),
      cod: false,
      lines: [
        expect.objectContaining({
          line_id: '1',
          product_id: wine,
          quantity: 2,
          unit_price: 10,
          is_beer: false,
        }),
      ],
    });
    expect((await api.get(`route/${mine.id}`, token)).body.status).toBe('out');

    // another driver's route is not found for this driver's skip
    const theirStop = await api.post(
      `route/${theirs.id}/stops`,
      { invoice_ids: [(await anInvoice(customers[0]!)).id] },
      token,
    );
    const foreign = await api.post(
      `route/${theirs.id}/stop/${theirStop.body.stop_list[0].id}/skip`,
      { note: 'Not mine', skipped_at: '2026-12-02T15:00:00.000Z' },
      driver.token,
    );
    expect(foreign.status).toBe(404);
    const own = await api.post(
      `route/${mine.id}/stop/${route.stop_list[0].id}/skip`,
      { note: 'Gate locked', skipped_at: '2026-12-02T15:00:00.000Z' },
      driver.token,
    );
    expect(own.status).toBe(200);

    for (const [method, path] of [
      ['GET', `routes?date=${DATE}`],
      ['GET', `route/${mine.id}`],
      ['POST', 'routes'],
      ['GET', 'customer'],
      ['GET', 'company/staff'],
    ] as const) {
      const response = await api.call(method, path, {
        token: driver.token,
        body: method === 'GET' ? undefined : {},
      });
      expect({ path, status: response.status }).toEqual({ path, status: 403 });
    }
    expect((await api.get('validate_token', driver.token)).status).toBe(200);
    // the owner keeps their role; a role is staff or driver
    const ownerId = (await api.get('validate_token', token)).body.id;
    const owner = await api.put(`company/staff/${ownerId}`, { role: 'driver' }, token);
    expect(owner.status).toBe(400);
    expect(owner.body.message).toBe('The company owner stays the owner.');
    expect((await api.put(`company/staff/${driver.id}`, { role: 'owner' }, token)).status).toBe(400);
    expect((await api.put(`company/staff/${driver.id}`, { role: 'driver' }, driver.token)).status).toBe(403);
    expect((await api.get(`driver/routes?date=${DATE}`, token)).status).toBe(403);
  });

  it("answers 404 for another company's routes", async () => {
    const route = await aRoute('Private route');
    const stopInvoice = await anInvoice(customers[0]!);
    const withStop = await api.post(`route/${route.id}/stops`, { invoice_ids: [stopInvoice.id] }, token);
    const stopId = withStop.body.stop_list[0].id;
    const other = await signUpOwner(api, 'Other Owner');
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `route/${route.id}` },
        { method: 'PUT', path: `route/${route.id}`, body: { name: 'Mine' } },
        { method: 'POST', path: `route/${route.id}/stops`, body: { invoice_ids: [stopInvoice.id] } },
        { method: 'DELETE', path: `route/${route.id}/stop/${stopId}` },
        { method: 'PUT', path: `route/${route.id}/stops/order`, body: { stop_ids: [stopId] } },
        { method: 'POST', path: `route/${route.id}/stops/suggest-order` },
        {
          method: 'POST',
          path: `route/${route.id}/stop/${stopId}/skip`,
          body: { note: 'x', skipped_at: '2026-12-02T15:00:00.000Z' },
        },
        { method: 'POST', path: `route/${route.id}/close` },
        { method: 'GET', path: `route/${route.id}/load-sheet` },
        { method: 'GET', path: `route/${route.id}/pdf` },
      ],
      ['Private route'],
    );
    const mine = await aRoute('Other day');
    const foreign = await api.post(`route/${mine.id}/stops`, { invoice_ids: [stopInvoice.id] }, other.token);
    expect(foreign.status).toBe(404);
  });

  it("shows a delivery recorded on a stop's invoice on the board, live: outcome, time, collected", async () => {
    const socket = liveClient(app.baseUrl, token);
    await socket.hello;
    const route = await aRoute('Delivered', driver.id);
    expect((await socket.next((r) => r.event === 'route:changed')).message).toMatchObject({
      type: 'RoutePlanned',
      id: route.id,
    });
    const invoice = await anInvoice(customers[2]!);
    const added = await api.post(`route/${route.id}/stops`, { invoice_ids: [invoice.id] }, token);
    const stop = added.body.stop_list[0];
    // what POST /invoice/{id}/delivery appends on the invoice's stream
    await app.app.get(EventAppender).record(
      `invoice-${invoice.id}`,
      [
        {
          type: 'InvoiceDelivered',
          data: {
            invoiceId: invoice.id,
            companyId,
            customerId: customers[2],
            deliveredAt: '2026-12-02T16:00:00.000Z',
            deliveredOn: DATE,
            deliveredBy: { userId: driver.id, name: 'Dee Driver' },
            signerName: 'Sam',
            signatureId: 'sig-1',
            photoId: null,
            means: 'own_vehicle',
            carrier: null,
            routeId: route.id,
            stopId: stop.id,
            outcome: 'delivered',
            creditMemoIds: [],
            paymentIds: [],
            collectedCents: 2165,
            recordedAt: '2026-12-02T16:00:05.000Z',
          },
        },
      ],
      { companyId, userId: driver.id, now: '2026-12-02T16:00:05.000Z' },
    );
    const told = await socket.next(
      (r) => r.event === 'route:changed' && r.message.type === 'InvoiceDelivered',
    );
    expect(told.message.id).toBe(route.id);
    socket.close();
    const board = (await api.get(`route/${route.id}`, token)).body;
    expect(board).toMatchObject({ done: 1, collected: 21.65 });
    expect(board.stop_list[0]).toMatchObject({
      status: 'delivered',
      delivered_at: '2026-12-02T16:00:00.000Z',
      collected: 21.65,
    });
    // a delivered stop stays on its route
    const removal = await api.delete(`route/${route.id}/stop/${stop.id}`, token);
    expect(removal.status).toBe(409);
    expect(removal.body.message).toBe('A delivered stop stays on its route, with what was collected there.');
    expect((await api.get(`route/${route.id}`, token)).body.stop_list).toHaveLength(1);
  });

  it('lets a driver deliver only the invoices of their own open routes', async () => {
    const mine = await anInvoice(customers[0]!);
    const theirs = await anInvoice(customers[1]!);
    const unrouted = await anInvoice(customers[2]!);
    const myRoute = await aRoute('Mine to deliver', driver.id);
    const theirRoute = await aRoute('Theirs to deliver', otherDriver.id);
    expect((await api.post(`route/${myRoute.id}/stops`, { invoice_ids: [mine.id] }, token)).status).toBe(201);
    expect((await api.post(`route/${theirRoute.id}/stops`, { invoice_ids: [theirs.id] }, token)).status).toBe(
      201,
    );
    const deliver = (invoiceId: string, key: string) =>
      api.post(
        `invoice/${invoiceId}/delivery`,
        {
          delivered_at: new Date().toISOString(),
          signer_name: 'Sam',
          signature: SIGNATURE_PNG,
        },
        driver.token,
        { 'Idempotency-Key': key },
      );
    // another driver's stop and an invoice on no route are not this driver's: 404, nothing delivered
    for (const [invoice, key] of [
      [theirs, 'theirs-stop'],
      [unrouted, 'unrouted-stop'],
    ] as const) {
      const refused = await deliver(invoice.id, key);
      expect(refused.status).toBe(404);
      expect((await api.get(`invoice/${invoice.id}`, token)).body.delivery).toBeNull();
    }
    const delivered = await deliver(mine.id, 'mine-stop');
    expect(delivered.status).toBe(201);
    expect(delivered.body.delivery).toMatchObject({ signer_name: 'Sam', delivered_by: { id: driver.id } });
  });

  it('rebuilds the route read models to the same rows', async () => {
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const snapshot = async () => [
      (await app.runtime.pool.query('SELECT * FROM rm_route ORDER BY id')).rows,
      (await app.runtime.pool.query('SELECT * FROM rm_route_stop ORDER BY id')).rows,
    ];
    const live = await snapshot();
    expect(live[1]!.length).toBeGreaterThan(5);
    await rebuildProjection(app.runtime.pool, app.runtime.store, routeProjection);
    expect(await snapshot()).toEqual(live);
  });
});
