import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, ok, today, visible } from '../support/browser-fixtures.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

const lastMonth = () => {
  const [y, m] = today().split('-').map(Number) as [number, number];
  return m === 1 ? `${y - 1}-12` : `${y}-${String(m - 1).padStart(2, '0')}`;
};

/** An owner with the payment feature and two customers invoiced last month: one with an e-mail address, one without. */
async function anOwnerWithCustomers() {
  const owner = await signUpOwner(http, 'Stella Statements');
  for (const name of ['payment', 'email'])
    await ok(http.post('company/feature', { name, active: true }, owner.token));
  const wine = await ok(
    http.post(
      'product',
      { product: 'House Red', product_type: 'wine', product_size: '750ml', product_price: 10 },
      owner.token,
    ),
  );
  for (const [name, email, tabc] of [
    ['Alamo Bar', 'ap@alamo.test', 'MB200001'],
    ['Buffalo Bar', null, 'MB200002'],
  ] as const) {
    const customer = await ok(
      http.post(
        'customer',
        { ...RUSTY_NAIL, name, tabc_id: tabc, ...(email ? { contact_email: email } : {}) },
        owner.token,
      ),
    );
    await ok(
      http.post(
        'invoice',
        {
          customer_id: customer.id,
          items: [{ product_id: wine.id, qty: 2, price: 10 }],
          invoiced_at: `${lastMonth()}-05`,
          force: true,
        },
        owner.token,
      ),
    );
  }
  return owner;
}

describe('Statement run (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'e-mails last month’s statements after a confirmation, shows the progress and the result, then zips them',
    async () => {
      const owner = await anOwnerWithCustomers();
      const page = await browser.signedIn(owner.token, { viewport: DESKTOP });
      await page.goto('/customer');
      await page.getByRole('link', { name: 'Statement Run' }).first().click();
      await visible(page.getByRole('heading', { name: 'Statement Run', level: 1 }));
      expect(await page.getByRole('textbox', { name: 'Month' }).inputValue()).toBe(lastMonth());
      await snap(page, 'statement-run');
      expect(await seriousViolations(page, 'statement run')).toEqual([]);

      const mark = app.mailbox.mark();
      await page.getByRole('button', { name: 'Run Statements' }).click();
      const confirm = page.getByRole('dialog', { name: /E-mail the statements of/ });
      await visible(confirm);
      expect(await seriousViolations(page, 'statement run confirmation')).toEqual([]);
      await confirm.getByRole('button', { name: 'E-mail Everyone' }).click();
      const result = page.getByRole('region', { name: /Result:/ });
      await visible(result);
      const summary = result.getByRole('definition');
      await expectTrue(async () => (await summary.allTextContents()).join(',') === '1,1,1,0,0');
      await visible(result.getByText('Done: 2 customers looked at.'));
      await visible(result.getByRole('link', { name: 'Email log' }));
      await snap(page, 'statement-run-result');
      expect(await seriousViolations(page, 'statement run result')).toEqual([]);
      const mail = await app.mailbox.waitFor('ap@alamo.test', { after: mark });
      expect(mail.attachments[0]).toMatchObject({ contentType: 'application/pdf' });

      // the Email log lists the run's e-mail: the statement, its customer and period, sent
      await result.getByRole('link', { name: 'Email log' }).click();
      const log = page.getByRole('grid', { name: 'Email log' });
      const row = log.getByRole('row').filter({ hasText: 'ap@alamo.test' });
      await visible(row.getByRole('link', { name: /^Statement, Alamo Bar · / }));
      await visible(row.getByText('Sent', { exact: true }));
      expect(await seriousViolations(page, 'email log with a statement')).toEqual([]);
      await snap(page, 'statement-run-email-log');
      await page.goBack();

      await page.getByRole('radio', { name: 'Download one zip' }).check();
      await page.getByRole('button', { name: 'Run Statements' }).click();
      const download = page.getByRole('button', { name: 'Download Zip' });
      await visible(download);
      const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);
      expect(file.suggestedFilename()).toBe(`statements_${lastMonth()}.zip`);
    },
  );

  browser.it('fits a 390 px wide screen, with its result, and passes axe there', async () => {
    const owner = await anOwnerWithCustomers();
    const page = await browser.signedIn(owner.token, { viewport: PHONE });
    await page.goto('/statements');
    await page.getByRole('radio', { name: 'Download one zip' }).check();
    await page.getByRole('button', { name: 'Run Statements' }).click();
    await visible(page.getByRole('button', { name: 'Download Zip' }));
    await expectTrue(async () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    );
    expect(await seriousViolations(page, 'statement run 390')).toEqual([]);
    await snap(page, 'statement-run-390');
  });
});
