import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, snap, useBrowser } from '../support/browser.js';
import { aCustomer, anOwnerToken, aWine, today, visible } from '../support/browser-fixtures.js';

declare global {
  /** Set by the public PDF views once loaded (web/src/features/public/public-view.tsx). */
  interface Window {
    readyForExport?: boolean;
  }
}

let app: TestApp;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '05_Mar_2026' (as the client's specification asks) */
const fileDate = (day: string) => {
  const [y, m, d] = day.split('-') as [string, string, string];
  return `${d}_${MONTHS[Number(m) - 1]}_${y}`;
};

const api = apiCaller(() => app.baseUrl);

/** A company owner with the payment feature on, a customer, a wine and an invoice of $108.25 with $8.25 paid. */
async function anOwnerWithAnInvoice(label: string) {
  const token = await anOwnerToken(api, label, { features: ['payment'] });
  const customer = await aCustomer(api, token);
  const wine = await aWine(api, token);
  const invoice = await api<{ id: string; number: string }>('invoice', {
    method: 'POST',
    body: {
      customer_id: customer.id,
      items: [{ product_id: wine.id, qty: 10, price: 10 }],
      note: 'Deliver before noon',
      force: true,
    },
    token,
  });
  await api(`invoice/${invoice.id}/payment`, {
    method: 'POST',
    body: { amount: 8.25, received_at: today(), note: 'check 1021' },
    token,
  });
  return { token, customerId: customer.id, invoice };
}

/** Clicks and answers the downloaded file's name and first bytes. */
async function download(page: Page, click: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent('download'), click()]);
  const path = await file.path();
  return { name: file.suggestedFilename(), head: readFileSync(path).subarray(0, 5).toString() };
}

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Invoice and balance PDFs, public links (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  const signedIn = (token: string) => browser.signedIn(token);

  /** A fresh context with nobody signed in. */
  const signedOut = () => browser.newPage();

  browser.it(
    'downloads the invoice PDF from the view page and the grid, and shares a link that opens signed out',
    async () => {
      const { token, invoice } = await anOwnerWithAnInvoice('pdf');
      const page = await signedIn(token);
      await page.goto(`/invoice/${invoice.number}`);
      await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}`, level: 1 }));

      const fromView = await download(page, () =>
        page.getByRole('button', { name: `Pdf of invoice #${invoice.number}` }).click(),
      );
      expect(fromView).toEqual({
        name: `invoice_${invoice.number}_${fileDate(today())}.pdf`,
        head: '%PDF-',
      });

      await page.getByRole('button', { name: 'Share link' }).click();
      const dialog = page.getByRole('dialog', { name: `Share Invoice #${invoice.number}` });
      await visible(dialog);
      const url = await dialog.getByTestId('public-link').inputValue();
      expect(url).toMatch(new RegExp(`^${app.baseUrl}/invoice/pdf/[A-Za-z0-9_-]{43}$`));
      await visible(dialog.getByRole('button', { name: 'Copy' }));
      await snap(page, 'invoice-share-link');
      await dialog.getByRole('button', { name: 'Close' }).click();

      await page.goto('/invoice');
      const fromGrid = await download(page, () =>
        page.getByRole('button', { name: `Download PDF of invoice #${invoice.number}` }).click(),
      );
      expect(fromGrid.name).toBe(`invoice_${invoice.number}_${fileDate(today())}.pdf`);
      expect(fromGrid.head).toBe('%PDF-');

      const visitor = await signedOut();
      await visitor.goto(url);
      await visible(visitor.getByRole('heading', { name: `Invoice #${invoice.number}`, level: 1 }));
      await visible(visitor.getByText('Barefoot Merlot'));
      await visible(visitor.getByText('Deliver before noon'));
      await visible(visitor.getByText('check 1021'));
      await visitor.waitForFunction(() => window.readyForExport === true);
      expect(await visitor.evaluate(() => document.body.dataset.readyForExport)).toBe('true');
      expect(await visitor.evaluate(() => localStorage.getItem('token'))).toBeNull();
      await snap(visitor, 'public-invoice');
      const file = await download(visitor, () =>
        visitor.getByRole('button', { name: 'Download PDF' }).click(),
      );
      expect(file).toEqual({ name: `invoice_${invoice.number}_${fileDate(today())}.pdf`, head: '%PDF-' });
      expect(new URL(visitor.url()).pathname).toMatch(/^\/invoice\/pdf\//);
    },
  );

  browser.it(
    "shows 'Sorry, something went wrong!' for a wrong link, without signing anybody out",
    async () => {
      const { token } = await anOwnerWithAnInvoice('wrong');
      const visitor = await signedOut();
      await visitor.goto(`/invoice/pdf/${'A'.repeat(43)}`);
      const alert = visitor.getByRole('alert').filter({ hasText: 'Sorry, something went wrong!' });
      await visible(alert);
      await visible(alert.getByText('This link is invalid or has expired.'));
      expect(await visitor.evaluate(() => window.readyForExport)).toBeUndefined();
      expect(new URL(visitor.url()).pathname).toBe(`/invoice/pdf/${'A'.repeat(43)}`);
      await snap(visitor, 'public-invoice-wrong-token');

      // signed in, a wrong balance link is the same answer, and the session stays
      const page = await signedIn(token);
      await page.goto('/customer/balance/pdf/nope');
      await visible(page.getByRole('alert').filter({ hasText: 'Sorry, something went wrong!' }));
      await page.goto('/dashboard');
      await page.waitForURL('**/dashboard');
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBe(token);
    },
  );

  browser.it('downloads the balance PDF and shares the balance, opened signed out', async () => {
    const { token, customerId } = await anOwnerWithAnInvoice('balance');
    const page = await signedIn(token);
    await page.goto(`/customer/${customerId}/balance`);
    await visible(page.getByRole('heading', { name: 'The Rusty Nail · Balance' }));
    const pdf = await download(page, () => page.getByRole('button', { name: 'Pdf' }).click());
    expect(pdf.name).toMatch(new RegExp(`^balance_${customerId}_${fileDate(today())}_\\d{6}\\.pdf$`));
    expect(pdf.head).toBe('%PDF-');

    await page.getByRole('button', { name: 'Share link' }).click();
    const dialog = page.getByRole('dialog', { name: "Share The Rusty Nail's balance" });
    const url = await dialog.getByTestId('public-link').inputValue();
    expect(url).toMatch(new RegExp(`^${app.baseUrl}/customer/balance/pdf/[A-Za-z0-9_-]{43}$`));
    await snap(page, 'balance-share-link');

    const visitor = await signedOut();
    await visitor.goto(url);
    await visible(visitor.getByRole('heading', { name: /The Rusty Nail/, level: 1 }));
    await visible(visitor.getByText('Balance $100.00'));
    await visible(visitor.getByRole('table', { name: 'Open invoices' }).getByText('Partially Paid'));
    await visitor.waitForFunction(() => window.readyForExport === true);
    await snap(visitor, 'public-balance');
    const file = await download(visitor, () => visitor.getByRole('button', { name: 'Download PDF' }).click());
    expect(file.name).toMatch(/^balance_.*\.pdf$/);
    expect(file.head).toBe('%PDF-');
  });

  browser.it("revokes the balance's public links from the page, after a confirmation", async () => {
    const { token, customerId } = await anOwnerWithAnInvoice('revoke');
    const link = await api<{ url: string }>(`customer/${customerId}/balance/link`, { method: 'POST', token });
    const url = `${app.baseUrl}${link.url}`;
    const visitor = await signedOut();
    await visitor.goto(url);
    await visible(visitor.getByRole('heading', { name: /The Rusty Nail/, level: 1 }));

    const page = await signedIn(token);
    await page.goto(`/customer/${customerId}/balance`);
    await visible(page.getByRole('heading', { name: 'The Rusty Nail · Balance' }));

    // the server refuses once: the reason shows, the dialog stays open
    await page.route(`**/api/v1/customer/${customerId}/balance/link`, (route) =>
      route.request().method() === 'DELETE'
        ? route.fulfill({
            status: 503,
            contentType: 'application/json',
            body: JSON.stringify({ statusCode: 503, message: 'Service Unavailable' }),
          })
        : route.fallback(),
    );
    await page.getByRole('button', { name: 'Revoke links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the public links?' });
    await visible(dialog.getByText("Every public link to The Rusty Nail's balance stops working at once"));
    await dialog.getByRole('button', { name: 'Revoke links' }).click();
    await visible(page.getByText(/^The links could not be revoked\. Service Unavailable/));
    await page.unroute(`**/api/v1/customer/${customerId}/balance/link`);

    await dialog.getByRole('button', { name: 'Revoke links' }).click();
    await visible(page.getByText('1 public link revoked: it no longer opens.'));
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await snap(page, 'balance-links-revoked');

    await visitor.reload();
    const alert = visitor.getByRole('alert').filter({ hasText: 'Sorry, something went wrong!' });
    await visible(alert);
    await visible(alert.getByText('This link is invalid or has expired.'));

    // nothing left to revoke: said so
    await page.getByRole('button', { name: 'Revoke links' }).click();
    await dialog.getByRole('button', { name: 'Revoke links' }).click();
    await visible(page.getByText('There was no live public link to revoke.'));
  });

  browser.it("revokes an invoice's public links from its view page", async () => {
    const { token, invoice } = await anOwnerWithAnInvoice('revoke-invoice');
    const link = await api<{ url: string }>(`invoice/${invoice.id}/link`, { method: 'POST', token });
    const visitor = await signedOut();
    await visitor.goto(`${app.baseUrl}${link.url}`);
    await visible(visitor.getByRole('heading', { name: `Invoice #${invoice.number}`, level: 1 }));

    const page = await signedIn(token);
    await page.goto(`/invoice/${invoice.number}`);
    await page.getByRole('button', { name: 'Revoke links' }).click();
    const dialog = page.getByRole('dialog', { name: 'Revoke the public links?' });
    await visible(dialog.getByText(`Every public link to Invoice #${invoice.number} stops working at once`));
    await dialog.getByRole('button', { name: 'Revoke links' }).click();
    await visible(page.getByText('1 public link revoked: it no longer opens.'));
    await snap(page, 'invoice-links-revoked');

    await visitor.reload();
    const alert = visitor.getByRole('alert').filter({ hasText: 'Sorry, something went wrong!' });
    await visible(alert.getByText('This link is invalid or has expired.'));
  });

  browser.it("shows 'Error generating pdf' with the reason when the PDF cannot be made", async () => {
    const { token, invoice } = await anOwnerWithAnInvoice('failing');
    const page = await signedIn(token);
    await page.route('**/api/v1/invoice/pdf', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          statusCode: 503,
          message: 'Error generating pdf',
          details: [{ field: 'pdf', message: 'Chromium is not installed' }],
        }),
      }),
    );
    await page.goto(`/invoice/${invoice.number}`);
    await page.getByRole('button', { name: `Pdf of invoice #${invoice.number}` }).click();
    await visible(page.getByText('Error generating pdf: Chromium is not installed'));
    await snap(page, 'invoice-pdf-error');
  });
});
