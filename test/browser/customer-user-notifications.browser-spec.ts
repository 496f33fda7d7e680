import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { expectTrue, ok, uniqueEmail, visible, anOrderingDistributor } from '../support/browser-fixtures.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { seriousViolations } from './accessibility.js';

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

/** A distributor with the order feature and a customer with one invited user, Bea Manager. */
async function aCustomerWithAUser() {
  const { token, customer } = await anOrderingDistributor(app, http, 'Nora Owner');
  await ok(
    http.post(
      'customer/user-invitation',
      { values: { name: 'Bea Manager', email: uniqueEmail('bea') }, customer: customer.id },
      token,
    ),
  );
  return { token, customerId: customer.id as string };
}

const flagsOf = async (token: string, customerId: string) => {
  const [user] = (await http.get(`customer/${customerId}/user`, token)).body;
  return { app: user.app_notification, email: user.email_notification, sms: user.sms_notification };
};

describe("Customer users' notification preferences (browser)", () => {
  const browser = useBrowser(() => app.baseUrl);

  const openPanel = async (page: Page) => {
    // the grid's row, or on a phone the list's
    const row =
      (page.viewportSize()?.width ?? 1440) < 600
        ? page.getByRole('list', { name: 'Customer users' }).getByRole('button', { name: /^Bea Manager/ })
        : page.getByRole('gridcell', { name: 'Bea Manager' });
    await row.waitFor({ state: 'visible', timeout: 30_000 }); // the first page of a fresh app loads its code
    await row.click();
    const panel = page.getByRole('region', { name: 'Customer user Bea Manager' });
    await visible(panel);
    return panel;
  };

  browser.it(
    "sets the customer's app, e-mail and SMS notifications from the user's panel, and says when it could not",
    async () => {
      const c = await aCustomerWithAUser();
      const page = await browser.signedIn(c.token, { viewport: { width: 1440, height: 1000 } });
      await page.goto(`/customer/${c.customerId}/user`);
      const panel = await openPanel(page);
      const sms = panel.getByRole('switch', { name: 'SMS notifications' });
      const email = panel.getByRole('switch', { name: 'Email notifications' });
      await visible(panel.getByRole('heading', { name: 'Notifications' }));
      await visible(panel.getByText('For every user of The Rusty Nail.'));
      expect(await panel.getByRole('switch', { name: 'App notifications' }).isChecked()).toBe(true);
      expect(await email.isChecked()).toBe(true);
      expect(await sms.isChecked()).toBe(false);

      await sms.click();
      await visible(page.getByText('Notification preferences saved.'));
      await expectTrue(() => sms.isChecked());
      expect(await flagsOf(c.token, c.customerId)).toEqual({ app: true, email: true, sms: true });
      await snap(page, 'customer-user-notifications-1440');
      expect(
        await seriousViolations(page, 'notification preferences', {
          include: '[role="region"][aria-label="Customer user Bea Manager"]',
        }),
      ).toEqual([]);

      // the server fails: the spec's message, and the switch stays as it was
      await page.route('**/api/v1/customer/*/notification-preferences', (route) =>
        route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
      );
      await email.click();
      await visible(page.getByText('Error updating notification preferences'));
      await expectTrue(() => email.isChecked());
      expect(await flagsOf(c.token, c.customerId)).toEqual({ app: true, email: true, sms: true });
    },
  );

  browser.it('the panel and its switches fit a 390 px phone', async () => {
    const c = await aCustomerWithAUser();
    const page = await browser.signedIn(c.token, { viewport: { width: 390, height: 844 } });
    await page.goto(`/customer/${c.customerId}/user`);
    const panel = await openPanel(page);
    const sms = panel.getByRole('switch', { name: 'SMS notifications' });
    await sms.scrollIntoViewIfNeeded();
    await visible(sms);
    const box = await panel.boundingBox();
    expect(box!.width).toBeLessThanOrEqual(390);
    await snap(page, 'customer-user-notifications-390');
  });
});
