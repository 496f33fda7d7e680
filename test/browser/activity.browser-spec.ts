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

  const signedIn = (token: string) => browser.signedIn(token);
  const gridOf = (page: Page) => page.getByRole('grid', { name: 'Activities' });
  const rowsOf = (page: Page) =>
    gridOf(page)
      .getByRole('row')
      .filter({ has: page.getByRole('gridcell') });

  browser.it('opens from the settings menu and lists what happened, newest first', async () => {
    const token = await anOwner('main', 'Ada Owner');
    const invoice = await aBeerInvoice(token);
    await api(`invoice/${invoice.id}/note`, { method: 'POST', body: { note: 'Call first' }, token });

    const page = await signedIn(token);
    await page.goto('/setting');
    await page
      .getByRole('navigation', { name: 'Settings menu' })
      .getByRole('link', { name: 'Activity' })
      .click();
    await page.waitForURL('**/activity');
    await visible(page.getByRole('heading', { name: 'Activities', level: 1 }));

    const rows = rowsOf(page);
    await visible(rows.filter({ hasText: `Created invoice #${invoice.number}` }));
    expect(invoice.number).toMatch(/B$/);
    // newest first: the note, then the invoice, then the sign-in and the sign-up
    await visible(rows.first().getByText(`Added a private note to invoice #${invoice.number}`));
    await visible(rows.filter({ hasText: 'Signed in' }).first());
    const signIn = rows.filter({ hasText: 'Signed in' }).first();
    await visible(signIn.getByText('Success'));
    await visible(signIn.getByText('by Ada Owner'));
    // company-local date and time, e.g. '22 Nov, 2026 01:31 AM'
    expect(await signIn.getByRole('gridcell').nth(2).innerText()).toMatch(
      /^\d{2} [A-Z][a-z]{2}, \d{4} \d{2}:\d{2} (AM|PM)$/,
    );
    expect(await rows.count()).toBe(4);
    // rows of 50 px
    expect(Math.round((await rows.first().boundingBox())!.height)).toBe(50);
    // the page-size selector offers the free edition's sizes
    await page.getByRole('combobox', { name: /rows per page/i }).click();
    const sizes = await page.getByRole('option').allTextContents();
    expect(sizes).toEqual(['10', '25', '50', '100']);
    await page.keyboard.press('Escape');
    await snap(page, 'activity-log');
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
    await page.goto('/activity');
    const updated = rowsOf(page).filter({ hasText: `Updated invoice #${invoice.number}` });
    await visible(updated);
    await updated.getByRole('button', { name: /^Open the changes/ }).click();
    const dialog = page.getByRole('dialog', { name: `Updated invoice #${invoice.number}` });
    await visible(dialog.getByText(/InvoiceRevised · .* · by Ada Owner/));
    const qty = dialog.getByRole('row').filter({ hasText: 'lines.0.qty' });
    expect(await qty.getByRole('cell').allInnerTexts()).toEqual(['lines.0.qty', '2', '5']);
    await snap(page, 'activity-changes');
    await dialog.getByRole('button', { name: 'Close' }).click();
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  browser.it('filters by a date range that cannot reach past today, and Reset clears it', async () => {
    const page = await signedIn(await anOwner('dates'));
    await page.goto('/activity');
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

  browser.it("shows 'No Activity history found.' when there is nothing to show", async () => {
    const page = await signedIn(await anOwner('empty'));
    await page.route('**/api/v1/user/user-activity/grid**', (route) =>
      route.fulfill({ status: 200, contentType: 'application/json', body: '{"rows":[],"count":0}' }),
    );
    await page.goto('/activity');
    await visible(gridOf(page).getByRole('status').getByText('No Activity history found.'));
    await snap(page, 'activity-empty');
  });

  browser.it('shows a clear error when the log cannot load, and loads again on Retry', async () => {
    const page = await signedIn(await anOwner('error'));
    await page.route('**/api/v1/user/user-activity/grid**', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }),
    );
    await page.goto('/activity');
    const alert = gridOf(page).getByRole('alert');
    await visible(alert.getByText('Error loading activity'));
    await snap(page, 'activity-error');
    await page.unroute('**/api/v1/user/user-activity/grid**');
    await alert.getByRole('button', { name: 'Retry' }).click();
    await visible(rowsOf(page).filter({ hasText: 'Signed in' }));
  });
});
