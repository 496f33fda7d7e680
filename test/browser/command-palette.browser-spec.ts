import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  expectTrue,
  hidden,
  isFocused,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

const api = apiCaller(() => app.baseUrl);

/** Four 'Alamo Tavern' customers, four 'Alamo Ale' beers and four invoices to the first tavern: more than 3 a group. */
async function fourOfEach(token: string) {
  const customers = [];
  for (const n of [1, 2, 3, 4]) customers.push(await aCustomer(api, token, { name: `Alamo Tavern ${n}` }));
  const products = [];
  for (const n of [1, 2, 3, 4])
    products.push(
      await api<{ id: string }>('product', {
        method: 'POST',
        body: {
          product: `Alamo Ale ${n}`,
          product_type: 'beer',
          product_size: '12oz',
          product_price: 9,
          last_purchase_price: '5.00',
        },
        token,
      }),
    );
  for (const n of [1, 2, 3, 4])
    await api('invoice', {
      method: 'POST',
      body: {
        customer_id: customers[0].id,
        items: [{ product_id: products[0].id, qty: n, price: 9 }],
        force: true,
      },
      token,
    });
}

const press = (page: Page, keys: string) => page.keyboard.press(keys);

beforeAll(async () => {
  app = await startTestApp({
    AUTH_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    PROVIDER_EMAIL: 'help@provider.test',
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Command palette (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);
  const palette = (page: Page) => page.getByRole('dialog', { name: 'Command palette' });
  const searchBox = (page: Page) => palette(page).getByRole('combobox');
  const group = (page: Page, name: string) => palette(page).getByRole('group', { name });

  browser.it(
    'opens on Ctrl+K, finds the first 3 invoices, products and customers, and Enter opens one',
    async () => {
      const token = await anOwnerToken(api, 'palette');
      await fourOfEach(token);
      const page = await browser.signedIn(token);
      await page.goto('/dashboard');
      await visible(page.getByRole('button', { name: /Search/ }));

      const logout = page.getByRole('button', { name: 'Logout' });
      await logout.focus();
      await press(page, 'Control+k');
      await visible(palette(page));
      await expectTrue(() => isFocused(searchBox(page)));
      await visible(group(page, 'Actions').getByRole('option', { name: 'Settings' }));
      await press(page, 'Escape');
      await hidden(palette(page));
      await expectTrue(() => isFocused(logout));

      await press(page, 'Control+k');
      await searchBox(page).fill('Alamo');
      await visible(group(page, 'Invoices').getByRole('option').first());
      await visible(
        group(page, 'Products')
          .getByRole('option', { name: /alamo ale/i })
          .first(),
      );
      await visible(
        group(page, 'Customers')
          .getByRole('option', { name: /alamo tavern/i })
          .first(),
      );
      for (const name of ['Invoices', 'Products'])
        expect(await group(page, name).getByRole('option').count()).toBe(3);
      // a customer offers edit customer, create invoice and view invoices (3 customers, 3 commands each)
      expect(await group(page, 'Customers').getByRole('option').count()).toBe(9);
      expect(
        await group(page, 'Customers')
          .getByRole('option', { name: /^Edit customer Alamo Tavern/ })
          .count(),
      ).toBe(3);
      expect(await palette(page).getByText('No results').count()).toBe(0);
      await snap(page, 'command-palette-results');

      // the first option is highlighted; arrows move the highlight, Enter opens it
      const options = palette(page).getByRole('option');
      expect(await options.nth(0).getAttribute('aria-selected')).toBe('true');
      await press(page, 'ArrowDown');
      expect(await options.nth(1).getAttribute('aria-selected')).toBe('true');
      await press(page, 'ArrowUp');
      const first = await options.nth(0).innerText();
      const number = /#(\S+)/.exec(first)?.[1];
      expect(number).toBeTruthy();
      await press(page, 'Enter');
      await page.waitForURL(`**/invoice/${number}`);
      await hidden(palette(page));
    },
  );

  browser.it(
    "goes to pages (New Invoice, Stamp Record, Comptroller Report, Reports) and to a customer's invoices",
    async () => {
      const token = await anOwnerToken(api, 'palette-pages');
      const tavern = await aCustomer(api, token, { name: 'Pages Tavern' });
      const page = await browser.signedIn(token);
      await page.goto('/dashboard');
      // the shortcut works once the app has started (the first paint is a static shell)
      await visible(page.getByRole('heading', { name: 'Recent Invoices' }));
      const go = async (text: string, option: string | RegExp, url: string) => {
        await press(page, 'Control+k');
        await searchBox(page).fill(text);
        const wanted = palette(page).getByRole('option', { name: option });
        // a busy machine can hold the answer back: say what the palette showed meanwhile, then look again
        if (
          !(await wanted.waitFor({ timeout: 10_000 }).then(
            () => true,
            () => false,
          ))
        )
          console.log(`palette for '${text}' without '${option}':`, await palette(page).innerText());
        await wanted.click();
        await page.waitForURL(url);
        await hidden(palette(page));
      };
      await press(page, 'Control+k');
      for (const name of ['New Invoice', 'Stamp Record', 'Comptroller Report', 'Reports', 'Payments'])
        await visible(group(page, 'Pages').getByRole('option', { name, exact: true }));
      await snap(page, 'command-palette-pages');
      await press(page, 'Escape');
      await go('comptroller', 'Comptroller Report', '**/stamp/comptroller');
      await go('record', 'Stamp Record', '**/stamp/record');
      await go('reports', 'Reports', '**/reports');
      await go('new inv', 'New Invoice', '**/invoice/create');
      await go('Pages Tav', 'View invoices of Pages Tavern', `**/invoice?customerId=${tavern.id}`);
      await go('Pages Tav', 'Create invoice for Pages Tavern', `**/invoice/create?customerId=${tavern.id}`);
      await go('Pages Tav', 'Edit customer Pages Tavern', `**/customer/${tavern.id}/edit`);
    },
  );

  browser.it(
    "says 'No results' for an unknown text, and the Settings action opens the settings",
    async () => {
      const page = await browser.signedIn(await anOwnerToken(api, 'palette-empty'));
      await page.goto('/dashboard');
      await page.getByRole('button', { name: /Search/ }).click();
      await searchBox(page).fill('zzqqxx');
      await visible(palette(page).getByRole('status').getByText('No results'));
      await snap(page, 'command-palette-empty');

      await searchBox(page).fill('sett');
      await visible(group(page, 'Actions').getByRole('option', { name: 'Settings' }));
      await press(page, 'Enter');
      await page.waitForURL('**/setting');
    },
  );

  browser.it(
    "offers Report Issue: a mail to the provider's support address with the client version, route, browser and time",
    async () => {
      const page = await browser.signedIn(await anOwnerToken(api, 'palette-report'));
      await page.goto('/customer?page=2');
      await visible(page.getByRole('button', { name: /Search/ }));
      const before = new Date().toISOString();
      await press(page, 'Control+k');
      const report = group(page, 'Actions').getByRole('option', { name: 'Report Issue' });
      await visible(report);
      const after = new Date().toISOString();
      const href = (await report.getAttribute('href')) ?? '';
      expect(href.startsWith('mailto:help@provider.test?')).toBe(true);
      const query = new URLSearchParams(href.slice(href.indexOf('?') + 1));
      expect(query.get('subject')).toBe('Stampline: issue report');
      const lines = Object.fromEntries(
        query
          .get('body')!
          .split('\r\n')
          .filter((line) => /^(Client version|Route|Browser|Time): /.test(line))
          .map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      expect(lines).toEqual({
        'Client version': '3.98',
        Route: '/customer?page=2',
        Browser: await page.evaluate(() => navigator.userAgent),
        Time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      });
      // the moment the palette opened
      expect(lines.Time >= before && lines.Time <= after).toBe(true);
      // typing narrows the actions to it
      await searchBox(page).fill('report');
      expect(await group(page, 'Actions').getByRole('option').allInnerTexts()).toEqual(['Report Issue']);
      await snap(page, 'command-palette-report-issue');
    },
  );

  browser.it('shows an error line when the search fails', async () => {
    const page = await browser.signedIn(await anOwnerToken(api, 'palette-error'));
    await page.route('**/api/v1/company/quick-search**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/dashboard');
    await visible(page.getByRole('button', { name: /Search/ }));
    await press(page, 'Control+k');
    await searchBox(page).fill('Alamo');
    await visible(palette(page).getByRole('alert').getByText('Sorry, the search failed.'));
    await snap(page, 'command-palette-error');
    // once the server answers again, Retry asks once more and the results show
    await page.unroute('**/api/v1/company/quick-search**');
    await palette(page).getByRole('button', { name: 'Retry' }).click();
    await hidden(palette(page).getByRole('alert'));
    await visible(palette(page).getByRole('status').getByText('No results'));
  });
});
