import { jest } from '@jest/globals';
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  cutInPhoneList,
  expectTrue,
  ok,
  switchFeature,
  today,
  uniqueEmail,
  visible,
  anOrderingDistributor,
} from '../support/browser-fixtures.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
  jest.spyOn(console, 'log').mockImplementation(() => {});
}, 60_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

/** A distributor with the order feature, a customer, Barefoot Merlot at $10.00 and a stamp roll. */
async function aDistributor() {
  const { token, user, customer } = await anOrderingDistributor(app, http, 'Olive Owner');
  await ok(
    http.post(
      'product',
      {
        product: 'Barefoot Merlot',
        product_type: 'wine',
        product_size: '750ml',
        product_price: 10,
        last_purchase_price: '5.00',
      },
      token,
    ),
  );
  await ok(http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token));
  return { token, customerId: customer.id as string, companyId: user.company_id as string };
}

/** The path of the invitation link e-mailed to `email`. */
async function invitationPath(email: string): Promise<string> {
  const mail = await app.mailbox.waitFor(email);
  const link = /https?:\/\/[^\s"'<>]+\/shop\/[^\s"'<>]+\/invitation\?token=[^\s"'<>]+/.exec(mail.text)?.[0];
  expect(link).toBeDefined();
  const url = new URL(link!);
  return `${url.pathname}${url.search}`;
}

describe('Orders (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const staffPage = async (token: string, path: string, viewport = DESKTOP): Promise<Page> => {
    const page = await browser.signedIn(token, { viewport });
    await page.goto(path);
    return page;
  };

  browser.it(
    'invite a customer user, who orders from a phone; the distributor reviews it and invoices it, both linked',
    async () => {
      const d = await aDistributor();
      await switchFeature(app, d.companyId, 'inventory', true);

      // the distributor invites the bar manager from the customer's users
      const staff = await staffPage(d.token, `/customer/${d.customerId}/user`);
      await visible(staff.getByText('You have no registered user.'));
      await staff.getByRole('button', { name: 'Invite User' }).click();
      const dialog = staff.getByRole('dialog', { name: 'Invite a user' });
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await visible(dialog.getByText('User name is required !'));
      await visible(dialog.getByText("Email can't be an empty field !"));
      const email = uniqueEmail('bar');
      await dialog.getByLabel('Name').fill('Bea Manager');
      await dialog.getByLabel('Email').fill(email);
      await dialog.getByRole('button', { name: 'Send Invitation' }).click();
      await visible(dialog.getByLabel('Invitation link'));
      await snap(staff, 'orders-invite-desktop');
      await dialog.getByRole('button', { name: 'Done' }).click();
      await visible(staff.getByRole('gridcell', { name: 'Bea Manager' }));

      // the bar manager accepts on a phone and orders
      const phone = await browser.newPage({ viewport: PHONE });
      await phone.goto(await invitationPath(email));
      await visible(phone.getByRole('heading', { name: 'Welcome, Bea Manager' }));
      await phone.getByLabel('Password', { exact: true }).fill('bar-pass-1');
      await phone.getByLabel('Confirm password').fill('bar-pass-1');
      await phone.getByRole('button', { name: 'Set Password' }).click();
      await visible(phone.getByRole('heading', { name: 'Catalogue' }));
      await phone.getByLabel('Search products').fill('merlot');
      await phone.getByRole('button', { name: 'Add Barefoot Merlot' }).click();
      await phone.getByRole('button', { name: 'One more Barefoot Merlot' }).click();
      await phone.getByRole('button', { name: 'One more Barefoot Merlot' }).click();
      await snap(phone, 'orders-shop-catalogue-390');
      await phone.getByRole('tab', { name: /Cart/ }).click();
      await visible(phone.getByText('Subtotal $30.00'));
      await phone.getByLabel('Note for the distributor').fill('Before Friday please');
      await snap(phone, 'orders-shop-cart-390');
      await phone.getByRole('button', { name: 'Place Order' }).click();
      await visible(phone.getByRole('heading', { name: 'Orders' }));
      const mine = phone.getByRole('list', { name: 'My orders' });
      await visible(mine.getByText('Order #1', { exact: true }));
      await visible(mine.getByText('Placed', { exact: true }));
      await snap(phone, 'orders-shop-orders-390');
      const width = await phone.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual(PHONE.width);

      // the distributor sees it with the live count, reviews an item, and creates the invoice
      await staff.goto('/order');
      await visible(staff.getByLabel('1 placed orders'));
      await visible(staff.getByRole('link', { name: 'Order #1' }));
      await visible(staff.getByLabel('No invoice has created from this order'));
      await snap(staff, 'orders-grid-desktop');
      await staff.getByRole('link', { name: 'Order #1' }).click();
      await visible(staff.getByRole('heading', { name: 'Order #1' }));
      await visible(staff.getByText('Before Friday please'));
      // with inventory on, the stock of each product: none of the 3 Merlot is in stock
      const items = staff.getByRole('table', { name: 'Order items' });
      await visible(items.getByRole('columnheader', { name: 'In Stock' }));
      await visible(items.getByText('short 3'));
      await staff.getByRole('button', { name: 'Review Barefoot Merlot' }).click();
      const review = staff.getByRole('dialog', { name: 'Review Barefoot Merlot' });
      await review.getByLabel('Price').fill('10');
      await review.getByRole('button', { name: 'Save' }).click();
      await visible(review.getByText('Nothing differs: the new value is the same as the old one.'));
      await review.getByLabel('Price').fill('9.50');
      await review.getByLabel('Note').fill('Deal price');
      await review.getByRole('button', { name: 'Save' }).click();
      await visible(staff.getByText('was $10.00'));
      await snap(staff, 'orders-detail-desktop');
      await staff.getByRole('button', { name: 'Create Invoice' }).click();
      await visible(staff.getByText('From order #1'));
      await staff.getByRole('button', { name: 'Create Invoice' }).click();
      await staff.waitForURL(/\/invoice\/\d+$/);
      await visible(staff.getByRole('link', { name: 'an order' }));
      await staff.getByRole('link', { name: 'an order' }).click();
      await visible(staff.getByRole('heading', { name: 'Order #1' }));
      await visible(staff.getByRole('link', { name: /^Invoice #\d+$/ }));
      await visible(staff.getByText('Invoiced', { exact: true }));

      // the public order view, opened by its link, signed out
      await staff.getByRole('button', { name: 'Share Link' }).click();
      const toastText = await staff.getByText(/^Link copied: /).innerText();
      const publicUrl = new URL(toastText.replace('Link copied: ', ''));
      const reader = await browser.newPage({ viewport: PHONE });
      await reader.goto(publicUrl.pathname);
      await visible(reader.getByRole('heading', { name: 'Order #1' }));
      await visible(reader.getByText('$28.50').first());
      await snap(reader, 'orders-public-view-390');
      const [file] = await Promise.all([
        reader.waitForEvent('download'),
        reader.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(file.suggestedFilename()).toMatch(/^order_1_\d{2}_[A-Z][a-z]{2}_\d{4}\.pdf$/);
      expect(
        readFileSync(await file.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
    },
    180_000,
  );

  browser.it(
    'the shop sign-in page names the distributor of its address; a customer user signs in there',
    async () => {
      const { token, user } = await signUpOwner(http, 'Olive Owner');
      await switchFeature(app, user.company_id, 'order', true);
      const subdomain = `olive${Date.now().toString(36)}`;
      await ok(
        http.put(
          `company/${user.company_id}`,
          {
            name: 'Olive Distributing',
            address: '1 Main St',
            city: 'Austin',
            state: 'TX',
            zip: '78701',
            tabc_id: 'LP123456',
            subdomain,
          },
          token,
        ),
      );
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
      const email = uniqueEmail('bar');
      const invited = await ok(
        http.post(
          'customer/user-invitation',
          { values: { name: 'Bea Manager', email }, customer: customer.id },
          token,
        ),
      );
      const invitation = /[?&]token=([A-Za-z0-9_-]+)/.exec(String(invited.link))![1];
      await ok(http.post('shop/invitation/accept', { token: invitation, password: 'bar-pass-1' }));

      const phone = await browser.newPage({ viewport: PHONE });
      await phone.goto(`/shop/${subdomain}`);
      await visible(phone.getByRole('heading', { name: 'Order from Olive Distributing' }));
      await phone.getByLabel('Email').fill(email);
      await phone.getByLabel('Password').fill('bar-pass-1');
      await phone.getByRole('button', { name: 'Sign In' }).click();
      await visible(phone.getByRole('heading', { name: 'Catalogue' }));

      // The same shop by host name: {subdomain}.{APP_URL host} (Chromium resolves *.localhost to this machine).
      const appUrl = app.runtime.config.appUrl;
      const port = new URL(app.baseUrl).port;
      app.runtime.config.appUrl = `http://localhost:${port}`;
      try {
        const byHost = await browser.newPage({ viewport: PHONE });
        await byHost.goto(`http://${subdomain}.localhost:${port}/`);
        await visible(byHost.getByRole('heading', { name: 'Order from Olive Distributing' }));
        expect(new URL(byHost.url()).pathname).toBe(`/shop/${subdomain}`);
      } finally {
        app.runtime.config.appUrl = appUrl;
      }

      const lost = await browser.newPage({ viewport: PHONE });
      await lost.goto(`/shop/${subdomain}-gone`);
      await visible(lost.getByRole('heading', { name: 'Order online' }));
      await visible(lost.getByText('No distributor orders at this address: check the link you were sent.'));
    },
  );

  browser.it(
    'lists the customer users at 390 px: whole names, e-mail, customer and access; a search; a tap opens the user',
    async () => {
      const d = await aDistributor();
      const long = 'Maximiliana Alexandra Montgomery-Villa';
      const longEmail = uniqueEmail('maximiliana.alexandra.montgomery-villanueva');
      for (const [name, email] of [
        [long, longEmail],
        ['Bea Manager', uniqueEmail('bea')],
      ])
        await ok(
          http.post('customer/user-invitation', { values: { name, email }, customer: d.customerId }, d.token),
        );

      const page = await staffPage(d.token, '/customer/users', PHONE);
      const list = page.getByRole('list', { name: 'Customer users' });
      const rows = list.getByRole('listitem');
      const maxi = rows.filter({ hasText: long });
      await visible(maxi.getByText(long, { exact: true }));
      await visible(maxi.getByText(`${longEmail} · The Rusty Nail · Invited`, { exact: false }));
      await visible(maxi.getByText('Invited', { exact: true }));
      await visible(rows.filter({ hasText: 'Bea Manager' }));
      expect(await rows.count()).toBe(2);
      // every line whole (the long name and address wrapped), nothing cut at the screen's edge
      expect(await cutInPhoneList(list)).toEqual([]);
      await snap(page, 'orders-customer-users-list-390');
      expect(await seriousViolations(page, 'customer users at 390 px', { include: 'main' })).toEqual([]);

      // the search: name, e-mail or customer
      await page.getByRole('searchbox', { name: 'Search users' }).fill('montgomery');
      await expectTrue(async () => (await rows.count()) === 1 && (await maxi.count()) === 1);
      await page.getByRole('searchbox', { name: 'Search users' }).fill('oyster');
      await visible(page.getByText('No user matches "oyster".'));
      await page.getByRole('searchbox', { name: 'Search users' }).fill('rusty nail');
      await expectTrue(async () => (await rows.count()) === 2);

      // a tap opens the user's panel, as a click on the grid's row does
      await maxi.getByRole('button').click();
      const panel = page.getByRole('region', { name: `Customer user ${long}` });
      await visible(panel.getByRole('button', { name: 'Revoke' }));
      await snap(page, 'orders-customer-user-panel-390');
      await panel.getByRole('button', { name: 'Close' }).click();

      // one customer's users: Invite User in view, the customer left out of the rows
      await page.goto(`/customer/${d.customerId}/user`);
      await visible(page.getByRole('button', { name: 'Invite User' }));
      await visible(rows.filter({ hasText: long }).getByText(`${longEmail} · Invited`, { exact: false }));
      expect(await cutInPhoneList(list)).toEqual([]);
      await snap(page, 'orders-customer-users-one-390');
    },
  );

  browser.it(
    'the order page at 390 px: each line a block with its price, total, stock and Review in view',
    async () => {
      const d = await aDistributor();
      await switchFeature(app, d.companyId, 'inventory', true);
      const long = 'Château Montelena Napa Valley Chardonnay Reserve 2019';
      await ok(
        http.post(
          'product',
          {
            product: long,
            product_type: 'wine',
            product_size: '750ml',
            product_price: 24.99,
            last_purchase_price: '12.00',
          },
          d.token,
        ),
      );
      // the bar's manager orders through the ordering app's API
      const email = uniqueEmail('bar');
      const invited = await ok(
        http.post(
          'customer/user-invitation',
          { values: { name: 'Bea Manager', email }, customer: d.customerId },
          d.token,
        ),
      );
      const invitation = /[?&]token=([A-Za-z0-9_-]+)/.exec(String(invited.link))![1];
      await ok(http.post('shop/invitation/accept', { token: invitation, password: 'bar-pass-1' }));
      const shop = (await ok(http.post('shop/auth/sign-in', { email, password: 'bar-pass-1' })))
        .token as string;
      const catalogue = await ok<{ id: string; product: string }[]>(http.get('shop/catalogue', shop));
      const id = (name: string) =>
        catalogue.find((product) => product.product.toLowerCase() === name.toLowerCase())!.id;
      const note = 'Before Friday please, and leave the cases at the kitchen door by the alley.';
      await ok(
        http.post(
          'shop/order',
          {
            items: [
              { product_id: id(long), qty: 12 },
              { product_id: id('Barefoot Merlot'), qty: 3 },
            ],
            note,
          },
          shop,
        ),
      );

      // at 1440 px the table, as before
      const desk = await staffPage(d.token, '/order/1', DESKTOP);
      const table = desk.getByRole('table', { name: 'Order items' });
      await visible(table.getByRole('columnheader', { name: 'Total' }));
      await visible(table.getByRole('cell', { name: '$299.88' }));
      await snap(desk, 'orders-detail-1440');

      const page = await staffPage(d.token, '/order/1', PHONE);
      await visible(page.getByRole('heading', { name: 'Order #1' }));
      await visible(page.getByText(note));
      await snap(page, 'orders-detail-390');
      const list = page.getByRole('list', { name: 'Order items' });
      const line = (name: string) => list.getByRole('listitem').filter({ hasText: name });
      // product names are kept in capitals
      const chateau = line(long.toUpperCase());
      for (const text of [long.toUpperCase(), '750ml', '12 × $24.99', '$299.88', 'In stock 0 · short 12'])
        await visible(chateau.getByText(text, { exact: true }));
      await visible(chateau.getByRole('button', { name: `Review ${long}` }));
      await visible(line('BAREFOOT MERLOT').getByText('$30.00', { exact: true }));
      await visible(page.getByText('Total (15 units)', { exact: true }));
      await visible(page.getByText('$329.88', { exact: true }));
      expect(await cutInPhoneList(list)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await seriousViolations(page, 'order page at 390 px', { include: 'main' })).toEqual([]);

      // Review from the list: the new price, the old one and the note show in the line's block
      await line('BAREFOOT MERLOT').getByRole('button', { name: 'Review Barefoot Merlot' }).click();
      const review = page.getByRole('dialog', { name: 'Review Barefoot Merlot' });
      await review.getByLabel('Price').fill('9.50');
      await review.getByLabel('Note').fill('Deal price');
      await review.getByRole('button', { name: 'Save' }).click();
      await review.waitFor({ state: 'hidden' });
      const merlot = line('BAREFOOT MERLOT');
      for (const text of ['3 × $9.50 · was 3 × $10.00', '$28.50', 'Deal price'])
        await visible(merlot.getByText(text, { exact: true }));
      await visible(page.getByText('$328.38', { exact: true }));
      expect(await cutInPhoneList(list)).toEqual([]);
      await snap(page, 'orders-detail-reviewed-390');
    },
  );

  browser.it('the order screens work at 390 px', async () => {
    const d = await aDistributor();
    const page = await staffPage(d.token, '/order', PHONE);
    await visible(page.getByText('No Order history found.'));
    await snap(page, 'orders-grid-390');
    await page.goto('/customer/users');
    await visible(page.getByText('You have no registered user.'));
    await snap(page, 'orders-customer-users-390');
  });
});
