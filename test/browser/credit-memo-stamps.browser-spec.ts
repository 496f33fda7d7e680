import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { snap, useBrowser } from '../support/browser.js';
import { ok, today, visible } from '../support/browser-fixtures.js';
import { setFeature } from '../support/cli.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** An owner keeping inventory: 24 bottles of Tito's in stock, roll AB1000–AB1479, an invoice of 5 (AB1000–AB1004). */
async function anOwnerWithAnInvoice(name: string) {
  const owner = await signUpOwner(http, name);
  await setFeature(app.app, owner.user.company_id, 'inventory');
  const customer = await ok(http.post('customer', RUSTY_NAIL, owner.token));
  const vodka = await ok(
    http.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    ),
  );
  await ok(
    http.put(
      'inventory',
      { ref_number: 'PO-1', items: [{ product_id: vodka.id, qty: 24, item_cost: 15 }] },
      owner.token,
    ),
  );
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token),
  );
  const invoice = await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: vodka.id, qty: 5, price: 19.99 }] },
      owner.token,
    ),
  );
  return { owner, invoice: invoice as { id: string; number: string } };
}

describe('Stamps follow credited goods (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    browser.it(
      `credits two broken bottles from the invoice; the stamp record and inventory history show it (${viewport.width} px)`,
      async () => {
        const { owner, invoice } = await anOwnerWithAnInvoice(`Cary Credit ${viewport.width}`);
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto(`/invoice/${invoice.number}`);
        await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}` }));
        await page.getByRole('button', { name: 'Credit items…' }).click();
        const dialog = page.getByRole('dialog', { name: `Credit items of invoice #${invoice.number}` });
        await visible(dialog);
        await dialog.getByRole('spinbutton', { name: /Qty to credit of/ }).fill('2');
        await dialog.getByLabel('Note').fill('Two bottles broken in the case');
        await dialog.getByRole('button', { name: 'Issue Credit Memo' }).click();
        await visible(page.getByRole('heading', { name: 'Credit memo CM-1001' }));
        await visible(
          page
            .getByRole('region', { name: 'Tax stamps' })
            .getByText("AB1003-AB1004 (TITO'S VODKA): written off with their bottles"),
        );
        await snap(page, `credit-memo-stamps-view-${viewport.width}`);

        // E-mail it from its view: one address, its PDF attached.
        await page.getByRole('button', { name: 'Email…' }).click();
        const email = page.getByRole('dialog', { name: 'Email credit memo CM-1001' });
        await visible(email);
        await email.getByLabel('Email').fill('ap@rustynail.test');
        expect(await seriousViolations(page, 'email dialog')).toEqual([]);
        await snap(page, `credit-memo-email-dialog-${viewport.width}`);
        await email.getByRole('button', { name: 'Send Email' }).click();
        await visible(page.getByText('Credit memo CM-1001 sent to ap@rustynail.test.'));
        expect((await app.mailbox.waitFor('ap@rustynail.test')).subject).toMatch(
          /^Credit memo CM-1001 from /,
        );

        // The invoice counts the two stamps as returned with the memo, not as missing.
        await page.goto(`/invoice/${invoice.number}`);
        await visible(
          page
            .getByRole('region', { name: 'Stamps' })
            .getByText(/Stamps needed: \d+ · assigned: \d+ · returned with credit memos: 2/),
        );

        // The stamp record: the two serials came back on the broken bottles, written off with them.
        await page.goto('/stamp/record');
        await page.getByRole('heading', { name: 'Stamp Record', level: 1 }).waitFor({ timeout: 60_000 });
        await page.getByRole('button', { name: 'This month' }).click();
        const table = page.getByRole('table', { name: 'Stamp transactions by date' });
        await visible(table.getByRole('cell', { name: 'Returned on goods, written off' }));
        // (a phone shows a line's serials and note under its transaction, a wider screen in their own column)
        await visible(table.getByText('Serials: AB1003 AB1004').filter({ visible: true }));
        await visible(
          table
            .getByText(/Credit memo CM-1001, TITO'S VODKA: destroyed with its bottle/)
            .filter({ visible: true }),
        );
        expect(await seriousViolations(page, 'stamp record')).toEqual([]);
        await snap(page, `credit-memo-stamp-record-${viewport.width}`);

        // One serial's history: affixed to the invoice, then written off with its bottle.
        await page.getByRole('tab', { name: 'One Stamp As Of' }).click();
        await page.getByLabel('Stamp Serial').fill('AB1004');
        await page.getByRole('button', { name: 'Look Up' }).click();
        const story = page.getByRole('table', { name: 'Transactions of the stamp' });
        await visible(story.getByRole('cell', { name: /Returned on goods, written off/ }));
        await visible(page.getByText(/AB1004 as of .*: Written off with its bottle$/));
        expect(await seriousViolations(page, 'serial history')).toEqual([]);
        await snap(page, `credit-memo-stamp-serial-${viewport.width}`);

        // Inventory history: the bottles came back and were written off under the memo's number.
        await page.goto('/inventory/history');
        await visible(page.getByRole('heading', { name: 'Inventory History' }));
        const main = page.getByRole('main');
        await visible(main.getByText('CM-1001').first());
        await visible(main.getByText('WRITE_OFF').first());
        expect(await seriousViolations(page, 'inventory history')).toEqual([]);
        await snap(page, `credit-memo-inventory-history-${viewport.width}`);
      },
      120_000,
    );

  for (const viewport of [
    { width: 1440, height: 900 },
    { width: 390, height: 844 },
  ])
    browser.it(
      `credits a short bottle from the customer overview: Credit an Invoice…, pick the invoice, its items (${viewport.width} px)`,
      async () => {
        const { owner, invoice } = await anOwnerWithAnInvoice(`Cleo Customer ${viewport.width}`);
        const customerId = (await ok(http.get(`invoice/${invoice.id}`, owner.token))).customer.id as string;
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto(`/customer/${customerId}`);
        await visible(page.getByRole('heading', { name: 'The Rusty Nail' }));
        await page.getByRole('button', { name: 'Credit an Invoice…' }).click();
        const picker = page.getByRole('dialog', { name: 'Credit an invoice' });
        await visible(picker.getByRole('combobox', { name: 'Invoice' }).getByText(`#${invoice.number}`));
        expect(await seriousViolations(page, 'credit picker')).toEqual([]);
        await snap(page, `customer-credit-picker-${viewport.width}`);
        await picker.getByRole('button', { name: 'Continue' }).click();

        const dialog = page.getByRole('dialog', { name: `Credit items of invoice #${invoice.number}` });
        await visible(dialog);
        await dialog.getByRole('combobox', { name: 'Reason' }).click();
        await page.getByRole('option', { name: 'Short delivered' }).click();
        await dialog.getByRole('spinbutton', { name: /Qty to credit of/ }).fill('1');
        await dialog.getByRole('button', { name: 'Issue Credit Memo' }).click();
        await visible(page.getByRole('heading', { name: 'Credit memo CM-1001' }));
        await visible(page.getByText('Short delivered'));

        // Its stamp is back in stock on its bottle.
        const story = await ok(http.get('stamp/record/serial?prefix=AB&number=1004', owner.token));
        expect(story.status).toBe('returned_in_stock');
      },
      120_000,
    );
});
