import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { monthDays, previousMonth, reportDueOn } from '#domain/reports/alcohol-sales-report.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, hidden, ok, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const lastMonth = () => previousMonth(today().slice(0, 7));
const monthName = (month: string) =>
  new Date(`${month}-15T12:00:00`).toLocaleString('en-US', { month: 'long', year: 'numeric' });

/** An owner (permit LP123456) who sold 3 bottles of Tito's to a retailer on the first day of last month. */
async function anOwnerWithLastMonthsSales() {
  const owner = await signUpOwner(http, 'Carla Comptroller');
  const details = { name: 'Lone Star Spirits', address: '100 Congress Ave', city: 'Austin', state: 'TX' };
  await ok(
    http.put(
      `company/${owner.user.company_id}`,
      { ...details, zip: '78701', tabc_id: 'LP123456' },
      owner.token,
    ),
  );
  const customer = await ok(http.post('customer', RUSTY_NAIL, owner.token));
  const vodka = await ok(
    http.post(
      'product',
      {
        product: "Tito's Vodka",
        product_type: 'liquor',
        product_size: '750ml',
        product_price: 19.99,
        upc: '619947000013',
      },
      owner.token,
    ),
  );
  const { from } = monthDays(lastMonth());
  await ok(http.post('stamp/roll', { prefix: 'AB', received_at: from, from: 1000, to: 1479 }, owner.token));
  await ok(
    http.post(
      'invoice',
      {
        customer_id: customer.id,
        items: [{ product_id: vodka.id, qty: 3, price: 19.99 }],
        invoiced_at: from,
        force: true,
      },
      owner.token,
    ),
  );
  return owner;
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path()).toString() };
}

const noSideScroll = (page: Page) =>
  expectTrue(async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

describe('Comptroller report filing (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);
  const late = () => today() > reportDueOn(lastMonth());

  browser.it(
    'reminds on the dashboard, downloads the RITS file, marks the month filed and the reminder goes (1440 px)',
    async () => {
      const owner = await anOwnerWithLastMonthsSales();
      const month = lastMonth();
      const page = await browser.signedIn(owner.token, { viewport: { width: 1440, height: 900 } });
      await page.goto('/dashboard');
      const reminder = page.getByRole('alert', { name: 'Comptroller report reminder' });
      await visible(reminder);
      await visible(reminder.getByText(`The alcohol sales report of ${monthName(month)}`));
      await snap(page, 'comptroller-reminder-1440');

      await reminder.getByRole('link', { name: 'Open the Comptroller report' }).click();
      const row = page.getByRole('listitem', { name: monthName(month) });
      await visible(row);
      await visible(row.getByText(late() ? 'Late' : 'Not filed', { exact: true }));
      const file = await download(page, () =>
        row.getByRole('button', { name: `Download RITS file of ${monthName(month)}` }).click(),
      );
      expect(file.name).toBe(`RITS_LP123456_${month}.csv`);
      expect(file.text.split('\r\n')[0]!.split(',')).toEqual([
        'LP123456',
        '0',
        'The Rusty Nail',
        '500 E 6th St',
        'Austin',
        'TX',
        '78701',
        'MB123456',
        'DS',
        '619947000013',
        "TITO'S VODKA",
        '750ML',
        '3',
        '59.97',
      ]);
      await visible(row.getByText(/RITS file downloaded .* by Carla Comptroller/));

      await row.getByRole('button', { name: `Mark Filed: ${monthName(month)}` }).click();
      const dialog = page.getByRole('dialog', { name: `Mark ${monthName(month)} filed` });
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Mark Filed' }).click();
      await visible(dialog.getByText(/Enter the confirmation number RITS gave/));
      await dialog.getByRole('textbox', { name: 'Confirmation number' }).fill('RITS 42');
      await dialog.getByRole('button', { name: 'Mark Filed' }).click();
      await visible(dialog.getByText(/letters, digits and hyphens, at most 40/));
      await snap(page, 'comptroller-mark-filed-dialog-1440');
      await dialog.getByRole('textbox', { name: 'Confirmation number' }).fill('rits-2026-42');
      await dialog.getByRole('button', { name: 'Mark Filed' }).click();
      await hidden(dialog);
      await visible(row.getByText(late() ? 'Filed late' : 'Filed', { exact: true }));
      await visible(row.getByText(/confirmation RITS-2026-42/));
      expect(await row.getByRole('button', { name: /^Mark Filed:/ }).count()).toBe(0);
      await snap(page, 'comptroller-months-1440');

      await page.goto('/dashboard');
      await visible(page.getByRole('heading', { name: 'Dashboard', level: 1 }));
      await visible(page.getByText('Recent Invoices').first());
      expect(await page.getByRole('alert', { name: 'Comptroller report reminder' }).count()).toBe(0);
    },
  );

  browser.it('shows the reminder, the months list and the dialog on a 390 px screen', async () => {
    const owner = await anOwnerWithLastMonthsSales();
    const month = lastMonth();
    const page = await browser.signedIn(owner.token, { viewport: { width: 390, height: 844 } });
    await page.goto('/dashboard');
    await visible(page.getByRole('alert', { name: 'Comptroller report reminder' }));
    await noSideScroll(page);
    await snap(page, 'comptroller-reminder-390');
    await page.goto(`/stamp/comptroller?month=${month}`);
    const row = page.getByRole('listitem', { name: monthName(month) });
    await visible(row.getByRole('button', { name: `Mark Filed: ${monthName(month)}` }));
    await noSideScroll(page);
    await snap(page, 'comptroller-months-390');
    await row.getByRole('button', { name: `Mark Filed: ${monthName(month)}` }).click();
    const dialog = page.getByRole('dialog', { name: `Mark ${monthName(month)} filed` });
    await visible(dialog.getByRole('textbox', { name: 'Confirmation number' }));
    await snap(page, 'comptroller-mark-filed-dialog-390');
  });
});
