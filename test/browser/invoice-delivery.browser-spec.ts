import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { png } from '../support/images.js';
import { seriousViolations } from './accessibility.js';
import { captureServerErrors } from '../support/logs.js';
import {
  aCustomer,
  anOwnerToken,
  aWine,
  clickUntilVisible,
  cutInPhoneList,
  expectTrue,
  visible,
} from '../support/browser-fixtures.js';

let app: TestApp;

const api = apiCaller(() => app.baseUrl);
const PHONE = { width: 390, height: 844 };

/** A company owner made through the API, with the email feature unless told otherwise; answers its token. */
const anOwner = (label: string, { email = true } = {}) =>
  anOwnerToken(api, label, { features: email ? ['email'] : [] });

/** An invoice of one wine for a customer whose contact e-mail is buyer@rustynail.test. */
async function anInvoice(token: string): Promise<{ id: string; number: string }> {
  const customer = await aCustomer(api, token, { contact_email: 'buyer@rustynail.test' });
  const wine = await aWine(api, token);
  return api('invoice', {
    method: 'POST',
    body: { customer_id: customer.id, items: [{ product_id: wine.id, qty: 2, price: 10 }], force: true },
    token,
  });
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Delivering invoices (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string) => browser.signedIn(token);

  const emailSection = (page: Page) => page.getByRole('region', { name: 'E-mails' });
  const documentsSection = (page: Page) => page.getByRole('region', { name: 'Documents and notes' });

  browser.it(
    'e-mails the invoice from the view page: validation, the outcome, the section, /emails and the inbox',
    async () => {
      const token = await anOwner('mail');
      const invoice = await anInvoice(token);
      const page = await signedIn(token);
      await page.goto(`/invoice/${invoice.number}`);
      const section = emailSection(page);
      await visible(section.getByText('No e-mails sent'));

      await section.getByRole('button', { name: 'Send Email' }).click();
      const dialog = page.getByRole('dialog', {
        name: `Send Invoice #${invoice.number} to customers via email`,
      });
      await visible(dialog);
      // prefilled with the customer's contact e-mail
      await visible(dialog.getByRole('listitem').filter({ hasText: 'buyer@rustynail.test' }));

      // validation: a bad address, then none at all
      const recipients = dialog.getByRole('textbox', { name: 'Recipients' });
      await recipients.fill('not-an-address');
      await recipients.press('Enter');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await visible(dialog.getByText('Input valid email address'));
      await dialog.getByRole('listitem').filter({ hasText: 'not-an-address' }).locator('svg').click();
      await dialog.getByRole('listitem').filter({ hasText: 'buyer@rustynail.test' }).locator('svg').click();
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await visible(dialog.getByText('Email address cannot be empty'));
      await snap(page, 'email-dialog-validation');

      const mark = app.mailbox.mark();
      await recipients.fill('buyer@rustynail.test, owner@rustynail.test');
      await recipients.press('Enter');
      await dialog.getByLabel('Note').fill('See you Friday');
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await visible(dialog.getByText('Your email has been sent'));
      await visible(dialog.getByRole('link', { name: 'Email log' }));
      await snap(page, 'email-dialog-sent');

      const mail = await app.mailbox.waitFor('owner@rustynail.test', { after: mark });
      expect(mail.subject).toContain(`Invoice #${invoice.number}`);
      expect(mail.text).toContain('See you Friday');
      expect(mail.attachments).toHaveLength(1);

      await dialog.getByRole('button', { name: 'Close' }).click();
      const table = section.getByRole('table', { name: 'E-mails' });
      await visible(table.getByRole('row').filter({ hasText: 'owner@rustynail.test' }));
      await visible(table.getByRole('row').filter({ hasText: 'buyer@rustynail.test' }).getByText('Sent'));
      await visible(table.getByText('See you Friday').first());
      await snap(page, 'email-section');

      // sending again warns about the addresses it already went to
      await section.getByRole('button', { name: 'Send Email' }).click();
      await visible(dialog.getByText(`Invoice #${invoice.number} was already sent to buyer@rustynail.test`));
      await dialog.getByRole('button', { name: 'Cancel' }).click();

      // the Email log, prefiltered on the invoice
      await section.getByRole('link', { name: 'Email log' }).click();
      await page.waitForURL(`**/emails?invoice=${invoice.number}`);
      await visible(page.getByRole('heading', { name: 'Email Log', level: 1 }));
      await visible(page.getByRole('main').getByRole('link', { name: 'New Invoice' }));
      const grid = page.getByRole('grid', { name: 'Email log' });
      for (const header of ['Document', 'Type', 'Emailed To', 'Notes', 'Sent At'])
        await visible(grid.getByRole('columnheader', { name: header }));
      const rows = grid.getByRole('row').filter({ has: page.getByRole('gridcell') });
      await visible(rows.filter({ hasText: 'owner@rustynail.test' }));
      expect(await rows.count()).toBe(2);
      expect((await rows.first().boundingBox())?.height).toBe(50);
      await snap(page, 'email-log');
      await rows
        .first()
        .getByRole('link', { name: `Invoice #${invoice.number}` })
        .click();
      await page.waitForURL(`**/invoice/${invoice.number}`);
    },
  );

  browser.it('reports a refused e-mail as not sent', async () => {
    const token = await anOwner('refused');
    const invoice = await anInvoice(token);
    const page = await signedIn(token);
    await page.goto(`/invoice/${invoice.number}`);
    const dialog = page.getByRole('dialog');
    await clickUntilVisible(
      emailSection(page).getByRole('button', { name: 'Send Email' }),
      dialog.getByRole('listitem').filter({ hasText: 'buyer@rustynail.test' }),
    );
    app.mailbox.refuse({ code: 550, message: 'No such user', to: 'buyer@rustynail.test' });
    const errors = captureServerErrors();
    try {
      await dialog.getByRole('button', { name: 'Send Email' }).click();
      await visible(
        dialog.getByText(
          'Failed to send email. Please make sure the email addresses are valid and try again',
        ),
      );
      // the server logs the 502 for the operator
      expect(errors.messages()).toEqual([expect.stringContaining('HttpException: Failed to send email.')]);
    } finally {
      errors.restore();
      app.mailbox.refuse(null);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await visible(emailSection(page).getByText('Not delivered'));
  });

  browser.it(
    'shows the activation card on /emails and no e-mail section while the feature is off',
    async () => {
      const token = await anOwner('off', { email: false });
      const invoice = await anInvoice(token);
      const page = await signedIn(token);
      await page.goto('/emails');
      await visible(page.getByRole('region', { name: 'Email Invoicing is not active' }));
      expect(await page.getByRole('grid', { name: 'Email log' }).count()).toBe(0);
      await snap(page, 'email-log-activation');
      await page.goto(`/invoice/${invoice.number}`);
      await visible(documentsSection(page));
      expect(await emailSection(page).count()).toBe(0);
    },
  );

  browser.it('shows the empty e-mail history on /emails, at 1440 and 390 px', async () => {
    const page = await signedIn(await anOwner('empty'));
    await page.goto('/emails');
    await visible(page.getByRole('grid', { name: 'Email log' }).getByText('No e-mail history'));
    await page.setViewportSize(PHONE);
    await visible(page.getByRole('status').getByText('No e-mail history'));
    await visible(page.getByRole('main').getByRole('link', { name: 'New Invoice' }));
    await snap(page, 'email-log-empty-390');
  });

  browser.it(
    'lists the e-mails at 390 px: whole addresses, time, note and status; the invoice and status filters; a tap opens the invoice',
    async () => {
      const token = await anOwner('phone');
      const customer = await aCustomer(api, token, { contact_email: 'buyer@rustynail.test' });
      const wine = await aWine(api, token);
      const invoice = () =>
        api<{ number: string }>('invoice', {
          method: 'POST',
          body: {
            customer_id: customer.id,
            items: [{ product_id: wine.id, qty: 2, price: 10 }],
            force: true,
          },
          token,
        });
      const first = await invoice();
      const second = await invoice();
      const long = 'accounts.payable.department@the-longest-named-neighborhood-icehouse.test';
      await api(`invoice/${first.number}/email`, {
        method: 'POST',
        body: { emails: [long], notes: 'Statement of the month enclosed, see you Friday' },
        token,
      });
      // a refused address: the e-mail is logged as not delivered (the send answers 502)
      app.mailbox.refuse({ code: 550, message: 'No such user', to: 'gone@rustynail.test' });
      const errors = captureServerErrors();
      try {
        await expect(
          api(`invoice/${second.number}/email`, {
            method: 'POST',
            body: { emails: ['gone@rustynail.test'] },
            token,
          }),
        ).rejects.toThrow(/502/);
      } finally {
        errors.restore();
        app.mailbox.refuse(null);
      }

      const page = await browser.signedIn(token, { viewport: PHONE });
      await page.goto('/emails');
      const list = page.getByRole('list', { name: 'Email log' });
      const rows = list.getByRole('listitem');
      const sent = rows.filter({ hasText: long });
      const refused = rows.filter({ hasText: 'gone@rustynail.test' });
      await visible(sent.getByText(`Invoice #${first.number} to ${long}`, { exact: true }));
      await visible(sent.getByText(/Statement of the month enclosed, see you Friday$/));
      await visible(sent.getByText('Sent', { exact: true }));
      await visible(refused.getByText(`Invoice #${second.number} to gone@rustynail.test`, { exact: true }));
      await visible(refused.getByText('Not delivered', { exact: true }));
      expect(await rows.count()).toBe(2);
      // every line whole (the long address wrapped), nothing cut at the screen's edge
      expect(await cutInPhoneList(list)).toEqual([]);
      await visible(page.getByRole('main').getByRole('link', { name: 'New Invoice' }));
      await snap(page, 'email-log-390');
      expect(await seriousViolations(page, 'email log at 390 px', { include: 'main' })).toEqual([]);

      // the grid's Status column filter, above the list
      await page.getByRole('combobox', { name: 'Status' }).click();
      await page.getByRole('option', { name: 'Not delivered' }).click();
      await expectTrue(async () => (await rows.count()) === 1 && (await refused.count()) === 1);
      await page.getByRole('button', { name: 'Clear filters' }).click();
      await expectTrue(async () => (await rows.count()) === 2);

      // an invoice's e-mails: its number, as the invoice page's link sets it
      await page.getByRole('textbox', { name: 'Invoice number' }).fill(`#${first.number}`);
      await page.waitForURL(`**/emails?invoice=${first.number}`);
      await expectTrue(async () => (await rows.count()) === 1 && (await sent.count()) === 1);
      await page.evaluate(() => window.scrollTo(0, 0));
      await snap(page, 'email-log-390-invoice');

      await sent.getByRole('link').click();
      await page.waitForURL(`**/invoice/${first.number}`);
    },
  );

  browser.it(
    'uploads, previews, renames and deletes a document; adds and deletes a private note',
    async () => {
      const token = await anOwner('docs', { email: false });
      const invoice = await anInvoice(token);
      const page = await signedIn(token);
      await page.goto(`/invoice/${invoice.number}`);
      const section = documentsSection(page);
      await visible(section.getByText('No documents or notes'));
      await snap(page, 'documents-empty');

      // a refused type is explained before any upload
      await section.getByRole('button', { name: 'Upload Document' }).click();
      const upload = page.getByRole('dialog', { name: 'Upload Document' });
      await upload.getByLabel('Document file').setInputFiles({
        name: 'page.html',
        mimeType: 'text/html',
        buffer: Buffer.from('<p>hi</p>'),
      });
      await visible(upload.getByText('This file type is not allowed', { exact: false }));
      await upload.getByLabel('Document file').setInputFiles({
        name: 'big.pdf',
        mimeType: 'application/pdf',
        buffer: Buffer.alloc(5 * 1024 * 1024 + 1),
      });
      await visible(upload.getByText('Files can be at most 5 MB', { exact: false }));

      // a camera photo named image.jpg is saved as .jpeg
      await upload.getByLabel('Document file').setInputFiles({
        name: 'image.jpg',
        mimeType: 'image/jpeg',
        buffer: Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]),
      });
      await visible(upload.getByText('image.jpeg', { exact: false }));
      await upload.getByLabel('Document file').setInputFiles({
        name: 'shelf.png',
        mimeType: 'image/png',
        buffer: png(120, 60),
      });
      await upload.getByLabel('Note').fill('Shelf photo');
      await upload.getByRole('button', { name: 'Upload' }).click();
      await visible(upload.getByText('Uploaded · 100%'));
      await upload.waitFor({ state: 'detached', timeout: 5000 });
      const list = section.getByRole('list', { name: 'Documents' });
      await visible(list.getByText('shelf.png'));
      await visible(list.getByText('Shelf photo'));
      await snap(page, 'documents-list');

      // preview from a blob URL, never the raw address
      await section.getByRole('button', { name: 'Preview shelf.png' }).click();
      const preview = page.getByRole('dialog', { name: 'shelf.png' });
      const image = preview.getByRole('img', { name: 'shelf.png' });
      await visible(image);
      expect(await image.getAttribute('src')).toMatch(/^blob:/);
      expect(page.url()).toContain(`/invoice/${invoice.number}`);
      await snap(page, 'document-preview');
      await preview.getByRole('button', { name: 'Close' }).click();

      // rename: an empty name is refused
      await section.getByRole('button', { name: 'Edit shelf.png' }).click();
      const edit = page.getByRole('dialog', { name: 'Edit document' });
      await edit.getByLabel('File name').fill('  ');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(edit.getByText('File name can not be empty'));
      await edit.getByLabel('File name').fill('Back shelf.png');
      await edit.getByLabel('Note').fill('After restock');
      await edit.getByRole('button', { name: 'Save' }).click();
      await visible(page.getByText('File updated'));
      await visible(list.getByText('Back shelf.png'));
      await visible(list.getByText('After restock'));

      // private notes: Add is disabled while empty
      const add = section.getByRole('button', { name: 'Add', exact: true });
      expect(await add.isDisabled()).toBe(true);
      await section.getByLabel('Private note').fill('Customer disputes line 2');
      await add.click();
      const notes = section.getByRole('list', { name: 'Private notes' });
      await visible(notes.getByText('Customer disputes line 2'));
      expect(await add.isDisabled()).toBe(true);
      await snap(page, 'documents-and-notes');

      // delete the document (confirmed) and the note
      await section.getByRole('button', { name: 'Delete Back shelf.png' }).click();
      await page
        .getByRole('dialog', { name: 'Sure you want to delete Back shelf.png?' })
        .getByRole('button', { name: 'Delete Document' })
        .click();
      await list.waitFor({ state: 'detached' });
      await section.getByRole('button', { name: 'Delete note: Customer disputes line 2' }).click();
      await visible(section.getByText('No documents or notes'));

      const left = await api<{ documents: unknown[]; notes: unknown[] }>(`invoice/${invoice.id}/document`, {
        token,
      });
      expect(left).toEqual({ documents: [], notes: [] });
    },
  );
});
