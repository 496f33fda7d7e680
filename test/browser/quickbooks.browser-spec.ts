import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { QuickBooksSync } from '../../apps/api/src/integrations/quickbooks/quickbooks.sync.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { aCompanyOwner, aCustomer, aWine, switchFeature, visible } from '../support/browser-fixtures.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);
const DESKTOP = { width: 1440, height: 900 };
const MOBILE = { width: 390, height: 844 };

/** An owner with a customer, a wine, `invoices` invoices and the quickbooks feature on (unless `off`). */
async function anOwner(invoices: number, off = false) {
  const owner = await aCompanyOwner(app, 'Quinn Books');
  const customer = await aCustomer(api, owner.token);
  const wine = await aWine(api, owner.token);
  const made: { id: string; number: string }[] = [];
  for (let i = 0; i < invoices; i++)
    made.push(
      await api<{ id: string; number: string }>('invoice', {
        method: 'POST',
        body: { customer_id: customer.id, items: [{ product_id: wine.id, qty: 2, price: 10 }], force: true },
        token: owner.token,
      }),
    );
  if (!off) await switchFeature(app, owner.companyId, 'quickbooks', true);
  return { ...owner, invoices: made };
}

async function expectAccessible(page: Page) {
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

describe('QuickBooks Online (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('shows the activation card while the feature is off', async () => {
    const owner = await anOwner(0, true);
    const page = await browser.signedIn(owner.token);
    await page.goto('/quickbooks');
    await visible(page.getByRole('heading', { name: 'QuickBooks Online is not active' }));
  });

  browser.it(
    'connects, syncs now, shows the history and the log, and the invoice shows its QuickBooks Id (1440 px)',
    async () => {
      const owner = await anOwner(2);
      const page = await browser.signedIn(owner.token, { viewport: DESKTOP });
      await page.goto('/quickbooks');
      await visible(page.getByRole('heading', { name: 'QuickBooks Online' }));
      const connect = page.getByRole('button', { name: 'Connect to QuickBooks' });
      await visible(connect);
      await snap(page, 'quickbooks-not-connected-1440');
      await expectAccessible(page);

      await connect.click(); // to the authorization page (the local stand-in authorizes at once) and back
      await page.waitForURL(/\/quickbooks\?connected=1$/);
      await visible(page.getByText('QuickBooks is connected.'));
      await visible(page.getByText('No QuickBooks sync yet.'));

      await page.getByRole('button', { name: 'Sync now' }).click();
      await visible(page.getByText(/: 4 created, 0 updated, 0 failed$/));
      await app.app.get(QuickBooksSync).idle();
      await visible(page.getByRole('table', { name: 'Sync history' }));
      await snap(page, 'quickbooks-synced-1440');
      await expectAccessible(page);

      await page.getByRole('link', { name: 'View the sync log' }).click();
      await visible(page.getByRole('heading', { name: 'QuickBooks sync log' }));
      const log = page.getByRole('table', { name: 'QuickBooks sync log' });
      await visible(
        log.getByText(`Invoice ${owner.invoices[0]!.number} created in QuickBooks`, { exact: false }),
      );
      await snap(page, 'quickbooks-log-1440');

      await page.goto(`/invoice/${owner.invoices[0]!.number}`);
      await visible(page.getByRole('status').filter({ hasText: /^QuickBooks: synced as Id \d+/ }));
      await snap(page, 'quickbooks-invoice-1440');
    },
  );

  browser.it('fits 390 px: settings, sync now and the history', async () => {
    const owner = await anOwner(1);
    const page = await browser.signedIn(owner.token, { viewport: MOBILE });
    await page.goto('/quickbooks');
    await page.getByRole('button', { name: 'Connect to QuickBooks' }).click();
    await page.waitForURL(/\/quickbooks\?connected=1$/);
    await page.getByLabel('Sync by itself').click();
    await page.getByRole('option', { name: 'Every day' }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await visible(page.getByText('QuickBooks settings saved.'));
    await visible(page.getByText(/^Next scheduled sync:/));
    await page.getByRole('button', { name: 'Sync now' }).click();
    await visible(page.getByText(/: 3 created, 0 updated, 0 failed$/));
    await app.app.get(QuickBooksSync).idle();
    await fitsWidth(page);
    const history = page.getByRole('region', { name: 'Sync history (scrollable)' });
    const [scroll, client] = await history.evaluate((el) => [el.scrollWidth, el.clientWidth]);
    expect(scroll).toBeLessThanOrEqual(client); // the history fits without scrolling sideways
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await snap(page, 'quickbooks-synced-390');
    await expectAccessible(page);
  });
});
