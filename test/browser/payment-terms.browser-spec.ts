import { statutoryDueDate } from '#domain/invoices/credit-law.js';
import { addCalendarDays } from '#domain/shared/texas-calendar.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';
import { expectTrue, today, visible } from '../support/browser-fixtures.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const DETAILS = { ...LONE_STAR_SPIRITS, default_invoice_note: 'Thank you!' };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1440, height: 900 };

describe('Payment terms (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    "sets the company's terms in Settings; the builder's due date and note follow them, and a late due date warns",
    async () => {
      const owner = await signUpOwner(http, 'Tess Terms');
      await http.put(`company/${owner.user.company_id}`, DETAILS, owner.token);
      const customer = await http.post(
        'customer',
        {
          name: 'The Rusty Nail',
          address: '500 E 6th St',
          city: 'Austin',
          zip: '78701',
          tabc_id: 'MB765432',
          cash_on_delivery: false,
          fintech_option: false,
        },
        owner.token,
      );
      expect(customer.status).toBe(201);
      await http.post(
        'product',
        {
          product: 'Barefoot Merlot',
          product_type: 'wine',
          product_size: '750ml',
          product_price: 10,
          last_purchase_price: '5.00',
        },
        owner.token,
      );

      // Settings: Net 14 days.
      const settings = await browser.signedIn(owner.token, { viewport: DESKTOP });
      await settings.goto('/setting');
      const terms = settings.getByRole('combobox', { name: 'Payment Terms' });
      await visible(terms);
      await terms.click();
      await settings.getByRole('option', { name: 'Net days' }).click();
      const days = settings.getByRole('textbox', { name: 'Net Days' });
      await days.fill('14');
      await snap(settings, 'payment-terms-settings-1440');
      await settings.getByRole('button', { name: 'Save Company' }).click();
      await visible(settings.getByText('Company details saved.'));
      await expectTrue(async () => {
        const company = await http.get(`company/${owner.user.company_id}`, owner.token);
        return company.body.payment_terms === 'net_14';
      });

      for (const viewport of [DESKTOP, PHONE]) {
        const page = await browser.signedIn(owner.token, { viewport });
        if (viewport === PHONE) {
          await page.goto('/setting');
          await visible(page.getByRole('textbox', { name: 'Net Days' }));
          await page.getByRole('combobox', { name: 'Payment Terms' }).scrollIntoViewIfNeeded();
          await snap(page, 'payment-terms-settings-390');
        }
        await page.goto('/invoice/create');
        await page.getByRole('combobox', { name: 'Customer' }).fill('rusty');
        await page.getByRole('option', { name: /The Rusty Nail/ }).click();
        const due = page.getByLabel('Due Date');
        await expectTrue(async () => (await due.inputValue()) === addCalendarDays(today(), 14));
        const note = page.getByRole('textbox', { name: 'Note', exact: true });
        await expectTrue(async () => (await note.inputValue()) === 'Net 14. Thank you!');

        // A wine line on credit, and a due date a day after the credit law's statutory date: a warning, no block.
        await page.getByRole('combobox', { name: 'Add product' }).fill('barefoot');
        await page.getByRole('option', { name: /Barefoot Merlot/i }).click();
        await visible(page.getByRole('spinbutton', { name: /Quantity for BAREFOOT MERLOT/i }));
        const late = addCalendarDays(statutoryDueDate(today()), 1);
        await due.fill(late);
        await visible(page.getByText(/The Texas credit law wants liquor and wine paid by/));
        expect(await page.getByRole('button', { name: 'Create Invoice' }).isEnabled()).toBe(true);
        await due.scrollIntoViewIfNeeded();
        await snap(page, `payment-terms-builder-${viewport.width}`);
      }
    },
  );
});
