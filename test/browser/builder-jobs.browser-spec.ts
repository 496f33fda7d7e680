import type { Locator, Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, ok, switchFeature, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;
let http: ApiClient;

const LONG_NAME = "Jack Daniel's Tennessee Honey Whiskey";

interface Company {
  token: string;
  companyId: string;
  customerId: string;
  products: Record<string, string>;
}

/** A company with a customer, a stamp roll and products: two Barefoot wines, a vodka, a long-named whiskey, a beer. */
async function aCompany(): Promise<Company> {
  const { token, user } = await signUpOwner(http, 'Bea Builder');
  const customer = await ok(
    http.post(
      'customer',
      {
        name: 'The Rusty Nail',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB123456',
        cash_on_delivery: false,
        fintech_option: false,
      },
      token,
    ),
  );
  const products: Record<string, string> = {};
  for (const [name, type, price] of [
    ['Barefoot Merlot', 'wine', 8.99],
    ['Barefoot Moscato', 'wine', 7.99],
    ["Tito's Vodka", 'liquor', 19.99],
    [LONG_NAME, 'liquor', 29.99],
    ['Shiner Bock', 'beer', 14.5],
  ] as const) {
    const product = await ok(
      http.post(
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: '5.00',
        },
        token,
      ),
    );
    products[name] = product.id;
  }
  await ok(http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token));
  return { token, companyId: user.company_id as string, customerId: customer.id, products };
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Invoice builder: fields, keyboard, leaving (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  async function signedIn(c: Company, path: string, width = 1440) {
    const page = await browser.newPage({ viewport: { width, height: width > 800 ? 1000 : 844 } });
    await page.context().addInitScript(`localStorage.setItem('token', ${JSON.stringify(c.token)});`);
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    return page;
  }

  const search = (page: Page) => page.getByRole('combobox', { name: 'Add product' });
  const qty = (page: Page, name: string) => page.getByRole('spinbutton', { name: `Quantity for ${name}` });
  const price = (page: Page, name: string) => page.getByRole('textbox', { name: `Price for ${name}` });
  /** The value fits its box: nothing scrolled out of sight. */
  const fits = (field: Locator) =>
    field.evaluate((input: HTMLInputElement) => input.scrollWidth <= input.clientWidth);
  const lineHeights = (page: Page, name: string) =>
    page
      .getByText(name, { exact: false })
      .first()
      .evaluate((element) => Math.round(element.getBoundingClientRect().height / 20.8));

  /** The builder for The Rusty Nail, its customer filled in, with the long-named Jack Daniel's and Tito's picked. */
  async function builderWithTwoLines(c: Company, width: number) {
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`, width);
    await expectTrue(
      async () => (await page.getByRole('combobox', { name: 'Customer' }).inputValue()) === 'The Rusty Nail',
    );
    for (const [typed, option] of [
      ['jack', /JACK DANIEL/],
      ['tito', /TITO'S VODKA/],
    ] as const) {
      await search(page).fill(typed);
      await page.getByRole('option', { name: option }).click();
    }
    return page;
  }

  for (const width of [1440, 390])
    browser.it(`shows a 5-digit quantity and an 8-character price in full at ${width} px`, async () => {
      const c = await aCompany();
      const page = await builderWithTwoLines(c, width);
      const LONG = `${LONG_NAME.toUpperCase()} 750ml`;
      await qty(page, LONG).fill('12345');
      await price(page, LONG).fill('12345.67');
      await qty(page, "TITO'S VODKA 750ml").fill('120');
      await page.keyboard.press('Tab');
      expect(await qty(page, LONG).inputValue()).toBe('12345');
      expect(await fits(qty(page, LONG))).toBe(true);
      expect(await fits(price(page, LONG))).toBe(true);
      expect(await fits(qty(page, "TITO'S VODKA 750ml"))).toBe(true);
      // a long name on one or two lines, not four
      expect(await lineHeights(page, LONG_NAME.toUpperCase())).toBeLessThanOrEqual(2);
      // nothing scrolls sideways
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await snap(page, `builder-fields-${width}`);
    });

  browser.it(
    'opens the saved invoice at its top on a phone, however far down Create Invoice was',
    async () => {
      const c = await aCompany();
      const page = await builderWithTwoLines(c, 390);
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await page.waitForURL(/\/invoice\/1$/, { timeout: 15_000 });
      await visible(page.getByRole('heading', { level: 1, name: /1/ }));
      await expectTrue(() => page.evaluate(() => window.scrollY === 0));
      await snap(page, 'builder-saved-invoice-390');
    },
  );

  browser.it('Enter adds the highlighted first option; ↓ then Enter the second', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await search(page).fill('barefoot');
    const options = page.getByRole('option');
    await visible(options.nth(1));
    const first = (await options.nth(0).innerText()).split('\n')[0]!;
    const second = (await options.nth(1).innerText()).split('\n')[0]!;
    expect(await options.nth(0).getAttribute('aria-selected')).not.toBe('true');
    await expectTrue(async () => (await options.nth(0).getAttribute('class'))?.includes('focused') ?? false);
    await page.keyboard.press('Enter');
    await visible(qty(page, `${first} 750ml`.replace(/ 750ml 750ml$/, ' 750ml')));
    await search(page).fill('barefoot');
    await visible(options.nth(1));
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await visible(qty(page, `${second} 750ml`.replace(/ 750ml 750ml$/, ' 750ml')));
    expect(await page.getByRole('table', { name: 'Invoice items' }).getByRole('row').count()).toBe(3);
  });

  browser.it('keyboard only: customer, a product, its quantity, save', async () => {
    const c = await aCompany();
    await ok(http.post('company/feature', { name: 'ai', active: true }, c.token));
    const page = await signedIn(c, '/invoice/create');
    const customer = page.getByRole('combobox', { name: 'Customer' });
    await customer.focus();
    await page.keyboard.type('rusty', { delay: 20 });
    await visible(page.getByRole('option', { name: /The Rusty Nail/ }));
    await page.keyboard.press('Enter');
    // a customer picked for an empty invoice: the focus goes on to the product search
    await expectTrue(() => search(page).evaluate((input) => input === document.activeElement));
    await page.keyboard.type('tito', { delay: 20 });
    await visible(page.getByRole('option', { name: /TITO'S VODKA/ }));
    await page.keyboard.press('Enter');
    const VODKA = "TITO'S VODKA 750ml";
    await visible(qty(page, VODKA));
    // the next Tab stop after the search is the new line's quantity (recommendations come after the lines)
    await page.keyboard.press('Tab');
    expect(await qty(page, VODKA).evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Control+A');
    await page.keyboard.type('3');
    await page.keyboard.press('Control+Enter');
    await page.waitForURL(/\/invoice\/1$/, { timeout: 15_000 });
    await visible(page.getByRole('heading', { level: 1, name: /1/ }));
  });

  browser.it('asks before leaving with unsaved lines; Stay keeps them, Leave goes', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await search(page).fill('tito');
    await page.getByRole('option', { name: /TITO'S VODKA/ }).click();
    await visible(qty(page, "TITO'S VODKA 750ml"));
    const invoicesLink = page.getByRole('navigation').getByRole('link', { name: 'Invoices', exact: true });
    await invoicesLink.click();
    const dialog = page.getByRole('dialog', { name: 'Leave without saving?' });
    await visible(dialog);
    await snap(page, 'builder-leave-guard');
    await dialog.getByRole('button', { name: 'Stay' }).click();
    await visible(qty(page, "TITO'S VODKA 750ml"));
    expect(new URL(page.url()).pathname).toBe('/invoice/create');
    await invoicesLink.click();
    await visible(dialog);
    await dialog.getByRole('button', { name: 'Leave' }).click();
    await page.waitForURL(/\/invoice$/);
  });

  browser.it(
    'an order of vodka and beer becomes two invoices, 1 and 2B, shown in the invoice list',
    async () => {
      const c = await aCompany();
      await switchFeature(app, c.companyId, 'order', true);
      const email = `bar${Date.now()}@example.test`;
      await ok(
        http.post(
          'customer/user-invitation',
          { values: { name: 'Bar Manager', email }, customer: c.customerId },
          c.token,
        ),
      );
      const mail = await app.mailbox.waitFor(email);
      const link = /invitation\?token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      const shopper = (await ok(http.post('shop/invitation/accept', { token: link, password: 'secret1' })))
        .token;
      await ok(
        http.post(
          'shop/order',
          {
            items: [
              { product_id: c.products['Shiner Bock'], qty: 3 },
              { product_id: c.products["Tito's Vodka"], qty: 2 },
            ],
            note: 'Back door, ask for Sam',
          },
          shopper,
        ),
      );
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      const page = await signedIn(c, '/order/1');
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      const dialog = page.getByRole('dialog', { name: 'Create 2 invoices from order #1?' });
      await visible(dialog);
      await snap(page, 'order-two-invoices-dialog');
      await dialog.getByRole('button', { name: 'Create 2 Invoices' }).click();
      await page.waitForURL(/\/invoice\?numberFrom=1&numberTo=2$/, { timeout: 15_000 });
      await visible(page.getByRole('gridcell', { name: '#2B', exact: true }).first());
      await visible(page.getByRole('gridcell', { name: '#1', exact: true }).first());
      await snap(page, 'order-two-invoices-list');
      // the customer's note reaches both invoices' internal note
      for (const number of ['1', '2B']) {
        const invoice = await ok(http.get(`invoice/${number}`, c.token));
        expect(invoice.company_note).toBe('Note on order #1: Back door, ask for Sam');
      }
      await page.goto('/order/1');
      const items = page.getByRole('table', { name: 'Order items' });
      await visible(items.getByText('invoiced', { exact: true }).nth(1));
      expect(await page.getByRole('button', { name: 'Create Invoice' }).count()).toBe(0);
    },
  );
});
