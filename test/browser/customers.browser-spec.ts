import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { SAMPLE_TABC } from '../../apps/api/src/seed.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { startTestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  daysFromToday,
  openColumnMenu,
  visible,
} from '../support/browser-fixtures.js';

type TestApp = Awaited<ReturnType<typeof startTestApp>>;

let app: TestApp;
let dir: string;

const api = apiCaller(() => app.baseUrl);

const CUSTOMER = {
  name: 'Corner Cantina',
  address: '12 Congress Ave',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB111222',
  cash_on_delivery: false,
  fintech_option: false,
};

/** The grid filtered on Name through its column menu (the free DataGrid's filter panel). */
async function filterByName(page: Page, value: string) {
  await openColumnMenu(page, grid(page), 'Name');
  await page.getByRole('menuitem', { name: 'Filter' }).click();
  await page.getByRole('textbox', { name: 'Value' }).fill(value);
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Customers' });

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  // The sample TABC lists, plus one licence expiring in 10 days (the sample's dates are fixed).
  dir = mkdtempSync(join(tmpdir(), 'stampline-customers-'));
  const licences = join(dir, 'licenses.csv');
  writeFileSync(
    licences,
    `${readFileSync(SAMPLE_TABC.licences, 'utf8').trimEnd()}\n` +
      `2009001,MF-9001,MB,Active,,2020-01-01,2025-01-01,2025-01-01,${daysFromToday(10)},PRAIRIE ROSE TAVERN,PRAIRIE ROSE LLC,42 ELM ST,,DALLAS,TX,75201,DALLAS,(214) 555-0155,MB901234,1\n`,
  );
  const tabc = app.app.get(TabcImportService);
  await tabc.importLicences(licences);
  await tabc.importDelinquent(SAMPLE_TABC.delinquent);
}, 60_000);

afterAll(async () => {
  await app?.close();
  if (dir) rmSync(dir, { recursive: true, force: true });
});

describe('Customers (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string) => browser.signedIn(token);

  browser.it('shows the empty grid of a new company, with New Customer and the side entries', async () => {
    const page = await signedIn(await anOwnerToken(api, 'empty'));
    await page.goto('/customer');
    await visible(page.getByRole('heading', { name: 'Customers' }));
    await visible(grid(page).getByText('You have not added any customer yet.'));
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Customers' }));
    await snap(page, 'customers-empty');
    await nav.getByRole('link', { name: 'New Customer' }).click();
    await page.waitForURL('**/customer/create');
    await visible(page.getByRole('heading', { name: 'New Customer' }));
  });

  browser.it(
    'creates a customer by hand: validation messages, the server error list, then the grid shows it',
    async () => {
      const page = await signedIn(await anOwnerToken(api, 'manual'));
      await page.goto('/customer/create');
      await expect(page.getByLabel('State')).toHaveValueAsync('TX');
      await page.getByRole('button', { name: 'Create Customer' }).click();
      for (const message of [
        'Customer name is required.',
        'Address is required.',
        'City is required.',
        'Zip is required.',
        'TABC ID is required.',
      ])
        await visible(page.getByText(message, { exact: true }));

      await page.getByLabel('TABC ID').fill('M-12345');
      await visible(
        page.getByText('TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456.', {
          exact: true,
        }),
      );
      await page.getByLabel('Contact Email').fill('not-an-email');
      await visible(page.getByText('Please insert a valid email address', { exact: true }));
      await page.getByLabel('Fintech Option').check();
      await page.getByRole('button', { name: 'Create Customer' }).click();
      await visible(
        page.getByText("Fintech ID can't be empty while Fintech Option is enabled", { exact: true }),
      );
      await snap(page, 'customer-create-validation');

      await page.getByRole('textbox', { name: /^Name/ }).fill('Westside Spirits');
      await page.getByLabel('Address').fill('900 W 5th St');
      await page.getByLabel('City').fill('Austin');
      await page.getByLabel('Zip').fill('78703');
      await page.getByLabel('TABC ID').fill('bg-765432');
      await page.getByLabel('Contact Email').fill('orders@westside.example');
      await page.getByLabel('Fintech ID').fill('FT-88');
      await page.getByLabel('Cash on Delivery').check();
      await page.getByLabel('Service Start').fill('2026-03-01');

      // A rule only the server knows answers with its details list.
      await page.route('**/api/v1/customer', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                statusCode: 400,
                message: 'Zip is not served.',
                details: [
                  { field: 'zip', message: 'Zip is not served.' },
                  { field: 'fintech_id', message: 'Fintech ID is unknown.' },
                ],
              }),
            })
          : route.continue(),
      );
      await page.getByRole('button', { name: 'Create Customer' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'Error saving customer!' });
      await visible(alert.getByRole('listitem').filter({ hasText: 'Zip is not served.' }));
      await visible(alert.getByRole('listitem').filter({ hasText: 'Fintech ID is unknown.' }));
      await visible(page.getByText('Fintech ID is unknown.', { exact: true }).nth(1));
      await snap(page, 'customer-create-server-errors');
      await page.unroute('**/api/v1/customer');

      await page.getByRole('button', { name: 'Create Customer' }).click();
      await page.waitForURL('**/customer');
      const row = grid(page).getByRole('row').filter({ hasText: 'Westside Spirits' });
      await visible(row);
      await visible(row.getByText('BG-765432'));
      await snap(page, 'customers-grid');
    },
  );

  browser.it('creates a customer from an establishment suggestion and finds it by name', async () => {
    const token = await anOwnerToken(api, 'autofill');
    await aCustomer(api, token, { ...CUSTOMER, name: 'Another Bar' });
    const page = await signedIn(token);
    await page.goto('/customer/create');
    const search = page.getByRole('combobox', { name: 'Search establishments' });
    await search.fill('ru');
    await visible(page.getByText('Type at least 3 characters'));
    await search.fill('rusty');
    const option = page.getByRole('option', { name: /THE RUSTY NAIL/ });
    await visible(option);
    await snap(page, 'customer-autofill-suggestions');
    await option.click();

    await visible(page.getByRole('status').filter({ hasText: 'Filled from THE RUSTY NAIL' }));
    await expect(page.getByRole('textbox', { name: /^Name/ })).toHaveValueAsync('THE RUSTY NAIL');
    await expect(page.getByLabel('Address')).toHaveValueAsync('500 E 6TH ST');
    await expect(page.getByLabel('City')).toHaveValueAsync('AUSTIN');
    await expect(page.getByLabel('Zip')).toHaveValueAsync('78701');
    await expect(page.getByLabel('TABC ID')).toHaveValueAsync('FB123457');
    // The other licence of the establishment
    await page.getByRole('button', { name: /MB123456/ }).click();
    await expect(page.getByLabel('TABC ID')).toHaveValueAsync('MB123456');
    await expect(page.getByLabel('Licence Type')).toHaveValueAsync('MB');
    await expect(page.getByLabel('AIMS ID')).toHaveValueAsync('1001234');
    await visible(page.getByText('Saved as MB1001234 (licence type + AIMS ID)'));
    await snap(page, 'customer-autofill-filled');
    await page.getByRole('button', { name: 'Create Customer' }).click();

    await page.waitForURL('**/customer');
    await visible(grid(page).getByRole('row').filter({ hasText: 'Another Bar' }));
    await filterByName(page, 'rusty');
    await grid(page).getByRole('row').filter({ hasText: 'Another Bar' }).waitFor({ state: 'detached' });
    const row = grid(page).getByRole('row').filter({ hasText: 'THE RUSTY NAIL' });
    await visible(row.getByText('MB1001234'));
    await snap(page, 'customers-grid-filtered');
  });

  browser.it('edits a customer through the confirmation dialog', async () => {
    const token = await anOwnerToken(api, 'edit');
    const customer = await aCustomer(api, token, CUSTOMER);
    const page = await signedIn(token);
    await page.goto('/customer');
    await grid(page)
      .getByRole('link', { name: `Edit ${customer.name}` })
      .click();
    await page.waitForURL(`**/customer/${customer.id}/edit`);
    await visible(page.getByRole('heading', { name: `Edit ${customer.name}` }));

    await page.getByLabel('Contact Name').fill('Rosa Diaz');
    await page.getByRole('button', { name: 'Save Customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Save changes?' });
    await visible(dialog);
    await snap(page, 'customer-save-confirm');
    await dialog.getByRole('button', { name: 'Nevermind' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.getByRole('button', { name: 'Save Customer' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
    const saved = page.getByRole('dialog', { name: 'Customer saved' });
    await visible(saved);
    await saved.getByRole('button', { name: 'Close' }).click();
    await saved.waitFor({ state: 'hidden' });

    await page.reload();
    await expect(page.getByLabel('Contact Name')).toHaveValueAsync('Rosa Diaz');
  });

  browser.it('shows the TABC banners for customers matched to the sample lists', async () => {
    const token = await anOwnerToken(api, 'banners');
    const expired = await aCustomer(api, token, {
      ...CUSTOMER,
      name: 'Lone Star Saloon',
      tabc_id: 'MB-234567',
    });
    const delinquent = await aCustomer(api, token, {
      ...CUSTOMER,
      name: 'Gulf Coast Oyster Bar',
      tabc_id: 'MB567890',
    });
    const soon = await aCustomer(api, token, {
      ...CUSTOMER,
      name: 'Prairie Rose Tavern',
      tabc_id: 'MB901234',
    });
    const clean = await aCustomer(api, token, { ...CUSTOMER, name: 'Quiet Corner', tabc_id: 'ZZ999999' });
    const page = await signedIn(token);

    await page.goto(`/customer/${expired.id}/edit`);
    await visible(page.getByText('TABC permit has expired (on 31 Jan, 2026).'));
    await snap(page, 'customer-banner-expired');

    await page.goto(`/customer/${soon.id}/edit`);
    await visible(page.getByText(/TABC permit is about to expire in 10 days/));
    await snap(page, 'customer-banner-expiring');

    await page.goto(`/customer/${delinquent.id}/edit`);
    await visible(page.getByText(/This customer is on the TABC delinquent list\. Effective 06 Nov, 2026/));
    await snap(page, 'customer-banner-delinquent');

    await page.goto(`/customer/${clean.id}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Quiet Corner' }));
    await page.waitForLoadState('networkidle');
    expect(await page.getByText(/TABC permit|delinquent list/).count()).toBe(0);
  });

  browser.it(
    'lists the customers on a phone by whole name, TABC id and balance; a tap opens one',
    async () => {
      const token = await anOwnerToken(api, 'phone');
      const long = await aCustomer(api, token, {
        ...CUSTOMER,
        name: 'The Longest Named Neighborhood Icehouse',
        tabc_id: 'MB333444',
      });
      await aCustomer(api, token, CUSTOMER);
      const page = await browser.signedIn(token, { viewport: { width: 390, height: 844 } });
      await page.goto('/customer');
      const list = page.getByRole('list', { name: 'Customers' });
      const row = list.getByRole('link').filter({ hasText: 'The Longest Named Neighborhood Icehouse' });
      await visible(row);
      await visible(row.getByText('MB333444 · Austin'));
      await visible(row.getByText('$0.00'));
      await visible(list.getByRole('link').filter({ hasText: 'Corner Cantina' }));
      // the whole name is shown (wrapped if need be), nothing cut at the screen's edge
      const cut = await list.evaluate((element) =>
        [...element.querySelectorAll('*')].some((child) => child.scrollWidth > child.clientWidth + 1),
      );
      expect(cut).toBe(false);
      await snap(page, 'customers-phone-390');
      await row.click();
      await page.waitForURL(`**/customer/${long.id}`);
      await visible(page.getByRole('heading', { name: 'The Longest Named Neighborhood Icehouse' }));
    },
  );

  browser.it('removes a customer after confirming, and says so for an unknown one', async () => {
    const token = await anOwnerToken(api, 'remove');
    const customer = await aCustomer(api, token, { ...CUSTOMER, name: 'Gone Tomorrow Bar' });
    const page = await signedIn(token);
    await page.goto(`/customer/${customer.id}/edit`);
    await page.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove customer?' });
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Deleted customer!' }));
    await page.waitForURL('**/customer');
    await visible(grid(page).getByText('You have not added any customer yet.'));

    await page.goto(`/customer/${customer.id}/edit`);
    await visible(page.getByRole('heading', { name: 'Customer Not Found' }));
    await page.goto('/customer/not-a-customer/edit');
    await visible(page.getByRole('heading', { name: 'Customer Not Found' }));
    await snap(page, 'customer-not-found');
  });
});

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace jest {
    interface Matchers<R> {
      toHaveValueAsync(value: string): Promise<R>;
    }
  }
}

expect.extend({
  /** Waits (5 s) for an input's value. */
  async toHaveValueAsync(locator: Locator, expected: string) {
    const deadline = Date.now() + 5000;
    let actual = '';
    while (Date.now() < deadline) {
      actual = await locator.inputValue().catch(() => '');
      if (actual === expected) return { pass: true, message: () => `value is ${expected}` };
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return { pass: false, message: () => `expected value ${expected}, got ${actual}` };
  },
});
