import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, completeCompany, signUpOwner } from '../support/http.js';
import { expectTrue, ok, today, visible } from '../support/browser-fixtures.js';
import { seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const thisMonth = () => today().slice(0, 7);

/** An owner (permit LP123456) who sold 3 bottles of Tito's (no UPC) to a retailer with no taxpayer number today. */
async function anOwnerWithSales() {
  const owner = await signUpOwner(http, 'Carla Comptroller');
  await completeCompany(http, owner);
  const customer = await ok(http.post('customer', RUSTY_NAIL, owner.token));
  const vodka = await ok(
    http.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    ),
  );
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token),
  );
  const invoice = await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: vodka.id, qty: 3, price: 19.99 }] },
      owner.token,
    ),
  );
  return { owner, customer, vodka, invoice: invoice as { id: string } };
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

/** Critical and serious WCAG 2.1 A/AA violations on the page, or inside `scope` (a CSS selector). */
const axe = (page: Page, scope?: string) => seriousViolations(page, page.url(), { include: scope });

describe('Comptroller report (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'checks a month, links each missing item to where it is filled, and downloads the CSV',
    async () => {
      const { owner, customer } = await anOwnerWithSales();
      const page = await browser.signedIn(owner.token);
      await page.goto('/stamp');
      await page.getByRole('link', { name: 'Comptroller Report' }).first().click();
      await visible(page.getByRole('heading', { name: 'Comptroller Report', level: 1 }));
      await page.getByRole('textbox', { name: 'Month' }).fill(thisMonth());
      await page.getByRole('button', { name: 'Check Month' }).click();
      await visible(page.getByText('1 sale line to 1 retailer: 3 units, $59.97 net'));
      await visible(page.getByText('2 to fill'));
      const customers = page.getByRole('region', { name: 'Missing data: Customers' });
      await visible(customers.getByRole('link', { name: 'The Rusty Nail' }));
      const products = page.getByRole('region', { name: 'Missing data: Products' });
      await visible(products.getByText('UPC: No UPC: the UPC field is empty in the file.'));
      await snap(page, 'comptroller-report');
      expect(await axe(page)).toEqual([]);

      const csv = await download(page, () =>
        page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
      );
      expect(csv.name).toBe(`alcohol_sales_LP123456_${thisMonth()}.csv`);
      const text = csv.bytes.toString();
      expect(text.split('\r\n')[0]).toContain('Seller Permit,Report Month,Retailer Taxpayer Number');
      expect(text).toContain(`LP123456,${thisMonth()},,MB123456,The Rusty Nail`);

      // Fill the taxpayer number from the link: the customer leaves the check.
      await customers.getByRole('link', { name: 'The Rusty Nail' }).click();
      await page.waitForURL(`**/customer/${customer.id}/edit`);
      await page.getByLabel('Comptroller Taxpayer Number').fill('32012345678');
      await page.getByRole('button', { name: 'Save Customer' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      await visible(page.getByRole('dialog').getByRole('button', { name: 'Close' }));
      await page.goto(`/stamp/comptroller?month=${thisMonth()}`);
      await visible(page.getByText('1 to fill'));
      expect(await page.getByRole('region', { name: 'Missing data: Customers' }).count()).toBe(0);
    },
  );

  browser.it(
    "nets two broken bottles credited this month: the month's totals and a negative line in the CSV",
    async () => {
      const { owner, invoice } = await anOwnerWithSales();
      const memo = await ok(
        http.post(
          'credit-memo',
          { invoice: invoice.id, reason: 'delivered_damaged', lines: [{ line_no: 1, qty: 2 }] },
          owner.token,
        ),
      );
      const page = await browser.signedIn(owner.token);
      await page.goto(`/stamp/comptroller?month=${thisMonth()}`);
      await page.getByRole('button', { name: 'Check Month' }).click();
      // 3 bottles sold and 2 credited: two lines, one unit, one bottle's price net
      await visible(page.getByText('2 sale lines to 1 retailer: 1 unit, $19.99 net'));
      await snap(page, 'comptroller-report-credited');
      const csv = await download(page, () =>
        page.getByRole('button', { name: 'Download CSV', exact: true }).click(),
      );
      const credited = csv.bytes
        .toString()
        .split('\r\n')
        .find((line) => line.includes((memo as { number: string }).number));
      expect(credited).toContain(',-2,');
      expect(credited).toContain(',-39.98');
    },
  );

  browser.it('fits a 390 px wide screen and passes axe there', async () => {
    const { owner } = await anOwnerWithSales();
    const page = await browser.signedIn(owner.token, { viewport: { width: 390, height: 844 } });
    await page.goto(`/stamp/comptroller?month=${thisMonth()}`);
    await visible(page.getByRole('heading', { name: 'Missing Data' }));
    await expectTrue(async () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    );
    // The screen itself: at this width the shell's avatar link (initials only, named by the user's name and e-mail)
    // fails axe's label-content-name-mismatch, on every screen; not this one's to fix.
    expect(await axe(page, 'main')).toEqual([]);
    await snap(page, 'comptroller-report-390');
  });
});
