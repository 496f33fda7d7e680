import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { taxpayersImport } from '../../apps/cli/src/taxpayers-import.command.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { RUSTY_NAIL } from '../support/api-fixtures.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { aDriver, apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/*
 * Comptroller taxpayer numbers filled from the Mixed Beverage Gross Receipts file (data.texas.gov naa9-5pif), matched
 * by TABC permit: POST /customer/taxpayer-numbers/import and `npm run cli -- taxpayers:import`. Only empty numbers
 * are filled, through the customer's own event; a typed number is kept.
 */
const SAMPLE = resolve('test/fixtures/comptroller/mixed-beverage-receipts.csv');

describe('Taxpayer numbers from the mixed beverage receipts (HTTP and CLI)', () => {
  let app: TestApp;
  let api: ApiClient;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let other: Awaited<ReturnType<typeof signUpOwner>>;
  const ids: Record<string, string> = {};

  const upload = async (content: string | Buffer, token = owner.token, name = 'receipts.csv') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'text/csv' }), name);
    const response = await fetch(`${app.baseUrl}/api/v1/customer/taxpayer-numbers/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  };
  const numberOf = async (name: string, token = owner.token, id = ids[name]) =>
    (await api.get(`customer/${id}`, token)).body.comptroller_taxpayer_number as string | null;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    owner = await signUpOwner(api, 'Tex Payer');
    other = await signUpOwner(api, 'Otto Other');
    await app.app.get(TabcImportService).importLicences(resolve('test/fixtures/tabc/licenses.csv'));
    const customer = async (name: string, body: Record<string, unknown>, token = owner.token) => {
      const response = await api.post('customer', { ...RUSTY_NAIL, name, ...body }, token);
      expect(response.status).toBe(201);
      return response.body.id as string;
    };
    ids['Rusty Nail'] = await customer('Rusty Nail', { tabc_id: 'MB123456' });
    ids['Lone Star'] = await customer('Lone Star', {
      tabc_id: 'MB234567',
      comptroller_taxpayer_number: '32099999999',
    });
    ids['Bluebonnet'] = await customer('Bluebonnet', { tabc_id: 'NE-345678' });
    ids['Gulf Coast'] = await customer('Gulf Coast', { tabc_id: 'MB567890' });
    ids['Alamo'] = await customer('Alamo', { tabc_id: '', aims_license_type: 'MB', aims_id: 1003300 });
    ids['Clean Bar'] = await customer('Clean Bar', { tabc_id: 'MB999999' });
    ids['Other Nail'] = await customer('Other Nail', { tabc_id: 'MB123456' }, other.token);
  });
  afterAll(async () => {
    await app.close();
  });

  it('fills empty numbers by permit, keeps a typed one, and reports the counts and the rows skipped', async () => {
    const answer = await upload(readFileSync(SAMPLE), owner.token, 'mixed-beverage-receipts.csv');
    expect(answer).toEqual({
      status: 200,
      body: {
        file_name: 'mixed-beverage-receipts.csv',
        rows: 12,
        skipped: 3,
        examples: [
          { line: 5, reason: 'taxpayer number "1745678901" of NE345678 is not 11 digits' },
          { line: 12, reason: 'taxpayer number "" of MB777001 is not 11 digits' },
          { line: 13, reason: 'no TABC permit number' },
        ],
        customers: 6,
        matched: 5,
        filled: 4,
        kept: 1,
        unmatched: 1,
      },
    });
    expect(await numberOf('Rusty Nail')).toBe('32012345678');
    expect(await numberOf('Lone Star')).toBe('32099999999'); // typed: never overwritten
    expect(await numberOf('Bluebonnet')).toBe('17456789012'); // the 10-digit month is skipped
    expect(await numberOf('Gulf Coast')).toBe('32022222222'); // the latest month's owner
    expect(await numberOf('Alamo')).toBe('32033333333'); // by its AIMS licence id
    expect(await numberOf('Clean Bar')).toBeNull();
    expect(await numberOf('Other Nail', other.token)).toBeNull(); // another company's customer
    // through the customer's write path: an event on its stream
    const { rows } = await app.runtime.pool.query(
      `SELECT data->>'comptrollerTaxpayerNumber' AS number FROM events WHERE stream_id = $1 AND type = 'CustomerUpdated'`,
      [`customer-${ids['Rusty Nail']}`],
    );
    expect(rows).toEqual([{ number: '32012345678' }]);
  });

  it('fills nothing the second time: every number is there already', async () => {
    const again = await upload(readFileSync(SAMPLE));
    expect(again.body).toMatchObject({ matched: 5, filled: 0, kept: 5, unmatched: 1 });
  });

  it('refuses a file without the data set columns, an empty upload, and anyone but the owner', async () => {
    const wrong = await upload('Name,City\nA,B\n');
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toMatch(
      /^The mixed beverage gross receipts file has no taxpayer_number column/,
    );
    const empty = await upload('');
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Please choose the mixed beverage gross receipts file (CSV) to upload.');
    const driver = await aDriver(api, owner.token);
    expect((await upload(readFileSync(SAMPLE), driver.token)).status).toBe(403);
  });

  it('runs from the command line with the same counts, by the API column names', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stampline-receipts-'));
    const file = join(dir, 'receipts-api-names.csv');
    writeFileSync(
      file,
      [
        'taxpayer_number,taxpayer_name,location_name,tabc_permit_number,obligation_end_date_yyyymmdd,total_receipts',
        '32077777777,CLEAN BAR LLC,CLEAN BAR,MB999999,20260930,1000',
      ].join('\n'),
    );
    try {
      const run = await runCli(() =>
        taxpayersImport(app.app, app.runtime.pool, ['--company', owner.user.company_id, '--file', file]),
      );
      expect(run).toEqual({
        code: 0,
        out: [
          'Read 1 rows of receipts-api-names.csv.',
          'Customers: 1 matched by TABC permit, 1 filled, 0 kept (a number was there already), 5 unmatched.',
        ].join('\n'),
        err: '',
      });
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      expect(await numberOf('Clean Bar')).toBe('32077777777');
      const bad = await runCli(() => taxpayersImport(app.app, app.runtime.pool, ['--file', file]));
      expect(bad).toMatchObject({ code: 1, err: expect.stringContaining('--company needs a company id') });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
