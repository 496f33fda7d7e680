import type { Page } from 'playwright-core';
import { SettableClock } from '../../apps/api/src/infra/clock.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiCaller, useBrowser } from '../support/browser.js';
import { aCustomer, anOwnerToken, aWine, visible } from '../support/browser-fixtures.js';
import { pdfText } from '../support/pdf-text.js';

/*
 * One instant, every screen: a payment logged at a known instant reads the same on the payments grid, the invoice's
 * payments table, the activity log and the invoice PDF — the company's wall time (America/Chicago), whatever the
 * browser's own zone (Asia/Tokyo here) or the server's.
 */

// 03:30 UTC on 6 March 2026: 21:30 on 5 March in Chicago (CST, UTC−6), 12:30 on 6 March in Tokyo.
const LOGGED = '2026-03-06T03:30:00.000Z';
const INVOICED = '2026-03-06T02:10:00.000Z'; // 20:10 on 5 March in Chicago
const IN_CHICAGO = '05 Mar, 2026 09:30 PM';
const IN_TOKYO = '06 Mar, 2026 12:30 PM';
const IN_UTC = '06 Mar, 2026 03:30 AM';
const COMPANY_DAY = '2026-03-05';

const clock = new SettableClock();
let app: TestApp;
const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' }, { clock });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** An owner (signed up on the real clock), an invoice made at INVOICED and a payment logged at LOGGED. */
async function aPaymentAtAKnownInstant() {
  const token = await anOwnerToken(api, 'instant', { features: ['payment'] });
  const customer = await aCustomer(api, token);
  const wine = await aWine(api, token);
  try {
    clock.set(INVOICED);
    const invoice = await api<{ id: string; number: string }>('invoice', {
      method: 'POST',
      body: { customer_id: customer.id, items: [{ product_id: wine.id, qty: 1, price: 10 }], force: true },
      token,
    });
    clock.set(LOGGED);
    await api(`invoice/${invoice.id}/payment`, {
      method: 'POST',
      body: { amount: 5, received_at: COMPANY_DAY, note: 'check 4411' },
      token,
    });
    return { token, invoice };
  } finally {
    clock.release();
  }
}

/** The page's text shows the company's time and neither the browser's nor UTC's. */
async function showsTheCompanyTime(page: Page, where: string) {
  const text = await page.locator('main').innerText();
  expect({ where, chicago: text.includes(IN_CHICAGO) }).toEqual({ where, chicago: true });
  expect({ where, tokyo: text.includes(IN_TOKYO), utc: text.includes(IN_UTC) }).toEqual({
    where,
    tokyo: false,
    utc: false,
  });
}

describe('One instant on every screen (browser in Asia/Tokyo, company in America/Chicago)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'reads the payment’s time identically on the grid, the invoice, the activity log and the PDF',
    async () => {
      const { token, invoice } = await aPaymentAtAKnownInstant();
      const page = await browser.signedIn(token, { timezoneId: 'Asia/Tokyo' });

      // the payments grid: Logged At
      await page.goto('/payment');
      const row = page.getByRole('row').filter({ hasText: invoice.number });
      await visible(row.first());
      await expect(row.first().innerText()).resolves.toContain(IN_CHICAGO);
      await showsTheCompanyTime(page, 'payments grid');

      // the invoice view: its payments table
      await page.goto(`/invoice/${invoice.number}`);
      const payments = page.getByRole('table', { name: 'Payments' });
      await visible(payments);
      await expect(
        payments.getByRole('row').filter({ hasText: 'check 4411' }).innerText(),
      ).resolves.toContain(IN_CHICAGO);
      await showsTheCompanyTime(page, 'invoice view');

      // the activity log, narrowed to the invoice: the payment and the status change it made, at that time
      await page.goto(`/activity?invoice=${encodeURIComponent(invoice.number)}`);
      for (const activity of [/Logged a payment of \$5\.00/, /became Partially Paid/]) {
        const activityRow = page.getByRole('row').filter({ hasText: activity });
        await visible(activityRow);
        await expect(activityRow.innerText()).resolves.toContain(IN_CHICAGO);
      }
      await showsTheCompanyTime(page, 'activity log');

      // the invoice PDF: the invoice date and the payment's day are the company's (5 March), not UTC's (6 March)
      const printed = await fetch(`${app.baseUrl}/api/v1/invoice/pdf`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ number: invoice.number }),
      });
      expect(printed.status).toBe(200);
      const lines = pdfText(Buffer.from(await printed.arrayBuffer())).split('\n');
      expect(lines).toContain('Invoice date05 Mar, 2026');
      expect(lines.find((line) => line.includes('check 4411'))).toContain('05 Mar, 2026');
      expect(lines.join('\n')).not.toContain('06 Mar, 2026');
    },
  );
});
