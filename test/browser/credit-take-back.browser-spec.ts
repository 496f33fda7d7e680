import type { Page } from 'playwright-core';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, type ApiClient } from '../support/http.js';
import {
  aCustomerOwingThreeInvoices,
  expectTrue,
  hidden,
  ok,
  today,
  visible,
} from '../support/browser-fixtures.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';

/*
 * Take back to credit, at 1440 and 390 px: a $400 check applied oldest first over invoices of $100, $200 and $50; the
 * $200 share taken back from the invoice view's payments (1440) and from the customer's account entries (390), after
 * a confirmation that says where the money goes. The invoice owes it again, the customer's credit grows. Under axe.
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

/** An owner with the payment feature, a customer with three invoices paid by a $400 check: $50 left as credit. */
async function aCompanyPaidByCheck(customerName: string) {
  const { token, customer, invoices } = await aCustomerOwingThreeInvoices(http, {
    owner: 'Tia Takeback',
    customer: customerName,
    tabcId: 'MB765432',
  });
  await ok(
    http.post(
      `customer/${customer.id}/payment`,
      { amount: 400, method: 'check', reference: '1042', received_at: today() },
      token,
    ),
  );
  return { token, customer, invoices };
}

const accountSection = (page: Page) => page.getByRole('region', { name: 'Payments on account' });
const paymentsSection = (page: Page) => page.getByRole('region', { name: 'Payments' });
const nothingSideways = (page: Page) =>
  expectTrue(() => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1));

describe('Take back to credit (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('at 1440 px: a payment from the account is taken back on the invoice view', async () => {
    const c = await aCompanyPaidByCheck('Wrong Invoice Saloon');
    const second = c.invoices[1];
    const page = await browser.signedIn(c.token, { viewport: DESKTOP });
    await page.goto(`/invoice/${second.number}`);
    const totals = paymentsSection(page).getByLabel('Payment totals');
    await expectTrue(async () => (await totals.textContent())?.includes('Remaining$0.00') ?? false);
    await paymentsSection(page)
      .getByRole('button', { name: 'Take back to credit the payment of $200.00' })
      .click();
    const sure = page.getByRole('dialog', {
      name: `Take the $200.00 applied to invoice #${second.number} back to credit?`,
    });
    await visible(sure.getByText("The $200.00 returns to the customer's unapplied credit", { exact: false }));
    await visible(
      sure.getByText(`the balance of invoice #${second.number} grows by $200.00`, { exact: false }),
    );
    const found = await seriousViolations(page, 'take back to credit dialog');
    await snap(page, 'credit-take-back-confirm-1440');
    await sure.getByRole('button', { name: 'Take Back to Credit' }).click();
    await hidden(sure);
    await expectTrue(async () => (await totals.textContent())?.includes('Remaining$200.00') ?? false);
    await visible(paymentsSection(page).getByText('No payments'));
    await snap(page, 'credit-take-back-invoice-after-1440');

    await page.goto(`/customer/${c.customer.id}`);
    await visible(accountSection(page).getByLabel('Unapplied credit $250.00'));
    await visible(accountSection(page).getByLabel('Net balance -$50.00'));
    await visible(accountSection(page).getByText(`Taken back to credit from #${second.number}`));
    await visible(accountSection(page).getByText(`Applied to invoice #${second.number} · taken back`));
    await snap(page, 'credit-take-back-customer-after-1440');

    // a cancelled invoice's share became credit with the cancellation: nothing left to take back from it
    const third = c.invoices[2];
    await ok(http.put(`invoice/${third.id}`, { status: 'cancelled' }, c.token));
    await page.reload();
    await visible(accountSection(page).getByText(`Applied to invoice #${third.number} · invoice cancelled`));
    expect(
      await accountSection(page)
        .getByRole('button', { name: `Take back to credit the $50.00 applied to invoice #${third.number}` })
        .count(),
    ).toBe(0);
    expect(found).toEqual([]);
  });

  browser.it("at 390 px: a share is taken back from the customer's account entries", async () => {
    const c = await aCompanyPaidByCheck('Phone Saloon');
    const second = c.invoices[1];
    const page = await browser.signedIn(c.token, { viewport: PHONE });
    await page.goto(`/customer/${c.customer.id}`);
    await visible(accountSection(page).getByLabel('Unapplied credit $50.00'));
    await accountSection(page)
      .getByRole('button', { name: `Take back to credit the $200.00 applied to invoice #${second.number}` })
      .click();
    const sure = page.getByRole('dialog', {
      name: `Take the $200.00 applied to invoice #${second.number} back to credit?`,
    });
    await visible(sure.getByRole('button', { name: 'Take Back to Credit' }));
    await nothingSideways(page);
    expect(await seriousViolations(page, 'take back to credit dialog at 390')).toEqual([]);
    await snap(page, 'credit-take-back-confirm-390');
    await sure.getByRole('button', { name: 'Take Back to Credit' }).click();
    await hidden(sure);
    await visible(accountSection(page).getByLabel('Unapplied credit $250.00'));
    await visible(accountSection(page).getByText(`Taken back to credit from #${second.number}`));
    await expectTrue(
      async () =>
        (await accountSection(page)
          .getByRole('button', {
            name: `Take back to credit the $200.00 applied to invoice #${second.number}`,
          })
          .count()) === 0,
    );
    await nothingSideways(page);
    await snap(page, 'credit-take-back-customer-after-390');

    await page.goto(`/invoice/${second.number}`);
    const totals = paymentsSection(page).getByLabel('Payment totals');
    await expectTrue(async () => (await totals.textContent())?.includes('Remaining$200.00') ?? false);
    await nothingSideways(page);
    await snap(page, 'credit-take-back-invoice-after-390');
  });
});
