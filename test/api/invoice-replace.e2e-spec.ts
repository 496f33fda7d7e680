import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { loadApiDocument, expectDocumentedAnswer, type ApiDocument } from '../support/documented-answers.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { pdfText } from '../support/pdf-text.js';

const today = () => businessDate(new Date().toISOString());

/**
 * Corrections by event: 'Replace' on a cancelled invoice (POST /invoice/{id}/replace), the
 * cross-references both ways (view, grid, numbering proof), and the numbering proof as a PDF.
 */
describe('Replacing a cancelled invoice (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let document: ApiDocument;
  let token: string;
  let companyId: string;
  let customerId: string;
  let vodka: string;
  const items = (qty: number) => [{ product_id: vodka, qty, price: 19.99 }];
  const invoice = async () => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: items(1), force: true },
      token,
    );
    expect(created.status).toBe(201);
    return { id: created.body.id as string, number: String(created.body.number) };
  };
  const cancel = async (id: string) =>
    expect((await api.put(`invoice/${id}`, { status: 'cancelled' }, token)).status).toBe(200);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    document = await loadApiDocument(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    customerId = (await api.post('customer', RUSTY_NAIL, token)).body.id;
    vodka = (
      await api.post(
        'product',
        { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
        token,
      )
    ).body.id;
    await api.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token);
  });
  afterAll(async () => {
    await app.close();
  });

  it('creates the replacement with the next number and stamps; both invoices name each other (view, grid, proof)', async () => {
    const wrong = await invoice();
    await cancel(wrong.id);
    const replaced = await api.post(
      `invoice/${wrong.number}/replace`,
      { customer_id: customerId, items: items(3) },
      token,
    );
    expect(replaced.status).toBe(201);
    expectDocumentedAnswer(document, 'POST', `invoice/${wrong.number}/replace`, replaced);
    expect(replaced.body).toMatchObject({
      number: String(Number(wrong.number) + 1),
      status: 'invoiced',
      stamp_count: 3,
      replaces: { id: wrong.id, number: wrong.number },
      replaced_by: null,
    });
    const cancelled = (await api.get(`invoice/${wrong.id}`, token)).body;
    expect(cancelled).toMatchObject({
      status: 'cancelled',
      replaced_by: { id: replaced.body.id, number: replaced.body.number },
    });

    const grid = (await api.get('invoice/grid?startRow=0&endRow=50', token)).body.rows as {
      number: string;
      status: string;
      replaces: string | null;
      replaced_by: string | null;
    }[];
    expect(grid.find((row) => row.number === wrong.number)).toMatchObject({
      status: 'cancelled',
      replaced_by: replaced.body.number,
    });
    expect(grid.find((row) => row.number === replaced.body.number)).toMatchObject({ replaces: wrong.number });

    const proof = (await api.get(`invoice/numbering-proof?from=${today()}&to=${today()}`, token)).body;
    const numbered = proof.sequences[0].numbers.flatMap((n: { invoices: unknown[] }) => n.invoices);
    expect(numbered).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          number: wrong.number,
          state: 'cancelled',
          replacedBy: replaced.body.number,
        }),
        expect.objectContaining({ number: replaced.body.number, state: 'issued', replaces: wrong.number }),
      ]),
    );
    expect(proof.chainHead).toMatchObject({
      seq: expect.any(String),
      hash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    const csv = (await api.get(`invoice/numbering-proof/download?from=${today()}&to=${today()}`, token))
      .body as string;
    expect(csv).toContain(`Replaced by ${replaced.body.number}`);
    expect(csv).toContain(`Replaces ${wrong.number}`);

    // the activity log has the correction (its projection is not one the invoice commands wait for)
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const activity = (await api.get('user/user-activity/grid?startRow=0&endRow=20', token)).body.rows as {
      module: string;
      type: string;
      info: Record<string, unknown>;
    }[];
    expect(activity).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          module: 'INVOICE',
          type: 'REPLACE',
          info: expect.objectContaining({
            invoiceNumber: wrong.number,
            replacementNumber: replaced.body.number,
          }),
        }),
      ]),
    );
  });

  it('refuses an invoice not cancelled, a second replacement and un-cancelling a replaced one, changing nothing', async () => {
    const live = await invoice();
    const notCancelled = await api.post(
      `invoice/${live.id}/replace`,
      { customer_id: customerId, items: items(1) },
      token,
    );
    expect([notCancelled.status, notCancelled.body.message]).toEqual([
      409,
      'Only a cancelled invoice can be replaced. Cancel it first.',
    ]);
    await cancel(live.id);
    const first = await api.post(
      `invoice/${live.id}/replace`,
      { customer_id: customerId, items: items(1) },
      token,
    );
    expect(first.status).toBe(201);
    const numberBefore = (await api.get('invoice/new-number', token)).body.number;
    const again = await api.post(
      `invoice/${live.id}/replace`,
      { customer_id: customerId, items: items(1) },
      token,
    );
    expect([again.status, again.body.message]).toEqual([
      409,
      `Invoice ${live.number} was replaced already, by invoice ${first.body.number}.`,
    ]);
    const reopen = await api.put(`invoice/${live.id}`, { status: 'invoiced' }, token);
    expect([reopen.status, reopen.body.message]).toEqual([
      409,
      `Invoice ${live.number} was replaced by invoice ${first.body.number}, so it stays cancelled.`,
    ]);
    expect((await api.get('invoice/new-number', token)).body.number).toBe(numberBefore);
    expect((await api.get(`invoice/${live.id}`, token)).body.status).toBe('cancelled');
  });

  it('answers 400 for a bad body and 404 for an unknown invoice, with nothing created', async () => {
    const wrong = await invoice();
    await cancel(wrong.id);
    const numberBefore = (await api.get('invoice/new-number', token)).body.number;
    const bad = await api.post(`invoice/${wrong.id}/replace`, { customer_id: customerId, items: 'x' }, token);
    expect(bad.status).toBe(400);
    const noItems = await api.post(
      `invoice/${wrong.id}/replace`,
      { customer_id: customerId, items: [] },
      token,
    );
    expect([noItems.status, noItems.body.message]).toEqual([400, 'Add at least one item.']);
    const unknown = await api.post(
      'invoice/99999/replace',
      { customer_id: customerId, items: items(1) },
      token,
    );
    expect([unknown.status, unknown.body.message]).toEqual([404, 'Invoice not found']);
    expect((await api.get('invoice/new-number', token)).body.number).toBe(numberBefore);
    expect((await api.get(`invoice/${wrong.id}`, token)).body.replaced_by).toBeNull();
  });

  it("answers 404 for another company's cancelled invoice, by id and by number", async () => {
    const wrong = await invoice();
    await cancel(wrong.id);
    const other = await signUpOwner(api, 'Other Owner');
    const theirCustomer = (await api.post('customer', RUSTY_NAIL, other.token)).body.id;
    for (const name of [wrong.id, wrong.number]) {
      const response = await api.post(
        `invoice/${name}/replace`,
        { customer_id: theirCustomer, items: [] },
        other.token,
      );
      expect(response.status).toBe(404);
    }
    expect((await api.get(`invoice/${wrong.id}`, token)).body.replaced_by).toBeNull();
  });

  it('keeps the spec: with strict records off the owner deletes a cancelled invoice, replaced or not', async () => {
    const wrong = await invoice();
    await cancel(wrong.id);
    const replacement = await api.post(
      `invoice/${wrong.id}/replace`,
      { customer_id: customerId, items: items(1) },
      token,
    );
    expect((await api.delete(`invoice/${wrong.id}`, token)).status).toBe(204);
    expect((await api.get(`invoice/${replacement.body.id}`, token)).body.replaces).toEqual({
      id: wrong.id,
      number: wrong.number,
    });
  });

  it('with strict records on, refuses to delete any invoice (403 with the reason) and deletes nothing; off again, the spec', async () => {
    const wrong = await invoice();
    await cancel(wrong.id);
    const on = await api.put(`company/${companyId}/compliance`, { strict_records: true }, token);
    expect([on.status, on.body.strict_records]).toEqual([200, true]);
    const refused = await api.delete(`invoice/${wrong.id}`, token);
    expect([refused.status, refused.body.message]).toEqual([
      403,
      'Strict records is on: invoices are never deleted. A cancelled invoice stays in the grid as Cancelled; use Replace to correct it.',
    ]);
    expect((await api.get(`invoice/${wrong.id}`, token)).body.status).toBe('cancelled');
    // Replace still works: the correction is an event
    const replaced = await api.post(
      `invoice/${wrong.id}/replace`,
      { customer_id: customerId, items: items(2) },
      token,
    );
    expect(replaced.status).toBe(201);
    expect((await api.put(`company/${companyId}/compliance`, { strict_records: false }, token)).status).toBe(
      200,
    );
    expect((await api.delete(`invoice/${wrong.id}`, token)).status).toBe(204);
  });

  it('prints the numbering proof as a PDF with the chain head it was made from', async () => {
    const response = await fetch(
      `${app.baseUrl}/api/v1/invoice/numbering-proof/pdf?from=${today()}&to=${today()}`,
      {
        headers: { authorization: `Bearer ${token}` },
      },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const text = pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain('NUMBERING PROOF');
    expect(text).toMatch(/Replaced by\s+\d+/);
    expect(text).toMatch(/Replaces\s+\d+/);
    const proof = (await api.get(`invoice/numbering-proof?from=${today()}&to=${today()}`, token)).body;
    expect(text).toContain(`Event chain head at that instant: #${proof.chainHead.seq}`);
  });
});
