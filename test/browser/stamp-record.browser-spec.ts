import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, ok, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** An owner with a roll AB1000–AB1479, an invoice of 3 bottles to The Rusty Nail, and AB1010–AB1012 destroyed. */
async function anOwnerWithStamps() {
  const owner = await signUpOwner(http, 'Rita Record');
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
  await ok(http.post('stamp/roll/1/destroy', { from: 1010, to: 1012, note: 'torn' }, owner.token));
  return { owner, invoice };
}

async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), bytes: readFileSync(await file.path()) };
}

describe('Stamp record (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'shows this month’s record on request, as of a past moment on request, and downloads CSV and PDF',
    async () => {
      const { owner, invoice } = await anOwnerWithStamps();
      const page = await browser.signedIn(owner.token, { viewport: { width: 1440, height: 900 } });
      await page.goto('/stamp');
      await page.getByRole('link', { name: 'Stamp Record' }).first().click();
      await page.getByRole('heading', { name: 'Stamp Record', level: 1 }).waitFor({ timeout: 60_000 });
      await page.getByRole('button', { name: 'This month' }).click();
      const table = page.getByRole('table', { name: 'Stamp transactions by date' });
      await visible(table.getByRole('cell', { name: 'AB1000-AB1479' }));
      await visible(table.getByRole('cell', { name: `#${invoice.number}` }));
      await visible(table.getByText('Serials: AB1010 AB1011 AB1012').filter({ visible: true }));
      await visible(table.getByRole('cell', { name: '474' }));
      await snap(page, 'stamp-record');
      await page.getByRole('tab', { name: 'Invoice Numbers' }).click();
      const numbers = page.getByRole('table', { name: 'Invoice numbers issued' });
      await visible(numbers.getByRole('cell', { name: `#${invoice.number}` }));
      await visible(page.getByText('1 number issued, no gap.'));

      const { violations } = await new AxeBuilder({ page })
        .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
        .options({ resultTypes: ['violations'] })
        .setLegacyMode(true)
        .analyze();
      expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);

      // One stamp as of now, its serial as printed: affixed to the invoice.
      await page.getByRole('tab', { name: 'One Stamp As Of' }).click();
      await page.getByLabel('Stamp Serial').fill('AB1001');
      await page.getByRole('button', { name: 'Look Up' }).click();
      const story = page.getByRole('table', { name: 'Transactions of the stamp' });
      await visible(story.getByRole('cell', { name: `#${invoice.number}` }));
      await visible(page.getByText(/: Invoiced$/));

      // As of a moment before the roll arrived: nothing happened yet.
      await page.getByLabel('As Of', { exact: true }).fill('2020-01-01T00:00:00');
      await page.getByRole('button', { name: 'Show Record' }).click();
      await page.getByRole('tab', { name: 'Transactions' }).click();
      await visible(page.getByText('No stamp transaction in this period.'));

      await page.getByLabel('As Of', { exact: true }).fill('');
      const csv = await download(page, () => page.getByRole('button', { name: 'Download CSV' }).click());
      expect(csv.name).toMatch(/^stamp_record_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
      expect(csv.bytes.toString()).toContain('Destroyed,1,AB1011,1');
      const pdf = await download(page, () => page.getByRole('button', { name: 'Download PDF' }).click());
      expect(pdf.name).toMatch(/\.pdf$/);
      expect(pdf.bytes.subarray(0, 5).toString()).toBe('%PDF-');

      // The server's word on a bad period shows at the field.
      await page.getByLabel('From').fill('2024-01-01');
      await page.getByRole('button', { name: 'Show Record' }).click();
      await visible(page.getByText('A record covers at most 366 days.'));
    },
  );

  for (const width of [1440, 390])
    browser.it(
      `an auditor's job at ${width} px: last month's record on arrival, then one serial's history as printed`,
      async () => {
        const { owner, invoice } = await anOwnerWithStamps();
        const page = await browser.signedIn(owner.token, {
          viewport: { width, height: width > 600 ? 900 : 844 },
        });
        await page.goto('/stamp/record');
        await page.getByRole('heading', { name: 'Stamp Record', level: 1 }).waitFor({ timeout: 60_000 });
        // It opens on last month, the whole month: nothing happened then (the roll came this month).
        const [y, m] = today().split('-').map(Number) as [number, number];
        const first = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 10);
        const last = new Date(Date.UTC(y, m - 1, 0)).toISOString().slice(0, 10);
        await visible(page.getByRole('button', { name: 'Last month', pressed: true }));
        expect(await page.getByLabel('From').inputValue()).toBe(first);
        expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe(last);
        await visible(page.getByText('No stamp transaction in this period.'));
        await snap(page, `stamp-record-last-month-${width}`);

        // One stamp, reached from the top of the page, its serial pasted as printed.
        await page.getByRole('tab', { name: 'One Stamp As Of' }).click();
        await page.getByLabel('Stamp Serial').fill('ab 1011');
        await page.getByRole('button', { name: 'Look Up' }).click();
        const story = page.getByRole('table', { name: 'Transactions of the stamp' });
        await visible(story.getByRole('cell', { name: /Destroyed/ }));
        await visible(page.getByText(/AB1011 as of .*: Destroyed$/));
        await snap(page, `stamp-record-serial-${width}`);
        await page.getByLabel('Stamp Serial').fill('AB1001');
        await page.getByRole('button', { name: 'Look Up' }).click();
        await visible(story.getByRole('cell', { name: `#${invoice.number}` }));
        await expectTrue(async () =>
          page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
        );
      },
      120_000,
    );

  browser.it(
    'fits a 390 px wide screen: every tab in view, each line of both tables read without scrolling sideways',
    async () => {
      const { owner, invoice } = await anOwnerWithStamps();
      const page = await browser.signedIn(owner.token, { viewport: { width: 390, height: 844 } });
      await page.goto('/stamp/record');
      await page.getByRole('heading', { name: 'Stamp Record', level: 1 }).waitFor({ timeout: 60_000 });
      for (const name of ['Transactions', 'Invoice Numbers', 'One Stamp As Of']) {
        const box = await page.getByRole('tab', { name }).boundingBox();
        expect(box!.x >= 0 && box!.x + box!.width <= 390).toBe(true);
      }
      await page.getByRole('button', { name: 'This month' }).click();
      const transactions = page.getByRole('table', { name: 'Stamp transactions by date' });
      // the serials, the invoice and the retailer under the transaction
      const affixed = transactions.getByRole('row').filter({ hasText: `#${invoice.number}` });
      await visible(affixed.getByText('AB1000-AB1002').filter({ visible: true }));
      await visible(affixed.getByText(/The Rusty Nail · MB/));
      const fits = (region: string) =>
        expectTrue(async () =>
          page
            .getByRole('region', { name: region })
            .evaluate((element) => element.scrollWidth <= element.clientWidth),
        );
      await fits('Stamp transactions (scrolls)');
      await expectTrue(async () =>
        page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      );
      await snap(page, 'stamp-record-390');

      await page.getByRole('tab', { name: 'Invoice Numbers' }).click();
      const numbers = page.getByRole('table', { name: 'Invoice numbers issued' });
      await visible(
        numbers
          .getByRole('row')
          .filter({ hasText: `#${invoice.number}` })
          .getByText(/Issued/)
          .filter({ visible: true }),
      );
      await fits('Invoice numbers (scrolls)');
      await snap(page, 'stamp-record-numbers-390');
    },
  );
});
