import type { Page } from 'playwright-core';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, ok, today, visible } from '../support/browser-fixtures.js';
import { seriousViolations, settled } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** An owner with a roll and a cancelled invoice of 2 bottles to The Rusty Nail. */
async function anOwnerWithACancelledInvoice() {
  const owner = await signUpOwner(http, 'Rosa Replace');
  const customer = await ok(http.post('customer', RUSTY_NAIL, owner.token));
  const vodka = await ok(
    http.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    ),
  );
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token),
  );
  const invoice = await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: vodka.id, qty: 2, price: 19.99 }] },
      owner.token,
    ),
  );
  await ok(http.put(`invoice/${invoice.id}`, { status: 'cancelled' }, owner.token));
  return { owner, invoice: invoice as { id: string; number: string } };
}

/** The critical and serious WCAG 2.1 A/AA violations of the screen's content (the shell is the standards scan's). */
async function expectNoSeriousViolations(page: Page) {
  await settled(page);
  expect(await seriousViolations(page, page.url(), { include: 'main' })).toEqual([]);
}

const fitsTheWidth = (page: Page) =>
  expectTrue(async () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth));

describe('Replacing a cancelled invoice (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  for (const [label, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['390 px', { width: 390, height: 844 }],
  ] as const) {
    browser.it(
      `Replace opens the builder prefilled; saving links both invoices both ways (${label})`,
      async () => {
        const { owner, invoice } = await anOwnerWithACancelledInvoice();
        const page = await browser.signedIn(owner.token, { viewport });
        await page.goto(`/invoice/${invoice.number}`);
        await visible(page.getByText(/Replace it with a corrected invoice/));
        const replace = page.getByRole('link', { name: 'Replace', exact: true });
        await visible(replace);
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `invoice-cancelled-${viewport.width}`);

        await replace.click();
        await visible(page.getByText(`Replaces cancelled invoice #${invoice.number}`));
        // prefilled from the cancelled invoice: its customer and its item; Replicate Last Invoice has no place here
        await visible(page.getByText('The Rusty Nail').first());
        await visible(page.getByText("Tito's Vodka", { exact: false }).first());
        expect(await page.getByRole('button', { name: 'Replicate Last Invoice' }).count()).toBe(0);
        await expectNoSeriousViolations(page);
        await fitsTheWidth(page);
        await snap(page, `invoice-replace-builder-${viewport.width}`);

        await page.getByRole('button', { name: 'Create Invoice' }).click();
        const next = String(Number(invoice.number) + 1);
        await visible(page.getByRole('heading', { name: `Invoice #${next}` }));
        await visible(page.getByText('This invoice replaces cancelled invoice'));
        await page.getByRole('link', { name: `#${invoice.number}` }).click();
        await visible(page.getByRole('heading', { name: `Invoice #${invoice.number}` }));
        await visible(page.getByText('This invoice is cancelled and was replaced by invoice'));
        await visible(page.getByRole('link', { name: `#${next}` }));
        expect(await page.getByRole('link', { name: 'Replace', exact: true }).count()).toBe(0);
        await expectNoSeriousViolations(page);
        await snap(page, `invoice-replaced-${viewport.width}`);

        // the grid names them too
        await page.goto('/invoice');
        await visible(page.getByText(`replaced by #${next}`));
        await visible(page.getByText(`replaces #${invoice.number}`));
        await snap(page, `invoice-grid-replaced-${viewport.width}`);
      },
    );
  }

  browser.it('with strict records on, the cancelled invoice has no Delete button and says why', async () => {
    const { owner, invoice } = await anOwnerWithACancelledInvoice();
    const page = await browser.signedIn(owner.token);
    await page.goto(`/invoice/${invoice.number}`);
    await visible(page.getByRole('button', { name: 'Delete', exact: true }));
    await ok(http.put(`company/${owner.user.company_id}/compliance`, { strict_records: true }, owner.token));
    await page.reload();
    await visible(page.getByText('Strict records is on: invoices are never deleted.', { exact: false }));
    expect(await page.getByRole('button', { name: 'Delete', exact: true }).count()).toBe(0);
    await snap(page, 'invoice-cancelled-strict-records');
  });
});
