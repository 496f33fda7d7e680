import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCompanyOwner,
  aCustomer,
  aWine,
  clickUntilVisible,
  cutInPhoneList,
  expectTrue,
  hidden,
  switchFeature,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);
const MOBILE = { width: 390, height: 844 };

const settle = async () => app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());

/** An owner with the inventory feature on, a customer and Barefoot Merlot (a wine: no stamps needed). */
async function anInventoryOwner(name: string) {
  const owner = await aCompanyOwner(app, name);
  await switchFeature(app, owner.companyId, 'inventory', true);
  const customer = await aCustomer(api, owner.token);
  const wine = await aWine(api, owner.token);
  await settle();
  return { token: owner.token, companyId: owner.companyId, customerId: customer.id, wineId: wine.id };
}

/** Yellow Tail Shiraz: a second wine, listed at $9.00, bought at $4.00. */
const aShiraz = (token: string) =>
  api<{ id: string }>('product', {
    method: 'POST',
    body: {
      product: 'Yellow Tail Shiraz',
      product_type: 'wine',
      product_size: '750ml',
      product_price: 9,
      last_purchase_price: '4.00',
    },
    token,
  });

const restock = (token: string, productId: string, qty: number) =>
  api('inventory', { method: 'PUT', body: { items: [{ product_id: productId, qty, item_cost: 5 }] }, token });

/** Clicks and answers the downloaded file's name and text. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  return { name: file.suggestedFilename(), text: readFileSync(await file.path()).toString() };
}

/** The In Stock cell of the (only) row of the inventory grid. */
const stockCell = (page: Page) => page.getByRole('gridcell').and(page.locator('[data-field="qty"]')).first();

/** Waits for the (only) row's In Stock and its status chip in the To Reorder column. */
async function expectStock(page: Page, qty: string, status: RegExp) {
  const statusCell = page.getByRole('gridcell').and(page.locator('[data-field="reorder_needed"]')).first();
  await expectTrue(async () => (await stockCell(page).innerText()).trim() === qty);
  await expectTrue(async () => status.test((await statusCell.innerText()).trim()));
}

async function editStock(page: Page, value: string) {
  const input = stockCell(page).locator('input');
  await clickUntilVisible(stockCell(page), input, { double: true });
  await input.fill(value);
  await input.press('Enter');
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Inventory (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'restocks from a PO, invoices it in the builder: stock, status and history move, and back on cancel; exports both CSVs',
    async () => {
      const owner = await anInventoryOwner('Ivy Inventory');
      const page = await browser.signedIn(owner.token);
      await page.goto('/inventory/restock');
      await visible(page.getByRole('heading', { name: 'Re-stock' }));
      await page.getByLabel('PO/Invoice/Reference Number').fill('PO-2001');
      await page.getByLabel('Add product').fill('Barefoot');
      await page.getByRole('option', { name: /BAREFOOT MERLOT/ }).click();
      await page.getByLabel('Qty', { exact: true }).fill('24');
      await page.getByLabel('Item Cost').fill('5.25');
      await page.getByRole('button', { name: 'Add Item' }).click();
      await visible(page.getByRole('table', { name: 'Items to restock' }).getByText('BAREFOOT MERLOT'));
      await snap(page, 'inventory-restock-desktop');
      await page.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('Restocking complete'));
      await visible(page.getByText('Added 24 units of 1 items'));
      await page.waitForURL(/\/inventory$/);
      await expectStock(page, '24', /^OK$/);

      // Invoice all of it in the builder: the stock reaches zero, the status moves with it.
      await page.goto(`/invoice/create?customerId=${owner.customerId}`);
      await page.getByRole('combobox', { name: 'Add product' }).fill('barefoot');
      await page.getByRole('option', { name: /BAREFOOT MERLOT/ }).click();
      const qty = page.getByRole('spinbutton', { name: 'Quantity for BAREFOOT MERLOT 750ml' });
      await qty.fill('24');
      await visible(page.getByText('This will result in zero inventory.'));
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await page.waitForURL(/\/invoice\/\d+$/);
      const invoiceUrl = page.url();
      await page.goto('/inventory');
      await expectStock(page, '0', /^ZERO/);
      await snap(page, 'inventory-grid-desktop');

      // Cancel it on the invoice page: the units come back, and the status with them.
      await page.goto(invoiceUrl);
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
      await page
        .getByRole('dialog', { name: /to Cancelled\?$/ })
        .getByRole('button', { name: 'Yes, change it' })
        .click();
      await visible(page.getByRole('combobox', { name: 'Status' }).getByText('Cancelled'));
      await page.goto('/inventory');
      await expectStock(page, '24', /^OK$/);

      const csv = await download(page, () => page.getByRole('button', { name: 'Export' }).click());
      expect(csv.name).toMatch(/^inventory_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);
      expect(csv.text).toContain('BAREFOOT MERLOT');

      await page.getByRole('link', { name: 'History' }).click();
      await visible(page.getByRole('heading', { name: 'Inventory History' }));
      await visible(page.getByRole('gridcell', { name: 'PO-2001' }));
      await visible(page.getByRole('gridcell', { name: 'RESTOCK' }));
      expect(await page.getByRole('gridcell', { name: 'INVOICE', exact: true }).count()).toBe(2);
      // The invoice took 24 out, its cancel gave 24 back (and the restock's +24).
      const qtyCells = page.getByRole('gridcell').and(page.locator('[data-field="qty"]'));
      await expectTrue(
        async () =>
          JSON.stringify((await qtyCells.allInnerTexts()).map((t) => t.trim()).sort()) ===
          JSON.stringify(['+24', '+24', '-24']),
      );
      await snap(page, 'inventory-history-desktop');
      const history = await download(page, () => page.getByRole('button', { name: 'Export' }).click());
      expect(history.name).toMatch(/^inventory_history_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);
      expect(history.text.trim().split('\r\n')).toHaveLength(4);
    },
  );

  browser.it(
    'edits a cell after a confirmation, reverts an invalid value, and saves at once with quick edit',
    async () => {
      const owner = await anInventoryOwner('Quincy Quick');
      await restock(owner.token, owner.wineId, 10);
      const page = await browser.signedIn(owner.token);
      await page.goto('/inventory');
      await expectTrue(async () => (await stockCell(page).innerText()).trim() === '10');

      await editStock(page, '12');
      const dialog = page.getByRole('dialog', { name: 'Update inventory?' });
      await visible(dialog);
      await visible(dialog.getByText('Change In Stock of BAREFOOT MERLOT from 10 to 12?'));
      await snap(page, 'inventory-confirm-edit');
      await dialog.getByRole('button', { name: 'Update' }).click();
      await expectTrue(async () => (await stockCell(page).innerText()).trim() === '12');

      await editStock(page, '15');
      await page
        .getByRole('dialog', { name: 'Update inventory?' })
        .getByRole('button', { name: 'Cancel' })
        .click();
      await expectTrue(async () => (await stockCell(page).innerText()).trim() === '12');

      await editStock(page, 'lots');
      await visible(page.getByText('Invalid value'));
      await visible(page.getByText('In Stock must be a number'));
      await expectTrue(async () => (await stockCell(page).innerText()).trim() === '12');

      await page.getByLabel('Quick edit').check();
      const banner = page.getByText(/Quick edit is on/);
      await visible(banner);
      await editStock(page, '7');
      await expectTrue(async () => (await stockCell(page).innerText()).trim() === '7');
      expect(await page.getByRole('dialog', { name: 'Update inventory?' }).count()).toBe(0);
      await snap(page, 'inventory-quick-edit');
      await page.getByRole('button', { name: 'Turn off quick edit' }).click();
      await hidden(banner);

      const [stock] = await api<{ qty: number }[]>(`inventory/stock?ids=${owner.wineId}`, {
        token: owner.token,
      });
      expect(stock!.qty).toBe(7);
    },
  );

  for (const [width, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', MOBILE],
  ] as const)
    browser.it(`finds a product by its name with the search box at ${width} px`, async () => {
      const owner = await anInventoryOwner(`Sally Search ${width}`);
      await aShiraz(owner.token);
      await settle();
      const page = await browser.signedIn(owner.token, { viewport });
      await page.goto('/inventory');
      await visible(page.getByText('BAREFOOT MERLOT').first());
      await page.getByLabel('Search products').fill('tail');
      await hidden(page.getByText('BAREFOOT MERLOT').first());
      await visible(page.getByText('YELLOW TAIL SHIRAZ').first());
      await snap(page, `inventory-search-${width}`);
    });

  /**
   * The office's restock job, through the screens: two wines short, from two distributors; Populate Restock keeps the
   * distributors apart, loads one, shows its stock on hand and the stock after the suggestion; saving cures the
   * shortage (the wine is no longer awaiting reorder).
   */
  for (const [width, viewport] of [
    ['1440', { width: 1440, height: 900 }],
    ['390', MOBILE],
  ] as const) {
    browser.it(
      `restocks a shortage from the reorder list, one distributor at a time, at ${width} px`,
      async () => {
        const owner = await anInventoryOwner(`Rhett Restock ${width}`);
        const shiraz = await aShiraz(owner.token);
        const distributor = (productId: string, value: string) =>
          api(`inventory/${productId}`, {
            method: 'PUT',
            body: { field: 'distributor', value },
            token: owner.token,
          });
        await distributor(owner.wineId, 'Republic National');
        await distributor(shiraz.id, 'Southern Glazers');
        await api('invoice', {
          method: 'POST',
          body: {
            customer_id: owner.customerId,
            items: [
              { product_id: owner.wineId, qty: 11, price: 10 },
              { product_id: shiraz.id, qty: 2, price: 9 },
            ],
          },
          token: owner.token,
        });
        await settle();

        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto('/inventory');
        await page.getByRole('link', { name: 'Re-stock' }).click();
        await page.getByRole('button', { name: 'Populate Restock' }).click();
        const choice = page.getByRole('list', { name: 'Distributors to restock from' });
        await visible(choice.getByText('Republic National · 1 product'));
        await visible(choice.getByText('Southern Glazers · 1 product'));
        await snap(page, `inventory-restock-job-choice-${width}`);
        await choice.getByRole('button', { name: 'Load Republic National' }).click();

        const list = page.getByRole('table', { name: 'Items to restock' });
        await visible(list.getByText('BAREFOOT MERLOT'));
        expect(await list.getByText('YELLOW TAIL SHIRAZ').count()).toBe(0);
        const row = list.getByRole('row').filter({ hasText: 'BAREFOOT MERLOT' });
        await visible(row.getByText('-11', { exact: true }));
        const qty = Number(await row.getByLabel('Qty of BAREFOOT MERLOT').inputValue());
        expect(qty).toBeGreaterThanOrEqual(12);
        await visible(row.getByText(String(qty - 11), { exact: true }));
        await snap(page, `inventory-restock-job-list-${width}`);
        await page.getByRole('button', { name: 'Save', exact: true }).click();
        await visible(page.getByText('Restocking complete'));
        await page.waitForURL('**/inventory');
        await settle();

        const stock = await api<{ product_id: string; qty: number; reorder_needed: boolean }[]>(
          `inventory/stock?ids=${owner.wineId},${shiraz.id}`,
          { token: owner.token },
        );
        const of = (id: string) => stock.find((row) => row.product_id === id);
        expect(of(owner.wineId)).toMatchObject({ qty: qty - 11, reorder_needed: false });
        expect(of(shiraz.id)).toMatchObject({ qty: -2, reorder_needed: true });
        if (width === '1440') {
          const grid = page.getByRole('grid', { name: 'Inventory' });
          const merlotRow = grid.getByRole('row').filter({ hasText: 'BAREFOOT MERLOT' });
          await visible(merlotRow.getByText(String(qty - 11), { exact: true }));
          await expectTrue(async () => !/NEGATIVE|LOW|ZERO/.test(await merlotRow.innerText()));
        } else {
          await visible(page.getByRole('list', { name: 'Inventory' }).getByText('BAREFOOT MERLOT'));
        }
        await snap(page, `inventory-restock-job-done-${width}`);
      },
    );
  }

  browser.it(
    'works at 390 px: the grid, Populate Restock with nothing awaiting reorder, the product stock',
    async () => {
      const owner = await anInventoryOwner('Mia Mobile');
      await restock(owner.token, owner.wineId, 30);
      const page = await browser.signedIn(owner.token, { viewport: MOBILE });
      await page.goto('/inventory');
      // on a phone the grid is a list of what matters most
      await visible(page.getByRole('list', { name: 'Inventory' }));
      await visible(page.getByRole('link', { name: 'Re-stock' }));
      await snap(page, 'inventory-grid-390');

      await page.getByRole('link', { name: 'Re-stock' }).click();
      await page.getByRole('button', { name: 'Populate Restock' }).click();
      await visible(page.getByText('No out of stock items found'));
      await snap(page, 'inventory-restock-390');

      await page.goto(`/product/${owner.wineId}`);
      await visible(page.getByRole('heading', { name: 'Stock' }));
      await visible(page.getByLabel('Stock status').getByText('OK'));
      await visible(page.getByText(/Last order: 30 on/));
      await snap(page, 'inventory-product-stock-390');
    },
  );

  browser.it(
    'lists the history at 390 px: whole product names, quantity, source and reference; a Source filter; an invoice movement opens its invoice',
    async () => {
      const owner = await anInventoryOwner('Hana History');
      const cabernet = await api<{ id: string }>('product', {
        method: 'POST',
        body: {
          product: 'Chateau Ste Michelle Columbia Valley Reserve Cabernet Sauvignon',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 25,
          last_purchase_price: '12.00',
        },
        token: owner.token,
      });
      await api('inventory', {
        method: 'PUT',
        body: { items: [{ product_id: cabernet.id, qty: 24, item_cost: 12 }], ref_number: 'PO-3003' },
        token: owner.token,
      });
      const invoice = await api<{ number: string }>('invoice', {
        method: 'POST',
        body: {
          customer_id: owner.customerId,
          items: [{ product_id: cabernet.id, qty: 6, price: 25 }],
          force: true,
        },
        token: owner.token,
      });
      await settle();

      const page = await browser.signedIn(owner.token, { viewport: MOBILE });
      await page.goto('/inventory/history');
      const list = page.getByRole('list', { name: 'Inventory history' });
      const rows = list.getByRole('listitem');
      const name = 'CHATEAU STE MICHELLE COLUMBIA VALLEY RESERVE CABERNET SAUVIGNON';
      const restocked = rows.filter({ hasText: 'PO-3003' });
      const invoiced = rows.filter({ hasText: `Invoice #${invoice.number}` });
      await visible(restocked);
      await visible(restocked.getByText(name, { exact: true }));
      await visible(restocked.getByText('+24', { exact: true }));
      await visible(restocked.getByText('RESTOCK', { exact: true }));
      await visible(invoiced.getByText(name, { exact: true }));
      await visible(invoiced.getByText('-6', { exact: true }));
      await visible(invoiced.getByText('INVOICE', { exact: true }));
      expect(await rows.count()).toBe(2);
      // every line whole (wrapped when long), nothing cut at the screen's edge
      expect(await cutInPhoneList(list)).toEqual([]);
      await visible(page.getByRole('button', { name: 'Export' }));
      await snap(page, 'inventory-history-390');

      // the grid's Source column filter, above the list
      await page.getByRole('combobox', { name: 'Source' }).click();
      await page.getByRole('option', { name: 'RESTOCK' }).click();
      await expectTrue(async () => (await rows.count()) === 1 && (await restocked.count()) === 1);
      await snap(page, 'inventory-history-390-restocks');
      await page.getByRole('button', { name: 'Clear Filters' }).click();
      await expectTrue(async () => (await rows.count()) === 2);

      // a restock opens nothing; the invoice's movement opens the invoice
      expect(await restocked.getByRole('link').count()).toBe(0);
      await invoiced.getByRole('link').click();
      await page.waitForURL(`**/invoice/${invoice.number}`);
    },
  );

  browser.it(
    'offers Populate Restock for items awaiting reorder, and an empty inventory says so',
    async () => {
      const owner = await anInventoryOwner('Rita Reorder');
      const page = await browser.signedIn(owner.token);
      await page.goto('/inventory/restock');
      await page.getByRole('button', { name: 'Populate Restock' }).click();
      await visible(page.getByRole('table', { name: 'Items to restock' }).getByText('BAREFOOT MERLOT'));
      await page.getByRole('button', { name: 'Reset List' }).click();
      await visible(page.getByText('No items yet: add products or Populate Restock.'));

      const empty = await aCompanyOwner(app, 'Eve Empty');
      await switchFeature(app, empty.companyId, 'inventory', true);
      const other = await browser.signedIn(empty.token);
      await other.goto('/inventory');
      await visible(other.getByText('You have not created any inventory yet.'));
      await other.goto('/inventory/history');
      await visible(other.getByText('No inventory records found.'));
      // and on a phone
      await other.setViewportSize(MOBILE);
      await visible(other.getByRole('status').getByText('No inventory records found.'));
      await snap(other, 'inventory-history-empty-390');
    },
  );

  browser.it(
    'refits its columns 300 ms after the rows load and after a resize: no sideways scroll, a long name in its tooltip, the width filled',
    async () => {
      const owner = await anInventoryOwner('Fitz Refit');
      await api('product', {
        method: 'POST',
        body: {
          product: 'Chateau Ste Michelle Columbia Valley Reserve Cabernet Sauvignon',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 25,
          last_purchase_price: '12.00',
        },
        token: owner.token,
      });
      const page = await browser.signedIn(owner.token);
      await page.goto('/inventory');
      const grid = page.getByRole('grid', { name: 'Inventory' });
      const cell = grid.getByRole('gridcell').and(page.locator('[data-field="product"]'));
      await visible(cell.filter({ hasText: 'CHATEAU STE MICHELLE' }));
      // The refit sizes the columns to their content and the grid's width: the long name gives way first (an
      // ellipsis, the whole name in its tooltip) so that nothing scrolls sideways.
      await expectTrue(() =>
        grid.evaluate((root) => {
          const scroller = root.querySelector('.MuiDataGrid-virtualScroller')!;
          const headers = [...root.querySelectorAll('[role="columnheader"]')];
          const width = headers.reduce((sum, h) => sum + h.getBoundingClientRect().width, 0);
          return (
            width <= scroller.clientWidth + 1 && headers.length === Number(root.getAttribute('aria-colcount'))
          );
        }),
      );
      await visible(
        cell.getByTitle('CHATEAU STE MICHELLE COLUMBIA VALLEY RESERVE CABERNET SAUVIGNON', { exact: true }),
      );
      // the name ends in an ellipsis inside its cell, never cut at the cell's edge
      expect(
        await cell.first().evaluate((node) => {
          const link = node.querySelector('a')!;
          return link.getBoundingClientRect().right <= node.getBoundingClientRect().right + 0.5;
        }),
      ).toBe(true);
      // the reorder settings are a Quick edit away: without it the product's name has the room
      const header = (name: string) => grid.getByRole('columnheader', { name, exact: true });
      expect(await header('Min Reorder').count()).toBe(0);
      await expectTrue(async () => (await header('Product').boundingBox())!.width >= 240);
      await snap(page, 'inventory-grid-refit');
      await page.getByLabel('Quick edit').check();
      await visible(header('Min Reorder'));
      await visible(header('Days To Reorder'));
      await visible(header('Qty To Reorder'));
      await page.getByLabel('Quick edit').uncheck();
      await hidden(header('Min Reorder'));

      // Wider: without a refit after the resize the columns (sized by the first refit) would leave a gap on the right.
      await page.setViewportSize({ width: 1900, height: 900 });
      const gap = () =>
        grid.evaluate((root) => {
          const scroller = root.querySelector('.MuiDataGrid-virtualScroller')!.getBoundingClientRect();
          const headers = [...root.querySelectorAll('[role="columnheader"]')].map((h) =>
            h.getBoundingClientRect(),
          );
          return scroller.right - Math.max(...headers.map((h) => h.right));
        });
      await expectTrue(async () => (await gap()) < 24); // at most the vertical scrollbar's width
    },
  );

  browser.it('warns in the invoice builder when an invoice takes more than the stock', async () => {
    const owner = await anInventoryOwner('Bea Builder');
    await restock(owner.token, owner.wineId, 3);
    const page = await browser.signedIn(owner.token);
    await page.goto('/invoice/create');
    const customer = page.getByRole('combobox', { name: 'Customer' });
    await customer.fill('rusty');
    await page.getByRole('option', { name: /The Rusty Nail/ }).click();
    await page.getByRole('combobox', { name: 'Add product' }).fill('barefoot');
    await page.getByRole('option', { name: /BAREFOOT MERLOT/ }).click();
    const qty = page.getByRole('spinbutton', { name: 'Quantity for BAREFOOT MERLOT 750ml' });
    await visible(qty);
    await qty.fill('3');
    await visible(page.getByText('This will result in zero inventory.'));
    await qty.fill('5');
    await visible(page.getByText('Only 3 available: this will result in negative inventory.'));
    await snap(page, 'inventory-builder-warning');
  });

  browser.it('shows the inventory stats on the dashboard and downloads their CSV', async () => {
    const owner = await anInventoryOwner('Dora Dashboard');
    await restock(owner.token, owner.wineId, 12);
    const page = await browser.signedIn(owner.token);
    await page.goto('/dashboard');
    const stats = page.getByRole('region', { name: 'Inventory stats' });
    await visible(stats.getByRole('group', { name: 'Restocked' }).getByText('12'));
    await visible(stats.getByRole('group', { name: 'Inventory value' }).getByText('$60.00'));
    await snap(page, 'inventory-dashboard-stats');
    const csv = await download(page, () => stats.getByRole('button', { name: 'CSV' }).click());
    expect(csv.name).toMatch(/^inventory_stats_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);
    expect(csv.text).toContain('BAREFOOT MERLOT');
    // the stats panel's range drives the inventory stats too
    await page
      .getByRole('group', { name: 'Stats range' })
      .getByRole('button', { name: 'Last Month' })
      .click();
    await visible(stats.getByRole('group', { name: 'Restocked' }).getByText('0', { exact: true }));
  });

  browser.it('shows the activation card while the feature is off; Inventory hides under clover', async () => {
    const owner = await aCompanyOwner(app, 'Otto Off');
    const page = await browser.signedIn(owner.token);
    await page.goto('/inventory');
    await visible(page.getByText(/is not active$/).first());
    await snap(page, 'inventory-activation');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await visible(nav.getByRole('link', { name: 'Inventory' }));
    await page.keyboard.press('Control+k');
    await visible(
      page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: 'Inventories' }),
    );
    await page.keyboard.press('Escape');

    await switchFeature(app, owner.companyId, 'clover', true);
    // the company (with clover on) must have arrived: while it loads, both hide Inventory anyway
    const companyLoaded = page.waitForResponse(
      (r) => new URL(r.url()).pathname.endsWith(`/company/${owner.companyId}`) && r.ok(),
    );
    await page.reload();
    await companyLoaded;
    await visible(nav.getByRole('link', { name: 'Products' }));
    await expectTrue(async () => (await nav.getByRole('link', { name: 'Inventory' }).count()) === 0);
    await page.keyboard.press('Control+k');
    await visible(
      page.getByRole('dialog', { name: 'Command palette' }).getByRole('option', { name: 'Settings' }),
    );
    expect(await page.getByRole('option', { name: 'Inventories' }).count()).toBe(0);
  });
});
