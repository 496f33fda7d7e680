import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { snap, useBrowser } from '../support/browser.js';
import { apiClient } from '../support/http.js';
import {
  aCompanyOwner,
  hidden,
  switchFeature,
  visible,
  type CompanyOwner as Owner,
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

async function aCustomer(owner: Owner, name: string, tierId: string | null = null) {
  const response = await apiClient(app.baseUrl).post(
    'customer',
    {
      name,
      address: '500 E 6th St',
      city: 'Austin',
      zip: '78701',
      tabc_id: 'MB123456',
      cash_on_delivery: false,
      fintech_option: false,
      product_price_tier_id: tierId,
    },
    owner.token,
  );
  if (response.status !== 201)
    throw new Error(`customer: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; name: string };
}

const manager = (page: Page) => page.getByRole('region', { name: 'Price Tiers' });
const tier = (page: Page, name: string) =>
  manager(page).getByRole('list', { name: 'Price tiers' }).getByRole('listitem', { name, exact: true });
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });

async function choose(page: Page, scope: Locator | Page, label: string, option: string | RegExp) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option }).click();
}

describe('Price tiers (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (owner: Owner) =>
    browser.signedIn(owner.token, { viewport: { width: 1440, height: 900 } });

  browser.it('hides the manager and the customer tier picker while tiered_pricing is off', async () => {
    const owner = await aCompanyOwner(app, 'Tess Owner');
    const page = await signedIn(owner);
    await page.goto('/setting');
    await visible(page.getByRole('textbox', { name: 'Company Name', exact: true }));
    await page.waitForLoadState('networkidle');
    expect(await manager(page).count()).toBe(0);
    await page.goto('/customer/create');
    await visible(page.getByRole('button', { name: 'Create Customer' }));
    expect(await page.getByRole('combobox', { name: 'Price Tier' }).count()).toBe(0);
  });

  browser.it(
    'adds tiers with the defaults, refuses a blank name, edits, chooses the tier base; the base tier is locked',
    async () => {
      const owner = await aCompanyOwner(app, 'Tess Owner');
      await switchFeature(app, owner.companyId, 'tiered_pricing', true);
      const page = await signedIn(owner);
      await page.goto('/setting');
      await visible(manager(page));
      await visible(
        manager(page).getByText('No price tiers yet. Customers pay the list price until you add one.'),
      );
      await snap(page, 'price-tiers-empty');

      await manager(page).getByRole('button', { name: 'Add Tier' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Price Tier' });
      await visible(dialog);
      expect(await field(dialog, 'Tier Name').inputValue()).toBe('Tier 1');
      expect(await field(dialog, 'Percentage').inputValue()).toBe('10');
      await visible(dialog.getByRole('combobox', { name: 'Colour' }).getByText('Red'));
      await dialog.getByRole('combobox', { name: 'Colour' }).click();
      const colours = await page.getByRole('option').allInnerTexts();
      expect(colours.length).toBeGreaterThan(5);
      expect(colours.filter((c) => /green|lime|teal/i.test(c))).toEqual([]);
      await snap(page, 'price-tier-colours');
      await page.keyboard.press('Escape');

      await field(dialog, 'Tier Name').fill(' ');
      await field(dialog, 'Percentage').fill('2000');
      await dialog.getByRole('button', { name: 'Add Tier' }).click();
      await visible(dialog.getByText('Tier name is required.', { exact: true }));
      await visible(
        dialog.getByText('Percentage must be a number from 0 to 1000 with at most 2 decimals.', {
          exact: true,
        }),
      );
      await snap(page, 'price-tier-validation');
      await field(dialog, 'Tier Name').fill('Tier 1');
      await field(dialog, 'Percentage').fill('10');
      await dialog.getByRole('button', { name: 'Add Tier' }).click();
      await hidden(dialog);
      await visible(page.getByRole('alert').filter({ hasText: 'Price tier added' }));

      // The first tier brings the base tier, which stands for the list price and cannot be changed.
      await visible(tier(page, 'Base').getByText('List price (+0 %) · 0 customers'));
      await visible(tier(page, 'Tier 1').getByText('+10 % · 0 customers'));
      expect(await tier(page, 'Base').getByRole('button').count()).toBe(0);

      await manager(page).getByRole('button', { name: 'Add Tier' }).click();
      expect(await field(dialog, 'Tier Name').inputValue()).toBe('Tier 2');
      await field(dialog, 'Tier Name').fill('Gold');
      await field(dialog, 'Percentage').fill('12.5');
      await choose(page, dialog, 'Colour', 'Amber');
      await dialog.getByRole('button', { name: 'Add Tier' }).click();
      await hidden(dialog);
      await visible(tier(page, 'Gold').getByText('+12.5 %', { exact: false }));

      // A name taken already is the server's to refuse.
      await manager(page).getByRole('button', { name: 'Add Tier' }).click();
      await field(dialog, 'Tier Name').fill('gold');
      await dialog.getByRole('button', { name: 'Add Tier' }).click();
      await visible(
        dialog
          .getByRole('alert')
          .filter({ hasText: 'Error saving price tier!' })
          .getByText('A price tier with this name exists already.'),
      );
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);

      await tier(page, 'Tier 1').getByRole('button', { name: 'Edit Tier 1' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit Tier 1' });
      await field(edit, 'Percentage').fill('15');
      await edit.getByRole('button', { name: 'Save Tier' }).click();
      await hidden(edit);
      await visible(tier(page, 'Tier 1').getByText('+15 %', { exact: false }));

      await choose(page, manager(page), 'Tier base', 'Last purchase price');
      await visible(page.getByRole('alert').filter({ hasText: 'Tier base saved' }));
      await page.reload();
      await visible(
        manager(page).getByRole('combobox', { name: 'Tier base' }).getByText('Last purchase price'),
      );
      await snap(page, 'price-tiers');
    },
  );

  browser.it(
    "gives a customer a tier in the customer form, and moves a removed tier's customers to the chosen tier",
    async () => {
      const owner = await aCompanyOwner(app, 'Tess Owner');
      await switchFeature(app, owner.companyId, 'tiered_pricing', true);
      const api = apiClient(app.baseUrl);
      const silver = (await api.post('product/price-tier', { name: 'Silver', percentage: 5 }, owner.token))
        .body;
      const gold = (await api.post('product/price-tier', { name: 'Gold', percentage: 12.5 }, owner.token))
        .body;
      const bar = await aCustomer(owner, 'The Rusty Nail', gold.id);
      await aCustomer(owner, 'Lone Star Saloon', gold.id);
      expect(silver.id).toBeTruthy();

      const page = await signedIn(owner);
      await page.goto(`/customer/${bar.id}/edit`);
      const picker = page.getByRole('combobox', { name: 'Price Tier' });
      await visible(picker.getByText('Gold (+12.5 %)'));
      await choose(page, page, 'Price Tier', 'Silver (+5 %)');
      await snap(page, 'customer-price-tier');
      await page.getByRole('button', { name: 'Save Customer' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Save', exact: true }).click();
      const saved = page.getByRole('dialog', { name: 'Customer saved' });
      await visible(saved);
      await saved.getByRole('button', { name: 'Close' }).click();
      expect((await api.get(`customer/${bar.id}`, owner.token)).body.product_price_tier_id).toBe(silver.id);

      await page.goto('/setting');
      await visible(tier(page, 'Gold').getByText('+12.5 % · 1 customer'));
      await visible(tier(page, 'Silver').getByText('+5 % · 1 customer'));
      await tier(page, 'Gold').getByRole('button', { name: 'Remove Gold' }).click();
      const dialog = page.getByRole('dialog', { name: 'Remove Gold?' });
      await visible(dialog.getByText('1 customer is on Gold. Choose the tier they move to.'));
      await visible(dialog.getByRole('combobox', { name: 'Move its customers to' }).getByText('Base'));
      await choose(page, dialog, 'Move its customers to', /^Silver/);
      await snap(page, 'price-tier-remove');
      await dialog.getByRole('button', { name: 'Remove' }).click();
      await hidden(dialog);
      await visible(page.getByRole('alert').filter({ hasText: '1 customer moved to Silver.' }));
      await hidden(tier(page, 'Gold'));
      await visible(tier(page, 'Silver').getByText('+5 % · 2 customers'));
    },
  );
});
