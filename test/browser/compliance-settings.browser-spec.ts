import type { Page } from 'playwright-core';
import { join } from 'node:path';
import { SCREENSHOT_DIR, snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, visible } from '../support/browser-fixtures.js';
import { MAIN_NAVIGATION, seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const section = (page: Page) => page.getByRole('region', { name: 'TABC compliance' });

/** axe's WCAG A/AA rules; `withoutNav` leaves out the minimized side navigation of a phone-width screen. */
async function expectNoSeriousViolation(page: Page, withoutNav = false) {
  expect(await seriousViolations(page, page.url(), withoutNav ? { exclude: MAIN_NAVIGATION } : {})).toEqual(
    [],
  );
}

describe('TABC compliance settings (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('shows every rule off or advisory, saves a change as it is made, and keeps it', async () => {
    const owner = await signUpOwner(http, 'Carla Compliance');
    const page = await browser.signedIn(owner.token);
    await page.goto('/setting');
    const rules = section(page);
    await visible(rules.getByRole('heading', { name: 'TABC compliance' }));
    const extended = rules.getByRole('switch', { name: 'Record lost, stolen, voided and returned stamps' });
    await visible(extended);
    expect(await extended.isChecked()).toBe(false);
    expect(
      await rules
        .getByRole('switch', { name: 'One stamp per case for small bottles (375 mL or less)' })
        .isChecked(),
    ).toBe(false);
    expect(
      await rules
        .getByRole('switch', { name: 'Strict records: correct invoices, never delete them' })
        .isChecked(),
    ).toBe(false);
    await visible(rules.getByRole('combobox', { name: 'Credit-law calendar' }));
    await visible(rules.getByText('Show due dates and alerts'));
    await visible(rules.getByText('Warn before invoicing'));
    await expectNoSeriousViolation(page);

    await extended.click(); // saved as it changes: the switch shows the answer
    await visible(page.getByText('Compliance settings saved'));
    await expectTrue(() => extended.isChecked());
    await rules.getByRole('combobox', { name: 'Retailer licence check' }).click();
    await page.getByRole('option', { name: 'Refuse the invoice' }).click();
    await expectTrue(async () => (await rules.getByText('Refuse the invoice').count()) === 1);
    await snap(page, 'settings-compliance');
    await rules.screenshot({ path: join(SCREENSHOT_DIR, 'settings-compliance-section.png') });

    await expectTrue(async () => {
      const saved = await http.get(`company/${owner.user.company_id}/compliance`, owner.token);
      return saved.body.extended_stamp_statuses === true && saved.body.licence_guard === 'blocking';
    });
    await page.reload();
    await visible(section(page).getByText('Refuse the invoice'));
    expect(
      await section(page)
        .getByRole('switch', { name: 'Record lost, stolen, voided and returned stamps' })
        .isChecked(),
    ).toBe(true);
  });

  browser.it('fits a 390 px wide screen', async () => {
    const owner = await signUpOwner(http, 'Petra Phone');
    const page = await browser.signedIn(owner.token, { viewport: { width: 390, height: 844 } });
    await page.goto('/setting');
    await visible(
      section(page).getByRole('switch', { name: 'Strict records: correct invoices, never delete them' }),
    );
    await section(page).scrollIntoViewIfNeeded();
    await expectTrue(async () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    );
    await expectNoSeriousViolation(page, true);
    await snap(page, 'settings-compliance-390');
    await section(page).screenshot({ path: join(SCREENSHOT_DIR, 'settings-compliance-section-390.png') });
  });

  browser.it('is not shown to a staff user, whose invoice builder still reads the rules', async () => {
    const owner = await signUpOwner(http, 'Olga Owner');
    const email = `compliance.staff.${Date.now()}@example.test`;
    const mark = app.mailbox.mark();
    await http.post('company/staff/invitation', { name: 'Sam Staff', email }, owner.token);
    const mail = await app.mailbox.waitFor(email, { after: mark });
    const joined = await http.post('auth/invitation/accept', {
      token: /invitation=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!,
      name: 'Sam Staff',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    const page = await browser.signedIn(joined.body.access_token as string);
    await page.goto('/setting');
    await visible(page.getByRole('button', { name: 'Save Company' }));
    expect(await section(page).count()).toBe(0);
    // The builder counts stamps by the rules (small-format stamps): a staff user's reads them too.
    const rules = page.waitForResponse((response) => response.url().endsWith('/compliance'));
    await page.goto('/invoice/create');
    expect((await rules).status()).toBe(200);
  });
});
