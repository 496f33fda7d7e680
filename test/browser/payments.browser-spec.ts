import type { Locator, Page } from 'playwright-core';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  aWine,
  clickUntilVisible,
  cutInPhoneList,
  daysFromToday,
  OWNER_PASSWORD,
  today,
  uniqueEmail,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '05 Mar, 2026' (as the client's specification asks) */
const shown = (day: string) => {
  const [y, m, d] = day.split('-') as [string, string, string];
  return `${d} ${MONTHS[Number(m) - 1]}, ${y}`;
};

const api = apiCaller(() => app.baseUrl);

/** A company owner made through the API, with the payment feature unless told otherwise; answers its token. */
const anOwner = (label: string, { payments = true } = {}) =>
  anOwnerToken(api, label, { features: payments ? ['payment'] : [] });

interface CreatedInvoice {
  id: string;
  number: string;
  total: number;
}

/** qty × $10 + 8.25 % tax: 10 → $108.25, 1 → $10.83. */
const anInvoice = (token: string, customerId: string, productId: string, qty = 10, dueAt?: string) =>
  api<CreatedInvoice>('invoice', {
    method: 'POST',
    body: {
      customer_id: customerId,
      items: [{ product_id: productId, qty, price: 10 }],
      due_at: dueAt,
      force: true,
    },
    token,
  });

const aPayment = (token: string, invoiceId: string, amount: number, extra: object = {}) =>
  api<CreatedInvoice>(`invoice/${invoiceId}/payment`, {
    method: 'POST',
    body: { amount, received_at: today(), ...extra },
    token,
  });

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Payments and balances (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string) => browser.signedIn(token);

  browser.it('shows the activation card on /payment while the payment feature is off', async () => {
    const page = await signedIn(await anOwner('off', { payments: false }));
    await page.goto('/payment');
    await visible(page.getByRole('heading', { name: 'Payments', level: 1 }));
    const activation = page.getByRole('region', { name: 'Payments is not active' });
    await visible(activation);
    expect(await page.getByRole('grid', { name: 'Payments' }).count()).toBe(0);
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const entries = await nav.getByRole('link').allTextContents();
    const order = ['Dashboard', 'Customers', 'Invoices', 'Payments', 'Stamps', 'Products'].map((label) =>
      entries.findIndex((text) => text.trim() === label),
    );
    expect(order.every((index) => index >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    await snap(page, 'payments-activation-card');
  });

  browser.it(
    'lists payments in the report, newest received first, filtered by invoice number and customer',
    async () => {
      const token = await anOwner('report');
      const customer = await aCustomer(api, token);
      const other = await aCustomer(api, token, { name: 'Westside Spirits' });
      const wine = await aWine(api, token);
      const first = await anInvoice(token, customer.id, wine.id);
      const second = await anInvoice(token, other.id, wine.id, 1);
      await aPayment(token, first.id, 50.25, { note: 'check 1021', received_at: daysFromToday(-2) });
      await aPayment(token, second.id, 10.83, { note: 'cash' });

      const page = await signedIn(token);
      await page.goto('/payment');
      const grid = page.getByRole('grid', { name: 'Payments' });
      const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
      await visible(rows.filter({ hasText: 'check 1021' }));
      expect(await rows.count()).toBe(2);
      // newest received first
      await visible(rows.first().getByText('cash'));
      const older = rows.filter({ hasText: 'check 1021' });
      await visible(older.getByRole('link', { name: `Invoice #${first.number}` }));
      await visible(older.getByText('The Rusty Nail'));
      await visible(older.getByText('$50.25'));
      await visible(older.getByText(shown(daysFromToday(-2))));
      await snap(page, 'payments-report');

      await page.getByLabel('Invoice number').fill(second.number);
      await expect(waitForCount(rows, 1)).resolves.toBe(1);
      await visible(rows.first().getByText('Westside Spirits'));
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expect(waitForCount(rows, 2)).resolves.toBe(2);

      // a received date after today cannot be picked
      expect(await page.getByLabel('Received from').getAttribute('max')).toBe(
        await page.getByLabel('Received to').getAttribute('max'),
      );

      await page.goto(`/payment?customerId=${customer.id}`);
      await visible(page.getByText('Customer: The Rusty Nail'));
      await expect(waitForCount(rows, 1)).resolves.toBe(1);
      await visible(rows.first().getByText('check 1021'));

      await rows
        .first()
        .getByRole('link', { name: `Invoice #${first.number}` })
        .click();
      await page.waitForURL(`**/invoice/${first.number}`);
    },
  );

  browser.it('shows the empty report of a company without payments', async () => {
    const page = await signedIn(await anOwner('empty'));
    await page.goto('/payment');
    await visible(page.getByRole('grid', { name: 'Payments' }).getByText('You have no payment history yet.'));
  });

  browser.it(
    "shows a customer's balance: owing and the due or partially paid invoices, or 'No Balance Information'",
    async () => {
      const token = await anOwner('balance');
      const customer = await aCustomer(api, token);
      const settled = await aCustomer(api, token, { name: 'Paid Up Pub' });
      const wine = await aWine(api, token);
      // due before the credit law's statutory date (a later one shows as the statutory date)
      const partly = await anInvoice(token, customer.id, wine.id, 10, daysFromToday(5));
      const onDelivery = await anInvoice(token, customer.id, wine.id, 1);
      const paid = await anInvoice(token, customer.id, wine.id, 1);
      await aPayment(token, partly.id, 8.25);
      await aPayment(token, paid.id, 10.83);

      const page = await signedIn(token);
      await page.goto(`/customer/${customer.id}/balance`);
      await visible(page.getByRole('heading', { name: 'The Rusty Nail · Balance' }));
      await visible(page.getByText(/^TABC ID MB\d{6}$/));
      await visible(page.getByLabel('Owing $110.83'));
      const table = page.getByRole('table', { name: 'Open invoices' });
      const rows = table.getByRole('row').filter({ has: page.getByRole('cell') });
      await visible(rows.first());
      expect(await rows.count()).toBe(2);
      const partlyRow = rows.filter({ has: page.getByRole('link', { name: `#${partly.number}` }) });
      for (const text of ['$108.25', '$8.25', '$100.00', shown(daysFromToday(5)), 'Partially Paid'])
        await visible(partlyRow.getByText(text, { exact: true }));
      const deliveryRow = rows.filter({ has: page.getByRole('link', { name: `#${onDelivery.number}` }) });
      await visible(deliveryRow.getByText('On Delivery', { exact: true }));
      await visible(deliveryRow.getByText('Invoiced', { exact: true }));
      expect(await table.getByRole('link', { name: `#${paid.number}` }).count()).toBe(0);
      await snap(page, 'customer-balance');

      await page.goto(`/customer/${settled.id}/balance`);
      await visible(page.getByText('No Balance Information'));
      await visible(page.getByLabel('Owing $0.00'));
      await snap(page, 'customer-balance-empty');

      await page.goto('/customer/00000000-0000-4000-8000-000000000000/balance');
      await visible(page.getByRole('alert').filter({ hasText: 'Failed to load balance information.' }));
    },
  );

  browser.it(
    "at 390 px lists a balance's open invoices as blocks, paid and balance in view; a number opens the invoice",
    async () => {
      const token = await anOwner('balance-phone');
      const customer = await aCustomer(api, token);
      const wine = await aWine(api, token);
      const partly = await anInvoice(token, customer.id, wine.id, 10, daysFromToday(5));
      const onDelivery = await anInvoice(token, customer.id, wine.id, 1);
      await aPayment(token, partly.id, 8.25);

      // at 1440 px the table, as before
      const desk = await browser.signedIn(token, { viewport: DESKTOP });
      await desk.goto(`/customer/${customer.id}/balance`);
      const table = desk.getByRole('table', { name: 'Open invoices' });
      await visible(table.getByRole('columnheader', { name: 'Balance' }));
      await visible(table.getByText('$100.00', { exact: true }));
      await snap(desk, 'customer-balance-1440');

      const page = await browser.signedIn(token, { viewport: PHONE });
      await page.goto(`/customer/${customer.id}/balance`);
      await visible(page.getByLabel('Owing $110.83'));
      await snap(page, 'customer-balance-390');
      expect(await page.getByRole('table').count()).toBe(0);
      const list = page.getByRole('list', { name: 'Open invoices' });
      const block = (number: string) =>
        list.getByRole('listitem').filter({ has: page.getByRole('link', { name: `#${number}` }) });
      for (const text of [
        'Balance $100.00',
        'Total $108.25 · Paid $8.25',
        `${shown(today())} · Due ${shown(daysFromToday(5))}`,
        'Partially Paid',
      ])
        await visible(block(partly.number).getByText(text, { exact: true }));
      for (const text of [
        'Balance $10.83',
        'Total $10.83 · Paid $0.00',
        `${shown(today())} · Due On Delivery`,
        'Invoiced',
      ])
        await visible(block(onDelivery.number).getByText(text, { exact: true }));
      expect(await cutInPhoneList(list)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await seriousViolations(page, 'balance at 390 px', { include: 'main' })).toEqual([]);

      // the balance opened by its public link lists them the same way
      const link = await api<{ url: string }>(`customer/${customer.id}/balance/link`, {
        method: 'POST',
        token,
      });
      const visitor = await browser.newPage({ viewport: PHONE });
      await visitor.goto(link.url);
      const shared = visitor.getByRole('list', { name: 'Open invoices' });
      await visible(shared.getByText('Balance $100.00', { exact: true }));
      await visible(shared.getByText(`#${onDelivery.number}`, { exact: true }));
      expect(await cutInPhoneList(shared)).toEqual([]);
      await snap(visitor, 'public-balance-390');

      // a number opens its invoice
      await block(partly.number)
        .getByRole('link', { name: `#${partly.number}` })
        .click();
      await page.waitForURL(`**/invoice/${partly.number}`);
    },
  );

  browser.it('warns of unpaid invoices on the customer edit page, linking to the balance', async () => {
    const token = await anOwner('banner');
    const customer = await aCustomer(api, token);
    const clean = await aCustomer(api, token, { name: 'Paid Up Pub' });
    const wine = await aWine(api, token);
    const invoice = await anInvoice(token, customer.id, wine.id);
    await aPayment(token, invoice.id, 8.25);

    const page = await signedIn(token);
    await page.goto(`/customer/${customer.id}/edit`);
    const banner = page.getByRole('alert', { name: 'Unpaid invoices' });
    await visible(banner.getByText('This customer has $100.00 in unpaid invoices.', { exact: false }));
    await snap(page, 'customer-unpaid-banner');
    await banner.getByRole('link', { name: 'View Balance' }).click();
    await page.waitForURL(`**/customer/${customer.id}/balance`);
    await visible(page.getByLabel('Owing $100.00'));

    await page.goto(`/customer/${clean.id}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit Paid Up Pub' }));
    await visible(page.getByRole('link', { name: 'Balance' }));
    expect(await page.getByRole('alert', { name: 'Unpaid invoices' }).count()).toBe(0);

    // without the payment feature: no banner, no balance link
    await api('company/feature', { method: 'POST', body: { name: 'payment', active: false }, token });
    await page.goto(`/customer/${customer.id}/edit`);
    await visible(page.getByRole('heading', { name: 'Edit The Rusty Nail' }));
    expect(await page.getByRole('alert', { name: 'Unpaid invoices' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Balance' }).count()).toBe(0);
  });
});

/** Polls a locator's count until it is `expected` (or 5 s pass) and answers the last count. */
async function waitForCount(locator: Locator, expected: number): Promise<number> {
  const until = Date.now() + 5000;
  let count = await locator.count();
  while (count !== expected && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    count = await locator.count();
  }
  return count;
}
// Append to test/browser/payments.browser-spec.ts once InvoiceViewPage mounts <InvoicePaymentsSection invoice={invoice} />.
/** Where the invoice view page shows InvoicePaymentsSection. */
const invoiceView = (number: string) => `/invoice/${encodeURIComponent(number)}`;

/** A staff user of the owner's company (invited and accepted through the API); returns the token. */
async function aStaff(ownerToken: string): Promise<string> {
  const invited = await api<{ link: string }>('company/staff/invitation', {
    method: 'POST',
    body: { name: 'Sam Staff', email: uniqueEmail('staff') },
    token: ownerToken,
  });
  const { access_token } = await api<{ access_token: string }>('auth/invitation/accept', {
    method: 'POST',
    body: {
      token: new URL(invited.link).searchParams.get('invitation'),
      name: 'Sam Staff',
      title: 'Sales',
      password: OWNER_PASSWORD,
      confirm_password: OWNER_PASSWORD,
    },
  });
  return access_token;
}

describe('Payments on the invoice view (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string) => browser.signedIn(token);

  async function anOpenInvoice(label: string) {
    const token = await anOwner(label);
    const customer = await aCustomer(api, token);
    const wine = await aWine(api, token);
    const invoice = await anInvoice(token, customer.id, wine.id);
    return { token, customer, wine, invoice };
  }

  const section = (page: Page) => page.getByRole('region', { name: 'Payments' });
  const paymentDialog = (page: Page, name = 'Log Payment') => page.getByRole('dialog', { name });
  const amountField = (dialog: Locator) => dialog.getByRole('textbox', { name: /^Amount/ });

  browser.it(
    'logs a payment: remaining by default, Save disabled until touched, server errors per field, then stays on the invoice',
    async () => {
      const { token, invoice } = await anOpenInvoice('log');
      const page = await signedIn(token);
      await page.goto(invoiceView(invoice.number));
      await visible(section(page).getByText('No payments', { exact: true }));
      await snap(page, 'invoice-payments-empty');

      await section(page).getByRole('button', { name: 'Log Payment' }).click();
      const dialog = paymentDialog(page);
      await visible(dialog);
      expect(await amountField(dialog).inputValue()).toBe('108.25');
      expect(await dialog.getByLabel(/^Received Date/).inputValue()).toBe(today());
      expect(await dialog.getByLabel(/^Received Date/).getAttribute('max')).toBe(daysFromToday(3));
      const save = dialog.getByRole('button', { name: 'Log Payment' });
      expect(await save.isDisabled()).toBe(true);

      await amountField(dialog).fill('0');
      await visible(dialog.getByText('Amount must be at least 0.01.', { exact: true }));
      await amountField(dialog).fill('50.25');
      await dialog.getByLabel(/^Note/).fill('check 1021');
      expect(await save.isDisabled()).toBe(false);

      // a rule only the server knows answers with its details list
      await page.route('**/api/v1/invoice/*/payment', (route) =>
        route.fulfill({
          status: 400,
          contentType: 'application/json',
          body: JSON.stringify({
            statusCode: 400,
            message: 'Bad payment',
            details: [
              { field: 'received_at', message: 'Received date is before the invoice.' },
              { field: 'note', message: 'Note is not allowed.' },
            ],
          }),
        }),
      );
      await save.click();
      const alert = dialog.getByRole('alert').filter({ hasText: 'Error saving payment!' });
      await visible(alert.getByRole('listitem').filter({ hasText: 'Received date is before the invoice.' }));
      await visible(dialog.getByText('Note is not allowed.', { exact: true }).nth(1));
      await snap(page, 'invoice-payment-form-errors');
      await page.unroute('**/api/v1/invoice/*/payment');

      await save.click();
      await visible(page.getByRole('alert').filter({ hasText: 'Created Invoice Payment' }));
      // the invoice stays open, showing the payment and the new balance
      expect(new URL(page.url()).pathname).toBe(invoiceView(invoice.number));
      await visible(section(page).getByRole('table', { name: 'Payments' }).getByText('$50.25'));
      await visible(section(page).getByText('$58.00'));
      await snap(page, 'invoice-payments-table');
    },
  );

  browser.it(
    'asks before logging on a fully paid invoice, also when the server says so (409), then logs it',
    async () => {
      const { token, invoice } = await anOpenInvoice('fully-paid');
      const page = await signedIn(token);
      await page.goto(invoiceView(invoice.number));
      await visible(section(page).getByText('No payments', { exact: true }));
      // paid in full elsewhere while this page still shows $108.25 remaining
      await aPayment(token, invoice.id, 108.25);
      // the live update of that payment can move the page under the pointer: click until the form opens
      const dialog = paymentDialog(page);
      await clickUntilVisible(section(page).getByRole('button', { name: 'Log Payment' }), dialog);
      await amountField(dialog).fill('1');
      await dialog.getByRole('button', { name: 'Log Payment' }).click();
      const question = page.getByRole('dialog', {
        name: 'Invoice has been fully paid, sure you want to log another payment?',
      });
      await visible(question);
      await snap(page, 'invoice-payment-fully-paid');
      await question.getByRole('button', { name: 'Nevermind' }).click();
      await question.waitFor({ state: 'hidden' });

      // now the page knows it is fully paid: it asks before sending
      await page.goto(invoiceView(invoice.number));
      await visible(section(page).getByRole('table', { name: 'Payments' }).getByText('$108.25'));
      await section(page).getByRole('button', { name: 'Log Payment' }).click();
      expect(await amountField(paymentDialog(page)).inputValue()).toBe('0.00');
      await amountField(paymentDialog(page)).fill('2');
      let posted = 0;
      page.on('request', (request) => {
        if (request.method() === 'POST' && request.url().endsWith('/payment')) posted++;
      });
      await paymentDialog(page).getByRole('button', { name: 'Log Payment' }).click();
      await visible(question);
      expect(posted).toBe(0);
      await question.getByRole('button', { name: 'Log Payment' }).click();
      await paymentDialog(page).waitFor({ state: 'hidden' }); // the page stays on the invoice
      // (hidden already while the question above it waits for the answer): wait for what the user waits for
      await visible(section(page).getByRole('table', { name: 'Payments' }).getByText('$2.00'));
      const invoiceNow = await api<{ paid: number; payments: unknown[] }>(`invoice/${invoice.id}`, { token });
      expect(invoiceNow).toMatchObject({ paid: 110.25 });
      expect(invoiceNow.payments).toHaveLength(2);
    },
  );

  browser.it('lets the owner edit and delete a payment from the Actions column', async () => {
    const { token, invoice } = await anOpenInvoice('owner');
    await aPayment(token, invoice.id, 20, { note: 'first' });
    const page = await signedIn(token);
    await page.goto(invoiceView(invoice.number));
    const table = section(page).getByRole('table', { name: 'Payments' });
    await visible(table.getByRole('columnheader', { name: 'Actions' }));

    await table.getByRole('button', { name: 'Edit payment of $20.00' }).click();
    const dialog = paymentDialog(page, 'Edit Payment');
    expect(await amountField(dialog).inputValue()).toBe('20.00');
    await amountField(dialog).fill('50');
    await dialog.getByRole('button', { name: 'Save Payment' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Payment updated' }));
    await visible(table.getByText('$50.00'));

    await table.getByRole('button', { name: 'Delete payment of $50.00' }).click();
    const question = page.getByRole('dialog', { name: /^Sure you want to delete the payment of \$50\.00/ });
    await visible(question);
    await snap(page, 'invoice-payment-delete');
    await question.getByRole('button', { name: 'Delete Payment' }).click();
    await visible(page.getByRole('alert').filter({ hasText: 'Payment deleted' }));
    await visible(section(page).getByText('No payments', { exact: true }));
  });

  browser.it(
    'at 390 px lists the payments with their whole note, and the owner edits one from it',
    async () => {
      const { token, invoice } = await anOpenInvoice('phone');
      const note = 'check 100100 from the Rusty Nail, handed to the driver at the back door';
      await aPayment(token, invoice.id, 20, { note });
      const page = await browser.signedIn(token, { viewport: { width: 390, height: 844 } });
      await page.goto(invoiceView(invoice.number));
      const list = section(page).getByRole('list', { name: 'Payments' });
      await visible(list.getByText(note));
      expect(
        await list
          .locator('li *')
          .evaluateAll((nodes) => nodes.filter((n) => n.scrollWidth > n.clientWidth).length),
      ).toBe(0);
      await list.getByRole('button', { name: 'Edit payment of $20.00' }).click();
      await visible(paymentDialog(page, 'Edit Payment'));
      await page.keyboard.press('Escape');
      await visible(list.getByRole('button', { name: 'Delete payment of $20.00' }));
      await snap(page, 'invoice-payments-390');
    },
  );

  browser.it('shows no Actions column to staff, who still log payments', async () => {
    const { token, invoice } = await anOpenInvoice('staff');
    await aPayment(token, invoice.id, 20);
    const page = await signedIn(await aStaff(token));
    await page.goto(invoiceView(invoice.number));
    const table = section(page).getByRole('table', { name: 'Payments' });
    await visible(table.getByText('$20.00'));
    expect(await table.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
    expect(await table.getByRole('button', { name: /payment of/ }).count()).toBe(0);
    await snap(page, 'invoice-payments-staff');

    await section(page).getByRole('button', { name: 'Log Payment' }).click();
    await amountField(paymentDialog(page)).fill('5');
    await paymentDialog(page).getByRole('button', { name: 'Log Payment' }).click();
    await paymentDialog(page).waitFor({ state: 'hidden' }); // the page stays on the invoice
    await visible(page.getByRole('alert').filter({ hasText: 'Created Invoice Payment' }));
  });

  browser.it('shows no payments section while the payment feature is off', async () => {
    const { token, invoice } = await anOpenInvoice('section-off');
    await api('company/feature', { method: 'POST', body: { name: 'payment', active: false }, token });
    const page = await signedIn(token);
    await page.goto(invoiceView(invoice.number));
    await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}` }));
    expect(await section(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Log Payment' }).count()).toBe(0);
  });
});
