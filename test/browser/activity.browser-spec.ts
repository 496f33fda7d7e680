import type { Locator, Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  daysFromToday,
  OWNER_PASSWORD,
  today,
  uniqueEmail,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

const api = apiCaller(() => app.baseUrl);

/** A company owner made through the API, who then signs in once more (an activity row); answers the token. */
async function anOwner(label: string, name = 'Cora Owner') {
  const email = uniqueEmail(label);
  const { access_token } = await api<{ access_token: string }>('auth/signup', {
    method: 'POST',
    body: { name, title: 'Owner', email, password: OWNER_PASSWORD, confirm_password: OWNER_PASSWORD },
  });
  await api('auth/signin', { method: 'POST', body: { email, password: OWNER_PASSWORD } });
  return access_token;
}

/** A beer invoice (its number ends in B). */
async function aBeerInvoice(token: string): Promise<{ id: string; number: string }> {
  const customer = await aCustomer(api, token);
  const beer = await api<{ id: string }>('product', {
    method: 'POST',
    body: {
      product: 'Shiner Bock 6pk',
      product_type: 'beer',
      product_size: '12oz',
      product_price: 9,
      last_purchase_price: '5.00',
    },
    token,
  });
  return api('invoice', {
    method: 'POST',
    body: { customer_id: customer.id, items: [{ product_id: beer.id, qty: 2, price: 9 }], force: true },
    token,
  });
}

/** A call that the feature just switched on may refuse (403) for a moment, until the switch reaches it. */
async function once<T>(call: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await call();
    } catch (error) {
      if (attempt > 50 || !String(error).includes('403')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

/** The log holds `count` business events (it is written just after the calls answer, as the live pages show). */
async function logged(token: string, count: number) {
  const filterModel = encodeURIComponent(
    JSON.stringify({ account: { filterType: 'set', values: ['false'] } }),
  );
  for (let attempt = 0; attempt < 100; attempt++) {
    const page = await api<{ count: number }>(
      `user/user-activity/grid?startRow=0&endRow=1&filterModel=${filterModel}`,
      { token },
    );
    if (page.count >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function waitForCount(locator: Locator, expected: number): Promise<number> {
  const until = Date.now() + 5000;
  let count = await locator.count();
  while (count !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await locator.count();
  }
  return count;
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Activities (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string, width = 1440) =>
    browser.signedIn(token, { viewport: { width, height: width > 600 ? 900 : 844 } });
  const gridOf = (page: Page) => page.getByRole('grid', { name: /Business events|Sign-ins/ });
  const signInsTab = (page: Page) => page.getByRole('tab', { name: 'Sign-ins' });
  /** Opens the log and waits, as the user does, for it to be there (a cold load is slow on a busy machine). */
  const openLog = async (page: Page, path = '/activity') => {
    await page.goto(path);
    await page.getByRole('heading', { name: 'Activities', level: 1 }).waitFor({ timeout: 60_000 });
  };
  /** The log's rows: the grid's, or on a phone the list's. */
  const rowsOf = (page: Page) =>
    (page.viewportSize()?.width ?? 1440) < 600
      ? page.getByRole('list', { name: /Business events|Sign-ins/ }).getByRole('listitem')
      : gridOf(page)
          .getByRole('row')
          .filter({ has: page.getByRole('gridcell') });

  browser.it('opens from the settings menu and lists what happened, newest first', async () => {
    const token = await anOwner('main', 'Ada Owner');
    const invoice = await aBeerInvoice(token);
    await api(`invoice/${invoice.id}/note`, { method: 'POST', body: { note: 'Call first' }, token });

    const page = await signedIn(token);
    await page.goto('/setting');
    await page.getByRole('navigation', { name: 'Settings menu' }).waitFor({ timeout: 60_000 });
    await page
      .getByRole('navigation', { name: 'Settings menu' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await page.waitForURL('**/activity');
    await visible(page.getByRole('heading', { name: 'Activities', level: 1 }));

    const rows = rowsOf(page);
    // Business events first, newest first: the note, then the invoice; sign-ins apart.
    await visible(page.getByRole('tab', { name: 'Business events', selected: true }));
    await visible(rows.filter({ hasText: `Created invoice #${invoice.number}` }));
    expect(invoice.number).toMatch(/B$/);
    await visible(rows.first().getByText(`Added a private note to invoice #${invoice.number}`));
    expect(await waitForCount(rows, 2)).toBe(2);
    await snap(page, 'activity-log');

    await signInsTab(page).click();
    const signIn = rows.filter({ hasText: 'Signed in' }).first();
    await visible(signIn);
    await visible(signIn.getByText('Success'));
    await visible(signIn.getByText('by Ada Owner'));
    // company-local date and time, e.g. '22 Nov, 2026 01:31 AM'
    expect(await signIn.getByRole('gridcell').nth(2).innerText()).toMatch(
      /^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} (AM|PM)$/,
    );
    expect(await waitForCount(rows, 2)).toBe(2); // the sign-in and the sign-up
    // rows of 50 px
    expect(Math.round((await rows.first().boundingBox())!.height)).toBe(50);
    // the page-size selector offers the free edition's sizes
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    // the list opens a frame after the click: its options are read once it shows
    await page.getByRole('option').first().waitFor();
    const sizes = await page.getByRole('option').allTextContents();
    expect(sizes).toEqual(['10/page', '25/page', '50/page', '100/page']);
    await page.keyboard.press('Escape');
    await snap(page, 'activity-sign-ins');
  });

  browser.it('opens the fields an event changed, old → new, from its row', async () => {
    const token = await anOwner('changes', 'Ada Owner');
    const invoice = await aBeerInvoice(token);
    const [line] = (await api<{ items: { product_id: string }[] }>(`invoice/${invoice.number}`, { token }))
      .items;
    await api(`invoice/${invoice.number}`, {
      method: 'PUT',
      body: { items: [{ product_id: line!.product_id, qty: 5, price: 9 }] },
      token,
    });
    const page = await signedIn(token);
    await openLog(page, '/activity');
    const updated = rowsOf(page).filter({ hasText: `Updated invoice #${invoice.number}` });
    await visible(updated);
    await updated.getByRole('button', { name: /^Open the event/ }).click();
    const dialog = page.getByRole('dialog', { name: /^Updated invoice #\d+B \(.+\)$/ });
    await visible(dialog.getByText(/^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} (AM|PM) · by Ada Owner$/));
    // In words: the line by its product, the total in dollars; no field path, no id.
    const qty = dialog.getByRole('row').filter({ hasText: 'Qty' });
    expect(await qty.locator('th, td').allInnerTexts()).toEqual(['Line 1 · SHINER BOCK 6PK · Qty', '2', '5']);
    const total = dialog.getByRole('row').filter({ hasText: 'Totals · Total' });
    expect(await total.locator('th, td').allInnerTexts()).toEqual(['Totals · Total', '$19.49', '$48.71']);
    expect(await dialog.innerText()).not.toMatch(/lines\.0|Cents|[0-9a-f]{8}-[0-9a-f]{4}/);
    await snap(page, 'activity-changes');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  browser.it('filters by a date range that cannot reach past today, and Reset clears it', async () => {
    const page = await signedIn(await anOwner('dates'));
    await openLog(page, '/activity?view=sign-ins');
    const rows = rowsOf(page);
    await visible(rows.filter({ hasText: 'Signed in' }));
    const all = await rows.count();

    const from = page.getByLabel('From');
    const to = page.getByLabel('To', { exact: true });
    expect(await to.getAttribute('max')).toBe(today());
    expect(await from.getAttribute('max')).toBe(today());

    await from.fill(daysFromToday(-7));
    await to.fill(daysFromToday(-1));
    await visible(gridOf(page).getByText('No Activity history found.'));
    expect(await rows.count()).toBe(0);
    await snap(page, 'activity-empty-range');

    await to.fill(daysFromToday(1));
    await visible(page.getByRole('alert').filter({ hasText: "Can't pick a day after today" }));

    await to.fill(today());
    await expect(waitForCount(rows, all)).resolves.toBe(all);

    await to.fill(daysFromToday(-1));
    await visible(gridOf(page).getByText('No Activity history found.'));
    const reset = page.getByRole('button', { name: 'Reset' });
    await reset.focus();
    await page.keyboard.press('Enter');
    await expect(waitForCount(rows, all)).resolves.toBe(all);
    expect(await from.inputValue()).toBe('');
    expect(await to.inputValue()).toBe('');
    expect(await reset.isDisabled()).toBe(true);
  });

  for (const width of [1440, 390])
    browser.it(
      `filters the business events by kind, customer, invoice and user at ${width} px`,
      async () => {
        const token = await anOwner(`filters${width}`, 'Ada Owner');
        const rusty = await aCustomer(api, token, { name: 'The Rusty Nail' });
        const oyster = await aCustomer(api, token, { name: 'Gulf Oyster Bar' });
        const beer = await api<{ id: string }>('product', {
          method: 'POST',
          body: { product: 'Shiner Light', product_type: 'beer', product_size: '12oz', product_price: 30 },
          token,
        });
        const invoiceFor = (customerId: string) =>
          api<{ id: string; number: string }>('invoice', {
            method: 'POST',
            body: {
              customer_id: customerId,
              items: [{ product_id: beer.id, qty: 10, price: 30 }],
              force: true,
            },
            token,
          });
        const rustyInvoice = await invoiceFor(rusty.id);
        const oysterInvoice = await invoiceFor(oyster.id);
        await api('company/feature', { method: 'POST', body: { name: 'payment', active: true }, token });
        await once(() =>
          api(`invoice/${rustyInvoice.id}/payment`, {
            method: 'POST',
            body: { amount: 300, received_at: today() },
            token,
          }),
        );
        await api(`invoice/${oysterInvoice.id}`, { method: 'PUT', body: { status: 'cancelled' }, token });

        // created ×2, payments on, paid, partly paid, cancelled
        await logged(token, 6);
        const page = await signedIn(token, width);
        await openLog(page, '/activity');
        const rows = rowsOf(page);
        await visible(
          rows.filter({ hasText: `Cancelled invoice #${oysterInvoice.number} (Gulf Oyster Bar)` }),
        );
        await visible(rows.filter({ hasText: 'Logged a payment of $300.00' }));
        await visible(rows.filter({ hasText: 'Turned on Payments' }));
        expect(await rows.filter({ hasText: 'Signed in' }).count()).toBe(0);

        // Kind: status changes only.
        await page.getByRole('combobox', { name: 'Kind' }).click();
        await page.getByRole('option', { name: 'Status changes' }).click();
        await visible(rows.filter({ hasText: `Cancelled invoice #${oysterInvoice.number}` }));
        await visible(
          rows.filter({ hasText: `Invoice #${rustyInvoice.number} (The Rusty Nail) became Partially Paid` }),
        );
        expect(await waitForCount(rows, 2)).toBe(2);
        await snap(page, `activity-filter-kind-${width}`);

        // Customer: The Rusty Nail's events of that kind, then of every kind.
        await page.getByRole('combobox', { name: 'Customer' }).fill('Rusty');
        await page.getByRole('option', { name: /The Rusty Nail/ }).click();
        expect(await waitForCount(rows, 1)).toBe(1);
        await page.getByRole('combobox', { name: 'Kind' }).click();
        await page.getByRole('option', { name: 'All kinds' }).click();
        await visible(rows.filter({ hasText: `Created invoice #${rustyInvoice.number} (The Rusty Nail)` }));
        expect(await waitForCount(rows, 3)).toBe(3); // created, paid, partly paid
        expect(await rows.filter({ hasText: 'Gulf Oyster Bar' }).count()).toBe(0);
        await snap(page, `activity-filter-customer-${width}`);

        // The payment's event view: the amount in dollars, on the company's clock, no ids.
        const payment = rows.filter({ hasText: 'Logged a payment of $300.00' });
        await payment.getByRole('button', { name: /^Open the event/ }).click();
        const dialog = page.getByRole('dialog');
        const amount = dialog.getByRole('row').filter({ hasText: 'Payment 1 · Amount' });
        await visible(amount);
        expect(await amount.locator('th, td').allInnerTexts()).toEqual([
          'Payment 1 · Amount',
          '—',
          '$300.00',
        ]);
        expect(await dialog.innerText()).not.toMatch(/amountCents|30000|[0-9a-f]{8}-[0-9a-f]{4}/);
        await snap(page, `activity-event-view-${width}`);
        await dialog.getByRole('button', { name: 'Close' }).click();

        // Invoice: one invoice's events, by its number as printed.
        await page.getByRole('button', { name: 'Reset' }).click();
        await page.getByLabel('Invoice', { exact: true }).fill(`#${oysterInvoice.number}`);
        await visible(rows.filter({ hasText: `Created invoice #${oysterInvoice.number}` }));
        expect(await waitForCount(rows, 2)).toBe(2);

        // User: everything here was done by Ada; nobody else did anything.
        await page.getByRole('button', { name: 'Reset' }).click();
        await page.getByRole('combobox', { name: 'User' }).click();
        await page.getByRole('option', { name: 'Ada Owner' }).click();
        await visible(rows.filter({ hasText: 'by Ada Owner' }).first());
        expect(await rows.filter({ hasNotText: 'by Ada Owner' }).count()).toBe(0);
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(
          true,
        );
      },
      180_000,
    );

  browser.it("shows 'No Activity history found.' when there is nothing to show", async () => {
    const page = await signedIn(await anOwner('empty'));
    await page.route('**/api/v1/user/user-activity/grid**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"rows":[],"count":0}' }),
    );
    await openLog(page, '/activity');
    await visible(gridOf(page).getByRole('status').getByText('No Activity history found.'));
    await snap(page, 'activity-empty');
  });

  browser.it('shows a clear error when the log cannot load, and loads again on Retry', async () => {
    const page = await signedIn(await anOwner('error'));
    await page.route('**/api/v1/user/user-activity/grid**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await openLog(page, '/activity?view=sign-ins');
    const alert = gridOf(page).getByRole('alert');
    await visible(alert.getByText('Error loading activity'));
    await snap(page, 'activity-error');
    await page.unroute('**/api/v1/user/user-activity/grid**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(rowsOf(page).filter({ hasText: 'Signed in' }));
  });
});
