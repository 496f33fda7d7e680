import { jest } from '@jest/globals';
import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { SCREENSHOT_DIR, snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { SUBDOMAIN_TAKEN } from '#domain/companies/subdomain-reservation.decide.js';
import { apiClient } from '../support/http.js';
import {
  aCompanyOwner,
  describedBy,
  expectTrue,
  isFocused,
  ok,
  signedInOwner,
  switchFeature,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  jest.spyOn(console, 'log').mockImplementation(() => {});
}, 60_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

/** A text field by its accessible name (a required field's asterisk is not part of it). */
const field = (page: Page, label: string) => page.getByRole('textbox', { name: label, exact: true });

describe('Company settings (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'asks a new company for its details, validates them as the server does, lists the server errors and saves',
    async () => {
      const { page, companyId } = await signedInOwner(app, () => browser.newPage(), 'Olive Owner');
      const banner = page.getByRole('alert').filter({ hasText: 'Complete your company details' });
      await visible(banner);
      await snap(page, 'dashboard-company-details-banner');
      await banner.getByRole('link', { name: 'Complete Details' }).click();
      await page.waitForURL('**/setting');

      const name = field(page, 'Company Name');
      await expectTrue(() => isFocused(name));
      await name.fill('');
      await field(page, 'Starting Invoice Number').fill('0');
      await field(page, 'Tax Rate').fill('8.255');
      await field(page, 'Stamp Threshold').fill('5001');
      await page.getByRole('button', { name: 'Save Company' }).click();
      for (const message of [
        'Company name is required.',
        'Address is required.',
        'City is required.',
        'Zip is required.',
        'TABC ID is required.',
        'Starting invoice number must be a whole number of at least 1.',
        'Tax rate must be a number from 0 to 100 with at most 2 decimals.',
        'Stamp threshold must be a whole number from 1 to 5000.',
      ])
        await visible(page.getByText(message, { exact: true }));
      await expectTrue(() => isFocused(name));
      expect(await page.getByText('Error saving company!').count()).toBe(0);
      await snap(page, 'settings-company-client-errors');

      await page.getByRole('switch', { name: 'Fintech' }).check();
      await visible(page.getByText("Fintech ID can't be empty while Fintech is enabled.", { exact: true }));
      await page.getByRole('switch', { name: 'Fintech' }).uncheck();

      await name.fill('Lone Star Spirits');
      await field(page, 'Address').fill('100 Congress Ave');
      await field(page, 'City').fill('Austin');
      await field(page, 'Zip').fill('78701');
      await field(page, 'TABC ID').fill('lb123456');
      await field(page, 'Starting Invoice Number').fill('1001');
      await field(page, 'Tax Rate').fill('7.5');
      await field(page, 'Stamp Threshold').fill('750');
      await field(page, 'Default Invoice Note').fill('Thank you for your business.');
      await page.getByRole('combobox', { name: 'Time Zone' }).click();
      await page.getByRole('option', { name: 'Pacific (Los Angeles)' }).click();
      await page.getByRole('combobox', { name: 'Default Invoice Status' }).click();
      await page.getByRole('option', { name: 'Draft' }).click();
      await page.getByRole('switch', { name: 'Cash On Delivery' }).check();
      await page.getByRole('switch', { name: 'Show Prices' }).uncheck();

      // the provider's team switches online orders on while the form is open: the live update reaches the form,
      // which now asks for a subdomain itself (the form was submitted once, so at once), keeping everything typed
      await switchFeature(app, companyId, 'order', true);
      await visible(
        page.getByText('Subdomain is required while the Order feature is active.', { exact: true }),
      );
      expect(await field(page, 'Tax Rate').inputValue()).toBe('7.5');
      await page.getByRole('button', { name: 'Save Company' }).click();
      await expectTrue(() => isFocused(field(page, 'Subdomain')));
      expect(await page.getByText('Error saving company!').count()).toBe(0);

      // another distributor holds the subdomain: only the server knows, and lists it
      const rival = await aCompanyOwner(app, 'Rita Rival');
      await ok(
        apiClient(app.baseUrl).put(
          `company/${rival.companyId}`,
          {
            id: rival.companyId,
            name: 'Rival Spirits',
            address: '1 Main St',
            city: 'Dallas',
            state: 'TX',
            zip: '75201',
            tabc_id: 'LP654321',
            subdomain: 'lone-star',
          },
          rival.token,
        ),
      );
      await field(page, 'Subdomain').fill('lone-star');
      await page.getByRole('button', { name: 'Save Company' }).click();
      const problem = page.getByRole('alert').filter({ hasText: 'Error saving company!' });
      await visible(problem);
      await visible(problem.getByText(SUBDOMAIN_TAKEN));
      expect(await describedBy(page, field(page, 'Subdomain'))).toBe(SUBDOMAIN_TAKEN);
      await snap(page, 'settings-company-server-errors');

      await field(page, 'Subdomain').fill('lone-star-spirits');
      await field(page, 'Subdomain').press('Enter');
      await visible(page.getByRole('alert').filter({ hasText: 'Company details saved.' }));
      expect(await page.getByText('Error saving company!').count()).toBe(0);
      await visible(page.getByRole('banner').getByText('Lone Star Spirits'));

      await page.reload();
      await visible(field(page, 'Company Name'));
      expect(await field(page, 'Company Name').inputValue()).toBe('Lone Star Spirits');
      expect(await field(page, 'TABC ID').inputValue()).toBe('LB123456');
      expect(await field(page, 'Tax Rate').inputValue()).toBe('7.5');
      expect(await field(page, 'Stamp Threshold').inputValue()).toBe('750');
      expect(await field(page, 'Starting Invoice Number').inputValue()).toBe('1001');
      expect(await field(page, 'Default Invoice Note').inputValue()).toBe('Thank you for your business.');
      expect(await page.getByRole('combobox', { name: 'Time Zone' }).innerText()).toBe(
        'Pacific (Los Angeles)',
      );
      expect(await page.getByRole('combobox', { name: 'Default Invoice Status' }).innerText()).toBe('Draft');
      expect(await page.getByRole('switch', { name: 'Cash On Delivery' }).isChecked()).toBe(true);
      expect(await page.getByRole('switch', { name: 'Show Prices' }).isChecked()).toBe(false);

      const menu = page.getByRole('navigation', { name: 'Settings menu' });
      await visible(menu.getByRole('link', { name: 'Notifications' }));
      expect(await menu.getByRole('link', { name: 'Feature Extensions' }).getAttribute('href')).toBe(
        '/features',
      );
      expect(await menu.getByRole('link', { name: 'Activity' }).getAttribute('href')).toBe('/activity');
      await snap(page, 'settings-company-saved');

      await page.getByRole('link', { name: 'Dashboard' }).click();
      await visible(page.getByRole('heading', { name: 'Dashboard' }));
      await visible(page.getByText('You have not created any invoice yet.'));
      expect(await page.getByText('Complete your company details').count()).toBe(0);
    },
  );

  browser.it('defaults a new company to Central time, 8.25 % tax and a threshold of 500', async () => {
    const { page } = await signedInOwner(app, () => browser.newPage(), 'Olive Owner');
    await page.goto('/setting');
    await visible(field(page, 'Company Name'));
    expect(await page.getByRole('combobox', { name: 'Time Zone' }).innerText()).toBe('Central (Chicago)');
    expect(await field(page, 'Tax Rate').inputValue()).toBe('8.25');
    expect(await field(page, 'Stamp Threshold').inputValue()).toBe('500');
    expect(await field(page, 'Starting Invoice Number').inputValue()).toBe('1');
    const menu = page.getByRole('navigation', { name: 'Settings menu' });
    await visible(menu.getByRole('link', { name: 'Feature Extensions' }));
    expect(await menu.getByRole('link', { name: 'Notifications' }).count()).toBe(0);
    // the profile form and card stay on /setting
    await visible(page.getByRole('region', { name: 'Profile information' }));
    await visible(page.getByRole('button', { name: 'Save Profile' }));
  });

  browser.it('focuses the stamp threshold input for ?focus_field=threshold', async () => {
    const { page } = await signedInOwner(app, () => browser.newPage(), 'Olive Owner');
    await page.goto('/setting?focus_field=threshold');
    const threshold = field(page, 'Stamp Threshold');
    await visible(threshold);
    await expectTrue(() => isFocused(threshold));
    await page.keyboard.press('Control+A');
    await page.keyboard.type('0');
    await visible(page.getByText('Stamp threshold must be a whole number from 1 to 5000.', { exact: true }));
    await snap(page, 'settings-focus-threshold');
  });

  browser.it(
    'uploads logos with progress, chooses the default and removes one after confirming',
    async () => {
      const { page } = await signedInOwner(app, () => browser.newPage(), 'Olive Owner');
      await page.goto('/setting');
      const manager = page.getByRole('region', { name: 'Company Logo' });
      await visible(manager.getByText('Advised 200×100 px, at least 2:1', { exact: false }));
      await visible(manager.getByText('No logo uploaded yet.'));

      await manager.getByLabel('Logo file').setInputFiles({
        name: 'wide.png',
        mimeType: 'image/png',
        buffer: logoPng(400, 200),
      });
      await visible(manager.getByRole('progressbar', { name: 'Logo upload progress' }));
      const wide = manager.getByRole('listitem', { name: 'wide.png' });
      await visible(wide);
      await visible(wide.getByLabel('wide.png is the default logo'));
      await visible(wide.getByText('400×200 px'));
      await expectTrue(
        async () =>
          (await wide
            .getByRole('img', { name: 'wide.png' })
            .evaluate((img) => (img as HTMLImageElement).naturalWidth)) === 400,
      );

      await manager.getByLabel('Logo file').setInputFiles({
        name: 'square.png',
        mimeType: 'image/png',
        buffer: logoPng(120, 120),
      });
      const square = manager.getByRole('listitem', { name: 'square.png' });
      await visible(square);
      await visible(square.getByText('narrower than 2:1', { exact: false }));
      expect(await square.getByLabel('square.png is the default logo').count()).toBe(0);

      await square.getByRole('button', { name: 'Make square.png the default logo' }).click();
      await visible(square.getByLabel('square.png is the default logo'));
      await visible(wide.getByRole('button', { name: 'Make wide.png the default logo' }));
      await snap(page, 'settings-logos');
      await manager.screenshot({
        path: join(SCREENSHOT_DIR, 'settings-logos-manager.png'),
        animations: 'disabled',
      });

      await wide.getByRole('button', { name: 'Remove wide.png' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove this logo?' });
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(wide);
      await wide.getByRole('button', { name: 'Remove wide.png' }).click();
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await wide.waitFor({ state: 'detached' });
      await visible(page.getByRole('alert').filter({ hasText: 'Logo removed.' }));
      expect(await manager.getByRole('listitem').count()).toBe(1);

      // images only
      await manager.getByLabel('Logo file').setInputFiles({
        name: 'notes.txt',
        mimeType: 'text/plain',
        buffer: Buffer.from('not an image'),
      });
      const refused = page.getByRole('alert').filter({ hasText: 'Error Uploading Logo' });
      await visible(refused);
      await visible(refused.getByText('The logo must be a PNG, JPEG, GIF or WebP image.'));
      expect(await manager.getByRole('listitem').count()).toBe(1);
    },
  );

  browser.it("shows the spec's logo messages when loading, uploading or removing fails", async () => {
    const { page } = await signedInOwner(app, () => browser.newPage(), 'Olive Owner');
    await page.route('**/api/v1/company/logo', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } })
        : route.fallback(),
    );
    await page.goto('/setting');
    const manager = page.getByRole('region', { name: 'Company Logo' });
    await visible(manager.getByText('Error loading Logos'));
    await snap(page, 'settings-logos-load-error');
    await page.unroute('**/api/v1/company/logo');
    await manager.getByRole('button', { name: 'Retry' }).click();
    await visible(manager.getByText('No logo uploaded yet.'));

    await page.route('**/api/v1/company/logo', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Storage is unavailable.' } })
        : route.fallback(),
    );
    await manager.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logoPng(200, 100),
    });
    await visible(page.getByRole('alert').filter({ hasText: 'Error Uploading Logo' }));
    await page.unroute('**/api/v1/company/logo');

    await manager.getByLabel('Logo file').setInputFiles({
      name: 'logo.png',
      mimeType: 'image/png',
      buffer: logoPng(200, 100),
    });
    const logo = manager.getByRole('listitem', { name: 'logo.png' });
    await visible(logo);
    await page.route('**/api/v1/company/logo/*', (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } })
        : route.fallback(),
    );
    await logo.getByRole('button', { name: 'Remove logo.png' }).click();
    await page
      .getByRole('dialog', { name: 'Remove this logo?' })
      .getByRole('button', { name: 'Remove' })
      .click();
    await visible(page.getByRole('alert').filter({ hasText: 'Error Removing Logo' }));
    await visible(logo);
  });

  browser.it('fits a tablet-width screen', async () => {
    const { page } = await signedInOwner(
      app,
      () => browser.newPage({ viewport: { width: 768, height: 1024 } }),
      'Olive Owner',
    );
    await page.goto('/setting');
    await visible(field(page, 'Company Name'));
    await snap(page, 'settings-company-tablet');
    const overflow = await page.evaluate<number>(
      'document.documentElement.scrollWidth - document.documentElement.clientWidth',
    );
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

/**
 * A PNG the browser can show (test/support/images.ts's suits the server's size sniffing, not a decoder): navy and
 * orange bands, with real chunk checksums.
 */
function logoPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const colour = y < height / 2 ? [0x1d, 0x4e, 0x89] : [0xc2, 0x57, 0x1a];
    for (let x = 0; x < width; x++) rows.set(colour, y * (width * 3 + 1) + 1 + x * 3);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
