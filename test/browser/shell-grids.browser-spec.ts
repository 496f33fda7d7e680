import type { Locator, Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import {
  daysFromToday,
  expectTrue,
  hidden,
  ok,
  openColumnMenu,
  visible,
} from '../support/browser-fixtures.js';

/*
 * The back office's shell and grids as a user meets them at 1440 and 390 px: the phone's navigation drawer, the
 * grids' columns in view (row actions too) without sideways scrolling, Paid and Balance on invoices, the products'
 * search, the page-size selector's 'N/page', the column choice remembered, and the phone's priority list.
 */

let app: TestApp;
let http: ApiClient;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  app = await startTestApp();
  http = apiClient(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** An owner with a customer of a long name, a wine and three invoices (one partly paid). */
async function aCompany() {
  const { token } = await signUpOwner(http, 'Gina Grid');
  await ok(http.post('company/feature', { name: 'payment', active: true }, token));
  const customer = await ok(
    http.post(
      'customer',
      {
        name: 'The Extraordinarily Long Named Icehouse And Beer Garden Of Fredericksburg',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB765432',
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      token,
    ),
  );
  const wine = await ok(
    http.post(
      'product',
      {
        product: 'Barefoot Merlot Extra Long Reserve Edition Of The Valley',
        product_type: 'wine',
        product_size: '750ml',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      token,
    ),
  );
  const numbers: string[] = [];
  for (let i = 0; i < 3; i++) {
    const invoice = await ok(
      http.post(
        'invoice',
        {
          customer_id: customer.id,
          items: [{ product_id: wine.id, qty: 10 + i, price: 10 }],
          invoiced_at: daysFromToday(0),
          force: true,
        },
        token,
      ),
    );
    numbers.push(invoice.number);
  }
  await ok(http.post(`invoice/${numbers[0]}/payment`, { amount: 30, received_at: daysFromToday(0) }, token));
  return { token, customer, wine, numbers };
}

/** Is the element's box within the window (not past its right edge), with the page not scrolled sideways? */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  const scrolled = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  return !!box && box.x >= 0 && box.x + box.width <= width + 1 && !scrolled;
}

describe('Shell and grids (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'at 1440 px shows every invoice column, Paid and Balance, the row actions and the page size as 25/page',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto('/invoice');
      const grid = page.getByRole('grid', { name: 'Invoices' });
      await visible(grid.getByRole('row').nth(3));
      // the columns refit after loading: every header and the last row action end inside the window
      for (const name of ['Paid', 'Balance', 'Customer', 'Items', 'Actions'])
        await expectTrue(() => inView(page, grid.getByRole('columnheader', { name })));
      const [first, , newest] = c.numbers;
      await expectTrue(() =>
        inView(page, grid.getByRole('button', { name: `More actions for invoice #${newest}` })),
      );
      // the newest number first within the day
      const numbers = await grid.locator('[data-field="number"][role="gridcell"]').allInnerTexts();
      expect(numbers.map((n) => n.trim().split('\n')[0])).toEqual(
        [...c.numbers].reverse().map((n) => `#${n}`),
      );
      // what was paid and what is still owed
      const paidRow = grid.getByRole('row').filter({ hasText: `#${first}` });
      expect(await paidRow.locator('[data-field="paid"]').innerText()).toBe('$30.00');
      expect(await paidRow.locator('[data-field="balance"]').innerText()).toBe('$78.25');
      // the long customer name is cut with an ellipsis and whole in its tooltip
      const name = grid.locator('[data-field="customer"] [title^="The Extraordinarily"]').first();
      expect(await name.getAttribute('title')).toBe(c.customer.name);
      // the row's other actions
      await grid.getByRole('button', { name: `More actions for invoice #${newest}` }).click();
      await visible(page.getByRole('menuitem', { name: `Edit invoice #${newest}` }));
      await visible(page.getByRole('menuitem', { name: `Clone invoice #${newest}` }));
      await page.keyboard.press('Escape');
      // the page-size selector reads 'N/page', up to 100 (the free grid's cap)
      const size = page.getByRole('combobox', { name: /Rows per page/ });
      expect((await size.innerText()).trim()).toBe('25/page');
      await size.click();
      const options = await page.getByRole('option').allInnerTexts();
      expect(options.map((o) => o.trim())).toEqual(['10/page', '25/page', '50/page', '100/page']);
      await page.getByRole('option', { name: '10/page' }).click();
      await visible(page.getByText(`1–3 of 3`));
      await snap(page, 'shell-grids-invoices-1440');
    },
  );

  browser.it(
    'remembers the columns a user hides, per user, after a reload, until they reset them',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto('/invoice');
      const grid = page.getByRole('grid', { name: 'Invoices' });
      const paid = grid.getByRole('columnheader', { name: 'Paid' });
      await visible(paid);
      await openColumnMenu(page, grid, 'Paid');
      await page.getByRole('menuitem', { name: 'Hide column' }).click();
      await hidden(paid);
      await page.reload();
      await visible(grid.getByRole('columnheader', { name: 'Balance' }));
      expect(await paid.count()).toBe(0);
      const stored = await page.evaluate(() =>
        Object.keys(localStorage).filter((key) => key.startsWith('grid-columns:')),
      );
      expect(stored).toEqual([expect.stringMatching(/^grid-columns:.+:invoices$/)]);
      // 'Reset columns' in any column's menu brings the grid's own columns back and forgets the choice
      await openColumnMenu(page, grid, 'Balance');
      await page.getByRole('menuitem', { name: 'Reset columns' }).click();
      await visible(paid);
      expect(
        await page.evaluate(() => Object.keys(localStorage).filter((key) => key.startsWith('grid-columns:'))),
      ).toEqual([]);
      await openColumnMenu(page, grid, 'Balance');
      await expect(page.getByRole('menuitem', { name: 'Reset columns' }).isDisabled()).resolves.toBe(true);
      await page.keyboard.press('Escape');
      // another user in the same browser sees every column (a page of the same browser context, signed in as them)
      const other = await aCompany();
      const theirs = await page.context().newPage();
      await theirs.goto('/auth/signin');
      await theirs.evaluate((token) => localStorage.setItem('token', token), other.token);
      await theirs.goto('/invoice');
      await visible(
        theirs.getByRole('grid', { name: 'Invoices' }).getByRole('columnheader', { name: 'Paid' }),
      );
    },
  );

  browser.it(
    'shows the product columns with Profit in view, and finds a product with the search box',
    async () => {
      const c = await aCompany();
      await ok(
        http.post(
          'product',
          {
            product: 'Shiner Bock',
            product_type: 'beer',
            product_size: '12oz 6pk',
            product_price: 9.5,
            last_purchase_price: '6.00',
          },
          c.token,
        ),
      );
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto('/product');
      const grid = page.getByRole('grid', { name: 'Products' });
      await visible(grid.getByRole('row').filter({ hasText: 'SHINER BOCK' }));
      for (const name of ['Profit $', 'Profit %', 'Actions'])
        await expectTrue(() => inView(page, grid.getByRole('columnheader', { name })));
      await page.getByRole('searchbox', { name: 'Search products' }).fill('shiner');
      await hidden(grid.getByRole('row').filter({ hasText: 'BAREFOOT MERLOT' }));
      await visible(grid.getByRole('link', { name: 'Shiner Bock' }));
      await snap(page, 'shell-grids-products-1440');
    },
  );

  browser.it(
    'on a phone: the navigation is a drawer (no rail), New Invoice, Stamp Record, Comptroller Report and Reports in it; grids are priority lists',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: PHONE });
      await page.goto('/invoice');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await visible(page.getByRole('heading', { name: 'Invoices' }));
      expect(await nav.isVisible()).toBe(false);
      // the page has the whole width: no rail beside it
      const main = await page.locator('main').boundingBox();
      expect(main!.x).toBe(0);
      expect(main!.width).toBeGreaterThanOrEqual(389);

      // the priority list: number, customer, total, status, no clipped table
      const list = page.getByRole('list', { name: 'Invoices' });
      await visible(list);
      expect(await page.getByRole('grid', { name: 'Invoices' }).count()).toBe(0);
      const newest = list.getByRole('listitem').first();
      const text = await newest.innerText();
      expect(text).toContain(`#${c.numbers[2]}`);
      expect(text).toContain('The Extraordinarily');
      expect(text).toContain('$129.90');
      expect(text).toContain('Invoiced');
      expect(await inView(page, newest)).toBe(true);
      expect((await page.getByRole('combobox', { name: /Rows per page/ }).innerText()).trim()).toBe(
        '25/page',
      );
      await snap(page, 'shell-grids-invoices-390');
      await newest.getByRole('button').click();
      await page.waitForURL(`**/invoice/${c.numbers[2]}`);

      const open = page.getByRole('button', { name: 'Open navigation' });
      await open.click();
      await visible(nav);
      // the open drawer is modal: the page behind it, its menu button too, is hidden from assistive technologies
      expect(
        await page
          .getByRole('button', { name: 'Open navigation', includeHidden: true })
          .getAttribute('aria-expanded'),
      ).toBe('true');
      for (const name of ['New Invoice', 'Stamp Record', 'Comptroller Report', 'Reports', 'Payments'])
        await visible(nav.getByRole('link', { name, exact: true }));
      // the drawer lies over the page: the page keeps its width
      expect((await page.locator('main').boundingBox())!.width).toBeGreaterThanOrEqual(389);
      await snap(page, 'shell-grids-drawer-390');
      await nav.getByRole('link', { name: 'Stamp Record', exact: true }).click();
      await page.waitForURL('**/stamp/record');
      await hidden(nav);

      await page.goto('/product');
      const products = page.getByRole('list', { name: 'Products' });
      await visible(products.getByRole('listitem').first());
      expect(await products.getByRole('listitem').first().innerText()).toContain('BAREFOOT MERLOT');
      await snap(page, 'shell-grids-products-390');
    },
  );
});
