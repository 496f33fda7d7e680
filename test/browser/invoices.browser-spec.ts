import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { daysFromToday, expectTrue, hidden, ok, visible } from '../support/browser-fixtures.js';
import { seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

const CUSTOMER = {
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  cash_on_delivery: 0,
  fintech_option: 0,
};

interface Company {
  token: string;
  rustyNail: string;
  lonestar: string;
  vodka: string;
  wine: string;
  beer: string;
}

/** A fresh company (its owner signed up) with two customers, three products and one stamp roll AB1000–AB1479. */
async function aCompany(): Promise<Company> {
  const { token } = await signUpOwner(http, 'Olive Owner');
  const rustyNail = await ok(
    http.post(
      'customer',
      { ...CUSTOMER, name: 'The Rusty Nail', tabc_id: 'MB123456', cash_on_delivery: 1 },
      token,
    ),
  );
  const lonestar = await ok(
    http.post('customer', { ...CUSTOMER, name: 'Lonestar Lounge', tabc_id: 'MB654321' }, token),
  );
  const product = (name: string, type: string, price: number, cost: string) =>
    ok(
      http.post(
        'product',
        {
          product: name,
          product_type: type,
          product_size: '750ml',
          product_price: price,
          last_purchase_price: cost,
        },
        token,
      ),
    );
  const vodka = await product("Tito's Vodka", 'liquor', 19.99, '15.00');
  const wine = await product('Barefoot Merlot', 'wine', 8.99, '5.00');
  const beer = await product('Shiner Bock', 'beer', 14.5, '9.00');
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: daysFromToday(0), from: 1000, to: 1479 }, token),
  );
  return {
    token,
    rustyNail: rustyNail.id,
    lonestar: lonestar.id,
    vodka: vodka.id,
    wine: wine.id,
    beer: beer.id,
  };
}

const anInvoice = (c: Company, body: Record<string, unknown>) =>
  ok(http.post('invoice', { customer_id: c.rustyNail, ...body }, c.token));

const invoiceGrid = (page: Page) => page.getByRole('grid', { name: 'Invoices' });
/** The numbers of the grid's rows, top to bottom. */
const gridNumbers = async (page: Page) =>
  (await invoiceGrid(page).locator('[data-field="number"][role="gridcell"]').allInnerTexts()).map((t) =>
    t.trim(),
  );

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Invoices (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  async function signedIn(token: string, path: string) {
    const page = await browser.signedIn(token, { viewport: { width: 1440, height: 900 } });
    await page.goto(path);
    return page;
  }

  browser.it('shows the empty dashboard and the empty invoice grid of a new company', async () => {
    const c = await aCompany();
    const page = await signedIn(c.token, '/dashboard');
    const recent = page.getByRole('region', { name: 'Recent Invoices' });
    await visible(recent.getByText('You have not created any invoice yet.'));
    await visible(recent.getByRole('link', { name: 'Create Invoice' }));
    await visible(page.getByRole('link', { name: 'New Invoice' }).first());
    await visible(page.getByRole('link', { name: 'New Customer' }).first());
    await visible(page.getByText(/Active roll AB1000/));
    await snap(page, 'dashboard-empty');

    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('link', { name: 'Invoices', exact: true }).click();
    await page.waitForURL('**/invoice');
    await visible(page.getByRole('heading', { name: 'Invoices', level: 1 }));
    await visible(invoiceGrid(page).getByText('You have not created any invoice yet.'));
    expect(await page.getByRole('link', { name: 'Email Log', exact: true }).count()).toBe(0);
    await snap(page, 'invoices-empty');
  });

  browser.it('lists invoices, filters by status and number, and downloads the Summary CSV', async () => {
    const c = await aCompany();
    await anInvoice(c, {
      items: [{ product_id: c.vodka, qty: 3, price: 19.99 }],
      invoiced_at: daysFromToday(-3),
    });
    await anInvoice(c, {
      customer_id: c.lonestar,
      items: [{ product_id: c.wine, qty: 2, price: 8.99 }],
      invoiced_at: daysFromToday(-1),
      due_at: daysFromToday(20),
    });
    const beer = await anInvoice(c, { items: [{ product_id: c.beer, qty: 4, price: 14.5 }] });
    await ok(http.put(`invoice/${beer.id}`, { status: 'delivered' }, c.token));

    const page = await signedIn(c.token, '/invoice');
    await expectTrue(async () => (await gridNumbers(page)).join() === '#3B,#2,#1');
    const lonestar = invoiceGrid(page).getByRole('row').filter({ hasText: 'Lonestar Lounge' });
    await visible(lonestar.getByRole('gridcell', { name: '$19.46' }).first());
    await visible(lonestar.getByText('2 × BAREFOOT MERLOT 750ml'));
    await visible(invoiceGrid(page).getByRole('row').filter({ hasText: '#1' }).getByText('On Delivery'));
    await visible(invoiceGrid(page).getByRole('row').filter({ hasText: '#3B' }).getByText('Delivered'));
    await snap(page, 'invoices-grid');

    // status filter: all eight statuses on offer
    await page.getByRole('combobox', { name: 'Status' }).click();
    const options = page.getByRole('listbox').getByRole('option');
    expect(await options.allInnerTexts()).toEqual([
      'Cancelled',
      'Draft',
      'Invoiced',
      'Delivered',
      'Due Soon',
      'Due',
      'Paid',
      'Partially Paid',
    ]);
    await page.getByRole('option', { name: 'Delivered', exact: true }).click();
    await page.keyboard.press('Escape');
    await expectTrue(async () => (await gridNumbers(page)).join() === '#3B');

    // Summary CSV of the current filter
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Summary CSV' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^invoices_summary_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);
    const lines = readFileSync((await file.path())!, 'utf8')
      .trim()
      .split(/\r?\n/);
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('3B,delivered');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expectTrue(async () => (await gridNumbers(page)).length === 3);

    // number range
    await page.getByLabel('Number from').fill('2');
    await page.getByLabel('Number to').fill('3');
    await expectTrue(async () => (await gridNumbers(page)).join() === '#3B,#2');
    await page.getByLabel('Number to').fill('1');
    await visible(page.getByText('From must not be above To'));
    await page.getByRole('button', { name: 'Clear filters' }).click();

    // the date range can't pick a day after today
    expect(await page.getByLabel('Date to').getAttribute('max')).toBe(daysFromToday(0));
    await page.getByLabel('Date from').fill(daysFromToday(-2));
    await expectTrue(async () => (await gridNumbers(page)).join() === '#3B,#2');
    await page.getByLabel('Date to').fill(daysFromToday(2));
    await visible(page.getByText("Can't pick a day after today"));

    // a row opens its invoice
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await invoiceGrid(page).getByRole('row').filter({ hasText: 'Lonestar Lounge' }).getByText('#2').click();
    await page.waitForURL('**/invoice/2');
    await visible(page.getByRole('heading', { name: 'Invoice #2', level: 1 }));
  });

  browser.it(
    "filters the grid by customer from the customer grid's invoice history, and starts invoices there",
    async () => {
      const c = await aCompany();
      await anInvoice(c, { items: [{ product_id: c.vodka, qty: 1, price: 19.99 }] });
      await anInvoice(c, { customer_id: c.lonestar, items: [{ product_id: c.wine, qty: 1, price: 8.99 }] });

      const page = await signedIn(c.token, '/customer');
      const customers = page.getByRole('grid', { name: 'Customers' });
      await visible(customers.getByRole('link', { name: 'New invoice The Rusty Nail' }));
      await customers.getByRole('link', { name: 'Invoice history Lonestar Lounge' }).click();
      await page.waitForURL(`**/invoice?customerId=${c.lonestar}`);
      const chip = page.getByRole('button', { name: 'Customer: Lonestar Lounge' });
      await visible(chip);
      await expectTrue(async () => (await gridNumbers(page)).join() === '#2');
      await snap(page, 'invoices-customer-filter');
      await chip.locator('.MuiChip-deleteIcon').click();
      await hidden(chip);
      // same invoice date: their order is the server's tie-break
      await expectTrue(async () => (await gridNumbers(page)).sort().join() === '#1,#2');
      expect(new URL(page.url()).searchParams.get('customerId')).toBeNull();

      // New invoice and a double-click on the name start an invoice for the customer
      await page.goto('/customer');
      await customers.getByRole('link', { name: 'New invoice The Rusty Nail' }).waitFor();
      expect(
        await customers.getByRole('link', { name: 'New invoice The Rusty Nail' }).getAttribute('href'),
      ).toBe(`/invoice/create?customerId=${c.rustyNail}`);
      await customers.getByRole('link', { name: 'Lonestar Lounge', exact: true }).dblclick();
      await page.waitForURL(`**/invoice/create?customerId=${c.lonestar}`);

      // with the email feature: the Email Log link and the e-mail action
      await ok(http.post('company/feature', { name: 'email', active: true }, c.token));
      await page.goto('/invoice');
      await visible(page.getByRole('link', { name: 'Email Log', exact: true }));
      // the grid takes the e-mail columns once the feature is read: a menu opened on the row drawn before has the
      // old items, so it is opened again until it shows the e-mail log
      await expectTrue(async () => {
        await invoiceGrid(page).getByRole('button', { name: 'More actions for invoice #1' }).click();
        const item = page.getByRole('menuitem', { name: 'Email log invoice #1' });
        const shown = await item.waitFor({ state: 'visible', timeout: 2_000 }).then(
          () => true,
          () => false,
        );
        if (!shown) await page.keyboard.press('Escape');
        return shown;
      });
    },
  );

  browser.it('shows an invoice: company, customer, items, totals, stamps and status history', async () => {
    const c = await aCompany();
    await ok(
      http.post(
        'invoice',
        {
          customer_id: c.rustyNail,
          items: [
            { product_id: c.vodka, qty: 3, price: 12 },
            { product_id: c.wine, qty: 2, price: 8.99, taxable: false },
          ],
          note: 'Thanks for your business!',
          company_note: 'Leave at the back door',
        },
        c.token,
      ),
    );
    const page = await signedIn(c.token, '/invoice/1');
    await visible(page.getByRole('heading', { name: 'Invoice #1', level: 1 }));
    const customer = page.getByRole('region', { name: 'Customer' });
    await visible(customer.getByText('The Rusty Nail'));
    await visible(customer.getByText('TABC ID MB123456'));
    await visible(page.getByLabel('Cash on delivery'));
    const items = page.getByRole('table', { name: 'Items' });
    const vodka = items.getByRole('row').filter({ hasText: "TITO'S VODKA" });
    await visible(vodka.getByText('$36.00'));
    await visible(vodka.getByText('This item was invoiced below cost.'));
    expect(
      await items.getByRole('row').filter({ hasText: 'BAREFOOT MERLOT' }).getByText('below cost').count(),
    ).toBe(0);
    const totals = page.getByRole('table', { name: 'Totals' });
    await visible(totals.getByText('$53.98'));
    await visible(totals.getByText('Tax (8.25%)'));
    await visible(totals.getByText('$2.97'));
    await visible(totals.getByText('$56.95'));
    const stamps = page.getByRole('region', { name: 'Stamps' });
    await visible(stamps.getByText('AB1000–AB1002'));
    await visible(stamps.getByText('3 stamps'));
    await visible(stamps.getByText(/Stamps needed:\s*3/));
    await visible(page.getByRole('region', { name: 'Status History' }).getByText('Invoiced'));
    await visible(page.getByRole('region', { name: 'Internal Note' }).getByText('Leave at the back door'));
    await visible(page.getByText('Thanks for your business!'));
    await visible(page.getByText('Due on delivery').first());
    await visible(page.getByRole('link', { name: 'Edit', exact: true }));
    expect(await page.getByRole('button', { name: 'Delete' }).count()).toBe(0);
    await snap(page, 'invoice-view');
    await page.setViewportSize({ width: 820, height: 1100 });
    await visible(page.getByRole('heading', { name: 'Invoice #1', level: 1 }));
    await snap(page, 'invoice-view-tablet');
    // on a phone each line's size, quantity × price and tax are a line under its product: nothing scrolls sideways
    await page.setViewportSize({ width: 390, height: 844 });
    await visible(vodka.getByText(/× \$12\.00 · taxed$/));
    await visible(
      items
        .getByRole('row')
        .filter({ hasText: 'BAREFOOT MERLOT' })
        .getByText(/× \$8\.99 · not taxed$/),
    );
    const region = page.getByRole('region', { name: 'Invoice items' });
    expect(await region.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    await snap(page, 'invoice-view-390');
  });

  browser.it(
    'changes status and dates after confirmation; cancelling releases the stamps; the owner deletes it',
    async () => {
      const c = await aCompany();
      await anInvoice(c, { items: [{ product_id: c.vodka, qty: 3, price: 19.99 }] });
      const page = await signedIn(c.token, '/invoice/1');
      const status = page.getByRole('combobox', { name: 'Status' });
      await visible(status);

      // declined: nothing changes
      await status.click();
      await page.getByRole('option', { name: 'Paid', exact: true }).click();
      const question = page.getByRole('dialog', {
        name: 'Sure you want to change status from Invoiced to Paid?',
      });
      await visible(question);
      await question.getByRole('button', { name: 'Nevermind' }).click();
      await hidden(question);
      expect((await ok(http.get('invoice/1', c.token))).status).toBe('invoiced');

      // confirmed
      await status.click();
      await page.getByRole('option', { name: 'Paid', exact: true }).click();
      await question.getByRole('button', { name: 'Yes, change it' }).click();
      await visible(page.getByText('Invoice #1: status changed to Paid.'));
      await visible(page.getByRole('region', { name: 'Status History' }).getByText('Paid', { exact: true }));

      // the same invoice date: nothing needs updating
      const invoiceDate = page.getByLabel('Invoice Date');
      await invoiceDate.focus();
      await invoiceDate.press('Enter');
      await visible(page.getByText(/^Nothing needs updating/));

      // the due date
      await page.getByLabel('Due Date').fill(daysFromToday(20));
      await page.getByLabel('Due Date').press('Enter');
      const dueQuestion = page.getByRole('dialog', {
        name: /^Sure you want to change due date from Due on delivery to /,
      });
      await visible(dueQuestion);
      await snap(page, 'invoice-change-confirmation');
      await dueQuestion.getByRole('button', { name: 'Yes, change it' }).click();
      await expectTrue(async () => (await ok(http.get('invoice/1', c.token))).due_at === daysFromToday(20));

      // a date too far ahead: the server's error list
      await page.getByLabel('Invoice Date').fill(daysFromToday(0));
      await page.route('**/api/v1/invoice/*', (route) =>
        route.request().method() === 'PUT'
          ? route.fulfill({
              status: 400,
              json: {
                statusCode: 400,
                message: 'Validation failed',
                details: [{ field: 'invoiced_at', message: 'Invoice date is wrong.' }],
              },
            })
          : route.fallback(),
      );
      await page.getByLabel('Invoice Date').fill(daysFromToday(-1));
      await page.getByLabel('Invoice Date').press('Enter');
      await page.getByRole('dialog').getByRole('button', { name: 'Yes, change it' }).click();
      const problem = page.getByRole('alert').filter({ hasText: 'Something Went Wrong' });
      await visible(problem.getByText('Invoice date is wrong.'));
      await page.unroute('**/api/v1/invoice/*');

      // cancel: the stamps go back
      await status.click();
      await page.getByRole('option', { name: 'Cancelled', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Sure you want to change status from Paid to Cancelled?' })
        .getByRole('button', { name: 'Yes, change it' })
        .click();
      const released = page.getByRole('status').filter({ hasText: 'Below stamps are available for use' });
      await visible(released.getByText('AB1000–AB1002'));
      await hidden(page.getByRole('link', { name: 'Edit', exact: true }));
      await snap(page, 'invoice-cancelled');

      // the owner deletes the cancelled invoice
      await page.getByRole('button', { name: 'Delete' }).click();
      const confirm = page.getByRole('dialog', { name: 'Sure you want to delete invoice #1?' });
      await confirm.getByRole('button', { name: 'Delete Invoice' }).click();
      await visible(page.getByText('Invoice deleted'));
      await page.waitForURL(/\/invoice$/);
      await visible(invoiceGrid(page).getByText('You have not created any invoice yet.'));
    },
  );

  browser.it("says 'Sorry, something went wrong!' for an unknown invoice", async () => {
    const c = await aCompany();
    const page = await signedIn(c.token, '/invoice/999');
    await visible(page.getByRole('heading', { name: 'Sorry, something went wrong!' }));
    await visible(page.getByRole('link', { name: 'All Invoices' }));
    await snap(page, 'invoice-not-found');
  });

  browser.it(
    'lists recent invoices on the dashboard and finds invoices and customers with quick search',
    async () => {
      const c = await aCompany();
      await anInvoice(c, { items: [{ product_id: c.vodka, qty: 2, price: 19.99 }] });
      await anInvoice(c, { customer_id: c.lonestar, items: [{ product_id: c.wine, qty: 6, price: 8.99 }] });
      const page = await signedIn(c.token, '/dashboard');
      const recent = page.getByRole('table', { name: 'Recent invoices' });
      await visible(recent.getByRole('link', { name: '#2' }));
      await visible(recent.getByRole('link', { name: '#1' }));
      await visible(recent.getByText('Lonestar Lounge'));
      // beside the quick search at 1440 px every column is in view, the total last (the due date under the date)
      await visible(recent.getByText(/^due /).first());
      expect(
        await recent.evaluate(
          (table) => table.parentElement!.scrollWidth <= table.parentElement!.clientWidth,
        ),
      ).toBe(true);

      const search = page.getByLabel('Search invoices and customers');
      await search.fill('lo');
      await visible(page.getByText('Type at least 3 characters.'));
      await search.fill('lonestar');
      const results = page.getByRole('region', { name: 'Search results' });
      await visible(results.getByRole('link', { name: /#2 · Lonestar Lounge/ }));
      await visible(results.getByRole('link', { name: /Lonestar Lounge.*MB654321/ }));
      await snap(page, 'dashboard-quick-search');
      await search.fill('zzzzz');
      await visible(page.getByText('No results for “zzzzz”.'));
      await search.fill('rusty');
      await results.getByRole('link', { name: /#1 · The Rusty Nail/ }).click();
      await page.waitForURL('**/invoice/1');
      await visible(page.getByRole('heading', { name: 'Invoice #1', level: 1 }));

      // on a phone: a list of whole lines (number, customer, date, due, status, total), a tap opens the invoice
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto('/dashboard');
      const list = page.getByRole('list', { name: 'Recent invoices' });
      const second = list.getByRole('link', { name: /#2 Lonestar Lounge/ });
      await visible(second.getByText(/^\$\d+\.\d\d$/));
      expect(
        await list.evaluate(
          (box) =>
            box.scrollWidth <= box.clientWidth &&
            [...box.querySelectorAll('p, span')].every((line) => line.scrollWidth <= line.clientWidth),
        ),
      ).toBe(true);
      expect(await seriousViolations(page, 'dashboard at 390 px', { include: 'main' })).toEqual([]);
      await snap(page, 'dashboard-recent-390');
      await second.click();
      await page.waitForURL('**/invoice/2');
    },
  );
});
