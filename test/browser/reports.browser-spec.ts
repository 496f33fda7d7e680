import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCompanyOwner,
  aCustomer,
  expectTrue,
  switchFeature,
  today,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

const api = apiCaller(() => app.baseUrl);

/** An owner with the reports feature on (switched by the provider) and one beer invoice of $29.97 today. */
async function anOwnerWithReports(name: string, { invoice = true } = {}) {
  const owner = await aCompanyOwner(app, name);
  await switchFeature(app, owner.companyId, 'reports', true);
  if (invoice) {
    const customer = await aCustomer(api, owner.token);
    const beer = await api<{ id: string }>('product', {
      method: 'POST',
      body: {
        product: 'Shiner Bock 6pk',
        product_type: 'beer',
        product_size: '12oz',
        product_price: 9.99,
        last_purchase_price: '5.00',
      },
      token: owner.token,
    });
    await api('invoice', {
      method: 'POST',
      body: {
        customer_id: customer.id,
        items: [{ product_id: beer.id, qty: 3, price: 9.99 }],
        invoiced_at: today(),
        force: true,
      },
      token: owner.token,
    });
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  }
  return owner.token;
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Reports (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('compares this month with last month on a bar chart, Monthly by default', async () => {
    const page = await browser.signedIn(await anOwnerWithReports('Rhea Reports'));
    await page.goto('/reports');
    await visible(page.getByRole('heading', { name: 'Reports' }));
    await visible(page.getByText(/^Generated at /));
    await visible(page.getByRole('img', { name: 'Invoice totals chart' }).locator('svg').first());
    await expectTrue(
      async () =>
        (await page.getByRole('button', { name: 'Monthly' }).getAttribute('aria-pressed')) === 'true',
    );
    await visible(page.getByRole('table').first().getByText('SHINER BOCK 6PK'));
    await expectTrue(
      async () =>
        (await page.getByLabel('Period', { exact: true }).inputValue()) === today().slice(0, 8) + '01',
    );
    expect(await page.getByLabel('Period', { exact: true }).getAttribute('max')).toBe(today());
    await visible(page.getByRole('button', { name: 'Refresh' }));
    await snap(page, 'reports-monthly');
    // the axis's amounts whole, in short
    const ticks = await page
      .getByRole('img', { name: 'Invoice totals chart' })
      .locator('.MuiChartsAxis-tickLabel')
      .allTextContents();
    expect(ticks.length).toBeGreaterThan(0);
    expect(ticks.filter((tick) => tick.includes('…'))).toEqual([]);
    // on a phone both top-product tables fit the screen
    await page.setViewportSize({ width: 390, height: 844 });
    for (const table of await page.getByRole('table', { name: /^Top products/ }).all()) {
      const box = (await table.boundingBox())!;
      expect(box.x + box.width).toBeLessThanOrEqual(390);
    }
    await snap(page, 'reports-monthly-390');
  });

  browser.it('snaps a weekly pick to the week containing the chosen day', async () => {
    const page = await browser.signedIn(await anOwnerWithReports('Wes Weekly', { invoice: false }));
    await page.goto('/reports');
    await visible(page.getByText(/^Generated at /));
    await page.getByRole('button', { name: 'Weekly' }).click();
    const compared = page.getByLabel('Compared with', { exact: true });
    await compared.fill('2026-03-11'); // a Wednesday
    await expectTrue(async () => (await compared.inputValue()) === '2026-03-08');
    await visible(page.getByText('Mar 8 – Mar 14, 2026').first());
    await visible(page.getByText('No invoices in either period.'));
    await snap(page, 'reports-weekly');
  });

  browser.it("toasts 'Error occurred while getting stats.' when the stats cannot load", async () => {
    const page = await browser.signedIn(await anOwnerWithReports('Erin Error', { invoice: false }));
    await page.route('**/api/v1/company/stats**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/reports');
    await visible(page.getByText('Error occurred while getting stats.').first());
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await page.getByText('Error occurred while getting stats.').count()).toBe(1);
    await snap(page, 'reports-error');
  });

  browser.it('shows the activation card while the reports feature is off', async () => {
    const owner = await aCompanyOwner(app, 'Otto Off');
    const page = await browser.signedIn(owner.token);
    await page.goto('/reports');
    await visible(page.getByText(/is not active$/).first());
    await visible(page.getByRole('link', { name: 'Go to Feature Extensions' }));
    expect(await page.getByRole('button', { name: 'Refresh' }).count()).toBe(0);
    await snap(page, 'reports-activation');
  });
});
