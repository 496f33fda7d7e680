import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, type ApiClient } from '../support/http.js';
import { aCustomerOwingThreeInvoices, expectTrue, hidden, visible } from '../support/browser-fixtures.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';

/*
 * Payments on account from the customer's page, at 1440 and 390 px: a check that pays three invoices oldest first
 * and leaves a credit, the credit applied to a fourth invoice, part of it refunded by check after a confirmation;
 * a paid invoice cancelled, its payment found as the customer's credit. Every dialog under axe.
 */

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp();
  http = apiClient(app.baseUrl);
}, 120_000);
afterAll(async () => {
  await app?.close();
});

/** An owner with the payment feature, a customer and three untaxed invoices of $100, $200 and $50, oldest first. */
const aCompany = () =>
  aCustomerOwingThreeInvoices(http, { owner: 'Ana Account', customer: 'Pecos Saloon', tabcId: 'MB765431' });

const section = (page: Page) => page.getByRole('region', { name: 'Payments on account' });

describe('Payments on account (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'at 1440 px: a check pays three invoices and leaves a credit, applied to a fourth, part refunded',
    async () => {
      const c = await aCompany();
      const page = await browser.signedIn(c.token, { viewport: DESKTOP });
      await page.goto(`/customer/${c.customer.id}`);
      await visible(section(page).getByLabel('Net balance $350.00'));
      const found: string[] = [];

      // Receive payment: $400 by check 1042, oldest first: $50 remains as credit
      await section(page).getByRole('button', { name: 'Receive Payment…' }).click();
      const receive = page.getByRole('dialog', { name: 'Receive Payment' });
      await receive.getByLabel('Amount').fill('400');
      await receive.getByLabel('Reference').fill('1042');
      await visible(
        receive.getByText("Applies $350.00 to invoices; $50.00 remains as the customer's credit."),
      );
      found.push(...(await seriousViolations(page, 'receive payment dialog')));
      await snap(page, 'payments-on-account-receive-1440');
      await receive.getByRole('button', { name: 'Receive Payment' }).click();
      await hidden(receive);
      await visible(section(page).getByLabel('Unapplied credit $50.00'));
      await visible(section(page).getByLabel('Net balance -$50.00'));
      // the Balance card says what the credit leaves: nothing is owed, the customer has credit
      await visible(
        page
          .getByRole('region', { name: 'Balance', exact: true })
          .getByText('Less $50.00 unapplied credit: net balance -$50.00.'),
      );
      await visible(section(page).getByText('Payment on account · Check 1042'));
      // the recent payments say whole where each came from (wrapped, never cut)
      const recent = page.getByRole('region', { name: 'Recent Payments' });
      await visible(recent.getByText(/On account/).first());
      expect(
        await recent
          .locator('p')
          .evaluateAll((lines) => lines.filter((line) => line.scrollWidth > line.clientWidth).length),
      ).toBe(0);
      await snap(page, 'payments-on-account-credit-1440');

      // a fourth invoice; Apply credit, oldest first, after a confirmation
      const fourth = await c.invoice(80, 1);
      await page.reload();
      await visible(section(page).getByLabel('Net balance $30.00'));
      await section(page).getByRole('button', { name: 'Apply Credit…' }).click();
      const apply = page.getByRole('dialog', { name: 'Apply Credit' });
      await visible(apply.getByText('Applies $50.00; $0.00 remains as credit.'));
      found.push(...(await seriousViolations(page, 'apply credit dialog')));
      await apply.getByRole('button', { name: 'Apply Credit' }).click();
      const sure = page.getByRole('dialog', { name: 'Apply $50.00 of credit to invoices?' });
      await sure.getByRole('button', { name: 'Apply Credit' }).click();
      await hidden(sure);
      await visible(section(page).getByLabel('Unapplied credit $0.00'));
      await visible(section(page).getByText(`Applied to invoice #${fourth.number}`));
      await page.goto(`/invoice/${fourth.number}`);
      await visible(page.getByText('Partially Paid').first());
      // its payment from the account is changed on the account, not here
      await visible(page.getByRole('cell', { name: 'From the account' }));

      // a paid invoice cancelled: its payment becomes the customer's credit, which is refunded in part
      await page.goto(`/invoice/${c.invoices[0].number}`);
      await page.getByRole('button', { name: 'Cancel Invoice' }).click();
      const cancel = page.getByRole('dialog', {
        name: `Sure you want to cancel invoice #${c.invoices[0].number}?`,
      });
      await visible(
        cancel.getByText("Its payments of $100.00 become the customer's credit", { exact: false }),
      );
      await snap(page, 'payments-on-account-cancel-confirm-1440');
      await cancel.getByRole('button', { name: 'Cancel Invoice' }).click();
      await hidden(cancel);
      await page.goto(`/customer/${c.customer.id}`);
      await visible(section(page).getByLabel('Unapplied credit $100.00'));
      await visible(section(page).getByText(`Payments of cancelled invoice #${c.invoices[0].number}`));

      await section(page).getByRole('button', { name: 'Refund Credit…' }).click();
      const refund = page.getByRole('dialog', { name: 'Refund Credit' });
      await refund.getByLabel('Amount').fill('100.01');
      await refund.getByLabel('Reference').fill('2001');
      await refund.getByRole('button', { name: 'Refund Credit' }).click();
      await visible(refund.getByText('At most the unapplied credit of $100.00.'));
      await refund.getByLabel('Amount').fill('40');
      found.push(...(await seriousViolations(page, 'refund credit dialog')));
      await refund.getByRole('button', { name: 'Refund Credit' }).click();
      const sureRefund = page.getByRole('dialog', { name: 'Refund $40.00 to the customer?' });
      await snap(page, 'payments-on-account-refund-confirm-1440');
      await sureRefund.getByRole('button', { name: 'Refund Credit' }).click();
      await hidden(sureRefund);
      await visible(section(page).getByLabel('Unapplied credit $60.00'));
      await visible(section(page).getByText('Refund · Check 2001'));
      await snap(page, 'payments-on-account-after-1440');
      expect(found).toEqual([]);
    },
  );

  browser.it('at 390 px: receive a payment for invoices chosen with amounts, nothing sideways', async () => {
    const c = await aCompany();
    const page = await browser.signedIn(c.token, { viewport: PHONE });
    await page.goto(`/customer/${c.customer.id}`);
    await visible(section(page).getByLabel('Net balance $350.00'));
    await section(page).getByRole('button', { name: 'Receive Payment…' }).click();
    const receive = page.getByRole('dialog', { name: 'Receive Payment' });
    await receive.getByLabel('Amount').fill('150');
    await receive.getByLabel('Method').click();
    await page.getByRole('option', { name: 'ACH' }).click();
    await receive.getByRole('radio', { name: 'Invoices I choose' }).check();
    await receive.getByLabel(`Amount for invoice #${c.invoices[1].number}`).fill('120');
    await visible(receive.getByText("Applies $120.00 to invoices; $30.00 remains as the customer's credit."));
    await expectTrue(() =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1),
    );
    expect(await seriousViolations(page, 'receive payment dialog at 390')).toEqual([]);
    await snap(page, 'payments-on-account-receive-390');
    await receive.getByRole('button', { name: 'Receive Payment' }).click();
    await hidden(receive);
    await visible(section(page).getByLabel('Unapplied credit $30.00'));
    await visible(section(page).getByLabel('Net balance $200.00'));
    await snap(page, 'payments-on-account-390');
  });

  for (const viewport of [DESKTOP, PHONE])
    browser.it(
      `receives a check from the payments page for a customer found by name (${viewport.width} px)`,
      async () => {
        const c = await aCompany();
        const page = await browser.signedIn(c.token, { viewport });
        await page.goto('/payment');
        await page.getByRole('button', { name: 'Receive Payment…' }).click();
        const whose = page.getByRole('dialog', { name: 'Receive Payment' });
        await expectTrue(async () => await whose.getByRole('button', { name: 'Continue' }).isDisabled());
        await whose.getByRole('combobox', { name: 'Customer' }).fill('Pecos');
        await page.getByRole('option', { name: /Pecos Saloon/ }).click();
        expect(await seriousViolations(page, `receive payment, whose (${viewport.width})`)).toEqual([]);
        await snap(page, `payments-receive-whose-${viewport.width}`);
        await whose.getByRole('button', { name: 'Continue' }).click();

        const receive = page.getByRole('dialog', { name: 'Receive Payment from Pecos Saloon' });
        await receive.getByLabel('Amount').fill('120');
        await receive.getByLabel('Reference').fill('2001');
        // oldest first: all of it to the $100 invoice and $20 of the $200 one
        await visible(
          receive.getByText("Applies $120.00 to invoices; $0.00 remains as the customer's credit."),
        );
        expect(
          await seriousViolations(page, `receive payment from the payments page (${viewport.width})`),
        ).toEqual([]);
        await snap(page, `payments-receive-${viewport.width}`);
        await receive.getByRole('button', { name: 'Receive Payment' }).click();
        await hidden(receive);
        await visible(page.getByText('Payment received'));
        // the report lists what it paid, as every payment on an invoice
        const report = page.getByRole('grid', { name: 'Payments' });
        const rows = viewport === PHONE ? page.getByRole('list', { name: 'Payments' }) : report;
        await visible(rows.getByText(`#${c.invoices[0].number}`).first());
        await visible(rows.getByText(`#${c.invoices[1].number}`).first());
        await page.goto(`/customer/${c.customer.id}`);
        await visible(section(page).getByLabel('Net balance $230.00'));
      },
    );
});
