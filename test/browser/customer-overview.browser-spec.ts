import type { Locator, Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { daysFromToday, expectTrue, followLink, hidden, ok, visible } from '../support/browser-fixtures.js';

/*
 * The customer overview as a user meets it at 1440 and 390 px: opened from an invoice, its balance and open
 * invoices; a partial payment logged on an invoice that stays open with the new balance; cancelling an invoice that
 * has stamps and a payment, the confirmation naming both, and the cancelled state.
 */

let app: TestApp;
let http: ApiClient;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  app = await startTestApp();
  http = apiClient(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/**
 * An owner with the payment feature, a customer, a stamp roll, an invoice of 3 liquor bottles (3 stamps, $20 paid)
 * and a wine invoice 40 days past due ($108.25).
 */
async function aCompany() {
  const { token } = await signUpOwner(http, 'Olga Overview');
  await ok(http.post('company/feature', { name: 'payment', active: true }, token));
  const customer = await ok(
    http.post(
      'customer',
      {
        name: 'Rio Grande Icehouse',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB765432',
        contact_name: 'Dana Ruiz',
        contact_phone: '512-555-0100',
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      token,
    ),
  );
  const product = (name: string, type: string, price: number) =>
    ok(
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
  const vodka = await product("Tito's Vodka", 'liquor', 20);
  const wine = await product('Barefoot Merlot', 'wine', 10);
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: daysFromToday(0), from: 1000, to: 1479 }, token),
  );
  const liquor = await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: vodka.id, qty: 3, price: 20 }], force: true },
      token,
    ),
  );
  await ok(http.post(`invoice/${liquor.id}/payment`, { amount: 20, received_at: daysFromToday(0) }, token));
  const late = await ok(
    http.post(
      'invoice',
      {
        customer_id: customer.id,
        items: [{ product_id: wine.id, qty: 10, price: 10 }],
        invoiced_at: daysFromToday(-70),
        due_at: daysFromToday(-40),
        force: true,
      },
      token,
    ),
  );
  return { token, customer, liquor, late };
}

/** The page is not scrolled sideways and the element ends inside the window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  const scrolled = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  return !!box && box.x >= 0 && box.x + box.width <= width + 1 && !scrolled;
}

describe('Customer overview (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'at 1440 px: opens the customer from the invoice grid, logs a partial payment that stays on the invoice, cancels an invoice with a payment',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto('/invoice');
      const grid = page.getByRole('grid', { name: 'Invoices' });
      // the customer's name opens its overview (clicked again if a refit of the columns swallowed the click)
      const customerLink = grid.getByRole('link', { name: c.customer.name }).first();
      await visible(customerLink);
      const overview = `/customer/${c.customer.id}`;
      await expectTrue(async () => {
        if (new URL(page.url()).pathname === '/invoice')
          await customerLink.click({ timeout: 2000 }).catch(() => undefined);
        return new URL(page.url()).pathname === overview;
      });

      // the overview: balance and its aging, the open invoices, the actions
      await visible(page.getByRole('heading', { name: c.customer.name, level: 1 }));
      const owing = 108.25 + c.liquor.total - 20;
      await visible(page.getByLabel(`Owing $${owing.toFixed(2)}`));
      const aging = page
        .getByLabel('Aging', { exact: true })
        .getByRole('definition')
        .filter({ hasText: '$108.25' });
      await visible(aging);
      const open = page.getByRole('table', { name: 'Open invoices' });
      await visible(open.getByRole('link', { name: `#${c.late.number}` }));
      await visible(open.getByRole('link', { name: `#${c.liquor.number}` }));
      await visible(open.getByText('40 days late'));
      await visible(page.getByRole('list', { name: 'Recent payments' }).getByText('$20.00'));
      await visible(page.getByText('Dana Ruiz · 512-555-0100'));
      await snap(page, 'customer-overview-1440');
      const main = page.getByRole('main');
      for (const action of [
        main.getByRole('link', { name: 'New Invoice', exact: true }),
        main.getByRole('button', { name: 'Log Payment', exact: true }),
        main.getByRole('button', { name: 'Balance PDF', exact: true }),
        main.getByRole('link', { name: 'Edit', exact: true }),
      ])
        await expectTrue(() => inView(page, action));

      // a partial payment on the late invoice: the invoice stays open with the new paid amount and balance
      await open.getByRole('link', { name: `#${c.late.number}` }).click();
      await page.waitForURL(`**/invoice/${c.late.number}`);
      const payments = page.getByRole('region', { name: 'Payments' });
      await payments.getByRole('button', { name: 'Log Payment' }).click();
      const dialog = page.getByRole('dialog', { name: 'Log Payment' });
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill('40');
      await dialog.getByRole('button', { name: 'Log Payment' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Created Invoice Payment' }));
      await hidden(dialog);
      expect(new URL(page.url()).pathname).toBe(`/invoice/${c.late.number}`);
      const totals = payments.getByLabel('Payment totals');
      await visible(totals.getByText('$40.00', { exact: true }));
      await visible(totals.getByText('$68.25', { exact: true }));
      await snap(page, 'customer-overview-invoice-paid-1440');

      // back on the overview the balance follows
      await page
        .getByRole('region', { name: 'Customer' })
        .getByRole('link', { name: c.customer.name })
        .click();
      await page.waitForURL(`**/customer/${c.customer.id}`);
      await visible(page.getByLabel(`Owing $${(owing - 40).toFixed(2)}`));

      // cancel the liquor invoice: the confirmation names its stamps and the money paid
      await page.goto(`/invoice/${c.liquor.number}`);
      await page.getByRole('button', { name: 'Cancel Invoice' }).click();
      const confirm = page.getByRole('dialog', {
        name: `Sure you want to cancel invoice #${c.liquor.number}?`,
      });
      await visible(
        confirm.getByText(/Its 3 stamps \(AB.*1000.*1002\) go back to the rolls for other invoices\./),
      );
      await visible(
        confirm.getByText("Its payments of $20.00 become the customer's credit", { exact: false }),
      );
      await snap(page, 'customer-overview-cancel-confirm-1440');
      await confirm.getByRole('button', { name: 'Cancel Invoice' }).click();
      await hidden(confirm);
      const cancelledTotals = page.getByRole('region', { name: 'Payments' }).getByLabel('Payment totals');
      await visible(cancelledTotals.getByText('Cancelled', { exact: true }));
      // its payment left it: the customer's credit now
      await visible(cancelledTotals.getByText('$0.00', { exact: true }));
      await hidden(page.getByRole('button', { name: 'Cancel Invoice' }));
      await snap(page, 'customer-overview-cancelled-1440');

      // the cancellation is in the activity log
      await page.goto('/activity');
      await visible(page.getByText(/cancelled/i).first());
    },
  );

  browser.it(
    'at 390 px: the overview from an invoice, its balance and open invoices, nothing sideways',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: PHONE });
      await page.goto(`/invoice/${c.late.number}`);
      await page
        .getByRole('region', { name: 'Customer' })
        .getByRole('link', { name: c.customer.name })
        .click();
      await page.waitForURL(`**/customer/${c.customer.id}`);
      await visible(page.getByRole('heading', { name: c.customer.name, level: 1 }));
      await visible(page.getByLabel(/^Owing \$/));
      const open = page.getByRole('table', { name: 'Open invoices' });
      await visible(open.getByRole('link', { name: `#${c.late.number}` }));
      await expectTrue(() => inView(page, open.getByRole('link', { name: `#${c.late.number}` })));
      await expectTrue(() => inView(page, page.getByRole('link', { name: 'New Invoice' })));
      await snap(page, 'customer-overview-390');
    },
  );

  browser.it(
    'the customer grid at 1440 px: search, balance and licence columns, actions in view; Open leads to the overview',
    async () => {
      const c = await aCompany();
      await ok(
        http.post(
          'customer',
          {
            name: 'Other Tavern',
            address: '1 Main',
            city: 'Waco',
            zip: '76701',
            tabc_id: 'MB111111',
            cash_on_delivery: 0,
            fintech_option: 0,
          },
          c.token,
        ),
      );
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto('/customer');
      const grid = page.getByRole('grid', { name: 'Customers' });
      await visible(grid.getByRole('row').nth(2));
      for (const name of ['Name', 'Balance', 'Licence', 'Actions'])
        await expectTrue(() => inView(page, grid.getByRole('columnheader', { name })));
      await page.getByRole('searchbox', { name: 'Search customers' }).fill('rio');
      await expectTrue(async () => (await grid.getByRole('row').count()) === 2); // the header and one customer
      await expectTrue(() => inView(page, grid.getByRole('link', { name: `Open ${c.customer.name}` })));
      await snap(page, 'customer-grid-1440');
      await followLink(
        page,
        grid.getByRole('link', { name: `Open ${c.customer.name}` }),
        `**/customer/${c.customer.id}`,
      );
      await visible(page.getByRole('heading', { name: c.customer.name, level: 1 }));
    },
  );
});
