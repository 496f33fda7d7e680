import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Page } from 'playwright-core';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { aCompanyOwner, aCustomer, visible } from '../support/browser-fixtures.js';
import { seriousViolations } from './accessibility.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);
const PHONE = { width: 390, height: 844 };
const WIDE = { width: 1440, height: 900 };
const SAMPLE = resolve('test/fixtures/comptroller/mixed-beverage-receipts.csv');

async function expectAccessible(page: Page) {
  expect(await seriousViolations(page, page.url(), { include: 'main' })).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  await app.app.get(TabcImportService).importLicences(resolve('test/fixtures/tabc/licenses.csv'));
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Taxpayer numbers from the mixed beverage receipts (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'uploads the receipts file with its progress and shows what was filled, at 1440 and 390 px',
    async () => {
      for (const viewport of [WIDE, PHONE]) {
        const owner = await aCompanyOwner(app, `Tess Taxpayer ${viewport.width}`);
        const rusty = await aCustomer(api, owner.token, { name: 'Rusty Nail', tabc_id: 'MB123456' });
        await aCustomer(api, owner.token, {
          name: 'Lone Star',
          tabc_id: 'MB234567',
          comptroller_taxpayer_number: '32099999999',
        });
        await aCustomer(api, owner.token, { name: 'Clean Bar', tabc_id: 'MB999999' });
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto('/customer');
        await page.getByRole('link', { name: 'Taxpayer Numbers' }).click();
        await visible(page.getByRole('heading', { name: 'Taxpayer Numbers' }));
        await page.getByRole('button', { name: 'Upload and Fill' }).click();
        await visible(
          page
            .getByRole('alert')
            .getByText('Please choose the mixed beverage gross receipts file (CSV) to upload.'),
        );
        await page.getByLabel('Mixed beverage gross receipts file').setInputFiles({
          name: 'mixed-beverage-receipts.csv',
          mimeType: 'text/csv',
          buffer: readFileSync(SAMPLE),
        });
        await visible(page.getByText(/^mixed-beverage-receipts\.csv · /));
        await page.getByRole('button', { name: 'Upload and Fill' }).click();
        const result = page.getByRole('status', { name: 'Import result' });
        await visible(result.getByText('Read 12 rows of mixed-beverage-receipts.csv; skipped 3.'));
        await visible(result.getByText('Matched: 2'));
        await visible(result.getByText('Filled: 1'));
        await visible(result.getByText('Kept: 1'));
        await visible(result.getByText('Unmatched: 1'));
        await visible(result.getByText('Line 5: taxpayer number "1745678901" of NE345678 is not 11 digits'));
        await expectAccessible(page);
        await snap(page, `taxpayer-import-${viewport.width}`);
        await page.goto(`/customer/${rusty.id}/edit`);
        await expect(page.getByLabel(/Comptroller taxpayer number/i).inputValue()).resolves.toMatch(
          /^3-?20-?1234567-?8$|^32012345678$/,
        );
      }
    },
  );
});
