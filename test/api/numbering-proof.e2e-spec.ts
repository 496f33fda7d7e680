import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, completeCompany, signUpOwner } from '../support/http.js';

const today = () => businessDate(new Date().toISOString());
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** GET /invoice/numbering-proof: every number of a period with its state, and each gap explained. */
describe('Invoice numbering proof (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let customerId: string;
  let vodka: string;
  const invoice = async () => {
    const created = await api.post(
      'invoice',
      { customer_id: customerId, items: [{ product_id: vodka, qty: 1, price: 19.99 }], force: true },
      token,
    );
    expect(created.status).toBe(201);
    return { id: created.body.id as string, number: String(created.body.number) };
  };
  const period = () => `from=${today()}&to=${today()}`;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
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

  it('lists every number issued with its state, and explains the jump a raised starting number made', async () => {
    const first = await invoice();
    const cancelled = await invoice();
    expect((await api.put(`invoice/${cancelled.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    const deleted = await invoice();
    expect((await api.put(`invoice/${deleted.id}`, { status: 'cancelled' }, token)).status).toBe(200);
    await pause(5);
    const beforeDelete = new Date().toISOString();
    await pause(5);
    expect((await api.delete(`invoice/${deleted.id}`, token)).status).toBe(204);
    await completeCompany(
      api,
      { token, user: { company_id: companyId } },
      { starting_invoice_number: Number(first.number) + 10 },
    );
    const after = await invoice();
    expect(after.number).toBe(String(Number(first.number) + 10));

    const response = await api.get(`invoice/numbering-proof?${period()}`, token);
    expect(response.status).toBe(200);
    const proof = response.body;
    expect(proof).toMatchObject({
      companyId,
      from: today(),
      to: today(),
      issued: 4,
      gaps: 1,
      unexplained: 0,
    });
    expect(proof.sequences).toHaveLength(1);
    const [sequence] = proof.sequences;
    expect(sequence.previous).toBeNull();
    expect(
      sequence.numbers.map((n: { number: string; invoices: { invoiceId: string; state: string }[] }) => [
        n.number,
        n.invoices.map((i) => [i.invoiceId, i.state]),
      ]),
    ).toEqual([
      [first.number, [[first.id, 'issued']]],
      [cancelled.number, [[cancelled.id, 'cancelled']]],
      [deleted.number, [[deleted.id, 'deleted']]],
      [after.number, [[after.id, 'issued']]],
    ]);
    expect(sequence.numbers[0].invoices[0]).toMatchObject({
      customer: 'The Rusty Nail',
      invoicedOn: today(),
      status: expect.any(String),
    });
    expect(sequence.gaps).toEqual([
      {
        from: Number(deleted.number) + 1,
        to: Number(after.number) - 1,
        explained: true,
        explanation: expect.stringMatching(
          new RegExp(`^Never issued: the starting invoice number was set to ${after.number} at `),
        ),
      },
    ]);

    // As of before the delete, the third number's invoice was cancelled, not deleted, and no jump had happened.
    const then = await api.get(
      `invoice/numbering-proof?${period()}&as_of=${encodeURIComponent(beforeDelete)}`,
      token,
    );
    expect(then.status).toBe(200);
    expect(then.body).toMatchObject({ issued: 3, gaps: 0 });
    expect(then.body.sequences[0].numbers[2].invoices[0].state).toBe('cancelled');
  });

  it('downloads as CSV, a line per number and per gap', async () => {
    const response = await fetch(`${app.baseUrl}/api/v1/invoice/numbering-proof/download?${period()}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="numbering_proof_${today()}_${today()}.csv"`,
    );
    const lines = (await response.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'Sequence,Number,Issued On,Invoice Number,Invoice Date,Customer,Status,State,Correction',
    );
    expect(lines.filter((l) => l.endsWith(',Deleted (was cancelled),'))).toHaveLength(1);
    expect(lines.some((l) => /^Company,\d+-\d+,,,,,,Gap: Never issued/.test(l))).toBe(true);
    expect(lines.at(-1)).toMatch(
      new RegExp(
        `^All,4 numbers issued,${today()},${today()},,,,"1 gap\\(s\\), 0 unexplained",Chain head \\d+ [0-9a-f]{64}$`,
      ),
    );
  });

  it('starts a later period after the last number of the earlier one, and refuses a bad period', async () => {
    const tomorrow = businessDate(new Date(Date.now() + 86_400_000).toISOString());
    const empty = await api.get(`invoice/numbering-proof?from=${tomorrow}&to=${tomorrow}`, token);
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ issued: 0, gaps: 0, sequences: [] });
    const bad = await api.get('invoice/numbering-proof?from=2026-03-31&to=2026-03-01', token);
    expect(bad.status).toBe(400);
    expect(bad.body.details).toContainEqual({ field: 'to', message: 'to must not be before from.' });
  });

  it('shows another company only its own numbers', async () => {
    const other = await signUpOwner(api);
    const response = await api.get(`invoice/numbering-proof?${period()}`, other.token);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ companyId: other.user.company_id, issued: 0, sequences: [] });
  });
});
