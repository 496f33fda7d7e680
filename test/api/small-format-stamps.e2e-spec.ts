import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { businessDate } from '#domain/shared/business-date.js';

/** With small_format_stamps on, 375 mL liquor with a case size takes one stamp per case. */
describe('Small-format stamps (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let token: string;
  let companyId: string;
  let customer: string;
  let fireball: string;
  let titos: string;

  const invoice = async (items: { product_id: string; qty: number; price: number }[]) => {
    const created = await api.post('invoice', { customer_id: customer, items, force: true }, token);
    expect(created.status).toBe(201);
    return created.body as {
      number: string;
      stamp_count: number;
      stamps_needed: number;
      items: { stamp_case_size: number | null; stamps: number }[];
    };
  };
  const setting = (on: boolean, as = token, id = companyId) =>
    api.put(`company/${id}/compliance`, { small_format_stamps: on }, as);

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    const owner = await signUpOwner(api);
    token = owner.token;
    companyId = owner.user.company_id;
    const today = businessDate(new Date().toISOString());
    await api.post('stamp/roll', { prefix: 'AB', received_at: today, from: 1000, to: 1479 }, token);
    customer = (await api.post('customer', RUSTY_NAIL, token)).body.id;
    const product = async (fields: object) =>
      (
        await api.post(
          'product',
          { product_type: 'liquor', product_price: 10, last_purchase_price: '5.00', ...fields },
          token,
        )
      ).body.id as string;
    fireball = await product({ product: 'Fireball', product_size: '375ml', case_size: 24 });
    titos = await product({ product: "Tito's Vodka", product_size: '750ml', case_size: 12 });
  });
  afterAll(async () => {
    await app.close();
  });

  it('with the setting off (the default), stamps every bottle', async () => {
    const created = await invoice([{ product_id: fireball, qty: 48, price: 10 }]);
    expect(created).toMatchObject({
      stamp_count: 48,
      stamps_needed: 48,
      items: [{ stamp_case_size: null, stamps: 48 }],
    });
  });

  it('with the setting on, stamps a 375 mL line per full case plus its loose bottles, and 750 mL per bottle', async () => {
    expect((await setting(true)).status).toBe(200);
    const created = await invoice([
      { product_id: fireball, qty: 30, price: 10 },
      { product_id: titos, qty: 24, price: 10 },
    ]);
    expect(created).toMatchObject({
      stamp_count: 1 + 6 + 24,
      stamps_needed: 31,
      items: [
        { stamp_case_size: 24, stamps: 7 },
        { stamp_case_size: null, stamps: 24 },
      ],
    });
    const read = await api.get(`invoice/${created.number}`, token);
    expect(read.body.stamp_count).toBe(31);
  });

  it('an edit counts by the setting in force; cancelling releases every stamp', async () => {
    const created = await invoice([{ product_id: fireball, qty: 48, price: 10 }]);
    expect(created.stamp_count).toBe(2);
    const edited = await api.put(
      `invoice/${created.number}`,
      { customer_id: customer, items: [{ product_id: fireball, qty: 72, price: 10 }] },
      token,
    );
    expect(edited.status).toBe(200);
    expect(edited.body.stamp_count).toBe(3);
    const cancelled = await api.put(`invoice/${created.number}`, { status: 'cancelled' }, token);
    expect(cancelled.body.stamp_count).toBe(0);
    expect((await setting(false)).status).toBe(200);
    const back = await api.put(`invoice/${created.number}`, { status: 'invoiced' }, token);
    expect(back.body.stamp_count).toBe(3); // its lines keep how they were stamped
  });

  it("another company can neither read nor change this company's setting (404)", async () => {
    const other = await signUpOwner(api);
    expect((await setting(true, other.token)).status).toBe(404);
    const created = await invoice([{ product_id: fireball, qty: 48, price: 10 }]);
    expect(created.stamp_count).toBe(48);
  });
});
