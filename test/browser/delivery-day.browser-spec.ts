import type { Page } from 'playwright-core';
import type { RouteSummary } from '#domain/contracts/route.contract.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  aWine,
  expectTrue,
  signInThroughForm,
  today,
  visible,
} from '../support/browser-fixtures.js';
import { aDriver, apiClient } from '../support/http.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { deliver, indicator, openStop, shot, sign } from './driver-steps.js';

/*
 * Delivery day end to end, on the real server: the office plans the day's route on the Routes page, the driver signs
 * in on a phone and lands in the driver's app, downloads the route, loses the signal, delivers, signs and collects
 * at five stops while the office cancels the sixth stop's invoice, and comes back online: every stop arrives once,
 * the office's board shows them live, the invoices are Delivered with their proof, and the cancelled stop is shown
 * to the driver instead of being delivered.
 */

let app: TestApp;
const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const STOPS = [
  'Corner Liquor',
  'Lone Star Icehouse',
  'Hill Country Wines',
  'Riverside Market',
  'Sixth Street Bar',
  'Closed Account',
] as const;

/** The office plans today's route North for the driver with every stop, on the Routes page. */
async function planTheRoute(office: Page, driver: string) {
  await office.goto('/routes');
  await office.getByRole('button', { name: 'Today', exact: true }).click();
  await office.getByRole('button', { name: 'New Route' }).first().click();
  const create = office.getByRole('dialog', { name: /New route for/ });
  await create.getByLabel('Route name').fill('North');
  await create.getByRole('combobox', { name: 'Driver' }).click();
  await office.getByRole('option', { name: driver }).click();
  await create.getByLabel('Truck').fill('Truck 7');
  await create.getByRole('button', { name: 'Create Route' }).click();
  const card = office.getByRole('region', { name: 'Route North' });
  await card.getByRole('button', { name: 'Add Stops' }).click();
  const picker = office.getByRole('dialog', { name: 'Add stops to North' });
  for (const customer of STOPS) await picker.getByRole('checkbox', { name: new RegExp(customer) }).check();
  await picker.getByRole('button', { name: `Add ${STOPS.length} Stops` }).click();
  for (const customer of STOPS) await visible(card.getByText(customer));
  return card;
}

describe('Delivery day, office and driver (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'plans a route, delivers five stops offline on a phone, and the office sees them live',
    async () => {
      const token = await anOwnerToken(api, 'delivery-day');
      const wine = await aWine(api, token);
      const beer = await api<{ id: string }>('product', {
        method: 'POST',
        body: {
          product: 'Lone Star Lager',
          product_type: 'beer',
          product_size: '12oz',
          product_price: 12,
          last_purchase_price: '6.00',
        },
        token,
      });
      const invoices = new Map<string, { id: string; number: string; total: number }>();
      for (const [n, name] of STOPS.entries()) {
        const customer = await aCustomer(api, token, { name, address: `${100 + n} Main St` });
        const product = name === 'Lone Star Icehouse' ? beer : wine;
        invoices.set(
          name,
          await api('invoice', {
            method: 'POST',
            body: {
              customer_id: customer.id,
              items: [{ product_id: product.id, qty: 2, price: 12 }],
              force: true,
            },
            token,
          }),
        );
      }
      const driver = await aDriver(apiClient(app.baseUrl), token, 'Dee Driver');

      const office = await browser.signedIn(token, { viewport: DESKTOP });
      const card = await planTheRoute(office, 'Dee Driver');
      await visible(card.getByText('0/6'));

      // the driver signs in on a phone and is taken to the driver's app
      const phone = await browser.newPage({ viewport: PHONE });
      await phone.goto('/auth/signin');
      await signInThroughForm(phone, driver.email, driver.password);
      await phone.waitForURL(/\/driver/);
      await phone.getByRole('button', { name: "Download today's route" }).click();
      await visible(phone.getByText('Corner Liquor'));
      expect(await seriousViolations(phone, 'driver day')).toEqual([]);
      await phone.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });

      // no signal from here on; meanwhile the office cancels the last stop's invoice
      await phone.context().setOffline(true);
      await api(`invoice/${invoices.get('Closed Account')!.id}`, {
        method: 'PUT',
        body: { status: 'cancelled' },
        token,
      });
      await deliver(phone, 'Corner Liquor');
      await openStop(phone, 'Lone Star Icehouse');
      await phone.getByLabel("Signer's printed name").fill('Sam Icehouse');
      await sign(phone);
      const close = phone.getByRole('button', { name: 'Deliver All' });
      expect(await close.isDisabled()).toBe(true); // beer: cash on delivery
      await phone.getByLabel('Amount collected').fill(String(invoices.get('Lone Star Icehouse')!.total));
      await expectTrue(() => close.isEnabled());
      await close.click();
      await visible(phone.getByRole('heading', { level: 1, name: "Today's route" }));
      await deliver(phone, 'Hill Country Wines', { method: 'Check', amount: '10', number: '4471' });
      await deliver(phone, 'Riverside Market');
      await deliver(phone, 'Sixth Street Bar', { amount: '5' });
      await deliver(phone, 'Closed Account');
      await expectTrue(async () => (await indicator(phone).textContent()) === 'Offline — 6 waiting');
      await shot(phone, 'delivery-day-offline-390');
      await visible(card.getByText('0/6')); // nothing reached the office yet

      // back online: everything is sent; the cancelled stop comes back to the driver
      await phone.context().setOffline(false);
      await expectTrue(
        async () => /All sent|needs attention/i.test((await indicator(phone).textContent()) ?? ''),
        30_000,
      );
      await visible(phone.getByText(/Cancelled in the office/).first());
      await shot(phone, 'delivery-day-synced-390');

      // the office's board, live, without a reload
      await visible(card.getByText('5/6'));
      expect(await seriousViolations(office, 'board after the day', { include: 'main' })).toEqual([]);
      await snap(office, 'delivery-day-board-1440');
      const [route] = await api<RouteSummary[]>(`routes?date=${today()}`, { token });
      expect(route).toMatchObject({ name: 'North', done: 5, stops: 6 });

      // each invoice delivered once, with its proof
      for (const name of STOPS.slice(0, 5)) {
        const invoice = await api<{ status: string; delivery: { signer_name: string } | null }>(
          `invoice/${invoices.get(name)!.id}`,
          { token },
        );
        expect([name, invoice.delivery?.signer_name ?? null]).toEqual([name, expect.any(String)]);
        expect(['delivered', 'paid', 'partially_paid']).toContain(invoice.status);
      }
      const cancelled = await api<{ status: string; delivery: unknown }>(
        `invoice/${invoices.get('Closed Account')!.id}`,
        { token },
      );
      expect(cancelled).toMatchObject({ status: 'cancelled', delivery: null });
      const { rows } = await app.runtime.pool.query<{ n: string }>(
        `SELECT count(*) AS n FROM events WHERE type = 'InvoiceDelivered' AND stream_id = ANY($1)`,
        [STOPS.map((name) => `invoice-${invoices.get(name)!.id}`)],
      );
      expect(Number(rows[0]!.n)).toBe(5);

      // the office opens one: the proof of delivery is on the invoice
      await office.goto(`/invoice/${invoices.get('Hill Country Wines')!.id}`);
      await visible(office.getByText('Signer of Hill Country Wines'));
      await snap(office, 'delivery-day-invoice-1440');
    },
    240_000,
  );
});
