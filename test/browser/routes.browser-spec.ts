import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  aWine,
  daysFromToday,
  expectTrue,
  hidden,
  today,
  visible,
} from '../support/browser-fixtures.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const fitsTheWidth = (page: Page) =>
  expectTrue(async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

describe('Routes (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  for (const viewport of [DESKTOP, PHONE]) {
    browser.it(
      `plans a route with stops, reorders them by keyboard and shows the load sheet (${viewport.width} px)`,
      async () => {
        const token = await anOwnerToken(api, `routes-${viewport.width}`);
        const wine = await aWine(api, token);
        const customers = [];
        for (const [name, address, zip] of [
          ['Oak Tavern', '500 Oak St', '78702'],
          ['Elm Bar', '90 Elm St', '78701'],
        ])
          customers.push(await aCustomer(api, token, { name, address, zip }));
        for (const customer of customers)
          await api('invoice', {
            method: 'POST',
            body: {
              customer_id: customer.id,
              items: [{ product_id: wine.id, qty: 3, price: 10 }],
              force: true,
            },
            token,
          });
        const page = await browser.signedIn(token, { viewport });
        await page.goto('/routes');
        await visible(page.getByRole('heading', { name: 'Routes', level: 1 }));
        await visible(page.getByText('No routes for this day'));
        expect(await seriousViolations(page, 'routes empty', { include: 'main' })).toEqual([]);
        await snap(page, `routes-empty-${viewport.width}`);

        // today: the invoices were made today
        await page.getByRole('button', { name: 'Today', exact: true }).click();
        await page.getByRole('button', { name: 'New Route' }).first().click();
        const create = page.getByRole('dialog', { name: /New route for/ });
        await create.getByLabel('Route name').fill('North');
        await create.getByLabel('Truck').fill('Truck 2');
        await create.getByRole('button', { name: 'Create Route' }).click();
        const card = page.getByRole('region', { name: 'Route North' });
        await visible(card);

        await card.getByRole('button', { name: 'Add Stops' }).click();
        const picker = page.getByRole('dialog', { name: 'Add stops to North' });
        await visible(picker.getByText(/Oak Tavern/));
        await picker.getByLabel('Search customer or number').fill('tavern');
        await picker.getByRole('checkbox', { name: /Oak Tavern/ }).check();
        await picker.getByLabel('Search customer or number').fill('');
        await picker.getByRole('checkbox', { name: /Elm Bar/ }).check();
        expect(await seriousViolations(page, 'add stops dialog', { include: '[role="dialog"]' })).toEqual([]);
        await snap(page, `routes-add-stops-${viewport.width}`);
        await picker.getByRole('button', { name: 'Add 2 Stops' }).click();
        await visible(card.getByText('Elm Bar'));

        // keyboard: focus "Move Oak Tavern up" and press Enter (the picker added them by customer name)
        const up = card.getByRole('button', { name: 'Move Oak Tavern up' });
        await up.focus();
        await page.keyboard.press('Enter');
        const first = card.getByRole('list', { name: 'Stops of North' }).locator(':scope > li').first();
        await visible(first.getByText('Oak Tavern'));
        expect(await seriousViolations(page, 'routes board', { include: 'main' })).toEqual([]);
        await fitsTheWidth(page);
        await snap(page, `routes-board-${viewport.width}`);

        await card.getByRole('button', { name: 'Load Sheet' }).click();
        const sheet = page.getByRole('dialog', { name: /Load sheet · North/ });
        const table = sheet.getByRole('table', { name: 'Load sheet' });
        await visible(table.getByText('BAREFOOT MERLOT 750ml'));
        await visible(table.getByRole('cell', { name: '6', exact: true }).first());
        expect(await seriousViolations(page, 'load sheet', { include: '[role="dialog"]' })).toEqual([]);
        await snap(page, `routes-load-sheet-${viewport.width}`);
        const [file] = await Promise.all([
          page.waitForEvent('download'),
          sheet.getByRole('button', { name: 'Route sheet PDF of North' }).click(),
        ]);
        expect(file.suggestedFilename()).toBe(`route_North_${today()}.pdf`);
        await sheet.getByRole('button', { name: 'Close', exact: true }).click();

        // close the day: nothing collected, both stops not delivered, moved to a route of tomorrow
        await card.getByRole('button', { name: 'Close Route' }).click();
        const closing = page.getByRole('dialog', { name: 'Close route North?' });
        await closing.getByLabel('Cash counted').fill('10');
        await visible(closing.getByText('Over by $10.00.'));
        await visible(closing.getByText('Not delivered (2)'));
        expect(await seriousViolations(page, 'close route', { include: '[role="dialog"]' })).toEqual([]);
        await snap(page, `routes-close-${viewport.width}`);
        await closing.getByRole('button', { name: 'Close Route' }).click();
        await visible(card.getByText('Closed'));
        await page.getByRole('button', { name: 'Tomorrow', exact: true }).click();
        const moved = page.getByRole('region', { name: 'Route North' });
        await visible(moved.getByText('Oak Tavern'));
        await visible(moved.getByText('Elm Bar'));

        // a date with nothing, and back by the URL
        await page.goto(`/routes?date=${daysFromToday(3)}`);
        await visible(page.getByText('No routes for this day'));
      },
      120_000,
    );
  }

  browser.it(
    'an owner makes a staff user a driver on the Staff page, New Route offers them, and a route planned without a driver is given one',
    async () => {
      const token = await anOwnerToken(api, 'routes-driver');
      const invited = await api<{ link: string }>('company/staff/invitation', {
        method: 'POST',
        body: { name: 'Dee Driver', email: `dee.${Date.now()}@example.com` },
        token,
      });
      await api('auth/invitation/accept', {
        method: 'POST',
        body: {
          token: new URL(invited.link).searchParams.get('invitation'),
          name: 'Dee Driver',
          title: 'Driver',
          password: 'driver-secret',
          confirm_password: 'driver-secret',
        },
      });
      const page = await browser.signedIn(token, { viewport: DESKTOP });
      await page.goto('/setting/staff');
      const role = page.getByRole('combobox', { name: 'Role of Dee Driver' });
      await visible(role);
      await role.click();
      await page.getByRole('option', { name: 'Driver' }).click();
      await visible(page.getByText('Dee Driver is a driver: they use only the driver app.'));
      // the keyboard's focus stays on the field that changed
      expect(await role.evaluate((element) => element === document.activeElement)).toBe(true);
      expect(await seriousViolations(page, 'staff with a driver', { include: 'main' })).toEqual([]);
      await snap(page, 'routes-staff-driver-1440');

      await page.goto('/routes');
      await page.getByRole('button', { name: 'New Route' }).first().click();
      const create = page.getByRole('dialog', { name: /New route for/ });
      await create.getByRole('combobox', { name: 'Driver' }).click();
      await visible(page.getByRole('option', { name: 'Dee Driver' }));
      // planned before the driver is known: the route's card edits it later
      await page.getByRole('option', { name: 'No driver yet' }).click();
      await create.getByLabel('Route name').fill('East');
      await create.getByRole('button', { name: 'Create Route' }).click();
      await hidden(create);
      const card = page.getByRole('region', { name: 'Route East' });
      await visible(card.getByText('No driver', { exact: true }));
      await card.getByRole('button', { name: 'Edit route East' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit route East' });
      expect(await edit.getByLabel('Route name').inputValue()).toBe('East');
      await edit.getByRole('combobox', { name: 'Driver' }).click();
      await page.getByRole('option', { name: 'Dee Driver' }).click();
      await edit.getByLabel('Truck').fill('Truck 4');
      expect(await seriousViolations(page, 'edit route dialog')).toEqual([]);
      await snap(page, 'routes-edit-1440');
      await edit.getByRole('button', { name: 'Save Route' }).click();
      await hidden(edit);
      await visible(card.getByText('Dee Driver · Truck 4'));
    },
    90_000,
  );
});
