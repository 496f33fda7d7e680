import { jest } from '@jest/globals';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { hidden, ok, uniqueEmail, visible, anOrderingDistributor } from '../support/browser-fixtures.js';
import { apiClient, type ApiClient } from '../support/http.js';

/*
 * The ordering app's drafts: a bar manager saves the cart as a draft, opens it again at the day's
 * prices, changes and places it; another draft, then the placed order, are cancelled after a confirmation. At a
 * phone's 390 px and at a desktop's width, with the axe scan (WCAG 2.1 A/AA: no critical or serious violation) of the screens it passes.
 */

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

/** A distributor with the order feature, a customer, two products, and a customer user signed in to the shop. */
async function aShop() {
  const { token, customer } = await anOrderingDistributor(app, http, 'Olive Owner');
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
  const merlot = await product('Barefoot Merlot', 'wine', 10);
  await product('Shiner Bock', 'beer', 14.5);
  const email = uniqueEmail('bar');
  const invited = await ok(
    http.post(
      'customer/user-invitation',
      { values: { name: 'Bea Manager', email }, customer: customer.id },
      token,
    ),
  );
  const link = new URL(String(invited.link));
  const invitation = link.searchParams.get('token')!;
  const accepted = await ok(
    http.post('shop/invitation/accept', { token: invitation, password: 'bar-pass-1' }),
  );
  return {
    token,
    customerId: customer.id as string,
    merlotId: merlot.id as string,
    shopPath: link.pathname.replace(/\/invitation$/, ''),
    shopToken: accepted.token as string,
  };
}

describe('Order drafts in the ordering app (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const draftPath = async (viewport: { width: number; height: number }, label: string) => {
    const shop = await aShop();
    const page = await browser.newPage({ viewport });
    await page.addInitScript((value) => localStorage.setItem('stampline.shop.token', value), shop.shopToken);
    const found: string[] = [];

    // the cart saved as a draft
    await page.goto(shop.shopPath);
    await visible(page.getByRole('heading', { name: 'Catalogue' }));
    await page.getByLabel('Search products').fill('merlot');
    await page.getByRole('button', { name: 'Add Barefoot Merlot' }).click();
    await page.getByRole('button', { name: 'One more Barefoot Merlot' }).click();
    await page.getByLabel('Search products').fill('shiner');
    await page.getByRole('button', { name: 'Add Shiner Bock' }).click();
    await page.getByRole('tab', { name: /Cart/ }).click();
    await visible(page.getByText('Subtotal $34.50'));
    await page.getByLabel('Note for the distributor').fill('For the weekend');
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await visible(page.getByText('Draft saved.'));
    await visible(page.getByRole('heading', { name: 'Orders', exact: true }));
    const drafts = page.getByRole('list', { name: 'My drafts' });
    await visible(drafts.getByText('Draft', { exact: true }));
    await visible(drafts.getByText(/2 products · 3 units/));
    await visible(page.getByRole('tab', { name: 'Cart, 0 units' }));
    await snap(page, `shop-drafts-list-${label}`);
    found.push(...(await seriousViolations(page, `drafts list ${label}`)));

    // the customer's price changes; the draft opens at today's price, is changed and saved again
    await ok(
      http.put(`product/${shop.merlotId}`, { product_price: 11, customerId: shop.customerId }, shop.token),
    );
    await drafts.getByRole('button', { name: /^Open draft saved/ }).click();
    await visible(page.getByRole('heading', { name: 'Cart' }));
    await visible(page.getByText('This cart is a saved draft.', { exact: false }));
    await visible(page.getByText('Subtotal $36.50'));
    expect(await page.getByLabel('Note for the distributor').inputValue()).toBe('For the weekend');
    await page.getByRole('button', { name: 'One more Barefoot Merlot' }).click();
    await visible(page.getByText('Subtotal $47.50'));
    await snap(page, `shop-drafts-cart-${label}`);
    found.push(...(await seriousViolations(page, `draft in the cart ${label}`)));
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await visible(drafts.getByText(/2 products · 4 units/));

    // placed from the list: priced today, numbered now
    await drafts.getByRole('button', { name: /^Place draft saved/ }).click();
    await visible(page.getByText('Order #1 placed.'));
    const mine = page.getByRole('list', { name: 'My orders' });
    await visible(mine.getByText('Order #1', { exact: true }));
    await visible(mine.getByText('Placed', { exact: true }));
    await hidden(drafts);
    const order = await ok(http.get('order/1', shop.token));
    expect(order.order).toMatchObject({ status: 'placed', total: 47.5, units: 4 });
    expect(await ok(http.get('order/count', shop.token))).toEqual({ count: 1 });

    // another draft, cancelled after the confirmation
    await page.getByRole('tab', { name: 'Catalogue' }).click();
    await page.getByLabel('Search products').fill('shiner');
    await page.getByRole('button', { name: 'Add Shiner Bock' }).click();
    await page.getByRole('tab', { name: /Cart/ }).click();
    await page.getByRole('button', { name: 'Save Draft' }).click();
    await drafts.getByRole('button', { name: /^Cancel draft saved/ }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancel this draft?' });
    await visible(
      confirm.getByText('Sure you want to change Status from Draft to Cancelled?', { exact: false }),
    );
    await snap(page, `shop-drafts-cancel-${label}`);
    found.push(...(await seriousViolations(page, `cancel dialog ${label}`)));
    await confirm.getByRole('button', { name: 'Keep Draft' }).click();
    await hidden(confirm);
    await visible(drafts.getByText(/1 product · 1 unit ·/));
    await drafts.getByRole('button', { name: /^Cancel draft saved/ }).click();
    await confirm.getByRole('button', { name: 'Cancel Draft' }).click();
    await visible(page.getByText('Draft cancelled.'));
    await hidden(drafts);
    expect(await ok(http.get('order/count', shop.token))).toEqual({ count: 1 });

    // the placed order (its amount is before tax: the invoice adds it), cancelled after the confirmation
    await visible(mine.getByText(/4 units · \$47\.50 before tax/));
    await mine.getByRole('button', { name: 'Cancel Order #1' }).click();
    const cancelOrder = page.getByRole('dialog', { name: 'Cancel order #1?' });
    await visible(
      cancelOrder.getByText('Sure you want to change Status from Placed to Cancelled?', { exact: false }),
    );
    await snap(page, `shop-order-cancel-${label}`);
    found.push(...(await seriousViolations(page, `order cancel dialog ${label}`)));
    await cancelOrder.getByRole('button', { name: 'Keep Order' }).click();
    await hidden(cancelOrder);
    expect((await ok(http.get('order/1', shop.token))).order.status).toBe('placed');
    await mine.getByRole('button', { name: 'Cancel Order #1' }).click();
    await cancelOrder.getByRole('button', { name: 'Cancel Order', exact: true }).click();
    await visible(page.getByText('Order #1 cancelled.'));
    await visible(mine.getByText('Cancelled', { exact: true }));
    expect((await ok(http.get('order/1', shop.token))).order.status).toBe('cancelled');

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    expect(found).toEqual([]);
  };

  browser.it(
    'a bar manager saves, reopens, changes and places a draft, cancels another, then cancels the order, at 390 px',
    () => draftPath(PHONE, '390'),
  );

  browser.it('the same at a desktop’s width', () => draftPath(DESKTOP, 'desktop'));
});
