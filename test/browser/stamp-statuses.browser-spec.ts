import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCREENSHOT_DIR, snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectTrue, ok, today, visible } from '../support/browser-fixtures.js';
import { MAIN_NAVIGATION, seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

/** An owner with roll AB1000–AB1479 and, unless said otherwise, the extended stamp statuses on. */
async function anOwner(on = true) {
  const owner = await signUpOwner(http, 'Vera Void');
  await ok(
    http.post('stamp/roll', { prefix: 'AB', received_at: today(), from: 1000, to: 1479 }, owner.token),
  );
  if (on)
    await ok(
      http.put(`company/${owner.user.company_id}/compliance`, { extended_stamp_statuses: true }, owner.token),
    );
  return owner;
}

/** axe's WCAG A/AA rules; `withoutNav` leaves out the minimized side navigation of a phone-width screen. */
async function expectNoSeriousViolation(page: Page, withoutNav = false) {
  expect(await seriousViolations(page, page.url(), withoutNav ? { exclude: MAIN_NAVIGATION } : {})).toEqual(
    [],
  );
}

const form = (page: Page) =>
  page.getByRole('form', { name: 'Record lost, stolen, voided or returned stamps' });

async function recordVoidedWithReplacement(page: Page) {
  await page.getByRole('tab', { name: 'Lost, Stolen, Voided' }).click();
  const f = form(page);
  await visible(f);
  await f.getByLabel('What happened').selectOption('voided');
  await f.getByRole('textbox', { name: 'From' }).fill('1005');
  await f.getByRole('textbox', { name: 'To' }).fill('1005');
  await f.getByRole('textbox', { name: 'Note' }).fill('Torn while affixing');
  await f.getByRole('textbox', { name: 'Replacement stamp' }).fill('1006');
  await f.getByRole('button', { name: 'Record Stamps' }).click();
  await visible(page.getByText('1 stamp recorded voided: AB1005.'));
  await visible(page.getByText('AB1006 recorded as the replacement of AB1005.'));
}

describe('Stamp statuses beyond destroyed (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  browser.it(
    'records a voided stamp with its replacement; the history shows both ways, the record lists it',
    async () => {
      const owner = await anOwner();
      const page = await browser.signedIn(owner.token);
      await page.goto('/stamp/roll');
      await page.getByRole('tab', { name: 'Lost, Stolen, Voided' }).click();
      const f = form(page);
      await visible(f);
      await expectNoSeriousViolation(page);

      // The note is required, as the server says it.
      await f.getByRole('textbox', { name: 'From' }).fill('1005');
      await f.getByRole('textbox', { name: 'To' }).fill('1005');
      await f.getByRole('button', { name: 'Record Stamps' }).click();
      await visible(f.getByText('Please add a note saying what happened to the stamps.'));

      await recordVoidedWithReplacement(page);
      await snap(page, 'stamp-status-recorded');
      await f.screenshot({ path: join(SCREENSHOT_DIR, 'stamp-status-form.png') });
      await expectNoSeriousViolation(page);

      // The server's word on a stamp no longer in stock.
      await f.getByRole('textbox', { name: 'From' }).fill('1005');
      await f.getByRole('textbox', { name: 'To' }).fill('1005');
      await f.getByRole('textbox', { name: 'Note' }).fill('Again');
      await f.getByRole('button', { name: 'Record Stamps' }).click();
      await visible(
        page.getByText('Only stamps in stock can be recorded voided: AB1005 is not available.').first(),
      );

      // One stamp's history on the stamp log screen.
      await page.goto('/stamp');
      await page.getByLabel('Stamp Serial').first().fill('AB1005');
      await page
        .getByRole('button', { name: /look up/i })
        .first()
        .click();
      const history = page.getByRole('region', { name: 'History of stamp AB1005' });
      await visible(history.getByText('Replaced by AB1006.'));
      await visible(history.getByText('by AB1006: Torn while affixing'));
      await visible(history.getByText('Voided', { exact: true }).first());
      await snap(page, 'stamp-status-history');

      // The stamp record lists it.
      await page.goto('/stamp/record?view=transactions');
      await page.getByRole('button', { name: 'This month' }).click();
      const table = page.getByRole('table', { name: 'Stamp transactions by date' });
      await visible(table.getByRole('cell', { name: 'Voided', exact: true }));
      await visible(table.getByRole('cell', { name: 'Replacement issued', exact: true }));

      // One stamp as of now, and its history as a file.
      await page.getByRole('tab', { name: 'One Stamp As Of' }).click();
      await page.getByLabel('Stamp Serial').fill('AB1005');
      await page.getByRole('button', { name: 'Look Up' }).click();
      const story = page.getByRole('table', { name: 'Transactions of the stamp' });
      await visible(
        story.getByText(
          'Replacement issued (Replaced by AB1006: Torn while affixing (recorded by Vera Void))',
        ),
      );
      await visible(page.getByText(/: Voided$/));
      const [csv] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Stamp CSV' }).click(),
      ]);
      expect(csv.suggestedFilename()).toMatch(/^stamp_AB1005_as_of_.*\.csv$/);
      expect(readFileSync(await csv.path()).toString()).toContain('AB1005,');
      const [pdf] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download Stamp PDF' }).click(),
      ]);
      expect(
        readFileSync(await pdf.path())
          .subarray(0, 5)
          .toString(),
      ).toBe('%PDF-');
      await expectNoSeriousViolation(page);
    },
  );

  browser.it('fits a 390 px wide screen', async () => {
    const owner = await anOwner();
    const page = await browser.signedIn(owner.token, { viewport: { width: 390, height: 844 } });
    await page.goto('/stamp/roll');
    await recordVoidedWithReplacement(page);
    await expectTrue(async () =>
      page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    );
    await expectNoSeriousViolation(page, true);
    await form(page).screenshot({ path: join(SCREENSHOT_DIR, 'stamp-status-form-390.png') });
  });

  browser.it('shows no such tab while the setting is off', async () => {
    const owner = await anOwner(false);
    const page = await browser.signedIn(owner.token);
    await page.goto('/stamp/roll');
    await visible(page.getByRole('tab', { name: 'Undo Destroy' }));
    expect(await page.getByRole('tab', { name: 'Lost, Stolen, Voided' }).count()).toBe(0);
  });
});
