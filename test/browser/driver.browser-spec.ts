import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page, Route } from 'playwright-core';
import type {
  DeliverInvoiceBody,
  DriverDayResponse,
  DriverStop,
  SkipStopBody,
} from '#domain/contracts/route.contract.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { useBrowser } from '../support/browser.js';
import { expectTrue, signedInOwner, signInThroughForm, visible } from '../support/browser-fixtures.js';
import { DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { apiClient, signUpOwner } from '../support/http.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { deliver, indicator, openStop, shot, sign } from './driver-steps.js';

/*
 * The driver's app against the delivery day's three calls (GET /driver/routes, POST /invoice/{id}/delivery, POST
 * /route/{id}/stop/{stopId}/skip), answered here by a small fake that follows route.contract.ts and records every
 * request with its Idempotency-Key; the real app serves everything else (sign-in, the page, the service worker).
 */

let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const line = (id: string, product: string, quantity: number, unit_price: number, is_beer = false) => ({
  line_id: id,
  product_id: `p-${id}`,
  product,
  quantity,
  unit_price,
  is_beer,
});

function aStop(position: number, extra: Partial<DriverStop>): DriverStop {
  return {
    id: `stop-${position}`,
    position,
    invoice_id: `inv-${position}`,
    invoice_number: `${1000 + position}`,
    order_id: null,
    customer_id: `c-${position}`,
    customer: `Customer ${position}`,
    address: `${position} Main St, Austin TX`,
    status: 'planned',
    cod: false,
    amount_due: 108.25,
    collected: 0,
    delivered_at: null,
    note: null,
    invoice_version: 1,
    customer_notes: '',
    phone: null,
    lines: [line(`l${position}`, 'Cabernet 750ml', 10, 10)],
    ...extra,
  };
}

/**
 * Six stops: terms, a beer stop collected on delivery, a check, returns and a money order, cash, one skipped; the day
 * of the signed-in user (`driver`), as the server answers it.
 */
function theDay(driver: { id: string; name: string }): DriverDayResponse {
  const stops = [
    aStop(1, { customer: 'Corner Liquor', phone: '512-555-0101', customer_notes: 'Back door, ring twice.' }),
    aStop(2, {
      customer: 'Lone Star Icehouse',
      cod: true,
      amount_due: 24,
      lines: [line('l2', 'Lager 12-pack', 2, 12, true)],
    }),
    aStop(3, { customer: 'Hill Country Wines' }),
    aStop(4, { customer: 'Riverside Market', lines: [line('l4', 'Cabernet 750ml', 10, 10)] }),
    aStop(5, {
      customer: 'Sixth Street Bar',
      cod: true,
      amount_due: 54.13,
      lines: [line('l5', 'Rosé', 5, 10)],
    }),
    aStop(6, { customer: 'Closed On Mondays' }),
  ];
  return {
    date: '2026-11-30',
    driver,
    downloaded_at: '2026-11-30T12:42:00.000Z',
    routes: [
      {
        id: 'route-1',
        date: '2026-11-30',
        name: 'North loop',
        driver,
        truck: '7',
        status: 'out',
        stops: stops.length,
        done: 0,
        collected: 0,
        stop_list: stops,
      },
    ],
  };
}

interface Received {
  method: string;
  path: string;
  key: string | null;
  body: unknown;
  status: number;
}

/**
 * The fake delivery-day server: answers the download with `day`, each delivery and skip with 201 unless `answer`
 * says otherwise for that attempt (a 503, a 409), and records every request.
 */
async function fakeServer(
  page: Page,
  day: DriverDayResponse,
  answer: (path: string, attempt: number) => { status: number; body: unknown } | null = () => null,
) {
  const received: Received[] = [];
  const attempts = new Map<string, number>();
  const reply = async (route: Route, status: number, body: unknown) => {
    const request = route.request();
    received.push({
      method: request.method(),
      path: new URL(request.url()).pathname.replace('/api/v1/', ''),
      key: request.headers()['idempotency-key'] ?? null,
      body: request.postData() ? JSON.parse(request.postData()!) : null,
      status,
    });
    await route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) });
  };
  await page.route('**/api/v1/driver/routes*', (route) => reply(route, 200, day));
  const command = async (route: Route) => {
    const path = new URL(route.request().url()).pathname.replace('/api/v1/', '');
    const attempt = (attempts.get(path) ?? 0) + 1;
    attempts.set(path, attempt);
    const answered = answer(path, attempt);
    if (answered) return reply(route, answered.status, answered.body);
    return reply(route, 201, { id: path, status: 'ok' });
  };
  await page.route('**/api/v1/invoice/*/delivery', command);
  await page.route('**/api/v1/route/*/stop/*/skip', command);
  return received;
}

const driverOf = (owner: { user: { id: unknown; name?: unknown } }) => ({
  id: String(owner.user.id),
  name: String(owner.user.name ?? 'Driver'),
});

async function download(page: Page) {
  await page.goto('/driver');
  await page.getByRole('button', { name: "Download today's route" }).click();
  await visible(page.getByText('Corner Liquor'));
  await visible(page.getByText(/Downloaded at \d{1,2}:\d{2} (AM|PM)/));
}

describe('The driver app (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    "shows the day on the company's clock whatever the phone's zone, the truck as the office named it, the bar in one row",
    async () => {
      const { page, owner } = await signedInOwner(
        app,
        () => browser.newPage({ viewport: PHONE, timezoneId: 'Asia/Tokyo' }),
        'Driver Dee',
      );
      const day = theDay(driverOf(owner));
      day.routes[0]!.truck = 'Truck 7';
      await fakeServer(page, day);
      // a new company's clock: America/Chicago
      const onCompanyClock = (at: Date) =>
        at
          .toLocaleTimeString('en-US', { timeZone: DEFAULT_TIME_ZONE, hour: 'numeric', minute: '2-digit' })
          .replace(/\s/g, ' ');
      const before = onCompanyClock(new Date());
      await download(page);
      const after = onCompanyClock(new Date());
      const line = (await page.getByText(/Downloaded at/).textContent())!.replace(/\s/g, ' ');
      expect(line).toContain('30 Nov, 2026');
      expect([before, after].some((time) => line.endsWith(`Downloaded at ${time}`))).toBe(true);
      await visible(page.getByRole('heading', { name: 'North loop · Truck 7 · 6 stops' }));
      expect((await page.getByRole('banner').boundingBox())!.height).toBeLessThan(80);
    },
  );

  browser.it(
    'opens with no network, closes five stops and skips one offline, and sends each once, in order, on the same keys',
    async () => {
      const { page, owner } = await signedInOwner(
        app,
        () => browser.newPage({ viewport: PHONE }),
        'Driver Dan',
      );
      // the second stop's first send gets a 503: it is sent again, with the same key, before the third
      const received = await fakeServer(page, theDay(driverOf(owner)), (path, attempt) =>
        path === 'invoice/inv-2/delivery' && attempt === 1
          ? { status: 503, body: { statusCode: 503, message: 'Service Unavailable' } }
          : null,
      );
      await download(page);
      expect(await seriousViolations(page, 'stops at 390')).toEqual([]);
      await shot(page, 'driver-day-390');

      // the service worker has kept the page: with no network a reload still opens it, from the stored day
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await expectTrue(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)));
      // one cache for this build, holding the page
      expect(
        await page.evaluate(async () => {
          const names = (await caches.keys()).filter((name) => name.startsWith('stampline-driver-'));
          return names.length === 1 && Boolean(await caches.match('/driver', { cacheName: names[0] }));
        }),
      ).toBe(true);
      await page.context().setOffline(true);
      await page.reload();
      await visible(page.getByText('Corner Liquor'));
      await visible(page.getByText(/No signal/));
      expect(
        await page.evaluate(
          () =>
            (performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).workerStart > 0,
        ),
      ).toBe(true);

      // a photo of the door: the build's large icon stands in for the camera's picture
      await deliver(
        page,
        'Corner Liquor',
        undefined,
        readFileSync(join(process.cwd(), 'dist/web/driver-icon-512.png')),
      );
      // the beer stop refuses to close until its $24.00 is collected, and says why
      await openStop(page, 'Lone Star Icehouse');
      await visible(page.getByText('Collect on delivery').first());
      await page.getByLabel("Signer's printed name").fill('Sam Icehouse');
      await sign(page);
      const close = page.getByRole('button', { name: 'Deliver All' });
      expect(await close.isDisabled()).toBe(true);
      await visible(page.getByText('Collect $24.00 before closing this stop.'));
      expect(await seriousViolations(page, 'stop at 390')).toEqual([]);
      await shot(page, 'driver-stop-cod-390');
      await page.getByLabel('Amount collected').fill('24');
      await expectTrue(() => close.isEnabled());
      await close.click();
      await visible(page.getByRole('heading', { level: 1, name: "Today's route" }));

      await deliver(page, 'Hill Country Wines', { method: 'Check', amount: '50', number: '4471' });
      // two damaged bottles come back: $108.25 less 2 × $10 taxed = $86.60 due
      await openStop(page, 'Riverside Market');
      await page.getByRole('button', { name: 'Adjust Cabernet 750ml' }).click();
      const back = page.getByRole('group', { name: 'What came back of Cabernet 750ml' });
      await back.getByLabel('Reason').click();
      await page.getByRole('option', { name: 'Broken' }).click();
      await back.getByLabel('Quantity back').fill('2');
      await visible(page.getByRole('heading', { name: 'Collect $86.60' }));
      await page.getByLabel('Payment method').click();
      await page.getByRole('option', { name: 'Money order' }).click();
      await page.getByLabel('Amount collected').fill('86.60');
      await page.getByLabel('Money order number').fill('MO-889');
      await shot(page, 'driver-stop-adjusted-390');
      await page.getByLabel("Signer's printed name").fill('Rita Riverside');
      await sign(page);
      await page.getByRole('button', { name: 'Deliver with changes' }).click();
      await visible(page.getByRole('heading', { level: 1, name: "Today's route" }));

      await deliver(page, 'Sixth Street Bar', { amount: '54.13' });
      await openStop(page, 'Closed On Mondays');
      await page.getByRole('button', { name: 'Skip Stop' }).click();
      await page.getByLabel('Why the stop is skipped').fill('Closed, nobody there');
      await page.getByRole('dialog').getByRole('button', { name: 'Skip Stop' }).click();
      await visible(page.getByRole('heading', { level: 1, name: "Today's route" }));

      await expectTrue(async () => (await indicator(page).textContent()) === 'Offline — 6 waiting');
      await visible(page.getByText('Delivered — waiting to send').first());
      await visible(page.getByText('Skipped — waiting to send'));
      expect(received.filter((r) => r.method === 'POST')).toEqual([]);
      await shot(page, 'driver-offline-waiting-390');

      await page.context().setOffline(false);
      await expectTrue(async () => (await indicator(page).textContent()) === 'All sent', 30_000);
      await shot(page, 'driver-all-sent-390');

      const posts = received.filter((r) => r.method === 'POST');
      expect(posts.map((r) => [r.path, r.status])).toEqual([
        ['invoice/inv-1/delivery', 201],
        ['invoice/inv-2/delivery', 503],
        ['invoice/inv-2/delivery', 201],
        ['invoice/inv-3/delivery', 201],
        ['invoice/inv-4/delivery', 201],
        ['invoice/inv-5/delivery', 201],
        ['route/route-1/stop/stop-6/skip', 201],
      ]);
      // each command its own key, the retry the same key as the first try
      const keys = posts.map((r) => r.key);
      expect(keys.every((key) => /^[0-9a-f-]{36}$/.test(key ?? ''))).toBe(true);
      expect(keys[1]).toBe(keys[2]);
      expect(new Set(keys).size).toBe(6);
      const bodies = posts.map((r) => r.body as DeliverInvoiceBody);
      expect(bodies[0]).toMatchObject({
        signer_name: 'Signer of Corner Liquor',
        route_id: 'route-1',
        stop_id: 'stop-1',
        invoice_version: 1,
        adjustments: [],
        payments: [],
      });
      expect(bodies[0]!.signature).toMatch(/^data:image\/png;base64,/);
      expect(Buffer.from(bodies[0]!.signature.split(',')[1]!, 'base64').length).toBeLessThanOrEqual(
        50 * 1024,
      );
      expect(bodies[0]!.photo).toMatch(/^data:image\/jpeg;base64,/);
      expect(Buffer.from(bodies[0]!.photo!.split(',')[1]!, 'base64').length).toBeLessThanOrEqual(300 * 1024);
      expect(bodies[1]!.photo).toBeNull();
      expect(bodies[2]).toMatchObject({ payments: [{ method: 'cash', amount: '24.00' }] });
      expect(bodies[3]).toMatchObject({
        payments: [{ method: 'check', amount: '50.00', reference: '4471' }],
      });
      expect(bodies[4]).toMatchObject({
        adjustments: [{ line_id: 'l4', quantity: 2, reason: 'damaged' }],
        payments: [{ method: 'money_order', amount: '86.60', reference: 'MO-889' }],
      });
      expect(posts[6]!.body as SkipStopBody).toMatchObject({ note: 'Closed, nobody there' });
      await visible(page.getByText('Skipped', { exact: true }));
    },
    180_000,
  );

  browser.it('shows a stop the office cancelled as needing attention, with its message', async () => {
    const { page, owner } = await signedInOwner(
      app,
      () => browser.newPage({ viewport: DESKTOP }),
      'Driver Dee',
    );
    const received = await fakeServer(page, theDay(driverOf(owner)), (path) =>
      path === 'invoice/inv-1/delivery'
        ? {
            status: 409,
            body: {
              statusCode: 409,
              message: 'Invoice 1001 is cancelled',
              reason: 'cancelled',
              invoice_version: 2,
            },
          }
        : null,
    );
    await download(page);
    expect(await seriousViolations(page, 'stops at 1440')).toEqual([]);
    await shot(page, 'driver-day-1440');
    await deliver(page, 'Corner Liquor');
    await visible(page.getByText('Cancelled in the office'));
    await visible(page.getByText('Needs attention'));
    await expectTrue(async () => (await indicator(page).textContent()) === 'All sent');
    expect(received.filter((r) => r.method === 'POST')).toHaveLength(1);
    await shot(page, 'driver-conflict-1440');
    await openStop(page, 'Corner Liquor');
    await visible(page.getByRole('alert').filter({ hasText: 'Cancelled in the office' }));
    await visible(page.getByText('Download the route again to see this stop as it is now'));
    expect(await page.getByRole('button', { name: 'Deliver All' }).count()).toBe(0);
    expect(await seriousViolations(page, 'stop at 1440')).toEqual([]);
    await shot(page, 'driver-stop-conflict-1440');
  });

  browser.it(
    "keeps another driver's unsent deliveries on a shared phone: not shown to the next driver, and not replaced",
    async () => {
      const { page, owner } = await signedInOwner(
        app,
        () => browser.newPage({ viewport: PHONE }),
        'Driver Ann',
      );
      // the office cannot be reached: Ann's delivery stays on the phone
      const day = theDay(driverOf(owner));
      const received = await fakeServer(page, day, () => ({
        status: 503,
        body: { statusCode: 503, message: 'Service Unavailable' },
      }));
      await download(page);
      await deliver(page, 'Corner Liquor');
      await expectTrue(async () => /1 waiting/.test((await indicator(page).textContent()) ?? ''));

      // Bob signs in on the same phone
      const bob = await signUpOwner(apiClient(app.baseUrl), 'Driver Bob');
      // from now on the server answers Bob's day
      Object.assign(day, theDay(driverOf(bob)));
      await page.getByRole('link', { name: 'Sign out' }).click();
      await page.waitForURL('**/auth/signin**');
      await signInThroughForm(page, bob.email, bob.password);
      await page.waitForURL('**/dashboard');
      await page.goto('/driver');
      await visible(
        page.getByText(
          'This phone holds 1 delivery of Driver Ann not sent yet. Driver Ann signs in to send them before another route is downloaded.',
        ),
      );
      expect(await page.getByText('Corner Liquor').count()).toBe(0);
      expect(await page.getByRole('button', { name: "Download today's route" }).isDisabled()).toBe(true);
      // the route was downloaded once (Ann's), and no delivery was ever accepted
      expect(received.filter((r) => r.method === 'GET')).toHaveLength(1);
      expect(received.filter((r) => r.status < 300 && r.method === 'POST')).toEqual([]);
      expect(await seriousViolations(page, 'another driver at 390')).toEqual([]);
      await shot(page, 'driver-other-driver-390');
    },
    120_000,
  );
});
