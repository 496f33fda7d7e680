import { startTestApp, type TestApp } from '../support/app.js';
import { join } from 'node:path';
import { apiCaller, SCREENSHOT_DIR, snap, useBrowser } from '../support/browser.js';
import {
  aCustomer,
  anOwnerToken,
  aWine,
  daysFromToday,
  expectTrue,
  today,
  visible,
} from '../support/browser-fixtures.js';
import { PHOTO_PNG, SIGNATURE_PNG } from '../support/delivery-images.js';
import { DESKTOP, PHONE, seriousViolations, settled } from './accessibility.js';
import { LONE_STAR_SPIRITS } from '../support/http.js';

let app: TestApp;
const api = apiCaller(() => app.baseUrl);

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** POST /invoice/{id}/delivery as the driver's app sends it (with its Idempotency-Key). */
async function deliver(invoiceId: string, token: string, body: object) {
  const response = await fetch(`${app.baseUrl}/api/v1/invoice/${invoiceId}/delivery`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${token}`,
      'idempotency-key': `browser-delivery-${invoiceId}`,
    },
    body: JSON.stringify(body),
  });
  if (response.status !== 201) throw new Error(`delivery → ${response.status} ${await response.text()}`);
}

describe('Proof of delivery on the invoice view (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it('sets the company’s default means of delivery and its carrier in the settings', async () => {
    const token = await anOwnerToken(api, 'pod-settings');
    const me = await api<{ company_id: string }>('validate_token', { token });
    await api(`company/${me.company_id}`, {
      method: 'PUT',
      body: LONE_STAR_SPIRITS,
      token,
    });
    const page = await browser.signedIn(token, { viewport: PHONE });
    await page.goto('/setting');
    const means = page.getByRole('combobox', { name: 'Means of Delivery' });
    await visible(means);
    await means.click();
    await page.getByRole('option', { name: 'Carrier' }).click();
    await page.getByRole('button', { name: 'Save Company' }).click();
    await visible(page.getByText("A carrier's delivery needs the carrier's name and permit.").first());
    await page.getByRole('textbox', { name: 'Carrier Name', exact: true }).fill('Hill Country Freight');
    await page.getByRole('textbox', { name: 'Carrier Permit', exact: true }).fill('C-123456');
    await page.getByRole('button', { name: 'Save Company' }).click();
    await visible(page.getByText('Company details saved.'));
    const company = await api<{ delivery_means: string; carrier_name: string; carrier_permit: string }>(
      `company/${me.company_id}`,
      { token },
    );
    expect(company).toMatchObject({
      delivery_means: 'carrier',
      carrier_name: 'Hill Country Freight',
      carrier_permit: 'C-123456',
    });
    await means.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'settings-delivery-means-390.png') });
    expect(await seriousViolations(page, 'settings 390', { include: 'main' })).toEqual([]);
  });

  for (const viewport of [DESKTOP, PHONE]) {
    browser.it(
      `shows the signature, signer, time, driver, photo, carrier, what came back and what was collected (${viewport.width} px)`,
      async () => {
        const token = await anOwnerToken(api, `pod-${viewport.width}`, { features: ['payment'] });
        const customer = await aCustomer(api, token);
        const wine = await aWine(api, token);
        const invoice = await api<{ id: string; number: string }>('invoice', {
          method: 'POST',
          body: {
            customer_id: customer.id,
            items: [{ product_id: wine.id, qty: 10, price: 10 }],
            force: true,
          },
          token,
        });
        await deliver(invoice.id, token, {
          delivered_at: `${today()}T16:05:00.000Z`,
          signer_name: 'Pat Retailer',
          signature: SIGNATURE_PNG,
          photo: PHOTO_PNG,
          means: 'carrier',
          carrier: { name: 'Hill Country Freight', permit: 'C-123456' },
          adjustments: [{ line_id: '1', quantity: 2, reason: 'damaged' }],
          payments: [{ method: 'check', amount: '50', reference: '1042' }],
        });
        const page = await browser.signedIn(token, { viewport });
        await page.goto(`/invoice/${invoice.number}`);
        const section = page.getByRole('region', { name: 'Proof of Delivery' });
        await visible(section);
        await visible(section.getByRole('img', { name: 'Signature of Pat Retailer' }));
        await visible(section.getByRole('img', { name: 'Photo taken at the stop' }));
        await expectTrue(async () => (await section.textContent())!.includes('Signed by Pat Retailer'));
        const text = (await section.textContent())!;
        expect(text).toContain('Partly delivered');
        expect(text).toContain('Carrier');
        expect(text).toContain('Hill Country Freight · permit C-123456');
        expect(text).toContain('Delivered by');
        expect(text).toContain('Delivered damaged');
        expect(text).toContain('Check 1042 · $50.00');
        const memo = section.getByRole('link', { name: 'CM-1001' });
        await visible(memo);
        // The images are drawn, not broken.
        await expectTrue(async () =>
          section
            .getByRole('img', { name: 'Signature of Pat Retailer' })
            .evaluate((img) => (img as HTMLImageElement).naturalWidth === 300),
        );
        await settled(page);
        expect(await seriousViolations(page, `invoice view ${viewport.width}`, { include: 'main' })).toEqual(
          [],
        );
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(
          true,
        );
        await section.scrollIntoViewIfNeeded();
        await snap(page, `proof-of-delivery-${viewport.width}`);
        await section.screenshot({
          path: join(SCREENSHOT_DIR, `proof-of-delivery-section-${viewport.width}.png`),
        });
        await memo.click();
        await visible(page.getByRole('heading', { name: /CM-1001/ }));
      },
    );
  }

  for (const viewport of [DESKTOP, PHONE]) {
    browser.it(
      `lists the checks to deposit, marks one deposited and one dishonoured (${viewport.width} px)`,
      async () => {
        const token = await anOwnerToken(api, `deposits-${viewport.width}`);
        const customer = await aCustomer(api, token);
        const wine = await aWine(api, token);
        const invoices = [];
        for (const reference of ['3001', '3002']) {
          const invoice = await api<{ id: string; number: string }>('invoice', {
            method: 'POST',
            body: {
              customer_id: customer.id,
              items: [{ product_id: wine.id, qty: 1, price: 10 }],
              force: true,
            },
            token,
          });
          await deliver(invoice.id, token, {
            delivered_at: `${daysFromToday(-20)}T16:05:00.000Z`,
            signer_name: 'Pat Retailer',
            signature: SIGNATURE_PNG,
            payments: [{ method: 'check', amount: '10.83', reference }],
          });
          invoices.push(invoice);
        }
        const page = await browser.signedIn(token, { viewport });
        await page.goto('/deposits');
        // A table at the desktop width, a list of cards on a phone: both named "Checks to deposit".
        const role = viewport.width > 900 ? 'table' : 'list';
        await visible(page.getByRole(role, { name: 'Checks to deposit' }));
        await visible(page.getByText('2 checks are past the day it must be deposited.'));
        await settled(page);
        expect(await seriousViolations(page, `deposits ${viewport.width}`, { include: 'main' })).toEqual([]);
        await snap(page, `deposits-${viewport.width}`);
        await page
          .getByRole('button', {
            name: `Mark deposited: check 3001 of $10.83 on invoice #${invoices[0]!.number}`,
          })
          .click();
        await page
          .getByRole('button', {
            name: `Mark deposited: check 3001 of $10.83 on invoice #${invoices[0]!.number}`,
          })
          .waitFor({ state: 'detached' });
        await page
          .getByRole('button', {
            name: `Mark dishonoured: check 3002 of $10.83 on invoice #${invoices[1]!.number}`,
          })
          .click();
        const dialog = page.getByRole('dialog', { name: 'Mark this check dishonoured?' });
        await visible(dialog);
        await visible(
          dialog.getByText(
            'A dishonoured check must be reported to TABC, and the customer then buys for cash only.',
          ),
        );
        await dialog.getByRole('textbox', { name: 'Note' }).fill('Returned: insufficient funds');
        expect(
          await seriousViolations(page, `dishonour dialog ${viewport.width}`, { include: '[role="dialog"]' }),
        ).toEqual([]);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `deposits-dishonour-${viewport.width}.png`) });
        await dialog.getByRole('button', { name: 'Mark Dishonoured' }).click();
        await visible(page.getByText('No checks waiting to be deposited.'));
        const bounced = await api<{ balance: number; payments: unknown[] }>(`invoice/${invoices[1]!.id}`, {
          token,
        });
        expect(bounced).toMatchObject({ balance: 10.83, payments: [] });
      },
    );
  }
});
