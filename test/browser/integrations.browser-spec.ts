import AxeBuilder from '@axe-core/playwright';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { IntegrationPartners } from '../../apps/api/src/integrations/partners.provider.js';
import { SyncRunner } from '../../apps/api/src/integrations/sync-runner.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCompanyOwner,
  aCustomer,
  aWine,
  hidden,
  switchFeature,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);
const MOBILE = { width: 390, height: 844 };

/** An owner with a customer, a wine and `invoices` invoices, and the partner's feature on (products first). */
async function anOwnerWith(feature: 'bottle_pos' | 'clover' | 'mpower' | null, invoices = 1) {
  const owner = await aCompanyOwner(app, 'Pat Partner');
  const customer = await aCustomer(api, owner.token);
  const wine = await aWine(api, owner.token);
  const invoice = () =>
    api<{ id: string; number: string }>('invoice', {
      method: 'POST',
      body: { customer_id: customer.id, items: [{ product_id: wine.id, qty: 2, price: 10 }], force: true },
      token: owner.token,
    });
  const made: { id: string; number: string }[] = [];
  for (let i = 0; i < invoices; i++) made.push(await invoice());
  if (feature) await switchFeature(app, owner.companyId, feature, true);
  return { ...owner, invoice, invoices: made, wine };
}

/** No critical or serious WCAG 2.1 A/AA violation in the page's main content (the shell is scanned elsewhere). */
async function expectAccessible(page: Page) {
  // once no transition runs: a button fading between its disabled and enabled colours is no contrast failure
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
  const result = await new AxeBuilder({ page })
    .include('main')
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  expect(
    result.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
  ).toEqual([]);
}

/** The page's width fits the viewport (nothing scrolls sideways). */
async function fitsWidth(page: Page) {
  const [scroll, client] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    document.documentElement.clientWidth,
  ]);
  expect(scroll).toBeLessThanOrEqual(client);
}

beforeAll(async () => {
  app = await startTestApp({
    AUTH_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    INTEGRATION_RATE_PER_SECOND: '200',
  });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Bottle POS and Clover (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('shows the activation card while the feature is off', async () => {
    const owner = await anOwnerWith(null, 0);
    const page = await browser.signedIn(owner.token);
    await page.goto('/bottle-pos');
    await visible(page.getByRole('heading', { name: 'Bottle POS is not active' }));
    await page.goto('/clover/5d0c3f55-5f8e-4a52-9d0a-0b7c3c1b2d11');
    await visible(page.getByRole('heading', { name: 'Clover is not active' }));
  });

  browser.it('syncs recent invoices, shows the result live and opens the sync log', async () => {
    const owner = await anOwnerWith('bottle_pos', 2);
    const page = await browser.signedIn(owner.token);
    await page.goto('/bottle-pos');
    await visible(page.getByRole('heading', { name: 'Bottle POS' }));
    await visible(page.getByText('No invoice sync history found!'));
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Sync Recent Invoices' }).click();
    await visible(page.getByText('Bottle POS sync started.'));
    await visible(page.getByText(/Invoices, .*: 2 synced, 0 failed/));
    await visible(page.getByRole('table', { name: 'Sync history' }));
    await snap(page, 'bottle-pos-synced');
    await expectAccessible(page);

    await page.getByRole('link', { name: 'View the sync log' }).click();
    await visible(page.getByRole('heading', { name: 'Bottle POS sync log' }));
    const log = page.getByRole('table', { name: 'Sync log' });
    await visible(log.getByRole('columnheader', { name: 'Time' }));
    await visible(log.getByRole('columnheader', { name: 'Type' }));
    await visible(log.getByRole('columnheader', { name: 'Data' }));
    await visible(log.getByText(/^Invoice \d+ synced\.$/).first());
    expect(await log.getByRole('cell', { name: 'Invoice', exact: true }).count()).toBe(2);
    await expectAccessible(page);
    await snap(page, 'bottle-pos-log');
  });

  browser.it('toasts a failed sync (30 s) and the toast leads to its log; a retry succeeds', async () => {
    const owner = await anOwnerWith('bottle_pos', 1);
    const bottle = await app.app.get(IntegrationPartners).localServer('bottle_pos');
    bottle.reset();
    bottle.fault = 'error500';
    const page = await browser.signedIn(owner.token);
    await page.goto('/bottle-pos');
    await visible(page.getByText('No invoice sync history found!'));
    await page.getByRole('button', { name: 'Sync Recent Invoices' }).click();
    const toast = page.getByRole('alert').filter({ hasText: 'Bottle POS Sync Failed' });
    await visible(toast);
    await visible(page.getByText('Bottle POS failed with an error (500).').first());
    await toast.click();
    await page.waitForURL(/\/bottle-pos\/[0-9a-f-]{36}$/);
    await visible(page.getByText('Sync failed: Bottle POS failed with an error (500).'));
    await snap(page, 'bottle-pos-failed-log');

    bottle.reset();
    await page.goto('/bottle-pos');
    await page.getByRole('button', { name: 'Sync Recent Invoices' }).click();
    await visible(page.getByText(/Invoices, .*: 1 synced, 0 failed/));
    await app.app.get(SyncRunner).idle();
  });

  browser.it('shows how far a running sync is (n of m invoices) as the live socket reports it', async () => {
    const owner = await anOwnerWith('bottle_pos', 3);
    const bottle = await app.app.get(IntegrationPartners).localServer('bottle_pos');
    bottle.reset();
    bottle.delayMs = 800;
    try {
      const page = await browser.signedIn(owner.token, { viewport: MOBILE });
      await page.goto('/bottle-pos');
      await visible(page.getByText('No invoice sync history found!'));
      await page.getByRole('button', { name: 'Sync Recent Invoices' }).click();
      const status = page.getByRole('status').filter({ hasText: /^Syncing invoices: [12] of 3$/ });
      await visible(status);
      await fitsWidth(page);
      await expectAccessible(page);
      await snap(page, 'bottle-pos-progress-390');
      await visible(page.getByText(/Invoices, .*: 3 synced, 0 failed/));
      await hidden(page.getByRole('status').filter({ hasText: /^Syncing invoices/ }));
    } finally {
      bottle.reset();
      await app.app.get(SyncRunner).idle();
    }
  });

  browser.it("says a Clover product 'has not been updated' when its push failed, on its page", async () => {
    const owner = await aCompanyOwner(app, 'Cleo Clover');
    const wine = await aWine(api, owner.token);
    await switchFeature(app, owner.companyId, 'clover', true);
    const clover = await app.app.get(IntegrationPartners).localServer('clover');
    clover.reset();
    clover.fault = 'reject';
    try {
      const page = await browser.signedIn(owner.token);
      await page.goto('/clover');
      await page.getByRole('button', { name: 'Sync Products' }).click();
      await visible(page.getByText(/Products, .*: 0 synced, 1 failed/));
      await page.goto(`/product/${wine.id}`);
      await visible(page.getByText(/^Clover product BAREFOOT MERLOT has not been updated: /));
      await expectAccessible(page);
      await snap(page, 'clover-product-not-updated');
      await page.getByRole('link', { name: 'See the sync log' }).click();
      await page.waitForURL(/\/clover\/[0-9a-f-]{36}$/);
    } finally {
      clover.reset();
      await app.app.get(SyncRunner).idle();
    }
  });

  browser.it('says so when the sync history cannot be loaded', async () => {
    const owner = await anOwnerWith('clover', 0);
    const page = await browser.signedIn(owner.token);
    await page.route('**/api/v1/clover/sync/history', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"statusCode":500,"message":"x"}',
      }),
    );
    await page.goto('/clover');
    await visible(page.getByText('Error loading sync history!'));
  });

  browser.it('works at 390 px: Clover products sync and its log', async () => {
    const owner = await anOwnerWith('clover', 0);
    const page = await browser.signedIn(owner.token, { viewport: MOBILE });
    await page.goto('/clover');
    await visible(page.getByText('No invoice sync history found!'));
    await page.getByRole('button', { name: 'Sync Products' }).click();
    await visible(page.getByText(/Products, .*: 1 synced, 0 failed/));
    await fitsWidth(page);
    await snap(page, 'clover-390');
    await page.getByRole('link', { name: 'View the sync log' }).click();
    await visible(page.getByRole('table', { name: 'Sync log' }).getByText('Product BAREFOOT MERLOT synced.'));
    await fitsWidth(page);
    await expectAccessible(page);
    await snap(page, 'clover-log-390');
  });

  browser.it(
    'exports the grid as Bottle POS JSON and Fintech CSV; a failed export says Error exporting',
    async () => {
      const owner = await anOwnerWith('bottle_pos', 2);
      const page = await browser.signedIn(owner.token);
      await page.goto('/invoice');
      await visible(page.getByRole('button', { name: 'Bottle POS JSON' }));
      // no fintech feature (and no fintech customer): no Fintech CSV
      expect(await page.getByRole('button', { name: 'Fintech CSV' }).count()).toBe(0);
      const [file] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Bottle POS JSON' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^bottle_pos_invoices_\d{2}_[A-Z][a-z]{2}_\d{4}\.json$/);
      const invoices = JSON.parse(readFileSync(await file.path()).toString()) as { items: unknown[] }[];
      expect(invoices).toHaveLength(2);

      await api('customer', {
        method: 'POST',
        body: {
          name: 'Fintech Tavern',
          address: '1 Main St',
          city: 'Austin',
          zip: '78701',
          tabc_id: 'MB777001',
          cash_on_delivery: false,
          fintech_option: true,
          fintech_id: 'FT-1',
        },
        token: owner.token,
      });
      await switchFeature(app, owner.companyId, 'fintech', true);
      await page.reload();
      await visible(page.getByRole('button', { name: 'Fintech CSV' }));
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Fintech CSV' }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^invoices_fintech_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);

      await page.route('**/api/v1/bottle-pos/export-invoices*', (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"statusCode":500,"message":"x"}',
        }),
      );
      await page.getByRole('button', { name: 'Bottle POS JSON' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Error exporting' }));
    },
  );

  browser.it('syncs an invoice with the sales platform: a 1.5 s alert and the record', async () => {
    const owner = await anOwnerWith('mpower', 1);
    const [invoice] = owner.invoices;
    const page = await browser.signedIn(owner.token);
    await page.goto(`/invoice/${invoice!.number}`);
    await visible(page.getByText('Sales platform: not synced yet'));
    await page.getByRole('button', { name: 'Sync with the sales platform' }).click();
    const alert = page
      .getByRole('alert')
      .filter({ hasText: `Invoice #${invoice!.number} synced with the sales platform.` });
    await visible(alert);
    await visible(page.getByText(/^Sales platform: synced /));
    await snap(page, 'mpower-synced');
    await hidden(alert);
  });

  browser.it('syncs an invoice with fintech from its view and shows the fintech sync history', async () => {
    const owner = await aCompanyOwner(app, 'Fin Tech');
    const customer = await aCustomer(api, owner.token, { fintech_option: true, fintech_id: 'FT-42' });
    const wine = await aWine(api, owner.token);
    const invoice = await api<{ id: string; number: string }>('invoice', {
      method: 'POST',
      body: { customer_id: customer.id, items: [{ product_id: wine.id, qty: 1, price: 10 }], force: true },
      token: owner.token,
    });
    await switchFeature(app, owner.companyId, 'fintech', true);
    const page = await browser.signedIn(owner.token);
    await page.goto(`/invoice/${invoice.number}`);
    const panel = page.getByRole('region', { name: 'Fintech' });
    await visible(panel.getByText('Fintech FT-42'));
    await visible(panel.getByText('Not synced with fintech yet.'));
    await panel.getByRole('button', { name: 'Sync with fintech' }).click();
    await visible(
      panel.getByRole('list', { name: 'Fintech sync history' }).getByText('1 invoice(s) synced.'),
    );
    await expectAccessible(page);
    await snap(page, 'fintech-panel');
  });

  browser.it(
    "uploads a distributor's invoice file into the builder (390 px and desktop), lists a bad file's problems, and shows the fintech badge",
    async () => {
      const owner = await aCompanyOwner(app, 'Una Upload');
      const customer = await aCustomer(api, owner.token, {
        tabc_id: 'MB818181',
        fintech_option: true,
        fintech_id: 'FT-81',
      });
      const product = await api<{ id: string }>('product', {
        method: 'POST',
        body: {
          product: 'Barefoot Merlot',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 10,
          last_purchase_price: '5.00',
          upc: '085000012345',
        },
        token: owner.token,
      });
      expect(product.id).toBeTruthy();
      await switchFeature(app, owner.companyId, 'fintech', true);
      const file = (text: string) => ({
        name: 'distributor-invoice.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(text),
      });

      for (const viewport of [MOBILE, { width: 1366, height: 900 }]) {
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto('/invoice/create');
        await page.getByRole('button', { name: 'Upload Invoice' }).click();
        const dialog = page.getByRole('dialog', { name: 'Upload Invoice' });
        await visible(dialog.getByText(/UPC/).first());
        await dialog
          .locator('input[type=file]')
          .setInputFiles(file('UPC,Qty,Price\n085000012345,abc,10.00\n999,1,1.00\n'));
        await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
        const problems = dialog.getByRole('alert');
        await visible(problems.getByText('Error Uploading Invoice'));
        await visible(problems.getByText('Line 2: Qty must be a whole number; "abc" is not.'));
        await visible(page.getByRole('alert').filter({ hasText: 'Error Uploading Invoice' }).last());
        await expectAccessible(page);
        await snap(page, `invoice-upload-problems-${viewport.width}`);

        await dialog
          .locator('input[type=file]')
          .setInputFiles(
            file('Invoice Number,TABC ID,UPC,Qty,Price,On Deal\n7001,MB818181,085000012345,6,9.50,Yes\n'),
          );
        await dialog.getByRole('button', { name: 'Upload', exact: true }).click();
        await hidden(dialog);
        await visible(page.getByText('Added the 1 item(s) of invoice #7001 from the file.'));
        await visible(page.getByText(/BAREFOOT MERLOT|Barefoot Merlot/).first());
        await visible(page.getByText('The Rusty Nail').first());
        await fitsWidth(page);
        await expectAccessible(page);
        await snap(page, `invoice-upload-builder-${viewport.width}`);
        await page.close();
      }

      // the fintech badge in the invoice document's header
      const invoice = await api<{ number: string }>('invoice', {
        method: 'POST',
        body: {
          customer_id: customer.id,
          items: [{ product_id: product.id, qty: 1, price: 10 }],
          force: true,
        },
        token: owner.token,
      });
      for (const viewport of [MOBILE, { width: 1366, height: 900 }]) {
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto(`/invoice/${invoice.number}`);
        const header = page.getByRole('article', { name: `Invoice #${invoice.number}` });
        await visible(header.getByLabel('Fintech customer, fintech id FT-81'));
        await fitsWidth(page);
        await expectAccessible(page);
        await snap(page, `invoice-fintech-badge-${viewport.width}`);
        await page.close();
      }
    },
  );

  browser.it(
    'keeps the catalogue on the product screens: Clover nothing, Bottle POS the price only',
    async () => {
      const owner = await anOwnerWith('clover', 0);
      // wide: the grid renders only the columns in view, and Edit is the last one
      const page = await browser.signedIn(owner.token, { viewport: { width: 1900, height: 900 } });
      await page.goto('/product');
      const grid = page.getByRole('grid', { name: 'Products' });
      await visible(grid.getByRole('button', { name: 'Edit BAREFOOT MERLOT' }));
      expect(await page.getByRole('button', { name: 'New Product' }).isDisabled()).toBe(true);
      await grid.getByRole('button', { name: 'Edit BAREFOOT MERLOT' }).click();
      const dialog = page.getByRole('dialog', { name: /Edit BAREFOOT MERLOT/ });
      await visible(dialog.getByText('Products are kept in Clover while the Clover feature is active'));
      expect(await dialog.getByRole('textbox', { name: /Product Name/ }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: /List Price/ }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Save Product' }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('button', { name: 'Archive' }).isDisabled()).toBe(true);
      await snap(page, 'clover-product-locked');
      await page.keyboard.press('Escape');
      // the product's own page: nothing changes it under Clover
      const actions = async (disabled: { archive: boolean; edit: boolean; price: boolean }) => {
        await page.goto(`/product/${owner.wine.id}`);
        await visible(page.getByRole('heading', { name: 'BAREFOOT MERLOT' }));
        expect({
          archive: await page.getByRole('button', { name: 'Archive' }).isDisabled(),
          edit: await page.getByRole('button', { name: 'Edit', exact: true }).isDisabled(),
          price: await page.getByRole('button', { name: 'Change price' }).isDisabled(),
        }).toEqual(disabled);
      };
      await actions({ archive: true, edit: true, price: true });

      await switchFeature(app, owner.companyId, 'clover', false);
      await switchFeature(app, owner.companyId, 'bottle_pos', true);
      await page.goto('/product');
      await grid.getByRole('button', { name: 'Edit BAREFOOT MERLOT' }).click();
      await visible(dialog.getByText('only their price can be changed here'));
      expect(await dialog.getByRole('textbox', { name: /Product Name/ }).isDisabled()).toBe(true);
      expect(await dialog.getByRole('textbox', { name: /List Price/ }).isDisabled()).toBe(false);
      expect(await dialog.getByRole('button', { name: 'Save Product' }).isDisabled()).toBe(false);
      expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await page.keyboard.press('Escape');
      await actions({ archive: true, edit: false, price: false });
    },
  );
});
