import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from 'playwright-core';
import { previousMonthPeriod } from '#domain/statements/statement-period.js';
import { join } from 'node:path';
import { SCREENSHOT_DIR, snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import {
  expectTrue,
  hidden,
  ok,
  switchFeature,
  today,
  uniqueEmail,
  visible,
} from '../support/browser-fixtures.js';

/*
 * The customer's statement on its overview at 1440 and 390 px: this month and last month, the rows with the balance
 * after each, the aging; Download PDF, E-mail statement (confirmed with the recipient) and Copy public link, whose
 * page opens signed out.
 */

let app: TestApp;
let http: ApiClient;

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

beforeAll(async () => {
  app = await startTestApp();
  http = apiClient(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** Last month: a $100 invoice on the 10th. This month: $40 paid on it today, and a $50 invoice today. */
async function aCompany() {
  const { token, user } = await signUpOwner(http, 'Stella Statement');
  await ok(http.post('company/feature', { name: 'payment', active: true }, token));
  const customer = await ok(
    http.post(
      'customer',
      {
        name: 'Rio Grande Icehouse',
        address: '500 E 6th St',
        city: 'Austin',
        zip: '78701',
        tabc_id: 'MB765432',
        contact_email: 'ap@riogrande.test',
        cash_on_delivery: 0,
        fintech_option: 0,
      },
      token,
    ),
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
      token,
    ),
  );
  const invoice = (qty: number, invoiced_at: string) =>
    ok(
      http.post(
        'invoice',
        {
          customer_id: customer.id,
          items: [{ product_id: wine.id, qty, price: 10, taxable: false }],
          invoiced_at,
          force: true,
        },
        token,
      ),
    );
  const lastMonth = await invoice(10, previousMonthPeriod(today()).from.replace(/01$/, '10'));
  await ok(http.post(`invoice/${lastMonth.id}/payment`, { amount: 40, received_at: today() }, token));
  const thisMonth = await invoice(5, today());
  return { token, companyId: user.company_id as string, customer, lastMonth, thisMonth };
}

async function expectNoSeriousViolation(page: Page, withoutNav = false) {
  const builder = new AxeBuilder({ page });
  if (withoutNav) builder.exclude('nav[aria-label="Main navigation"]');
  const { violations } = await builder
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
}

/** The page is not scrolled sideways and the element ends inside the window. */
async function inView(page: Page, locator: Locator): Promise<boolean> {
  const box = await locator.boundingBox();
  const width = await page.evaluate(() => window.innerWidth);
  const scrolled = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1);
  return !!box && box.x >= 0 && box.x + box.width <= width + 1 && !scrolled;
}

const figure = (section: Locator, label: string, value: string) =>
  section.getByRole('term').filter({ hasText: label }).locator('xpath=..').getByText(value, { exact: true });

describe('Customer statements (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'at 1440 px: this month and last month, the PDF, the e-mail and a public link that opens signed out',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto(`/customer/${c.customer.id}`);
      const section = page.getByRole('region', { name: 'Statement' });
      const rows = section.getByRole('table', { name: 'Statement rows' });
      await visible(rows.getByRole('cell', { name: `Payment on invoice ${c.lastMonth.number}` }));
      await visible(rows.getByRole('cell', { name: `Invoice ${c.thisMonth.number}` }));
      await visible(figure(section, 'Opening balance', '$100.00'));
      await visible(figure(section, 'Closing balance', '$110.00'));
      await section.scrollIntoViewIfNeeded();
      await snap(page, 'statements-this-month-1440');
      // the whole table fits the page's column: the Balance is in view without scrolling sideways
      expect(
        await rows.evaluate((table) => table.scrollWidth <= (table.parentElement?.clientWidth ?? 0) + 1),
      ).toBe(true);
      await expectNoSeriousViolation(page);

      // last month, chosen with the keyboard
      const last = section.getByRole('button', { name: 'Last month' });
      await last.focus();
      await page.keyboard.press('Enter');
      await visible(rows.getByRole('cell', { name: `Invoice ${c.lastMonth.number}` }));
      await visible(figure(section, 'Closing balance', '$100.00'));
      await visible(figure(section, 'Opening balance', '$0.00'));
      await section.getByRole('button', { name: 'Custom' }).click();
      await visible(section.getByRole('textbox', { name: 'From' }));
      await visible(section.getByRole('textbox', { name: 'To', exact: true }));
      await section.scrollIntoViewIfNeeded();
      await snap(page, 'statements-custom-1440');
      await section.getByRole('button', { name: 'This month' }).click();
      await visible(figure(section, 'Closing balance', '$110.00'));

      // the PDF
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^statement_${c.customer.id}_.*\\.pdf$`));

      // the e-mail, confirmed with its recipient
      const mark = app.mailbox.mark();
      await section.getByRole('button', { name: 'E-mail statement' }).click();
      const dialog = page.getByRole('dialog', { name: 'E-mail the statement?' });
      const recipient = dialog.getByRole('textbox', { name: 'Recipient' });
      expect(await recipient.inputValue()).toBe('ap@riogrande.test');
      await snap(page, 'statements-email-1440');
      await expectNoSeriousViolation(page);
      await dialog.getByRole('button', { name: 'Send' }).click();
      await visible(page.getByRole('alert').filter({ hasText: 'Statement sent to ap@riogrande.test' }));
      await hidden(dialog);
      const mail = await app.mailbox.waitFor('ap@riogrande.test', { after: mark });
      expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });

      // the public link, opened signed out
      await section.getByRole('button', { name: 'Copy public link' }).click();
      const share = page.getByRole('dialog', { name: `Share ${c.customer.name}'s statement` });
      const address = await share.getByTestId('public-link').inputValue();
      expect(address).toMatch(/\/customer\/statement\/pdf\/[A-Za-z0-9_-]{43}$/);
      await share.getByRole('button', { name: 'Close' }).click();
      const visitor = await browser.newPage({ viewport: DESKTOP });
      await visitor.goto(new URL(address).pathname);
      await visible(visitor.getByRole('heading', { name: new RegExp(c.customer.name) }));
      await visible(visitor.getByRole('region', { name: 'Balance due' }).getByText('$110.00'));
      await visible(visitor.getByRole('cell', { name: `Payment on invoice ${c.lastMonth.number}` }));
      await snap(visitor, 'statements-public-1440');
      await expectNoSeriousViolation(visitor);

      // Revoke links: the public page no longer opens
      await section.getByRole('button', { name: 'Revoke links' }).click();
      const revoke = page.getByRole('dialog', { name: 'Revoke the public links?' });
      await revoke.getByRole('button', { name: 'Revoke links' }).click();
      await visible(page.getByRole('alert').filter({ hasText: /public links? revoked/ }));
      await visitor.reload();
      await visible(visitor.getByText('This link is invalid or has expired.'));
    },
    120_000,
  );

  browser.it('at 390 px: the statement as cards, nothing sideways', async () => {
    const c = await aCompany();
    const page = await browser.signedIn(c.token, { viewport: PHONE });
    await page.goto(`/customer/${c.customer.id}`);
    const section = page.getByRole('region', { name: 'Statement' });
    const cards = section.getByRole('list', { name: 'Statement rows' });
    await visible(cards.getByText(`Payment on invoice ${c.lastMonth.number}`));
    await visible(cards.getByText('−$40.00'));
    await visible(figure(section, 'Closing balance', '$110.00'));
    for (const name of ['Download PDF', 'E-mail statement', 'Copy public link', 'Revoke links'])
      await expectTrue(() => inView(page, section.getByRole('button', { name })));
    await expectTrue(() => inView(page, section.getByRole('button', { name: 'Custom' })));
    // the period picker as the phone shows it, below the sticky header
    await section
      .getByRole('heading', { name: 'Statement' })
      .evaluate((heading) => heading.scrollIntoView({ block: 'center' }));
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'statements-period-390.png') });
    await section.scrollIntoViewIfNeeded();
    await snap(page, 'statements-390');
    await section.getByRole('button', { name: 'Copy public link' }).scrollIntoViewIfNeeded();
    await snap(page, 'statements-actions-390');
    await expectNoSeriousViolation(page, true);

    const visitor = await browser.newPage({ viewport: PHONE });
    const link = await ok(http.post(`customer/${c.customer.id}/statement/link`, undefined, c.token));
    await visitor.goto(link.url);
    await visible(
      visitor.getByRole('list', { name: 'Statement rows' }).getByText(`Invoice ${c.thisMonth.number}`),
    );
    await expectTrue(
      async () =>
        !(await visitor.evaluate(() => document.documentElement.scrollWidth > window.innerWidth + 1)),
    );
    await snap(visitor, 'statements-public-390');
    await expectNoSeriousViolation(visitor);
  });

  browser.it(
    'the ordering app at 390 px: the bar manager reads this month’s statement and has its PDF',
    async () => {
      const c = await aCompany();
      await switchFeature(app, c.companyId, 'order', true);
      const email = uniqueEmail('bar');
      const invited = await ok(
        http.post(
          'customer/user-invitation',
          { values: { name: 'Bea Manager', email }, customer: c.customer.id },
          c.token,
        ),
      );
      const link = new URL(String(invited.link));
      await ok(
        http.post('shop/invitation/accept', {
          token: link.searchParams.get('token')!,
          password: 'bar-pass-1',
        }),
      );
      const shopPath = link.pathname.replace(/\/invitation$/, '');
      const page = await browser.newPage({ viewport: PHONE });
      await page.goto(shopPath);
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill('bar-pass-1');
      await page.getByRole('button', { name: 'Sign In' }).click();
      await visible(page.getByRole('heading', { name: 'Catalogue' }));
      await page.goto(`${shopPath}/invoices`);
      const section = page.getByRole('region', { name: 'Statement' });
      const cards = section.getByRole('list', { name: 'Statement rows' });
      await visible(cards.getByText(`Payment on invoice ${c.lastMonth.number}`));
      await visible(figure(section, 'Closing balance', '$110.00'));
      const pdf = section.getByRole('button', { name: 'Download PDF of the statement' });
      await expectTrue(() => inView(page, pdf));
      const [download] = await Promise.all([page.waitForEvent('download'), pdf.click()]);
      expect(download.suggestedFilename()).toMatch(/^statement_.*\.pdf$/);
      await section.scrollIntoViewIfNeeded();
      await snap(page, 'statements-shop-390');
      await expectNoSeriousViolation(page);
    },
  );
});
