import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { aCompanyOwner, aCustomer, daysFromToday, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;

const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** Products named P01…P07 (beer) with one invoice each today, P0n sold n units at $2.00, and one 40 days ago. */
async function anOwnerWithSales(name: string) {
  const owner = await aCompanyOwner(app, name);
  const customer = await aCustomer(api, owner.token);
  const other = await aCustomer(api, owner.token, { name: 'The Broken Spoke' });
  for (let n = 1; n <= 7; n++) {
    const product = await api<{ id: string }>('product', {
      method: 'POST',
      body: {
        product: `P0${n}`,
        product_type: 'beer',
        product_size: '12oz',
        product_price: 2,
        last_purchase_price: '1.00',
      },
      token: owner.token,
    });
    await api('invoice', {
      method: 'POST',
      body: {
        customer_id: n === 7 ? other.id : customer.id,
        items: [{ product_id: product.id, qty: n, price: 2, taxable: false }],
        invoiced_at: n === 1 ? daysFromToday(-40) : today(),
        force: true,
      },
      token: owner.token,
    });
  }
  await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
  return owner;
}

describe('Dashboard stats (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('shows the range’s invoice figures and the top products, 5 a page and sortable', async () => {
    const owner = await anOwnerWithSales('Stella Stats');
    const page = await browser.signedIn(owner.token);
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: 'Stats', exact: true });
    // this month: P02…P07 (P01 was 40 days ago), two customers, 2 + 3 + … + 7 = 27 units at $2.00
    await visible(stats.getByRole('group', { name: 'Invoices' }).getByText('6', { exact: true }));
    await visible(stats.getByRole('group', { name: 'Customers' }).getByText('2', { exact: true }));
    await visible(stats.getByRole('group', { name: 'Invoice total' }).getByText('$54.00'));
    expect(await stats.getByRole('group', { name: 'Orders' }).count()).toBe(0); // the order feature is off

    const top = page.getByRole('table', { name: 'Top products' });
    const firstCells = async () =>
      (await top.getByRole('row').all()).length > 1
        ? await top.locator('tbody tr td:first-child').allInnerTexts()
        : [];
    await visible(top.getByRole('cell', { name: 'P07' }));
    expect(await firstCells()).toEqual(['P07', 'P06', 'P05', 'P04', 'P03']); // by amount, highest first
    await snap(page, 'dashboard-stats');
    await page.getByRole('button', { name: 'Go to next page' }).click();
    expect(await firstCells()).toEqual(['P02']);
    await top.getByRole('button', { name: 'Product' }).click();
    expect(await firstCells()).toEqual(['P02', 'P03', 'P04', 'P05', 'P06']); // back to page 1, A → Z
    await top.getByRole('button', { name: 'Product' }).click();
    expect(await firstCells()).toEqual(['P07', 'P06', 'P05', 'P04', 'P03']);

    await page
      .getByRole('group', { name: 'Stats range' })
      .getByRole('button', { name: 'Last 3 Months' })
      .click();
    await visible(stats.getByRole('group', { name: 'Invoices' }).getByText('7', { exact: true }));
    await top.getByRole('button', { name: 'Units' }).click();
    expect((await firstCells()).slice(0, 2)).toEqual(['P07', 'P06']);
  });

  browser.it(
    'shows an empty table for a range without sales, and the 3 s error when stats fail',
    async () => {
      const owner = await aCompanyOwner(app, 'Nina None');
      const page = await browser.signedIn(owner.token);
      await page.goto('/dashboard');
      const stats = page.getByRole('region', { name: 'Stats', exact: true });
      await visible(stats.getByRole('group', { name: 'Invoice total' }).getByText('$0.00'));
      await visible(page.getByText('No product was invoiced in this range.'));

      await page.route('**/api/v1/company/stats**', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
      );
      await page
        .getByRole('group', { name: 'Stats range' })
        .getByRole('button', { name: 'Last Month' })
        .click();
      await visible(
        page.getByRole('alert').filter({ hasText: 'Error occurred while getting stats.' }).first(),
      );
      await snap(page, 'dashboard-stats-error');
    },
  );
});
