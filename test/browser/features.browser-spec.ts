import { jest } from '@jest/globals';
import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { signedInOwner, switchFeature, visible } from '../support/browser-fixtures.js';

const PROVIDER = 'team@provider.test';
let app: TestApp;

beforeAll(async () => {
  app = await startTestApp({
    AUTH_RATE_LIMIT: '1000',
    AUTH_RATE_LIMIT_PER_ADDRESS: '100000',
    PROVIDER_EMAIL: PROVIDER,
  });
  jest.spyOn(console, 'log').mockImplementation(() => {});
}, 60_000);

afterAll(async () => {
  jest.restoreAllMocks();
  await app?.close();
});

const card = (page: Page, title: string) => page.getByRole('listitem', { name: title, exact: true });

describe('Feature extensions (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'switches a free feature on, and off after confirming; switching it on again then needs Request Access',
    async () => {
      const { page } = await signedInOwner(app, () => browser.newPage(), 'Fern Owner');
      await page.getByRole('link', { name: /Fern Owner/ }).click();
      await page
        .getByRole('navigation', { name: 'Settings menu' })
        .getByRole('link', { name: 'Feature Extensions' })
        .click();
      await page.waitForURL('**/features');
      await visible(page.getByRole('heading', { name: 'Feature Extensions' }));

      const payments = card(page, 'Payments');
      await visible(payments.getByText('Inactive', { exact: true }));
      await visible(payments.getByText('Free', { exact: true }));
      await visible(payments.getByText('Log payments against invoices', { exact: false }));
      await snap(page, 'features');

      await payments.getByRole('button', { name: 'Activate' }).click();
      await visible(payments.getByText('Active', { exact: true }));
      await visible(page.getByRole('alert').filter({ hasText: 'Payments is active.' }));

      await payments.getByRole('button', { name: 'Deactivate' }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Payments?' });
      await visible(dialog);
      await snap(page, 'features-deactivate-confirm');
      await dialog.getByRole('button', { name: 'Nevermind' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(payments.getByText('Active', { exact: true }));

      await payments.getByRole('button', { name: 'Deactivate' }).click();
      await dialog.getByRole('button', { name: 'Deactivate' }).click();
      await dialog.waitFor({ state: 'hidden' });
      await visible(payments.getByText('Inactive', { exact: true }));
      await visible(payments.getByRole('button', { name: 'Request Access' }));
      expect(await payments.getByRole('button', { name: 'Activate' }).count()).toBe(0);
    },
  );

  browser.it("requests access to a paid feature, which e-mails the provider's team", async () => {
    const { page, owner } = await signedInOwner(app, () => browser.newPage(), 'Fern Owner');
    await page.goto('/features');
    const orders = card(page, 'Online Orders');
    await visible(orders.getByText('Inactive', { exact: true }));
    const mark = app.mailbox.mark();
    await orders.getByRole('button', { name: 'Request Access' }).click();
    await visible(
      page.getByRole('alert').filter({ hasText: "Your request has been sent. We'll be in touch soon." }),
    );
    await visible(orders.getByRole('button', { name: 'Access Requested' }));
    expect(await orders.getByRole('button', { name: 'Access Requested' }).isDisabled()).toBe(true);
    const mail = await app.mailbox.waitFor(PROVIDER, { after: mark });
    expect(`${mail.subject} ${mail.text}`).toContain(owner.email);

    // AI Recommendations are free now: a user activates them
    await visible(card(page, 'AI Recommendations').getByRole('button', { name: 'Activate' }));
    await page.reload();
    await visible(card(page, 'Online Orders').getByRole('button', { name: 'Access Requested' }));
    await snap(page, 'features-requested');
  });

  browser.it('shows the activation card on /payment while the payment feature is off', async () => {
    const { page } = await signedInOwner(app, () => browser.newPage(), 'Fern Owner');
    await page.goto('/payment');
    const activation = page.getByRole('region', { name: 'Payments is not active' });
    await visible(activation);
    expect(await page.getByText('You have no payment history yet.').count()).toBe(0);
    await snap(page, 'payment-activation-card');

    await activation.getByRole('link', { name: 'Go to Feature Extensions' }).click();
    await page.waitForURL('**/features');
    await card(page, 'Payments').getByRole('button', { name: 'Activate' }).click();
    await visible(card(page, 'Payments').getByText('Active', { exact: true }));

    await page.goto('/payment');
    await visible(page.getByText('You have no payment history yet.'));
    expect(await page.getByRole('region', { name: 'Payments is not active' }).count()).toBe(0);
  });

  browser.it(
    'shows the activation card when a gated call answers 403 (the feature was switched off meanwhile)',
    async () => {
      const { page, companyId } = await signedInOwner(app, () => browser.newPage(), 'Fern Owner');
      // No live updates here: the switch-off must reach the page through the 403 of its next call, not the gateway.
      await page.routeWebSocket(/\/socket\.io\//, (socket) => socket.close());
      await page.route(/\/socket\.io\//, (route) => route.abort());
      await switchFeature(app, companyId, 'order', true);
      await page.goto('/notification');
      const email = page.getByRole('switch', { name: 'Email' });
      await visible(email);
      await email.uncheck();
      await visible(page.getByRole('alert').filter({ hasText: 'Notification preferences saved.' }));
      await page.reload();
      await visible(page.getByRole('switch', { name: 'App' }));
      expect(await page.getByRole('switch', { name: 'Email' }).isChecked()).toBe(false);
      await snap(page, 'notification-preferences');

      await switchFeature(app, companyId, 'order', false);
      // a click, not check(): the 403 may replace the switch before check() could see it change
      await page.getByRole('switch', { name: 'Email' }).click();
      const activation = page.getByRole('region', { name: 'Online Orders is not active' });
      await visible(activation);
      await visible(
        activation.getByText('The Online Orders feature is not active for your company.', { exact: false }),
      );
      expect(await page.getByRole('switch', { name: 'Email' }).count()).toBe(0);
      await snap(page, 'notification-activation-card');

      // the company was read again: the settings menu no longer offers Notifications
      await page.getByRole('link', { name: 'Settings' }).click();
      await visible(
        page.getByRole('navigation', { name: 'Settings menu' }).getByRole('link', { name: 'Staff' }),
      );
      expect(
        await page
          .getByRole('navigation', { name: 'Settings menu' })
          .getByRole('link', { name: 'Notifications' })
          .count(),
      ).toBe(0);
    },
  );

  browser.it('says so when the features cannot be loaded, and loads them on Retry', async () => {
    const { page } = await signedInOwner(app, () => browser.newPage(), 'Fern Owner');
    await page.route('**/api/v1/company/features', (route) =>
      route.fulfill({ status: 500, json: { statusCode: 500, message: 'boom' } }),
    );
    await page.goto('/features');
    await visible(page.getByRole('alert').filter({ hasText: 'Sorry, something went wrong!' }));
    await page.unroute('**/api/v1/company/features');
    await page.getByRole('button', { name: 'Retry' }).click();
    await visible(card(page, 'Payments'));
  });
});
