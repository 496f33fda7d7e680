import { readFileSync } from 'node:fs';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { snap, useBrowser } from '../support/browser.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, completeCompany, signUpOwner, type ApiClient } from '../support/http.js';
import {
  cutInPhoneList,
  daysFromToday,
  expectTrue,
  ok,
  openColumnMenu,
  visible,
} from '../support/browser-fixtures.js';
import { DESKTOP, PHONE, seriousViolations } from './accessibility.js';

let app: TestApp;
let http: ApiClient;

interface Owner {
  token: string;
  user: { id: string; company_id: string };
}

/** A fresh owner, so a fresh company with no stamps. */
const anOwner = (name = 'Stella Stamper'): Promise<Owner> => signUpOwner(http, name);

const addRoll = (owner: Owner, prefix: string, from: number, to: number, days = 0) =>
  ok(http.post('stamp/roll', { prefix, received_at: daysFromToday(days), from, to }, owner.token));

/**
 * The owner's first invoice, numbered `number`: `count` bottles of Tito's Vodka to Bar One (TABC ID MB123456), so
 * `count` stamps, the first available.
 */
async function invoiceStamps(owner: Owner, invoice: { number: string; count: number }) {
  const customer = await ok(http.post('customer', { ...RUSTY_NAIL, name: 'Bar One' }, owner.token));
  const vodka = await ok(
    http.post(
      'product',
      { product: "Tito's Vodka", product_type: 'liquor', product_size: '750ml', product_price: 19.99 },
      owner.token,
    ),
  );
  await completeCompany(http, owner, { starting_invoice_number: Number(invoice.number) });
  const created = await ok(
    http.post(
      'invoice',
      { customer_id: customer.id, items: [{ product_id: vodka.id, qty: invoice.count, price: 19.99 }] },
      owner.token,
    ),
  );
  if (created.number !== invoice.number) throw new Error(`invoice ${created.number}, not ${invoice.number}`);
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** A business date as the screens show it: '05 Mar, 2026'. */
const shown = (day: string) => {
  const [y, m, d] = day.split('-') as [string, string, string];
  return `${d} ${MONTHS[Number(m) - 1]}, ${y}`;
};

beforeAll(async () => {
  app = await startTestApp({ AUTH_RATE_LIMIT: '1000', AUTH_RATE_LIMIT_PER_ADDRESS: '100000' });
  http = apiClient(app.baseUrl);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

describe('Stamps (browser)', () => {
  const browser = useBrowser(() => app.baseUrl);

  /** A page signed in as the owner (the token stored as the app stores it). */
  async function signedIn(owner: Owner, path: string, viewport?: { width: number; height: number }) {
    const page = await browser.newPage(viewport ? { viewport } : undefined);
    await page.context().addInitScript(`localStorage.setItem('token', ${JSON.stringify(owner.token)});`);
    await page.goto(path);
    return page;
  }

  describe('/stamp/roll', () => {
    browser.it('shows the empty states of a company without rolls', async () => {
      const owner = await anOwner();
      const page = await signedIn(owner, '/stamp/roll');
      await visible(page.getByRole('heading', { name: 'Stamp Rolls', level: 1 }));
      await visible(page.getByText('No roll found', { exact: true }));
      await visible(page.getByText('No data found', { exact: true }));
      await snap(page, 'stamp-rolls-empty');

      await page.getByRole('tab', { name: 'Destroy Stamps' }).click();
      await visible(page.getByText('No roll found: register a roll first.'));
      await page.getByRole('tab', { name: 'Undo Destroy' }).click();
      await visible(page.getByText('No destroyed stamps to undo.'));

      // Register new roll brings the add-roll form back, its prefix field focused
      await page.getByRole('button', { name: 'Register new roll' }).click();
      await expectTrue(
        async () =>
          (await page.evaluate<string | null>("document.activeElement?.getAttribute('name') ?? null")) ===
          'prefix',
      );
    });

    browser.it('validates the add-roll form, warns about the size, then adds the roll', async () => {
      const owner = await anOwner();
      const page = await signedIn(owner, '/stamp/roll');
      const form = page.getByRole('form', { name: 'Add roll' });
      await form.getByRole('button', { name: 'Add Roll' }).click();
      await visible(form.getByText('From is required.'));
      await visible(form.getByText('To is required.'));

      await form.getByLabel('From').fill('500');
      await form.getByLabel('To').fill('499');
      await visible(form.getByText('Stamp roll must end in a larger value than the start'));
      await form.getByLabel('From').fill('0');
      await visible(form.getByText('From must be at least 1.'));
      await form.getByLabel('Received Date').fill(daysFromToday(10));
      await visible(form.getByText('Received date must not be later than 3 days after today.'));
      await snap(page, 'stamp-roll-validation');

      await form.getByLabel('Prefix').fill(' ab ');
      await form.getByLabel('Received Date').fill(daysFromToday(0));
      await form.getByLabel('From').fill('1000');
      await form.getByLabel('To').fill('1099');
      const warnings = page.getByRole('status', { name: 'Roll size warnings' });
      await visible(warnings.getByText('A roll of 100 stamps is unusual: not a multiple of 80 or 500.'));
      await form.getByLabel('To').fill('1049');
      await visible(warnings.getByText('A roll of 50 stamps is too few (under 80).'));
      await snap(page, 'stamp-roll-warnings');
      await form.getByRole('button', { name: 'Add Roll' }).click();

      await visible(page.getByText('Stamp roll AB1000–AB1049 added.'));
      const row = page.getByRole('row', { name: /AB1000–AB1049/ });
      await visible(row.getByRole('button', { name: 'Active roll AB1000–AB1049' }));
      await visible(row.getByRole('cell', { name: '50 / 50' }));
      expect(await form.getByLabel('From').inputValue()).toBe('');
      await visible(page.getByRole('region', { name: 'Stamp Status' }).getByText('AB1000', { exact: true }));

      // the server's answer: an overlapping roll of the same prefix
      await form.getByLabel('Prefix').fill('AB');
      await form.getByLabel('From').fill('1040');
      await form.getByLabel('To').fill('1200');
      await form.getByRole('button', { name: 'Add Roll' }).click();
      const problem = form.getByRole('alert');
      await visible(problem.getByText('Error saving stamp!'));
      expect(await problem.innerText()).toMatch(/overlap/i);
      await snap(page, 'stamp-roll-server-error');
    });

    browser.it('toggles a roll inactive and active; a finished roll cannot be toggled', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'CD', 1, 480);
      await addRoll(owner, 'EF', 1, 5);
      await ok(http.put('stamp/roll/2/assign', { from: 1, to: 5 }, owner.token));
      const page = await signedIn(owner, '/stamp/roll');

      // Deactivating asks first, and says plainly what the only active roll going means; Cancel changes nothing.
      await page.getByRole('button', { name: 'Active roll CD1–CD480' }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate roll CD1–CD480?' });
      await visible(
        confirm.getByText(
          'It is the only active roll: liquor invoices will then get no stamps until a roll is active again.',
        ),
      );
      await snap(page, 'stamp-roll-deactivate-confirm');
      await confirm.getByRole('button', { name: 'Cancel' }).click();
      await visible(page.getByRole('button', { name: 'Active roll CD1–CD480' }));
      await page.getByRole('button', { name: 'Active roll CD1–CD480' }).click();
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await visible(page.getByRole('button', { name: 'Inactive roll CD1–CD480' }));
      await visible(page.getByText('Roll CD1–CD480 is now inactive.'));
      await visible(page.getByRole('region', { name: 'Stamp Status' }).getByText('No active roll'));
      await snap(page, 'stamp-rolls-inactive');
      await page.getByRole('button', { name: 'Inactive roll CD1–CD480' }).click();
      await visible(page.getByRole('button', { name: 'Active roll CD1–CD480' }));

      const finished = page.getByRole('button', { name: 'Finished roll EF1–EF5' });
      await visible(finished);
      expect(await finished.isDisabled()).toBe(true);

      await page.route('**/api/v1/stamp/roll/1', (route) =>
        route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } }),
      );
      await page.getByRole('button', { name: 'Active roll CD1–CD480' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Deactivate' }).click();
      await visible(page.getByText('Error Updating Stamp Roll'));
      await visible(page.getByRole('button', { name: 'Active roll CD1–CD480' }));
    });

    browser.it('destroys a range, shows what happened, and undoes it', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479);
      await invoiceStamps(owner, { number: '1001', count: 12 });
      const page = await signedIn(owner, '/stamp/roll');

      await page.getByRole('tab', { name: 'Destroy Stamps' }).click();
      const form = page.getByRole('form', { name: 'Destroy stamps' });
      await visible(form.getByLabel('Roll'));
      await form.getByLabel('From').fill('1005');
      await form.getByLabel('To').fill('1500');
      await form.getByRole('button', { name: 'Destroy Stamps' }).click();
      await visible(form.getByText('From and to must lie within the roll range AB1000-AB1479.'));

      await form.getByLabel('To').fill('1029');
      await form.getByLabel('Note').fill('water damage');
      await form.getByRole('button', { name: 'Destroy Stamps' }).click();
      const result = form.getByRole('status').filter({ hasText: 'Destroy record #1' });
      await visible(result.getByText('Destroyed 18 stamps: AB1012-AB1029.'));
      await visible(result.getByText('Invoiced stamps not destroyed: AB1005-AB1011 (invoice #1001).'));
      await visible(
        page.getByRole('row', { name: /AB1000–AB1479/ }).getByRole('cell', { name: '450 / 480' }),
      );
      await snap(page, 'stamp-destroy-result');

      // the same range again: nothing left to destroy, the server says why
      await form.getByLabel('From').fill('1022');
      await form.getByLabel('To').fill('1029');
      await form.getByRole('button', { name: 'Destroy Stamps' }).click();
      await visible(form.getByRole('alert').getByText('None destroyed in range AB1022-AB1029.'));

      await page.getByRole('tab', { name: 'Undo Destroy' }).click();
      const record = page.getByRole('checkbox', { name: /#1 AB1005–AB1029: 18 destroyed/ });
      await visible(record);
      const undo = page.getByRole('button', { name: /^Undo Destroy/ });
      expect(await undo.isDisabled()).toBe(true);
      await record.check();
      await snap(page, 'stamp-undo-destroy');
      await undo.click();
      await visible(page.getByText('Restored 18 stamps: they are available again.'));
      await visible(page.getByText('No destroyed stamps to undo.'));
      await visible(
        page.getByRole('row', { name: /AB1000–AB1479/ }).getByRole('cell', { name: '468 / 480' }),
      );
    });

    browser.it(
      "shows 'Error loading stamp rolls' and 'Error Checking Stamp Status' when the calls fail",
      async () => {
        const owner = await anOwner();
        await addRoll(owner, 'AB', 1000, 1479);
        const page = await browser.newPage();
        await page.context().addInitScript(`localStorage.setItem('token', ${JSON.stringify(owner.token)});`);
        let failing = true;
        const fail = (path: string) =>
          page.route(`**/api/v1/${path}`, (route) =>
            failing && route.request().method() === 'GET'
              ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } })
              : route.fallback(),
          );
        await fail('stamp/roll');
        await fail('stamp/remaining');
        await page.goto('/stamp/roll');
        await visible(page.getByText('Error loading stamp rolls'));
        const status = page.getByRole('region', { name: 'Stamp Status' });
        await visible(status.getByText('Error Checking Stamp Status'));
        await visible(status.getByRole('button', { name: 'Register new roll' }));
        await snap(page, 'stamp-rolls-errors');

        failing = false;
        await status.getByRole('button', { name: 'Check Again' }).click();
        await visible(status.getByText('AB1000–AB1479'));
        await page.getByRole('button', { name: 'Retry' }).click();
        await visible(page.getByRole('button', { name: 'Active roll AB1000–AB1479' }));
      },
    );

    browser.it('at 390 px lists the rolls as blocks: every figure and the state switch in view', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479, -2);
      await addRoll(owner, 'CD', 1, 480);
      await addRoll(owner, 'EF', 1, 5);
      await ok(http.put('stamp/roll/3/assign', { from: 1, to: 5 }, owner.token));
      await ok(http.post('stamp/roll/1/destroy', { from: 1000, to: 1003, note: 'torn' }, owner.token));
      await invoiceStamps(owner, { number: '1001', count: 12 });

      // at 1440 px the table, as before
      const desk = await signedIn(owner, '/stamp/roll', DESKTOP);
      const table = desk.getByRole('table', { name: 'Rolls' });
      await visible(table.getByRole('columnheader', { name: 'Received' }));
      await visible(
        table.getByRole('row', { name: /AB1000–AB1479/ }).getByRole('cell', { name: '464 / 480' }),
      );
      await snap(desk, 'stamp-rolls-1440');

      const page = await signedIn(owner, '/stamp/roll', PHONE);
      await visible(page.getByRole('button', { name: 'Active roll AB1000–AB1479' }));
      await snap(page, 'stamp-rolls-390');
      expect(await page.getByRole('table').count()).toBe(0);
      const list = page.getByRole('list', { name: 'Rolls' });
      const roll = (label: string) => list.getByRole('listitem').filter({ hasText: label });
      const ab = roll('AB1000–AB1479');
      await visible(ab.getByText(`Received ${shown(daysFromToday(-2))}`, { exact: true }));
      await visible(ab.getByText('464 / 480 left · 12 invoiced · 4 destroyed', { exact: true }));
      await visible(ab.getByText('Next stamp AB1016', { exact: true }));
      const ef = roll('EF1–EF5');
      await visible(ef.getByText(`Finished ${shown(daysFromToday(0))}`, { exact: true }));
      await visible(ef.getByText('0 / 5 left · 5 invoiced · 0 destroyed', { exact: true }));
      await visible(ef.getByText('No stamp left', { exact: true }));
      expect(await ef.getByRole('button', { name: 'Finished roll EF1–EF5' }).isDisabled()).toBe(true);
      expect(await cutInPhoneList(list)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        PHONE.width,
      );
      expect(await seriousViolations(page, 'stamp rolls at 390 px', { include: 'main' })).toEqual([]);

      // the state switch works from the list: deactivating asks first
      await roll('CD1–CD480').getByRole('button', { name: 'Active roll CD1–CD480' }).click();
      const confirm = page.getByRole('dialog', { name: 'Deactivate roll CD1–CD480?' });
      await visible(confirm.getByText('New invoices will take their stamps from the other active rolls.'));
      await confirm.getByRole('button', { name: 'Deactivate' }).click();
      await visible(roll('CD1–CD480').getByRole('button', { name: 'Inactive roll CD1–CD480' }));
      await snap(page, 'stamp-rolls-inactive-390');
    });
  });

  describe('/stamp', () => {
    browser.it('lists the log newest first with destroyed stamps marked, and looks up a stamp', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479);
      await invoiceStamps(owner, { number: '1001', count: 12 });
      await ok(http.post('stamp/roll/1/destroy', { from: 1022, to: 1025, note: 'torn' }, owner.token));
      const page = await signedIn(owner, '/stamp');

      await visible(page.getByRole('heading', { name: 'Stamps', level: 1 }));
      const grid = page.getByRole('grid', { name: 'Stamp log' });
      const rows = grid.getByRole('row');
      await expectTrue(async () => (await rows.count()) === 4); // header + 3 rows
      const invoiced = rows.filter({ hasText: 'Bar One' });
      await visible(invoiced.getByText('MB123456'));
      await visible(invoiced.getByRole('link', { name: '#1001' }));
      await visible(invoiced.getByText('Invoiced'));
      const destroyed = rows.filter({ hasText: 'Destroyed' });
      await visible(destroyed.getByRole('gridcell', { name: '1022' }));
      // newest first: the destroy, then the invoice, then the receipt
      expect(await rows.nth(1).innerText()).toContain('Destroyed');
      expect(await rows.nth(3).innerText()).toContain('Received');
      await visible(page.getByRole('link', { name: 'Manage Rolls' }));
      await snap(page, 'stamp-log');

      const lookup = page.getByRole('search', { name: 'Look up a stamp' });
      await lookup.getByRole('button', { name: 'Look Up' }).click();
      await visible(lookup.getByText('Enter the stamp serial.'));
      // the serial as printed, pasted in lower case
      await lookup.getByLabel('Stamp Serial').fill('ab1005');
      await lookup.getByRole('button', { name: 'Look Up' }).click();
      const history = page.getByRole('list', { name: 'Stamp history' });
      await visible(history);
      const steps = history.getByRole('listitem');
      expect(await steps.count()).toBe(2);
      expect(await steps.nth(0).innerText()).toContain('Received with roll AB1000–AB1479');
      expect(await steps.nth(1).innerText()).toMatch(
        /Invoiced on invoice #1001 to Bar One \(TABC ID MB123456\)/,
      );
      await visible(
        page
          .getByRole('region', { name: 'History of stamp AB1005' })
          .getByText('Invoiced', { exact: true })
          .first(),
      );
      await snap(page, 'stamp-lookup');

      await lookup.getByLabel('Stamp Serial').fill('AB 1023');
      await lookup.getByRole('button', { name: 'Look Up' }).click();
      await visible(page.getByRole('region', { name: 'History of stamp AB1023' }));
      expect(await steps.nth(1).innerText()).toContain('Destroyed as record #1: torn');

      await lookup.getByLabel('Stamp Serial').fill('AB99999');
      await lookup.getByRole('button', { name: 'Look Up' }).click();
      await visible(page.getByText('No stamp AB99999 found'));
    });

    browser.it('downloads the log and the as-of ledger as CSV, and says when the CSV fails', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479);
      await invoiceStamps(owner, { number: '1002', count: 5 });
      const page = await signedIn(owner, '/stamp');
      await visible(page.getByRole('grid', { name: 'Stamp log' }).getByText('Bar One'));

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toMatch(/^stamps_\d{2}_[A-Z][a-z]{2}_\d{4}\.csv$/);
      const lines = readFileSync(await download.path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toBe(
        'Customer,TABC ID,Invoice,Date,Prefix,Start,End,Used,Balance,On Hand,Status,Note',
      );
      expect(lines).toHaveLength(3);
      expect(lines[1]).toMatch(/^Bar One,MB123456,1002,[^,]+,AB,1000,1004,5,475,\d+,allocated,$/);

      const asOf = page.getByRole('form', { name: 'Ledger as of' });
      await asOf.getByLabel('As Of').fill('2999-01-01T10:00:00');
      await asOf.getByRole('button', { name: 'Download As-of CSV' }).click();
      await visible(asOf.getByText('The report cannot be after now.'));
      // the browser runs in America/Chicago: its wall clock, now (events above are seconds old)
      await asOf.getByLabel('As Of').fill(chicagoWallClock(new Date()));
      const [ledger] = await Promise.all([
        page.waitForEvent('download'),
        asOf.getByRole('button', { name: 'Download As-of CSV' }).click(),
      ]);
      expect(ledger.suggestedFilename()).toMatch(/^stamp_ledger_.*\.csv$/);
      const ledgerLines = readFileSync(await ledger.path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(ledgerLines[0]).toBe('As of,Roll,Prefix,Roll From,Roll To,Received,Active,Status,From,To,Count');
      expect(ledgerLines.some((line) => /,1,AB,1000,1479,.*,INVOICED,1000,1004,5$/.test(line))).toBe(true);

      await page.route('**/api/v1/stamp/download**', (route) =>
        route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } }),
      );
      await page.getByRole('button', { name: 'Download CSV' }).click();
      await visible(page.getByText('Error occurred while generating CSV'));
      await snap(page, 'stamp-csv-error');
    });

    browser.it('pages, sorts and filters the log on the server', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479);
      await addRoll(owner, 'CD', 1, 80);
      for (let n = 0; n < 28; n++)
        await ok(http.post('stamp/roll/1/destroy', { from: 1100 + n, to: 1100 + n }, owner.token));
      const page = await signedIn(owner, '/stamp');
      const grid = page.getByRole('grid', { name: 'Stamp log' });
      await visible(page.getByText('1–25 of 30'));

      const gridCall = (match: (url: URL) => boolean) =>
        page.waitForResponse((r) => r.url().includes('/invoice/stamp/grid') && match(new URL(r.url())));
      let next = gridCall((url) => url.searchParams.get('startRow') === '25');
      await page.getByRole('button', { name: 'Go to next page' }).click();
      expect((await next).url()).toContain('endRow=50');
      await visible(page.getByText('26–30 of 30'));
      // the footer can show the new page a frame before the rows do
      await expectTrue(async () => (await grid.getByRole('row').count()) === 6);

      // a new sort goes back to the first page
      next = gridCall((url) => url.searchParams.get('sortModel') === '[{"colId":"start","sort":"asc"}]');
      await grid.getByRole('columnheader', { name: 'Start' }).click();
      const sorted = await next;
      expect(new URL(sorted.url()).searchParams.get('startRow')).toBe('0');
      await visible(page.getByText('1–25 of 30'));
      await expectTrue(async () => (await grid.getByRole('row').nth(1).innerText()).includes('CD'));

      next = gridCall((url) => (url.searchParams.get('filterModel') ?? '').includes('"prefix"'));
      await openColumnMenu(page, grid, 'Prefix');
      await page.getByRole('menuitem', { name: 'Filter' }).click();
      await page.getByRole('textbox', { name: 'Value' }).fill('CD');
      expect(JSON.parse(new URL((await next).url()).searchParams.get('filterModel')!)).toEqual({
        prefix: { filterType: 'text', type: 'contains', filter: 'CD' },
      });
      await visible(page.getByText('1–1 of 1'));
      await snap(page, 'stamp-log-filtered');
      await page.keyboard.press('Escape');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download CSV' }).click(),
      ]);
      const lines = readFileSync(await download.path(), 'utf8')
        .trim()
        .split(/\r?\n/);
      expect(lines).toHaveLength(2); // the CSV holds what the grid shows: header + the CD roll
      expect(lines[1]).toContain(',CD,1,80,');
    });

    browser.it('shows the empty log and a failing log with Retry', async () => {
      const owner = await anOwner();
      const page = await signedIn(owner, '/stamp');
      await visible(page.getByRole('grid', { name: 'Stamp log' }).getByText('No stamps logged yet.'));
      await snap(page, 'stamp-log-empty');

      let failing = true;
      await page.route('**/api/v1/invoice/stamp/grid**', (route) =>
        failing
          ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } })
          : route.fallback(),
      );
      await page.reload();
      const grid = page.getByRole('grid', { name: 'Stamp log' });
      await visible(grid.getByText('Error loading the stamp log'));
      failing = false;
      await grid.getByRole('button', { name: 'Retry' }).click();
      await visible(grid.getByText('No stamps logged yet.'));
      await addRoll(owner, 'ZZ', 1, 80); // the live update refreshes the open log
      await visible(grid.getByRole('gridcell', { name: 'ZZ' }));
    });
  });

  describe('dashboard and navigation', () => {
    browser.it('shows the low-stamp warning (dismissible) and the active-roll banner', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1099);
      await invoiceStamps(owner, { number: '1003', count: 10 });
      const page = await signedIn(owner, '/dashboard');

      const low = page.getByRole('status').filter({ hasText: 'Running low on stamps' });
      await visible(low);
      expect(await low.innerText()).toContain(
        '90 stamps left in your active rolls, under your threshold of 500',
      );
      expect(await low.getByRole('link', { name: 'change the stamp threshold' }).getAttribute('href')).toBe(
        '/setting?focus_field=threshold',
      );
      const active = page.getByRole('status').filter({ hasText: 'Active roll AB' });
      expect(await active.innerText()).toMatch(
        /Active roll AB1000–AB1099: 90 of 100 stamps left, next stamp AB1010/,
      );
      await snap(page, 'dashboard-stamp-banners');

      await low.getByRole('button', { name: 'Dismiss low-stamp warning' }).click();
      await low.waitFor({ state: 'detached' });
      await page.reload();
      await visible(page.getByRole('status').filter({ hasText: 'Active roll AB' }));
      expect(await page.getByText('Running low on stamps').count()).toBe(0);

      await active.getByRole('link', { name: 'Manage Rolls' }).click();
      await page.waitForURL('**/stamp/roll');
    });

    browser.it(
      "shows 'No data found' without rolls and 'Error Checking Stamp Status' with Check Again",
      async () => {
        const owner = await anOwner();
        const page = await browser.newPage();
        await page.context().addInitScript(`localStorage.setItem('token', ${JSON.stringify(owner.token)});`);
        let failing = true;
        await page.route('**/api/v1/stamp/remaining', (route) =>
          failing
            ? route.fulfill({ status: 500, json: { statusCode: 500, message: 'Internal server error' } })
            : route.fallback(),
        );
        await page.goto('/dashboard');
        const error = page.getByRole('alert').filter({ hasText: 'Error Checking Stamp Status' });
        await visible(error);
        await visible(error.getByRole('link', { name: 'Register new roll' }));
        await snap(page, 'dashboard-stamp-status-error');

        failing = false;
        await error.getByRole('button', { name: 'Check Again' }).click();
        const empty = page.getByRole('status').filter({ hasText: 'No data found' });
        await visible(empty);
        await empty.getByRole('link', { name: 'Register new roll' }).click();
        await page.waitForURL('**/stamp/roll');
      },
    );

    browser.it('offers Stamps and Stamp Rolls in the side navigation, by keyboard too', async () => {
      const owner = await anOwner();
      const page = await signedIn(owner, '/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Stamps' }).click();
      await page.waitForURL('**/stamp');
      await visible(page.getByRole('heading', { name: 'Stamps', level: 1 }));
      await nav.getByRole('link', { name: 'Stamp Rolls' }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL('**/stamp/roll');
      await visible(page.getByRole('heading', { name: 'Stamp Rolls', level: 1 }));

      // the roll tabs follow the arrow keys
      await page.getByRole('tab', { name: 'Add Roll' }).focus();
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      await visible(page.getByRole('tabpanel', { name: 'Destroy Stamps' }));
    });

    browser.it(
      'shows the log on a phone as a list of serials, their invoice and what became of them',
      async () => {
        const owner = await anOwner();
        await addRoll(owner, 'AB', 1000, 1479);
        await invoiceStamps(owner, { number: '1001', count: 12 });
        const page = await signedIn(owner, '/stamp', { width: 390, height: 844 });
        const log = page.getByRole('list', { name: 'Stamp log' });
        await visible(log);
        const items = log.getByRole('listitem');
        await expectTrue(async () => (await items.count()) === 2);
        const invoiced = items.filter({ hasText: '#1001' });
        await visible(invoiced.getByText('AB1000–1011'));
        await visible(invoiced.getByText('12 stamps'));
        await visible(invoiced.getByText('Invoiced'));
        await snap(page, 'stamp-log-phone');
        const overflow = await page.evaluate<number>(
          'document.documentElement.scrollWidth - document.documentElement.clientWidth',
        );
        expect(overflow).toBeLessThanOrEqual(0);
      },
    );
    browser.it('fits a tablet-width screen', async () => {
      const owner = await anOwner();
      await addRoll(owner, 'AB', 1000, 1479);
      const page = await signedIn(owner, '/stamp/roll', { width: 768, height: 1024 });
      await visible(page.getByRole('button', { name: 'Active roll AB1000–AB1479' }));
      await snap(page, 'stamp-rolls-tablet');
      await page.goto('/stamp');
      await visible(page.getByRole('grid', { name: 'Stamp log' }).getByText('Received'));
      await snap(page, 'stamp-log-tablet');
      const overflow = await page.evaluate<number>(
        'document.documentElement.scrollWidth - document.documentElement.clientWidth',
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
});

/** 'yyyy-MM-ddTHH:mm:ss' in America/Chicago, as a datetime-local input takes it. */
function chicagoWallClock(date: Date): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone: 'America/Chicago',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}:${parts.second}`;
}
