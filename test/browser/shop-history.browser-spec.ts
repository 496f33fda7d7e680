import { jest } from '@jest/globals';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import {
  daysFromToday,
  ok,
  hidden,
  today,
  uniqueEmail,
  visible,
  anOrderingDistributor,
} from '../support/browser-fixtures.js';
import { apiClient, type ApiClient } from '../support/http.js';

/*
 * The ordering app helps a bar manager reorder: "Your usual" first in the catalogue, the balance owed with its overdue
 * part, a past invoice opened and ordered again (a product no longer offered is named and left out), the cart's tax
 * as the invoice will add it. At a phone's 390 px and at 1440 px, with the axe scan (WCAG 2.1 A/AA: no critical or
 * serious violation) of each screen.
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

const aKey = (label: string) => uniqueEmail(label).replace(/[^A-Za-z0-9._:-]/g, '-');
const money = (dollars: number) => `$${dollars.toFixed(2)}`;

/**
 * A distributor with the order feature and a customer that was invoiced: wine, vodka and a rum (archived since) this
 * month, due in 20 days; beer 40 days ago, due 10 days ago (overdue). A customer user of it.
 */
async function aCustomerWithHistory() {
  const { token, customer } = await anOrderingDistributor(app, http, 'Olive Owner');
  const product = async (name: string, type: string, price: number) =>
    (
      await ok(
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
      )
    ).id as string;
  const merlot = await product('Barefoot Merlot', 'wine', 10);
  const vodka = await product("Tito's Vodka", 'liquor', 19.99);
  const rum = await product('Old Harbour Rum', 'liquor', 25);
  const beer = await product('Shiner Bock', 'beer', 14.5);
  await product('Lone Star', 'beer', 12);
  await ok(http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, token));
  const current = await ok(
    http.post(
      'invoice',
      {
        customer_id: customer.id,
        due_at: daysFromToday(20),
        force: true,
        items: [
          { product_id: merlot, qty: 6, price: 10 },
          { product_id: vodka, qty: 2, price: 19.99 },
          { product_id: rum, qty: 1, price: 25 },
        ],
      },
      token,
      { 'idempotency-key': aKey('current') },
    ),
  );
  const late = await ok(
    http.post(
      'invoice',
      {
        customer_id: customer.id,
        invoiced_at: daysFromToday(-40),
        due_at: daysFromToday(-10),
        force: true,
        items: [{ product_id: beer, qty: 2, price: 14.5 }],
      },
      token,
      { 'idempotency-key': aKey('late') },
    ),
  );
  await ok(http.put(`product/${rum}`, { archived: true }, token));
  const email = uniqueEmail('bar');
  const invited = await ok(
    http.post(
      'customer/user-invitation',
      { values: { name: 'Bea Manager', email }, customer: customer.id },
      token,
    ),
  );
  const link = new URL(String(invited.link));
  const accepted = await ok(
    http.post('shop/invitation/accept', { token: link.searchParams.get('token')!, password: 'bar-pass-1' }),
  );
  // an order of the bar whose merlot price the distributor lowered on review
  const order = await ok(
    http.post('shop/order', { items: [{ product_id: merlot, qty: 3 }], note: 'For Friday' }, accepted.token),
  );
  await ok(http.put(`order/${order.id}/item/1`, { action: 'price', price: 9, note: 'Case deal' }, token));
  return {
    current: current as { number: string; total: number },
    late: late as { number: string; total: number },
    shopPath: link.pathname.replace(/\/invitation$/, ''),
    email,
  };
}

describe('Reordering in the ordering app (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const reorderPath = async (viewport: { width: number; height: number }, label: string) => {
    const shop = await aCustomerWithHistory();
    const page = await browser.newPage({ viewport });
    const found: string[] = [];

    // signed in as the bar's customer user; the catalogue: the usual products first, then the rest by kind
    await page.goto(shop.shopPath);
    await page.getByLabel('Email').fill(shop.email);
    await page.getByLabel('Password').fill('bar-pass-1');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await visible(page.getByRole('heading', { name: 'Catalogue' }));
    const usual = page.getByRole('list', { name: 'Your usual products' });
    await visible(usual);
    expect(await usual.getByRole('listitem').allInnerTexts()).toEqual([
      expect.stringContaining('BAREFOOT MERLOT'),
      expect.stringContaining("TITO'S VODKA"),
      expect.stringContaining('SHINER BOCK'),
    ]);
    await visible(page.getByRole('heading', { name: 'Beer', level: 2 }));
    await visible(page.getByRole('list', { name: 'Beer products' }).getByText('LONE STAR'));
    await snap(page, `shop-history-catalogue-${label}`);
    found.push(...(await seriousViolations(page, `catalogue ${label}`)));
    // one kind alone, and the search within it
    await page.getByRole('button', { name: 'Wine', exact: true }).click();
    await visible(usual.getByText('BAREFOOT MERLOT'));
    expect(await page.getByRole('heading', { name: 'Beer', level: 2 }).count()).toBe(0);
    await page.getByRole('button', { name: 'All', exact: true }).click();
    await page.getByLabel('Search products').fill('lone');
    await hidden(usual);
    await visible(page.getByRole('list', { name: 'Beer products' }).getByText('LONE STAR'));
    expect(await page.getByRole('heading', { name: 'Wine', level: 2 }).count()).toBe(0);
    await page.getByLabel('Search products').fill('');

    // a past order: its lines with the distributor's review, its PDF
    await page.getByRole('tab', { name: 'Orders' }).click();
    await page.getByRole('link', { name: 'Open order #1' }).click();
    await visible(page.getByRole('heading', { name: 'Order #1' }));
    const orderLines = page.getByRole('list', { name: 'Order lines' });
    await visible(orderLines.getByText('Price changed from $10.00 to $9.00: Case deal'));
    // the order's amount is the cart's subtotal: its invoice adds the tax
    await visible(page.getByText('3 units · Subtotal $27.00 before tax'));
    await visible(page.getByRole('button', { name: 'Download PDF of order #1' }));
    await snap(page, `shop-history-order-${label}`);
    found.push(...(await seriousViolations(page, `order ${label}`)));

    // the invoices: the balance owed and its overdue part
    await page.getByRole('tab', { name: 'Invoices' }).click();
    const balance = page.getByRole('region', { name: 'Balance owed' });
    await visible(balance.getByText(money(Math.round((shop.current.total + shop.late.total) * 100) / 100)));
    await visible(balance.getByText(money(shop.late.total)));
    await visible(balance.getByText('1 invoice past due'));
    await snap(page, `shop-history-invoices-${label}`);
    found.push(...(await seriousViolations(page, `invoices ${label}`)));

    // a past invoice opened, and ordered again
    await page.getByRole('link', { name: `Invoice #${shop.current.number} ` }).click();
    await visible(page.getByRole('heading', { name: `Invoice #${shop.current.number}` }));
    const lines = page.getByRole('list', { name: 'Invoice lines' });
    await visible(lines.getByText('OLD HARBOUR RUM'));
    await visible(page.getByText(`Total ${money(shop.current.total)}`));
    await visible(page.getByRole('button', { name: `Download PDF of invoice #${shop.current.number}` }));
    await snap(page, `shop-history-invoice-${label}`);
    found.push(...(await seriousViolations(page, `invoice ${label}`)));
    await page.getByRole('button', { name: `Order again: invoice #${shop.current.number}` }).click();

    await visible(page.getByRole('heading', { name: 'Cart' }));
    await visible(page.getByText('Not added, no longer offered: OLD HARBOUR RUM 750ml.'));
    await visible(page.getByRole('tab', { name: 'Cart, 8 units' }));
    const cart = page.getByRole('list', { name: 'Cart items' });
    await visible(cart.getByText('BAREFOOT MERLOT'));
    await visible(cart.getByText("TITO'S VODKA"));
    // the invoice's tax: per line at 8.25 %, rounded per line ($4.95 + $3.30)
    await visible(page.getByText('Subtotal $99.98'));
    await visible(page.getByText('Tax $8.25'));
    await visible(page.getByText('Total $108.23', { exact: true }));
    await snap(page, `shop-history-cart-${label}`);
    found.push(...(await seriousViolations(page, `cart ${label}`)));

    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(viewport.width);
    expect(found).toEqual([]);
  };

  browser.it(
    'a bar manager sees the usual, the balance owed, and orders a past invoice again, at 390 px',
    () => reorderPath(PHONE, '390'),
  );

  browser.it('the same at 1440 px', () => reorderPath(DESKTOP, '1440'));
});
