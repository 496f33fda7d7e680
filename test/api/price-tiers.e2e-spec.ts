import { jest } from '@jest/globals';
import { CommandBus } from '@nestjs/cqrs';
import { SwitchFeatureCommand } from '../../apps/api/src/features/commands/switch-feature.command.js';
import { customerProjection, priceTierProjection, productProjection } from '#projections/index.js';
import { rebuildProjection } from '#engine';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const FEATURE_OFF =
  'The Tiered Pricing feature is not active for your company. You can activate it, or request access, on the Feature Extensions page.';

const CUSTOMER = {
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};

describe('Price tiers and tiered prices (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    jest.spyOn(console, 'log').mockImplementation(() => {}); // the migrator's and the CLI's output
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  /**
   * The provider's team switches tiered pricing (the command `features:set` runs), waiting for the read models to
   * show it, as an API command does.
   */
  const tieredPricing = (companyId: string, on = true) =>
    app.app
      .get(CommandBus)
      .execute(
        new SwitchFeatureCommand(
          { feature: 'tiered_pricing', active: on, by: 'provider' },
          { companyId, userId: null, now: new Date().toISOString() },
        ),
      );
  const withTiers = async () => {
    const owner = await signUpOwner(api);
    await tieredPricing(owner.user.company_id);
    return owner;
  };
  const customer = async (token: string, name: string, tierId: string | null = null) => {
    const response = await api.post('customer', { ...CUSTOMER, name, product_price_tier_id: tierId }, token);
    expect(response.status).toBe(201);
    return response.body as { id: string; product_price_tier_id: string | null };
  };

  it('answers 403 on every tier call while the feature is off', async () => {
    const { token } = await signUpOwner(api);
    const id = '6f1c0000-0000-4000-8000-000000000001';
    for (const [method, path, body] of [
      ['GET', 'product/price-tier'],
      ['POST', 'product/price-tier', {}],
      ['GET', `product/price-tier/${id}`],
      ['PUT', `product/price-tier/${id}`, { name: 'Gold' }],
      ['DELETE', `product/price-tier/${id}`],
      ['GET', 'product/price-tier/count-customer'],
      ['GET', 'product/price-tier/colors'],
      ['GET', 'product/price-tier/settings'],
      ['PUT', 'product/price-tier/settings', { tier_base: 'list_price' }],
    ] as const) {
      const response = await api.call(method, path, { token, body });
      expect({ path: `${method} ${path}`, status: response.status, body: response.body }).toEqual({
        path: `${method} ${path}`,
        status: 403,
        body: { statusCode: 403, message: FEATURE_OFF },
      });
    }
  });

  describe('the tier manager', () => {
    it("adds the first tier with its base tier: 'Tier 1', 10 %, a colour that is not green", async () => {
      const { token, user } = await withTiers();
      expect((await api.get('product/price-tier', token)).body).toEqual([]);
      const added = await api.post('product/price-tier', {}, token);
      expect(added.status).toBe(201);
      expect(added.body).toEqual({
        id: expect.any(String),
        name: 'Tier 1',
        percentage: 10,
        color: 'red',
        is_base_tier: false,
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const second = await api.post(
        'product/price-tier',
        { name: 'Gold', percentage: '12.5', color: 'amber' },
        token,
      );
      expect(second.body).toMatchObject({ name: 'Gold', percentage: 12.5, color: 'amber' });
      const list = (await api.get('product/price-tier', token)).body;
      expect(
        list.map((t: { name: string; percentage: number; is_base_tier: boolean }) => [
          t.name,
          t.percentage,
          t.is_base_tier,
        ]),
      ).toEqual([
        ['Base', 0, true],
        ['Tier 1', 10, false],
        ['Gold', 12.5, false],
      ]);
      const company = (await api.get(`company/${user.company_id}`, token)).body;
      expect(company.productPriceTiers).toEqual(list);
      expect(company.price_tier_base).toBe('list_price');
      const colors = (await api.get('product/price-tier/colors', token)).body;
      expect(colors).toContainEqual({ name: 'red', hex: '#f44336' });
      expect(colors.filter((c: { name: string }) => /green|lime|teal/.test(c.name))).toEqual([]);
    });

    it('refuses broken fields all at once, and a name taken already', async () => {
      const { token } = await withTiers();
      await api.post('product/price-tier', { name: 'Gold' }, token);
      const broken = await api.post(
        'product/price-tier',
        { name: ' ', percentage: 1000.5, color: 'green' },
        token,
      );
      expect(broken.status).toBe(400);
      expect(broken.body.details).toEqual([
        { field: 'name', message: 'Tier name is required.' },
        {
          field: 'percentage',
          message: 'Percentage must be a number from 0 to 1000 with at most 2 decimals.',
        },
        {
          field: 'color',
          message:
            'Color must be one of: red, pink, purple, deep_purple, indigo, blue, light_blue, cyan, amber, orange, deep_orange, brown, grey, blue_grey.',
        },
      ]);
      const taken = await api.post('product/price-tier', { name: 'GOLD' }, token);
      expect(taken.body).toEqual({
        statusCode: 400,
        message: 'A price tier with this name exists already.',
        details: [{ field: 'name', message: 'A price tier with this name exists already.' }],
      });
    });

    it('edits a tier but never the base tier', async () => {
      const { token } = await withTiers();
      const tier = (await api.post('product/price-tier', {}, token)).body;
      const edited = await api.put(`product/price-tier/${tier.id}`, { percentage: 15, color: 'blue' }, token);
      expect(edited.body).toMatchObject({ id: tier.id, name: 'Tier 1', percentage: 15, color: 'blue' });
      const base = (await api.get('product/price-tier', token)).body[0];
      const refused = await api.put(`product/price-tier/${base.id}`, { percentage: 5 }, token);
      expect(refused.body).toEqual({ statusCode: 409, message: 'The base price tier cannot be edited.' });
      expect(
        (await api.put('product/price-tier/6f1c0000-0000-4000-8000-000000000001', {}, token)).body,
      ).toEqual({
        statusCode: 404,
        message: 'Price tier not found',
      });
    });

    it('gives customers only a current tier of the company', async () => {
      const { token } = await withTiers();
      const tier = (await api.post('product/price-tier', {}, token)).body;
      const rusty = await customer(token, 'The Rusty Nail', tier.id);
      expect(rusty.product_price_tier_id).toBe(tier.id);
      const unknown = await api.post(
        'customer',
        { ...CUSTOMER, name: 'Lone Star', product_price_tier_id: '6f1c0000-0000-4000-8000-000000000001' },
        token,
      );
      expect(unknown.status).toBe(400);
      expect(unknown.body.details).toEqual([
        { field: 'product_price_tier_id', message: 'Price tier must be the id of a price tier.' },
      ]);
    });
  });

  describe('removal', () => {
    it("moves the tier's customers to the chosen tier, else to the base tier; the base tier stays", async () => {
      const { token, user } = await withTiers();
      const tier1 = (await api.post('product/price-tier', {}, token)).body;
      const tier2 = (await api.post('product/price-tier', {}, token)).body;
      const base = (await api.get('product/price-tier', token)).body[0];
      const a = await customer(token, 'A Bar', tier1.id);
      const b = await customer(token, 'B Bar', tier1.id);
      await customer(token, 'C Bar', tier2.id);
      await customer(token, 'D Bar');
      expect((await api.get('product/price-tier/count-customer', token)).body).toEqual([
        { product_price_tier_id: base.id, name: 'Base', is_base_tier: true, count: 1 },
        { product_price_tier_id: tier1.id, name: 'Tier 1', is_base_tier: false, count: 2 },
        { product_price_tier_id: tier2.id, name: 'Tier 2', is_base_tier: false, count: 1 },
      ]);

      const moved = await api.delete(
        `product/price-tier/${tier1.id}?migrating_price_tier_id=${tier2.id}`,
        token,
      );
      expect(moved.body).toEqual({
        message: 'Price tier removed.',
        id: tier1.id,
        migrated_to_tier_id: tier2.id,
        migrated_customers: 2,
      });
      expect((await api.get(`customer/${a.id}`, token)).body.product_price_tier_id).toBe(tier2.id);
      const events: string[] = [];
      for await (const event of app.runtime.store.readStream(`customer-${b.id}`)) events.push(event.type);
      expect(events).toEqual(['CustomerCreated', 'CustomerPriceTierChanged']);
      expect(
        (await api.get('product/price-tier/count-customer', token)).body.map(
          (c: { count: number }) => c.count,
        ),
      ).toEqual([1, 3]);

      // The body may carry the choice too; without one, the base tier.
      const third = (await api.post('product/price-tier', {}, token)).body;
      const e = await customer(token, 'E Bar', third.id);
      const toBase = await api.call('DELETE', `product/price-tier/${third.id}`, { token, body: {} });
      expect(toBase.body).toMatchObject({ migrated_to_tier_id: base.id, migrated_customers: 1 });
      expect((await api.get(`customer/${e.id}`, token)).body.product_price_tier_id).toBe(base.id);

      expect((await api.delete(`product/price-tier/${base.id}`, token)).body).toEqual({
        statusCode: 409,
        message: 'The base price tier cannot be removed.',
      });
      expect((await api.delete(`product/price-tier/${tier1.id}`, token)).status).toBe(404);
      const badChoice = await api.delete(
        `product/price-tier/${tier2.id}?migrating_price_tier_id=${tier1.id}`,
        token,
      );
      expect(badChoice.body.details).toEqual([
        {
          field: 'migrating_price_tier_id',
          message: 'The tier to move customers to must be another price tier of the company.',
        },
      ]);
      const company = (await api.get(`company/${user.company_id}`, token)).body;
      expect(company.productPriceTiers.map((t: { name: string }) => t.name)).toEqual(['Base', 'Tier 2']);
    });

    it('needs more than one tier', async () => {
      const { token } = await withTiers();
      const tier = (await api.post('product/price-tier', {}, token)).body;
      await api.delete(`product/price-tier/${tier.id}`, token);
      const base = (await api.get('product/price-tier', token)).body[0];
      expect((await api.delete(`product/price-tier/${base.id}`, token)).body).toEqual({
        statusCode: 409,
        message: 'A price tier can be removed only while the company has more than one.',
      });
    });
  });

  describe('the price a customer pays', () => {
    it("is the customer's own price, else the tier base raised by the tier, else the list price", async () => {
      const { token, user } = await withTiers();
      const tier = (await api.post('product/price-tier', { percentage: 10 }, token)).body;
      const onTier = await customer(token, 'Tier Bar', tier.id);
      const onNone = await customer(token, 'Plain Bar');
      const special = await customer(token, 'Special Bar', tier.id);
      const product = (
        await api.post(
          'product',
          {
            product: 'Crown Royal',
            product_type: 'LIQUOR',
            product_size: '750ml',
            product_price: 19.99,
            last_purchase_price: 14.5,
          },
          token,
        )
      ).body;
      await api.put(`product/${product.id}`, { product_price: 17.25, customerId: special.id }, token);
      const priceOf = async (customerId: string) =>
        (await api.get(`product/suggestions?query=crown&customerId=${customerId}`, token)).body[0];

      expect(await priceOf(onTier.id)).toMatchObject({
        price: 21.99, // 19.99 × 1.10 = 21.989, half-up
        price_source: 'tier',
        list_price: 19.99,
        tier: { id: tier.id, name: 'Tier 1', percentage: 10 },
      });
      expect(await priceOf(onNone.id)).toMatchObject({ price: 19.99, price_source: 'list', tier: null });
      expect(await priceOf(special.id)).toMatchObject({ price: 17.25, price_source: 'customer', tier: null });

      // The company's tier base: the last purchase price.
      const setting = await api.put(
        'product/price-tier/settings',
        { tier_base: 'last_purchase_price' },
        token,
      );
      expect(setting.body).toEqual({ tier_base: 'last_purchase_price' });
      expect(await priceOf(onTier.id)).toMatchObject({ price: 15.95, price_source: 'tier' });
      expect((await api.get(`company/${user.company_id}`, token)).body.price_tier_base).toBe(
        'last_purchase_price',
      );
      const bad = await api.put('product/price-tier/settings', { tier_base: 'cost' }, token);
      expect(bad.body.details).toEqual([
        { field: 'tier_base', message: 'Tier base must be one of: list_price, last_purchase_price.' },
      ]);

      // Tiered pricing off: no tier raises the price, the customer's own price still holds.
      await tieredPricing(user.company_id, false);
      expect(await priceOf(onTier.id)).toMatchObject({ price: 19.99, price_source: 'list' });
      expect(await priceOf(special.id)).toMatchObject({ price: 17.25, price_source: 'customer' });
      expect(
        (await api.get(`product/${product.id}/price?customerId=${onTier.id}`, token)).body,
      ).toMatchObject({
        price: 19.99,
        price_source: 'list',
      });
    });
  });

  it('rebuilds the product, price tier and customer read models to the same rows', async () => {
    const snapshot = async (table: string) =>
      (
        await app.runtime.pool.query(
          `SELECT * FROM ${table} ORDER BY ${table === 'rm_price_tier_setting' ? 'company_id' : 'id'}`,
        )
      ).rows;
    const tables = ['rm_product', 'rm_price_tier', 'rm_price_tier_setting', 'rm_customer'];
    const before = await Promise.all(tables.map(snapshot));
    expect(before.map((rows) => rows.length > 0)).toEqual([true, true, true, true]);
    await rebuildProjection(app.runtime.pool, app.runtime.store, productProjection);
    await rebuildProjection(app.runtime.pool, app.runtime.store, priceTierProjection);
    await rebuildProjection(app.runtime.pool, app.runtime.store, customerProjection);
    expect(await Promise.all(tables.map(snapshot))).toEqual(before);
  });

  it("keeps every company's tiers to itself (404)", async () => {
    const owner = await withTiers();
    const other = await withTiers();
    const tier = (await api.post('product/price-tier', { name: 'Secret Tier' }, owner.token)).body;
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `product/price-tier/${tier.id}` },
        { method: 'PUT', path: `product/price-tier/${tier.id}`, body: { name: 'Mine' } },
        { method: 'DELETE', path: `product/price-tier/${tier.id}` },
      ],
      ['Secret Tier'],
    );
    expect((await api.get('product/price-tier', other.token)).body).toEqual([]);
    const stolen = await api.post(
      'customer',
      { ...CUSTOMER, name: 'X', product_price_tier_id: tier.id },
      other.token,
    );
    expect(stolen.body.details).toEqual([
      { field: 'product_price_tier_id', message: 'Price tier must be the id of a price tier.' },
    ]);
    const moveToOther = await api.delete(
      `product/price-tier/${(await api.post('product/price-tier', {}, other.token)).body.id}?migrating_price_tier_id=${tier.id}`,
      other.token,
    );
    expect(moveToOther.status).toBe(400);
  });
});
