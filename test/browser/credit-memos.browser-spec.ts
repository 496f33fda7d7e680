import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { aCustomer, anOwnerToken, aWine, expectTrue, visible } from '../support/browser-fixtures.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** As the standards scan does: no request, spinner or finite animation still running. */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () => document.querySelectorAll('[role="progressbar"], [aria-busy="true"]').length === 0,
      undefined,
      { timeout: 5000 },
    )
    .catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        document
          .getAnimations()
          .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => undefined);
}

/** No critical or serious WCAG 2.1 A/AA violation in the screen's content, or in the open dialog. */
async function expectNoSeriousViolations(page: Page, within = 'main') {
  await settled(page);
  const { violations } = await new AxeBuilder({ page })
    .include(within)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .options({ resultTypes: ['violations'] })
    .setLegacyMode(true)
    .analyze();
  expect(violations.filter((v) => v.impact === 'critical' || v.impact === 'serious')).toEqual([]);
}

const fitsTheWidth = (page: Page) =>
  expectTrue(async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

describe('Credit memos (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  /** An owner with `features`, a customer and an invoice of wine at $10, a line per quantity. */
  async function anInvoiceOfWine(name: string, features: string[], quantities: number[]) {
    const token = await anOwnerToken(api, name, { features });
    const customer = await aCustomer(api, token);
    const wine = await aWine(api, token);
    const invoice = await api<{ id: string; number: string }>('invoice', {
      method: 'POST',
      body: {
        customer_id: customer.id,
        items: quantities.map((qty) => ({ product_id: wine.id, qty, price: 10 })),
        force: true,
      },
      token,
    });
    return { token, invoice };
  }

  browser.it(
    'keeps Issue Credit Memo in view while the lines of a long invoice scroll (1440 × 900)',
    async () => {
      const { token, invoice } = await anInvoiceOfWine(
        'credit-long',
        ['payment'],
        Array.from({ length: 12 }, (_, i) => 1 + i),
      );
      const page = await browser.signedIn(token, { viewport: { width: 1440, height: 900 } });
      await page.goto(`/invoice/${invoice.number}`);
      await page.getByRole('button', { name: 'Credit items…' }).click();
      const dialog = page.getByRole('dialog', { name: `Credit items of invoice #${invoice.number}` });
      await visible(dialog);
      const issue = dialog.getByRole('button', { name: 'Issue Credit Memo' });
      const box = (await issue.boundingBox())!;
      expect(box.y + box.height).toBeLessThanOrEqual(900);
      await snap(page, 'credit-items-dialog-long-1440');
    },
  );

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ]) {
    browser.it(
      `credits two bottles from an invoice, shows the memo and the invoice's remaining, and voids it (${viewport.width} px)`,
      async () => {
        // 10 × $10 + 8.25 % tax = $108.25
        const { token, invoice } = await anInvoiceOfWine(
          `credit-${viewport.width}`,
          ['payment', 'email'],
          [10],
        );
        const page = await browser.signedIn(token, { viewport });
        await page.goto(`/invoice/${invoice.number}`);
        await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}` }));
        await page.getByRole('button', { name: 'Credit items…' }).click();

        const dialog = page.getByRole('dialog', { name: `Credit items of invoice #${invoice.number}` });
        await visible(dialog);
        // more than the line has left is said at once, beside the field
        const qty = dialog.getByRole('spinbutton', { name: /Qty to credit of/ });
        await qty.fill('11');
        await visible(dialog.getByText('At most 10', { exact: true }));
        expect(await qty.getAttribute('aria-invalid')).toBe('true');
        await qty.fill('2');
        await visible(dialog.getByText('$21.65'));
        await dialog.getByLabel('Note').fill('Two bottles broken in the case');
        await expectNoSeriousViolations(page, '[role="dialog"]');
        await snap(page, `credit-items-dialog-${viewport.width}`);
        await dialog.getByRole('button', { name: 'Issue Credit Memo' }).click();

        await visible(page.getByRole('heading', { name: 'Credit memo CM-1001' }));
        await visible(page.getByText('Delivered damaged'));
        await visible(page.getByText('Two bottles broken in the case'));
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `credit-memo-view-${viewport.width}`);

        // e-mail it: the memo's E-mails show the recipient and that the mail server took it
        const emails = page.getByRole('region', { name: 'E-mails' });
        await visible(emails.getByText('No e-mails sent'));
        await page.getByRole('button', { name: 'Email…' }).click();
        const mailDialog = page.getByRole('dialog', { name: 'Email credit memo CM-1001' });
        await visible(mailDialog);
        await mailDialog.getByLabel('Email').fill('ap@rustynail.test');
        await mailDialog.getByRole('button', { name: 'Send Email' }).click();
        await visible(emails.getByRole('cell', { name: 'ap@rustynail.test' }));
        await visible(emails.getByText('Sent', { exact: true }));
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `credit-memo-emails-${viewport.width}`);

        // the Email log, on the memo's e-mails: the memo, its type and the recipient
        await emails.getByRole('link', { name: 'Email log' }).click();
        await page.waitForURL('**/emails?memo=CM-1001');
        // on a phone the log is a list of its rows, each opening its document
        const log =
          viewport.width < 600 ? page.getByRole('main') : page.getByRole('grid', { name: 'Email log' });
        const memoLink = log.getByRole('link', { name: /Credit memo CM-1001/ });
        await visible(memoLink);
        await visible(log.getByText(/ap@rustynail\.test/));
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `credit-memo-email-log-${viewport.width}`);
        await memoLink.click();
        await visible(page.getByRole('heading', { name: 'Credit memo CM-1001' }));

        // the invoice: its memo, what is credited and what remains
        await page.getByRole('link', { name: `#${invoice.number}` }).click();
        await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}` }));
        const memos = page.getByRole('table', { name: 'Credit memos of the invoice' });
        await visible(memos.getByRole('link', { name: 'CM-1001' }));
        // the table fits its card: nothing to scroll sideways to (a phone drops the date and status columns)
        expect(
          await page
            .getByRole('region', { name: 'Credit memos, scrollable' })
            .evaluate((box) => box.scrollWidth <= box.clientWidth),
        ).toBe(true);
        const payments = page.getByLabel('Payment totals');
        await visible(payments.getByText('$86.60'));
        await visible(page.getByText('Total after credits'));
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `credit-memo-invoice-${viewport.width}`);

        // void it: the dialog names the memo and its amount
        await memos.getByRole('link', { name: 'CM-1001' }).click();
        await page.getByRole('button', { name: 'Void', exact: true }).click();
        const confirm = page.getByRole('dialog', { name: 'Void credit memo CM-1001 of $21.65?' });
        await visible(confirm);
        await confirm.getByLabel('Reason').fill('Counted twice');
        await expectNoSeriousViolations(page, '[role="dialog"]');
        await snap(page, `credit-memo-void-dialog-${viewport.width}`);
        await confirm.getByRole('button', { name: 'Void Credit Memo' }).click();
        await visible(page.getByText(/This credit memo is void/));
        expect(await page.getByRole('button', { name: 'Void', exact: true }).count()).toBe(0);

        // the grid lists it, void; the invoice owes its whole total again
        await page.goto('/credit-memos');
        const grid = page.getByRole('grid', { name: 'Credit memos' });
        const list = viewport.width < 600 ? page.getByRole('main') : grid;
        await visible(list.getByText('CM-1001').first());
        await visible(list.getByText('Void').first());
        // on a phone the void memo keeps its date beside the word
        if (viewport.width < 600) await visible(list.getByText(/^\d{2} [A-Z][a-z]{2}, \d{4} · Void$/));
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `credit-memos-grid-${viewport.width}`);
        await page.goto(`/invoice/${invoice.number}`);
        await visible(page.getByLabel('Payment totals').getByText('$108.25').first());
      },
      120_000,
    );
  }
});
