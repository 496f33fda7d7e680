import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { daysFromToday, expectTrue, ok, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;
let http: ApiClient;

const VODKA_UPC = '081153801035';

interface Company {
  token: string;
  customerId: string;
  vodka: string;
  wine: string;
  beer: string;
}

/** A fresh company with a customer, three products (vodka with a UPC) and, unless told, a stamp roll AB1000–1479. */
async function aCompany(options: { roll?: boolean } = {}): Promise<Company> {
  const { token } = await signUpOwner(http, 'Ivy Invoicer');
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
  const product = (name: string, type: string, price: number, cost: string, upc?: string) =>
    ok(
      http.post(
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: cost,
          ...(upc ? { upc } : {}),
        },
        token,
      ),
    );
  const vodka = await product("Tito's Vodka", 'liquor', 19.99, '15.00', VODKA_UPC);
  const wine = await product('Barefoot Merlot', 'wine', 8.99, '5.00');
  const beer = await product('Shiner Bock', 'beer', 14.5, '9.00');
  if (options.roll !== false)
    await ok(http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token));
  return { token, customerId: customer.id, vodka: vodka.id, wine: wine.id, beer: beer.id };
}

const createInvoice = (c: Company, items: object[], extra: object = {}) =>
  ok(http.post('invoice', { customer_id: c.customerId, items, ...extra }, c.token));

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Invoice builder (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  async function signedIn(c: Company, path: string) {
    const page = await browser.newPage({ viewport: { width: 1440, height: 1000 } });
    await page.context().addInitScript(`localStorage.setItem('token', ${JSON.stringify(c.token)});`);
    await page.goto(path);
    // the builder (or its notice) once the company and what it starts from are loaded
    await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 30_000 });
    return page;
  }

  const search = (page: Page) => page.getByRole('combobox', { name: 'Add product' });
  const qty = (page: Page, name: string) => page.getByRole('spinbutton', { name: `Quantity for ${name}` });
  const price = (page: Page, name: string) => page.getByRole('textbox', { name: `Price for ${name}` });
  const note = (page: Page) => page.getByRole('textbox', { name: 'Note', exact: true });
  const totals = (page: Page) => page.getByRole('region', { name: 'Totals' });
  const VODKA = "TITO'S VODKA 750ml";
  const WINE = 'BAREFOOT MERLOT 750ml';

  /** Types like a person (3+ characters, then the 300 ms search) and picks the option. */
  async function addByName(page: Page, typed: string, option: RegExp) {
    await search(page).fill(typed);
    await page.getByRole('option', { name: option }).click();
  }

  browser.it(
    'creates an invoice: customer picked, a UPC scanned with Enter, qty, live totals and stamps, then the invoice page',
    async () => {
      const c = await aCompany();
      const page = await signedIn(c, '/invoice/create');
      await visible(page.getByRole('heading', { level: 1, name: 'New Invoice #1' }));

      const customer = page.getByRole('combobox', { name: 'Customer' });
      await customer.fill('rusty');
      await page.getByRole('option', { name: /The Rusty Nail/ }).click();
      expect(await customer.inputValue()).toBe('The Rusty Nail');

      // a barcode scanner: the digits and Enter, faster than the search's 300 ms
      await search(page).click();
      await page.keyboard.type(VODKA_UPC, { delay: 5 });
      await page.keyboard.press('Enter');
      await visible(qty(page, VODKA));
      expect(await qty(page, VODKA).inputValue()).toBe('1');
      expect(await price(page, VODKA).inputValue()).toBe('19.99');
      expect(await search(page).inputValue()).toBe('');

      // scanned again: one more bottle on the same line
      await page.keyboard.type(VODKA_UPC, { delay: 5 });
      await page.keyboard.press('Enter');
      await expectTrue(async () => (await qty(page, VODKA).inputValue()) === '2');

      await qty(page, VODKA).fill('3');
      await page.keyboard.press('Enter'); // never saves: back to the search for the next product
      await expectTrue(() => search(page).evaluate((element) => element === document.activeElement));
      expect(page.url()).toMatch(/\/invoice\/create$/);
      await addByName(page, 'barefoot', /BAREFOOT MERLOT/);
      await qty(page, WINE).fill('2');
      await page.getByRole('checkbox', { name: `Taxable ${WINE}` }).uncheck();

      await visible(totals(page).getByRole('group', { name: 'Subtotal' }).getByText('$77.95'));
      await visible(totals(page).getByRole('group', { name: 'Tax (8.25%)' }).getByText('$4.95'));
      await visible(totals(page).getByRole('group', { name: 'Total' }).getByText('$82.90'));

      const stamps = page.getByRole('region', { name: 'Stamps' });
      await visible(stamps.getByText('3 needed'));
      await visible(stamps.getByText('AB1000–AB1002'));
      await visible(page.getByText('Due on delivery').first());
      await snap(page, 'invoice-builder-filled');

      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await page.waitForURL('**/invoice/1');
      const saved = await ok(http.get('invoice/1', c.token));
      expect(saved).toMatchObject({
        number: '1',
        total: 82.9,
        customer_id: c.customerId,
        stamps: [{ prefix: 'AB', from: 1000, to: 1002 }],
      });
      expect(saved.items.map((i: { qty: number; taxable: boolean }) => [i.qty, i.taxable])).toEqual([
        [3, true],
        [2, false],
      ]);
    },
  );

  browser.it('pre-selects the customer from ?customerId= and reorders lines with the keyboard', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await expectTrue(
      async () => (await page.getByRole('combobox', { name: 'Customer' }).inputValue()) === 'The Rusty Nail',
    );
    await addByName(page, 'tito', /TITO'S VODKA/);
    await search(page).fill('barefoot');
    await visible(page.getByRole('option', { name: /BAREFOOT MERLOT/ }));
    await page.keyboard.press('Enter'); // the highlighted option
    await visible(qty(page, WINE));
    await page.getByRole('button', { name: `Move ${WINE} up` }).focus();
    await page.keyboard.press('Enter');
    const rows = page.getByRole('table', { name: 'Invoice items' }).getByRole('row');
    await expectTrue(async () => (await rows.nth(1).getAttribute('aria-label')) === WINE);
    await page.getByRole('button', { name: `Remove ${VODKA}` }).click();
    expect(await rows.count()).toBe(2);
  });

  browser.it(
    'recommends products for the chosen customer with their reasons; Add puts the line on',
    async () => {
      const c = await aCompany();
      await ok(http.post('company/feature', { name: 'ai', active: true }, c.token));
      // the customer's wine every 10 days (last 12 days ago): a due reorder
      for (const days of [32, 22, 12])
        await createInvoice(c, [{ product_id: c.wine, qty: 1, price: 8.99 }], {
          invoiced_at: daysFromToday(-days),
          force: true,
        });
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
      const panel = page.getByRole('region', { name: 'Recommended for this customer' });
      await visible(panel.getByText('bought every ~10 days, last 12 days ago'));
      await snap(page, 'builder-recommendations');
      await panel.getByRole('button', { name: 'Add BAREFOOT MERLOT' }).click();
      await visible(qty(page, WINE));
      expect(await price(page, WINE).inputValue()).toBe('8.99');
      // on the invoice now: not offered again
      await expectTrue(async () => (await panel.count()) === 0);
    },
  );

  browser.it('warns that the stamp roll is missing, with a link and the roll form', async () => {
    const c = await aCompany({ roll: false });
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    const warning = page.getByRole('alert', { name: 'Stamp roll missing' });
    const link = warning.getByRole('link', {
      name: 'Stamp roll missing - Please add your current stamp roll before creating an invoice',
    });
    await visible(link);
    expect(await link.getAttribute('href')).toBe('/stamp/roll');
    await snap(page, 'invoice-builder-roll-missing');

    const form = warning.getByRole('form', { name: 'Add roll' });
    await form.getByLabel('Prefix').fill('CD');
    await form.getByLabel('From').fill('1');
    await form.getByLabel('To').fill('480');
    await form.getByRole('button', { name: 'Add Roll' }).click();
    await warning.waitFor({ state: 'detached' });
    await addByName(page, 'tito', /TITO'S VODKA/);
    await visible(page.getByRole('region', { name: 'Stamps' }).getByText('CD1', { exact: true }));
  });

  browser.it('refuses beer on a liquor invoice with the spec message', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await addByName(page, 'tito', /TITO'S VODKA/);
    await addByName(page, 'shiner', /SHINER BOCK/);
    await visible(
      page.getByText("You can't add beer as it must be on a separate invoice from liquor & wine."),
    );
    expect(await page.getByRole('table', { name: 'Invoice items' }).getByRole('row').count()).toBe(2);
    await snap(page, 'invoice-builder-beer-mix');
  });

  browser.it('asks about $0.00 prices and below-cost prices before saving', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await addByName(page, 'tito', /TITO'S VODKA/);
    await addByName(page, 'barefoot', /BAREFOOT MERLOT/);
    await price(page, WINE).fill('0');
    await price(page, VODKA).fill('12');
    await price(page, VODKA).blur();
    expect(await price(page, VODKA).inputValue()).toBe('12.00');
    await visible(page.getByRole('row', { name: VODKA }).getByText('This item was invoiced below cost.'));

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const zero = page.getByRole('dialog', { name: 'Items priced at $0.00' });
    await visible(
      zero.getByText(
        `Are you sure you want to create the invoice with Item Price for these products ${WINE} set to $0.00?`,
      ),
    );
    await snap(page, 'invoice-builder-zero-price');
    await zero.getByRole('button', { name: 'Fix Price' }).click();
    await zero.waitFor({ state: 'detached' });
    await expectTrue(async () => price(page, WINE).evaluate((element) => element === document.activeElement));

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await zero.getByRole('button', { name: 'Skip and create' }).click();
    const cost = page.getByRole('dialog', { name: 'Invoiced below cost' });
    await visible(
      cost.getByText('The cost of this product is $15.00, you sure you want to invoice this for $12.00?'),
    );
    await snap(page, 'invoice-builder-below-cost');
    await cost.getByRole('button', { name: 'Yes, invoice below cost' }).click();
    await page.waitForURL('**/invoice/1');
  });

  browser.it("names the duplicate and creates it anyway on 'Create anyway'", async () => {
    const c = await aCompany();
    await createInvoice(c, [{ product_id: c.vodka, qty: 1, price: 19.99 }]);
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await visible(page.getByRole('heading', { level: 1, name: 'New Invoice #2' }));
    await addByName(page, 'tito', /TITO'S VODKA/);
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    const dialog = page.getByRole('dialog', { name: 'Duplicate invoice' });
    await visible(dialog.getByRole('link', { name: 'Invoice #1' }));
    await visible(
      dialog.getByText('An identical invoice for this customer was created within the last 24 hours.'),
    );
    await snap(page, 'invoice-builder-duplicate');

    await dialog.getByRole('button', { name: 'Nevermind' }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await qty(page, VODKA).inputValue()).toBe('1');

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await dialog.getByRole('button', { name: 'Create anyway' }).click();
    await page.waitForURL('**/invoice/2');
    const grid = await ok(http.get('invoice/grid?startRow=0&endRow=25', c.token));
    expect(grid.count).toBe(2);
  });

  browser.it(
    "lists the server's problems under 'Something Went Wrong' and keeps what was typed",
    async () => {
      const c = await aCompany();
      const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await visible(page.getByText('Add at least one item.'));

      await addByName(page, 'tito', /TITO'S VODKA/);
      await qty(page, VODKA).fill('4');
      await page.getByLabel('Invoice Date').fill(daysFromToday(11));
      await page.getByLabel('Due Date').fill(daysFromToday(31));
      await note(page).fill('Deliver to the back door');
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      const problem = page.getByRole('alert').filter({ hasText: 'Something Went Wrong' });
      await visible(problem.getByText(`Invoice date can be at most 10 days ahead (${daysFromToday(10)}).`));
      await visible(problem.getByText(`Due date can be at most 30 days ahead (${daysFromToday(30)}).`));
      await snap(page, 'invoice-builder-error-list');
      expect(await qty(page, VODKA).inputValue()).toBe('4');
      expect(await note(page).inputValue()).toBe('Deliver to the back door');

      await page.getByLabel('Invoice Date').fill(today());
      // before the credit law's statutory date, which caps the due date of liquor on credit
      await page.getByLabel('Due Date').fill(daysFromToday(5));
      await page.getByRole('button', { name: 'Create Invoice' }).click();
      await page.waitForURL('**/invoice/1');
      expect(await ok(http.get('invoice/1', c.token))).toMatchObject({
        note: 'Deliver to the back door',
        due_at: daysFromToday(5),
      });
    },
  );

  browser.it('clones an invoice and replicates the last one', async () => {
    const c = await aCompany();
    await createInvoice(
      c,
      [
        { product_id: c.vodka, qty: 2, price: 18.5 },
        { product_id: c.wine, qty: 6, price: 8.99, taxable: false },
      ],
      { note: 'Thanks for your business' },
    );
    const page = await signedIn(c, '/invoice/create?clone=1');
    await visible(page.getByText('A copy of invoice #1'));
    expect(await page.getByRole('combobox', { name: 'Customer' }).inputValue()).toBe('The Rusty Nail');
    expect(await qty(page, VODKA).inputValue()).toBe('2');
    expect(await price(page, VODKA).inputValue()).toBe('18.50');
    expect(await qty(page, WINE).inputValue()).toBe('6');
    expect(await note(page).inputValue()).toBe('Thanks for your business');
    await qty(page, VODKA).fill('3'); // not a duplicate
    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.waitForURL('**/invoice/2');

    // 'Replicate Last Invoice' for the customer: the items of invoice #2
    const fresh = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await fresh.getByRole('button', { name: 'Replicate Last Invoice' }).click();
    await expectTrue(async () => (await qty(fresh, VODKA).inputValue()) === '3');
    await visible(fresh.getByText('Copied the items of invoice #2.'));

    // a customer with no invoice
    const other = await ok(
      http.post(
        'customer',
        {
          name: 'Quiet Tavern',
          address: '1 Main St',
          city: 'Austin',
          zip: '78701',
          tabc_id: 'MB654321',
          cash_on_delivery: false,
          fintech_option: false,
        },
        c.token,
      ),
    );
    const none = await signedIn(c, `/invoice/create?customerId=${other.id}`);
    await expectTrue(
      async () => (await none.getByRole('combobox', { name: 'Customer' }).inputValue()) === 'Quiet Tavern',
    );
    await none.getByRole('button', { name: 'Replicate Last Invoice' }).click();
    await visible(none.getByText('No invoice found - Sorry you have no previous invoices for this customer'));
  });

  browser.it('edits an invoice under the same number; a cancelled one cannot be edited', async () => {
    const c = await aCompany();
    await createInvoice(c, [{ product_id: c.vodka, qty: 2, price: 19.99 }]);
    const page = await signedIn(c, '/invoice/1/edit');
    await visible(page.getByRole('heading', { level: 1, name: 'Edit #1' }));
    await visible(page.getByRole('button', { name: 'Back' }));
    expect(await qty(page, VODKA).inputValue()).toBe('2');
    await qty(page, VODKA).fill('5');
    await visible(page.getByRole('region', { name: 'Stamps' }).getByText('5 needed'));
    await visible(page.getByRole('region', { name: 'Stamps' }).getByText('AB1000–AB1004'));
    await snap(page, 'invoice-builder-edit');
    await page.getByRole('button', { name: 'Save Invoice' }).click();
    await page.waitForURL('**/invoice/1');
    const saved = await ok(http.get('invoice/1', c.token));
    expect(saved).toMatchObject({ number: '1', stamps: [{ from: 1000, to: 1004 }] });
    expect(saved.items[0].qty).toBe(5);

    await ok(http.put('invoice/1', { status: 'cancelled' }, c.token));
    const cancelled = await signedIn(c, '/invoice/1/edit');
    await visible(cancelled.getByText('A cancelled invoice cannot be edited. Change its status first.'));
  });

  browser.it('takes manual stamp ranges and says when they do not match the bottles', async () => {
    const c = await aCompany();
    const page = await signedIn(c, `/invoice/create?customerId=${c.customerId}`);
    await addByName(page, 'tito', /TITO'S VODKA/);
    await qty(page, VODKA).fill('3');
    const stamps = page.getByRole('region', { name: 'Stamps' });
    await stamps.getByRole('button', { name: 'Assign stamps manually' }).click();
    const form = stamps.getByRole('group', { name: 'Add stamp range' });
    const add = form.getByRole('button', { name: 'Add' });
    await form.getByLabel('From').fill('0');
    await form.getByLabel('To').fill('5');
    expect(await add.isDisabled()).toBe(true);
    await form.getByLabel('From').fill('900');
    await form.getByLabel('To').fill('901');
    await add.click();
    await visible(form.getByText('Stamp number 900 is below the first available stamp 1000 in the roll.'));

    await form.getByLabel('From').fill('1100');
    await form.getByLabel('To').fill('1101');
    await add.click();
    await visible(stamps.getByText('AB1100–AB1101'));
    await visible(stamps.getByText('More Stamp(s) Needed'));
    await form.getByLabel('From').fill('1101');
    await form.getByLabel('To').fill('1103');
    await add.click();
    await visible(
      form.getByText('AB1101-AB1103 is overlapping with already added stamp range AB1100-AB1101'),
    );
    await form.getByLabel('From').fill('1200');
    await form.getByLabel('To').fill('1202');
    await add.click();
    await visible(stamps.getByText('Extra Stamp(s) Added'));
    await snap(page, 'invoice-builder-manual-stamps');

    await page.getByRole('button', { name: 'Create Invoice' }).click();
    await page.waitForURL('**/invoice/1');
    const saved = await ok(http.get('invoice/1', c.token));
    expect(saved.stamps.map((s: { from: number; to: number }) => `${s.from}-${s.to}`)).toEqual([
      '1100-1101',
      '1200-1202',
    ]);
  });
});
