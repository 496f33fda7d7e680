import { jest } from '@jest/globals';
import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { snap, useBrowser } from '../support/browser.js';
import { apiClient } from '../support/http.js';
import {
  aCompanyOwner,
  daysFromToday,
  expectTrue,
  hidden,
  switchFeature,
  today,
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

const TITOS = {
  product: "Tito's Handmade Vodka",
  product_type: 'LIQUOR',
  product_size: '750ml',
  product_price: 19.99,
  last_purchase_price: 14.5,
  upc: '619947000013',
  distributor: 'Republic National',
};

async function aProduct(owner: Owner, fields: Record<string, unknown> = {}) {
  const response = await apiClient(app.baseUrl).post('product', { ...TITOS, ...fields }, owner.token);
  if (response.status !== 201)
    throw new Error(`product: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body as { id: string; product: string };
}

async function aCustomer(owner: Owner, name: string) {
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
    },
    owner.token,
  );
  if (response.status !== 201) throw new Error(`customer: ${response.status}`);
  return response.body as { id: string; name: string };
}

/** What invoices will record, until they exist: the product sales read model, as the API tests write it. */
async function sold(owner: Owner, productId: string, units: number, amountCents: number) {
  await app.runtime.pool.query(
    `INSERT INTO rm_product_sales (product_id, company_id, units_sold, amount_sold_cents, invoice_count)
     VALUES ($1, $2, $3, $4, 1)`,
    [productId, owner.companyId, units, amountCents],
  );
}

const grid = (page: Page) => page.getByRole('grid', { name: 'Products' });
const editor = (page: Page, name: string | RegExp) => page.getByRole('dialog', { name });
const toast = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text });
/** A text field by its accessible name (a required field's asterisk is not part of it). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: label, exact: true });

async function choose(page: Page, scope: Locator, label: string, option: string) {
  await scope.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** The product names of the grid's rows, top to bottom. */
async function rowNames(page: Page): Promise<string[]> {
  const cells = grid(page).locator('[role="gridcell"][data-field="product"]');
  return (await cells.allInnerTexts())
    .map((text) => text.replace(/\s*Archived\s*$/, '').trim())
    .filter(Boolean);
}

describe('Products (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  // Wide enough for every column of the grid (the DataGrid renders only the columns in view).
  const signedIn = (owner: Owner) =>
    browser.signedIn(owner.token, { viewport: { width: 1600, height: 900 } });

  browser.it(
    'shows the empty catalogue, checks the editor as the server does, lists server errors and creates a product',
    async () => {
      const owner = await aCompanyOwner(app, 'Paula Owner');
      const page = await signedIn(owner);
      await page.goto('/dashboard');
      await page
        .getByRole('navigation', { name: 'Main navigation' })
        .getByRole('link', { name: 'Products' })
        .click();
      await page.waitForURL('**/product');
      await visible(page.getByRole('heading', { name: 'Products', level: 1 }));
      await visible(grid(page).getByText('You have not added any product yet.'));
      // UPC and Distributor are left out by default (the column chooser adds them), so the rest fits at 1440 px
      for (const header of [
        'Name',
        'Type',
        'Size',
        'Purchased $',
        'List Price $',
        'Units Sold',
        'Total $',
        'Profit $',
        'Profit %',
      ])
        await visible(grid(page).getByRole('columnheader', { name: header }));
      await snap(page, 'products-empty');

      await page.getByRole('button', { name: 'New Product' }).click();
      const dialog = editor(page, 'New Product');
      await visible(dialog);
      // The internal SKU is asked for only with the internal_sku feature.
      expect(await field(dialog, 'Internal SKU').count()).toBe(0);
      await dialog.getByRole('button', { name: 'Create Product' }).click();
      for (const message of [
        'Product name is required.',
        'Product type is required.',
        'Product size is required.',
        'Price must be a number of at least 0.01 with at most 2 decimals.',
      ])
        await visible(dialog.getByText(message, { exact: true }));
      await field(dialog, 'UPC').fill('12-AB');
      await visible(dialog.getByText('UPC must be 6 to 14 digits.', { exact: true }));
      await field(dialog, 'Purchase Price').fill('-1');
      await visible(
        dialog.getByText('Purchase price must be a number of at least 0 with at most 2 decimals.', {
          exact: true,
        }),
      );
      await field(dialog, 'Reorder Qty').fill('lots');
      await visible(
        dialog.getByText('Reorder qty must be a number (a whole number of 0 or more).', { exact: true }),
      );
      await snap(page, 'product-editor-validation');

      await field(dialog, 'Product Name').fill('  still austin bourbon ');
      await choose(page, dialog, 'Type', 'Liquor');
      await field(dialog, 'Size').fill('750ml');
      await field(dialog, 'UPC').fill('860002371017');
      await field(dialog, 'List Price').fill('39.99');
      await field(dialog, 'Purchase Price').fill('29.75');
      await field(dialog, 'Reorder Qty').fill('12');
      await field(dialog, 'Distributor').fill("Southern Glazer's");

      // A rule only the server knows answers with its details list.
      await page.route('**/api/v1/product', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 400,
              contentType: 'application/json',
              body: JSON.stringify({
                statusCode: 400,
                message: 'Size is not stocked.',
                details: [
                  { field: 'product_size', message: 'Size is not stocked.' },
                  { field: 'distributor', message: 'Distributor is unknown.' },
                ],
              }),
            })
          : route.continue(),
      );
      await dialog.getByRole('button', { name: 'Create Product' }).click();
      const alert = dialog.getByRole('alert').filter({ hasText: 'Error saving product!' });
      await visible(alert.getByRole('listitem').filter({ hasText: 'Size is not stocked.' }));
      await visible(alert.getByRole('listitem').filter({ hasText: 'Distributor is unknown.' }));
      await snap(page, 'product-editor-server-errors');
      await page.unroute('**/api/v1/product');

      await dialog.getByRole('button', { name: 'Create Product' }).click();
      await hidden(dialog);
      await visible(toast(page, 'Product created'));
      const row = grid(page).getByRole('row').filter({ hasText: 'STILL AUSTIN BOURBON' });
      await visible(row);
      await visible(row.getByText('$39.99'));
      // The new product's side card opens.
      const card = page.getByRole('complementary', { name: 'STILL AUSTIN BOURBON' });
      await visible(card);
      await visible(card.getByText('750ml · UPC 860002371017'));
      await snap(page, 'product-created-side-card');
    },
  );

  browser.it(
    'sorts by units sold, hides archived products until asked, opens the side card and the detail page',
    async () => {
      const owner = await aCompanyOwner(app, 'Paula Owner');
      const titos = await aProduct(owner);
      const wine = await aProduct(owner, {
        product: 'Becker Vineyards Cabernet Sauvignon',
        product_type: 'WINE',
        product_price: 24.99,
        last_purchase_price: 16.8,
        upc: null,
        distributor: "Southern Glazer's",
      });
      const beer = await aProduct(owner, {
        product: 'Shiner Bock 6pk',
        product_type: 'BEER',
        product_size: '12oz 6pk',
        product_price: 9.49,
        last_purchase_price: 6.85,
        upc: '078542001014',
        distributor: 'Silver Eagle',
      });
      const old = await aProduct(owner, { product: 'Discontinued Schnapps', upc: null, distributor: null });
      await apiClient(app.baseUrl).put(`product/${old.id}`, { archived: true }, owner.token);
      await sold(owner, wine.id, 40, 99_960);
      await sold(owner, beer.id, 12, 11_388);

      const page = await signedIn(owner);
      await page.goto('/product');
      await visible(grid(page).getByRole('row').filter({ hasText: 'BECKER VINEYARDS' }));
      expect(await rowNames(page)).toEqual([
        'BECKER VINEYARDS CABERNET SAUVIGNON',
        'SHINER BOCK 6PK',
        "TITO'S HANDMADE VODKA",
      ]);
      const wineRow = grid(page).getByRole('row').filter({ hasText: 'BECKER VINEYARDS' });
      await visible(wineRow.getByText('$999.60')); // total
      await visible(wineRow.getByText('$327.60')); // profit = 999.60 − 40 × 16.80
      await visible(wineRow.getByText('32.77 %'));
      await visible(page.getByText('3 products', { exact: true }));
      await snap(page, 'products-grid');

      await page.getByLabel('Show archived').check();
      const archivedRow = grid(page).getByRole('row').filter({ hasText: 'DISCONTINUED SCHNAPPS' });
      await visible(archivedRow);
      await visible(page.getByText('4 products (archived included)', { exact: true }));
      await visible(grid(page).getByRole('columnheader', { name: 'Archived' }));
      await snap(page, 'products-grid-archived');
      await page.getByLabel('Show archived').uncheck();
      await hidden(archivedRow);

      await grid(page).getByRole('row').filter({ hasText: 'SHINER BOCK' }).getByText('12oz 6pk').click();
      const card = page.getByRole('complementary', { name: 'SHINER BOCK 6PK' });
      await visible(card);
      await visible(card.getByText('12oz 6pk · UPC 078542001014'));
      await visible(card.getByText('$9.49'));
      await snap(page, 'product-side-card');
      await card.getByRole('link', { name: 'Open Details' }).click();
      await page.waitForURL(`**/product/${beer.id}`);
      await visible(page.getByRole('heading', { name: 'SHINER BOCK 6PK', level: 1 }));
      await visible(page.getByText('12oz 6pk · UPC 078542001014', { exact: true }));
      expect(titos.id).toBeTruthy();
    },
  );

  for (const viewport of [
    { width: 1600, height: 900 },
    { width: 390, height: 844 },
  ])
    browser.it(
      `links to the product that exists already when the same product is created again, at ${viewport.width} px`,
      async () => {
        const owner = await aCompanyOwner(app, 'Paula Owner');
        const titos = await aProduct(owner);
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto('/product');
        await page.getByRole('button', { name: 'New Product' }).click();
        const dialog = editor(page, 'New Product');
        await field(dialog, 'Product Name').fill("tito's handmade vodka");
        await choose(page, dialog, 'Type', 'Liquor');
        await field(dialog, 'Size').fill('750 ML');
        await field(dialog, 'List Price').fill('18');
        // the form read to its foot before saving
        await dialog.locator('.MuiDialogContent-root').evaluate((content) => content.scrollTo(0, 100_000));
        await dialog.getByRole('button', { name: 'Create Product' }).click();
        const alert = dialog.getByRole('alert').filter({ hasText: 'Error saving product!' });
        await visible(alert.getByText('This product exists already.'));
        // saved from the foot of the form: the error and its link come into view
        const link = alert.getByRole('link', { name: 'Open the existing product' });
        await expectTrue(async () =>
          link.evaluate((element) => {
            const box = element.getBoundingClientRect();
            const atCentre = element.ownerDocument.elementFromPoint(
              box.left + box.width / 2,
              box.top + box.height / 2,
            );
            return atCentre !== null && element.contains(atCentre);
          }),
        );
        await snap(page, `product-exists-already-${viewport.width}`);
        await link.click();
        await page.waitForURL(`**/product/${titos.id}`);
        await visible(page.getByRole('heading', { name: "TITO'S HANDMADE VODKA", level: 1 }));
      },
    );

  browser.it(
    'archives, restores and deletes in the editor; says Did not archive / Did not remove product when refused',
    async () => {
      const owner = await aCompanyOwner(app, 'Paula Owner');
      const titos = await aProduct(owner);
      const sold40 = await aProduct(owner, { product: 'Lone Star 12pk', product_type: 'BEER', upc: null });
      await sold(owner, sold40.id, 40, 55_960);
      const page = await signedIn(owner);
      await page.goto('/product');

      // A product with invoice history cannot be deleted.
      await grid(page).getByRole('button', { name: 'Edit LONE STAR 12PK' }).click();
      let dialog = editor(page, 'Edit LONE STAR 12PK');
      await visible(dialog);
      expect(await dialog.getByRole('button', { name: 'Delete' }).isDisabled()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await hidden(dialog);

      // Refusals from the server.
      await page.route(`**/api/v1/product/${titos.id}`, (route) => {
        const method = route.request().method();
        if (method === 'PUT')
          return route.fulfill({
            status: 403,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 403,
              message: 'Did not archive product',
              details: [{ field: 'archived', message: 'Products are kept in Clover.' }],
            }),
          });
        if (method === 'DELETE')
          return route.fulfill({
            status: 409,
            contentType: 'application/json',
            body: JSON.stringify({
              statusCode: 409,
              message: 'Did not remove product',
              details: [{ field: 'product', message: 'This product has invoice history.' }],
            }),
          });
        return route.continue();
      });
      await grid(page).getByRole('button', { name: "Edit TITO'S HANDMADE VODKA" }).click();
      dialog = editor(page, "Edit TITO'S HANDMADE VODKA");
      await visible(dialog);
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await visible(
        toast(page, 'Did not archive product').filter({ hasText: 'Products are kept in Clover.' }),
      );
      await dialog.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: "Delete TITO'S HANDMADE VODKA?" });
      await visible(confirm);
      await snap(page, 'product-delete-confirm');
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await visible(
        toast(page, 'Did not remove product').filter({ hasText: 'This product has invoice history.' }),
      );
      await snap(page, 'product-not-removed');
      await page.unroute(`**/api/v1/product/${titos.id}`);

      // Archive for real: the grid leaves it out, Show archived brings it back, Restore.
      await dialog.getByRole('button', { name: 'Archive' }).click();
      await hidden(dialog);
      await visible(toast(page, 'Product archived'));
      const row = grid(page).getByRole('row').filter({ hasText: "TITO'S" });
      await hidden(row);
      await page.getByLabel('Show archived').check();
      await visible(row.getByText('Archived', { exact: true }));
      await row.getByRole('button', { name: "Edit TITO'S HANDMADE VODKA" }).click();
      await visible(dialog.getByText(/This product is archived/));
      await dialog.getByRole('button', { name: 'Restore' }).click();
      await visible(toast(page, 'Product restored'));
      await page.getByLabel('Show archived').uncheck();
      await visible(row);

      // Delete after confirming.
      await row.getByRole('button', { name: "Edit TITO'S HANDMADE VODKA" }).click();
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await hidden(confirm);
      await dialog.getByRole('button', { name: 'Delete' }).click();
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await visible(toast(page, 'Deleted product!'));
      await hidden(row);
      await page.goto(`/product/${titos.id}`);
      await visible(page.getByRole('heading', { name: 'Product not found' }));
      await page.goto('/product/not-a-product');
      await visible(page.getByRole('heading', { name: 'Product not found' }));
    },
  );

  browser.it(
    'edits a product; a new price in the editor asks for its effective date and customer',
    async () => {
      const owner = await aCompanyOwner(app, 'Paula Owner');
      const titos = await aProduct(owner);
      const page = await signedIn(owner);
      await page.goto(`/product/${titos.id}`);
      await page.getByRole('button', { name: 'Edit', exact: true }).click();
      const dialog = editor(page, "Edit TITO'S HANDMADE VODKA");
      await visible(dialog);
      expect(await dialog.getByRole('group', { name: 'Price change' }).count()).toBe(0);
      await field(dialog, 'Distributor').fill('Ben E. Keith');
      await field(dialog, 'List Price').fill('21.99');
      const change = dialog.getByRole('group', { name: 'Price change' });
      await visible(change);
      await expect(field(change, 'Effective Date').inputValue()).resolves.toBe(today());
      await field(change, 'Effective Date').fill(daysFromToday(-1));
      await visible(change.getByText('The price-effective date may not be before today.'));
      await snap(page, 'product-editor-price-change');
      await field(change, 'Effective Date').fill(daysFromToday(3));
      await dialog.getByRole('button', { name: 'Save Product' }).click();
      await hidden(dialog);
      await visible(toast(page, 'Product saved'));
      await visible(page.getByText(/The list price becomes \$21\.99 on/));
      await visible(page.getByRole('table', { name: 'Price changes' }).getByText('$21.99'));
      await visible(page.getByText('Ben E. Keith'));
    },
  );

  browser.it(
    'changes the price on the detail page: not before today, optionally for one customer; SKU only with internal_sku',
    async () => {
      const owner = await aCompanyOwner(app, 'Paula Owner');
      const titos = await aProduct(owner, { internal_sku: 'TX-VOD-01' });
      await aCustomer(owner, 'The Rusty Nail');
      await aCustomer(owner, 'Lone Star Saloon');
      const page = await signedIn(owner);
      await page.goto(`/product/${titos.id}`);
      await visible(page.getByRole('heading', { name: "TITO'S HANDMADE VODKA", level: 1 }));
      await visible(page.getByText('750ml · UPC 619947000013', { exact: true }));
      expect(await page.getByText('TX-VOD-01').count()).toBe(0);
      await visible(page.getByText('No price changes yet.'));

      await page.getByRole('button', { name: 'Change price' }).click();
      const dialog = page.getByRole('dialog', { name: 'Change price' });
      await visible(dialog);
      await field(dialog, 'New Price').fill('0');
      await field(dialog, 'Effective Date').fill(daysFromToday(-2));
      await dialog.getByRole('button', { name: 'Change Price' }).click();
      await visible(
        dialog.getByText('Price must be a number of at least 0.01 with at most 2 decimals.', { exact: true }),
      );
      await visible(dialog.getByText('The price-effective date may not be before today.', { exact: true }));
      await snap(page, 'product-change-price-validation');

      await field(dialog, 'New Price').fill('17.50');
      await field(dialog, 'Effective Date').fill(today());
      const picker = dialog.getByRole('combobox', { name: 'Customer' });
      await picker.fill('rusty');
      await page.getByRole('option', { name: /The Rusty Nail/ }).click();
      await snap(page, 'product-change-price-customer');
      await dialog.getByRole('button', { name: 'Change Price' }).click();
      await hidden(dialog);
      await visible(toast(page, 'Price changed for The Rusty Nail'));
      const changes = page.getByRole('table', { name: 'Price changes' });
      const row = changes.getByRole('row').filter({ hasText: 'The Rusty Nail' });
      await visible(row.getByText('$17.50'));
      await visible(row.getByText('$19.99'));
      // A customer's own price leaves the list price as it is.
      await visible(page.getByText('$19.99', { exact: true }).first());

      await page.getByRole('button', { name: 'Change price' }).click();
      await field(dialog, 'New Price').fill('20.49');
      await dialog.getByRole('button', { name: 'Change Price' }).click();
      await hidden(dialog);
      await visible(changes.getByRole('row').filter({ hasText: 'List price' }).getByText('$20.49'));
      await snap(page, 'product-detail');

      await switchFeature(app, owner.companyId, 'internal_sku', true);
      await page.reload();
      await visible(page.getByText('750ml · UPC 619947000013 · SKU TX-VOD-01', { exact: true }));
      await snap(page, 'product-detail-internal-sku');
      await page.goto('/product');
      await visible(grid(page).getByRole('columnheader', { name: 'SKU' }));
      await visible(grid(page).getByText('TX-VOD-01'));
      await page.getByRole('button', { name: 'New Product' }).click();
      await visible(field(editor(page, 'New Product'), 'Internal SKU'));
    },
  );
});
