import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { ok, switchFeature, today, visible } from '../support/browser-fixtures.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** A staff member of the owner's company, signed in (invited and accepted through the API). */
async function aStaffToken(ownerToken: string): Promise<{ token: string; id: string }> {
  const invited = await ok(
    http.post(
      'company/staff/invitation',
      { email: `staff.${randomUUID()}@example.com`, name: 'Sam Staff' },
      ownerToken,
    ),
  );
  const token = new URL(invited.link).searchParams.get('invitation');
  const joined = await ok(
    http.post('auth/invitation/accept', {
      token,
      name: 'Sam Staff',
      title: 'Sales',
      password: 'secret-pass-1',
      confirm_password: 'secret-pass-1',
    }),
  );
  return { token: joined.access_token, id: joined.user.id };
}

/** Resolves once the page's socket has been welcomed by the gateway (call before the page navigates). */
function liveConnected(page: Page): Promise<void> {
  return new Promise((resolve) => {
    page.on('websocket', (socket) =>
      socket.on('framereceived', ({ payload }) => {
        if (String(payload).includes('"live:hello"')) resolve();
      }),
    );
  });
}

/** Opens `path` and waits for its live socket: what changes after this must arrive without a reload. */
async function openLive(page: Page, path: string): Promise<void> {
  const connected = liveConnected(page);
  await page.goto(path);
  await connected;
  await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));
}

/** The page was not reloaded since `openLive` (a reload drops the window's marker). */
async function notReloaded(page: Page): Promise<void> {
  expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
}

/** A customer user of the customer (invited and accepted through the API): its token and ordering-app path. */
async function aCustomerUser(ownerToken: string, customerId: string) {
  const invited = await ok(
    http.post(
      'customer/user-invitation',
      { values: { name: 'Bea Manager', email: `bar.${randomUUID()}@example.com` }, customer: customerId },
      ownerToken,
    ),
  );
  const link = new URL(invited.link);
  const accepted = await ok(
    http.post('shop/invitation/accept', { token: link.searchParams.get('token'), password: 'bar-pass-1' }),
  );
  return { token: accepted.token as string, base: link.pathname.replace(/\/invitation$/, '') };
}

describe('Live updates (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('shows a customer another tab creates without a reload, and toasts a new order', async () => {
    const owner = await signUpOwner(http, 'Liv Owner');
    await switchFeature(app, owner.user.company_id, 'order', true);
    const watching = await browser.signedIn(owner.token);
    await openLive(watching, '/customer');
    await visible(watching.getByText('You have not added any customer yet.'));

    const customer = await ok(
      http.post('customer', { ...RUSTY_NAIL, name: 'Live Wire Lounge' }, owner.token),
    );
    await visible(watching.getByText('Live Wire Lounge'));

    // an order placed in the ordering app: the toast (not this user's own action), a click opens the order
    const wine = await ok(
      http.post(
        'product',
        {
          product: 'Barefoot Merlot',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 10,
          last_purchase_price: '5.00',
        },
        owner.token,
      ),
    );
    const bar = await aCustomerUser(owner.token, customer.id);
    await ok(http.post('shop/order', { items: [{ product_id: wine.id, qty: 1 }], note: '' }, bar.token));
    await visible(watching.getByText('New order arrived'));
    await visible(watching.getByText('You got a new order #1'));
    await visible(watching.getByText('Live Wire Lounge · $10.00'));
    await notReloaded(watching);
    await snap(watching, 'live-updates-new-order');
    await watching.getByRole('button', { name: 'Open order' }).click();
    await watching.waitForURL('**/order/1');
    await visible(watching.getByRole('heading', { name: 'Order #1' }));
  });

  browser.it('does not toast the user’s own action back to them', async () => {
    const owner = await signUpOwner(http, 'Own Action');
    const page = await browser.signedIn(owner.token);
    await openLive(page, '/customer');
    // Bottle POS syncs that failed: one completed by this user, then one by the system.
    const otherSync = randomUUID();
    for (const [by, syncId] of [
      [owner.user.id, randomUUID()],
      [null, otherSync],
    ] as const) {
      await app.runtime.store.appendToStreams([
        {
          stream: `live-test-${randomUUID()}`,
          expected: 'no_stream',
          events: [
            {
              id: randomUUID(),
              type: 'SyncCompleted',
              data: {
                syncId,
                partner: 'bottle_pos',
                kind: 'invoices',
                outcome: 'failed',
                error: 'Bottle POS did not answer within 10 s.',
                synced: 0,
                failed: 0,
                completedAt: new Date().toISOString(),
              },
              metadata: {
                companyId: owner.user.company_id,
                userId: by,
                occurredAt: new Date().toISOString(),
                schemaVersion: 1,
              },
            },
          ],
        },
      ]);
    }
    // delivered in order: once the second toasts, the first would have toasted already
    await visible(page.getByText('Bottle POS Sync Failed'));
    expect(await page.getByText('Bottle POS Sync Failed', { exact: true }).count()).toBe(1);
    await page.getByText('Bottle POS Sync Failed').click();
    await page.waitForURL(`**/bottle-pos/${otherSync}`);
  });

  browser.it(
    'two browsers of one company: a stamp roll, an invoice, a payment and an order made in one appear in the other',
    async () => {
      const owner = await signUpOwner(http, 'Two Browsers');
      await switchFeature(app, owner.user.company_id, 'payment', true);
      await switchFeature(app, owner.user.company_id, 'order', true);
      const customer = await ok(
        http.post('customer', { ...RUSTY_NAIL, name: 'The Rusty Nail' }, owner.token),
      );
      const wine = await ok(
        http.post(
          'product',
          {
            product: 'Barefoot Merlot',
            product_type: 'wine',
            product_size: '750ml',
            product_price: 10,
            last_purchase_price: '5.00',
          },
          owner.token,
        ),
      );
      const staff = await aStaffToken(owner.token);
      const maker = await browser.signedIn(owner.token, { viewport: { width: 1440, height: 1000 } });
      const watcher = await browser.signedIn(staff.token);

      // a stamp roll registered in one browser shows in the other's roll list and stamp status
      await openLive(watcher, '/stamp/roll');
      await visible(watcher.getByText('No roll found', { exact: true }));
      await maker.goto('/stamp/roll');
      const form = maker.getByRole('form', { name: 'Add roll' });
      await form.getByLabel('Prefix').fill('AB');
      await form.getByLabel('Received Date').fill(today());
      await form.getByLabel('From').fill('1000');
      await form.getByLabel('To').fill('1049');
      await form.getByRole('button', { name: 'Add Roll' }).click();
      await visible(maker.getByRole('row', { name: /AB1000–AB1049/ }));
      const roll = watcher.getByRole('row', { name: /AB1000–AB1049/ });
      await visible(roll.getByRole('cell', { name: '50 / 50' }));
      await visible(
        watcher.getByRole('region', { name: 'Stamp Status' }).getByText('AB1000', { exact: true }),
      );
      await notReloaded(watcher);

      // an invoice created in the builder of one browser shows in the other's invoice list
      await openLive(watcher, '/invoice');
      await maker.goto('/invoice/create');
      const customerBox = maker.getByRole('combobox', { name: 'Customer' });
      await customerBox.fill('rusty');
      await maker.getByRole('option', { name: /The Rusty Nail/ }).click();
      await maker.getByRole('combobox', { name: 'Add product' }).fill('barefoot');
      await maker.getByRole('option', { name: /BAREFOOT MERLOT/ }).click();
      await maker.getByRole('spinbutton', { name: 'Quantity for BAREFOOT MERLOT 750ml' }).fill('2');
      await maker.getByRole('button', { name: 'Create Invoice' }).click();
      await maker.waitForURL('**/invoice/1');
      const grid = watcher.getByRole('grid');
      await visible(grid.getByRole('row').filter({ hasText: 'The Rusty Nail' }));
      await notReloaded(watcher);
      await snap(watcher, 'live-updates-invoice-from-another-browser');

      // a payment logged in one browser shows on the other's open invoice
      await openLive(watcher, '/invoice/1');
      const payments = watcher.getByRole('region', { name: 'Payments' });
      await visible(payments.getByText('No payments', { exact: true }));
      await maker
        .getByRole('region', { name: 'Payments' })
        .getByRole('button', { name: 'Log Payment' })
        .click();
      const dialog = maker.getByRole('dialog', { name: 'Log Payment' });
      await dialog.getByRole('textbox', { name: /^Amount/ }).fill('5');
      await dialog.getByRole('button', { name: 'Log Payment' }).click();
      await visible(maker.getByRole('alert').filter({ hasText: 'Created Invoice Payment' }));
      await visible(payments.getByRole('table', { name: 'Payments' }).getByText('$5.00'));
      await notReloaded(watcher);

      // an order placed in the ordering app: both browsers toast it and count it on the Order badge
      const bar = await aCustomerUser(owner.token, customer.id);
      await openLive(watcher, '/customer');
      await ok(http.post('shop/order', { items: [{ product_id: wine.id, qty: 1 }], note: '' }, bar.token));
      for (const page of [watcher, maker]) {
        await visible(page.getByText('New order arrived'));
        await visible(page.getByText('You got a new order #1'));
      }
      await visible(watcher.getByLabel('1 placed orders'));
      await notReloaded(watcher);
      await snap(watcher, 'live-updates-order-toast-badge');
    },
    120_000,
  );

  browser.it(
    'refreshes the ordering app’s orders and invoices when the distributor changes them, without a reload',
    async () => {
      const owner = await signUpOwner(http, 'Shop Live');
      await switchFeature(app, owner.user.company_id, 'order', true);
      const customer = await ok(
        http.post('customer', { ...RUSTY_NAIL, name: 'The Rusty Nail' }, owner.token),
      );
      const wine = await ok(
        http.post(
          'product',
          {
            product: 'Barefoot Merlot',
            product_type: 'wine',
            product_size: '750ml',
            product_price: 10,
            last_purchase_price: '5.00',
          },
          owner.token,
        ),
      );
      await ok(
        http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token),
      );
      const bar = await aCustomerUser(owner.token, customer.id);
      const first = await ok(
        http.post('shop/order', { items: [{ product_id: wine.id, qty: 2 }], note: '' }, bar.token),
      );
      const second = await ok(
        http.post('shop/order', { items: [{ product_id: wine.id, qty: 1 }], note: '' }, bar.token),
      );

      const phone = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await phone.addInitScript((value) => localStorage.setItem('stampline.shop.token', value), bar.token);
      await openLive(phone, `${bar.base}/orders`);
      const mine = phone.getByRole('list', { name: 'My orders' });
      const order = (n: number) => mine.getByRole('listitem').filter({ hasText: `Order #${n}` });
      await visible(order(1).getByText('Placed', { exact: true }));
      await visible(order(2).getByText('Placed', { exact: true }));

      // the distributor rejects one order and invoices the other
      await ok(http.put(`order/${first.id}`, { status: 'rejected', note: 'Out of stock' }, owner.token));
      await visible(order(1).getByText('Rejected', { exact: true }));
      await ok(
        http.post(
          'invoice',
          {
            customer_id: customer.id,
            items: [{ product_id: wine.id, qty: 1, price: 10 }],
            order_id: second.id,
          },
          owner.token,
        ),
      );
      await visible(order(2).getByText('Invoiced', { exact: true }));
      await notReloaded(phone);
      await snap(phone, 'live-updates-shop-orders-390');

      // the invoices tab (in-app navigation) lists the new invoice; a later status change shows by itself
      await phone.getByRole('tab', { name: 'Invoices' }).click();
      const invoices = phone.getByRole('list', { name: 'My invoices' });
      await visible(invoices.getByText('Invoice #1', { exact: true }));
      await ok(http.put('invoice/1', { status: 'delivered' }, owner.token));
      await visible(invoices.getByText('Delivered', { exact: true }));
      await notReloaded(phone);
    },
    120_000,
  );

  browser.it('asks a disabled staff member to log back in', async () => {
    const owner = await signUpOwner(http, 'Dee Owner');
    const staff = await aStaffToken(owner.token);
    const page = await browser.signedIn(staff.token);
    const connected = liveConnected(page);
    await page.goto('/customer');
    await connected;
    await ok(http.put(`company/staff/${staff.id}`, { disabled: true }, owner.token));
    await visible(page.getByText('Please log back in.'));
  });
});
