import type { ProductRecommendationAnswer } from '#domain/contracts/product.contract.js';
import { businessDate } from '#domain/shared/business-date.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

const today = () => businessDate(new Date().toISOString());
const daysAgo = (days: number) => {
  const [y, m, d] = today().split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
};
const product = (name: string, type: string, price: number) => ({
  product: name,
  product_type: type,
  product_size: type === 'beer' ? '12oz' : '750ml',
  product_price: price,
  last_purchase_price: '1.00',
});

describe('Product recommendations (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let rusty: string;
  let beer: string;
  let wine: string;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    owner = await signUpOwner(api, 'Rita Recommends');
    const customer = async (name: string, tabc: string) =>
      (await api.post('customer', { ...RUSTY_NAIL, name, tabc_id: tabc }, owner.token)).body.id as string;
    rusty = await customer('The Rusty Nail', 'MB111111');
    const spoke = await customer('The Broken Spoke', 'MB222222');
    const gruene = await customer('Gruene Hall', 'MB333333');
    beer = (await api.post('product', product('Shiner Bock', 'beer', 10), owner.token)).body.id;
    wine = (await api.post('product', product('Barefoot Merlot', 'wine', 12), owner.token)).body.id;
    const invoice = async (customerId: string, day: string, productIds: string[]) =>
      expect(
        (
          await api.post(
            'invoice',
            {
              customer_id: customerId,
              invoiced_at: day,
              items: productIds.map((id) => ({ product_id: id, qty: 1, price: 10 })),
              force: true,
            },
            owner.token,
          )
        ).status,
      ).toBe(201);
    // the Rusty Nail buys beer every 14 days, last 16 days ago; its peers buy beer and wine
    for (const day of [44, 30, 16]) await invoice(rusty, daysAgo(day), [beer]);
    // beer goes on its own invoices (as the client's specification asks)
    for (const peer of [spoke, gruene]) {
      await invoice(peer, daysAgo(5), [beer]);
      await invoice(peer, daysAgo(5), [wine]);
    }
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  });
  afterAll(async () => {
    await app.close();
  });

  const recommend = (token: string, customerId: string) =>
    api.get<ProductRecommendationAnswer>(`product/recommendation?customerId=${customerId}`, token);

  it('answers 403 while the ai feature is off, then recommends with a reason and the customer’s price', async () => {
    expect((await recommend(owner.token, rusty)).status).toBe(403);
    expect((await api.post('company/feature', { name: 'ai', active: true }, owner.token)).status).toBe(200);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const response = await recommend(owner.token, rusty);
    expect(response.status).toBe(200);
    expect(response.body.recommendation.map((r) => [r.product.id, r.kind, r.reason])).toEqual([
      [beer, 'reorder', 'bought every ~14 days, last 16 days ago'],
      [wine, 'similar', 'bought by 2 of 2 customers who buy SHINER BOCK'],
    ]);
    // priced as the builder's search prices it: the customer's last price for beer, the list price for wine
    expect(response.body.recommendation.map((r) => r.product.price)).toEqual([10, 12]);
    expect(response.body.recommendation[0]!.product.last_invoiced_price).toBe(10);
  });

  it('answers nothing to recommend for a customer without history', async () => {
    const fresh = (await api.post('customer', { ...RUSTY_NAIL, tabc_id: 'MB444444' }, owner.token)).body.id;
    expect((await recommend(owner.token, fresh)).body).toEqual({ recommendation: [] });
  });

  it("answers 400 for a customer id that is not one, 404 for another company's customer", async () => {
    expect((await recommend(owner.token, 'nope')).status).toBe(400);
    const other = await signUpOwner(api, 'Otto Other');
    await api.post('company/feature', { name: 'ai', active: true }, other.token);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    const foreign = await recommend(other.token, rusty);
    expect(foreign.status).toBe(404);
    expect(JSON.stringify(foreign.body)).not.toContain('SHINER');
  });
});
