import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseTabcImportArgs } from '../../apps/cli/src/tabc-import.command.js';
import { TabcImportService } from '../../apps/api/src/tabc/tabc-import.service.js';
import { SAMPLE_TABC } from '../../apps/api/src/seed.js';
import { businessDate } from '#domain/shared/business-date.js';
import { companyProjection, customerProjection } from '#projections/index.js';
import { rebuildProjection } from '#engine';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const CUSTOMER = {
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  zip: '78701',
  tabc_id: 'MB123456',
  cash_on_delivery: 0,
  fintech_option: 0,
};

const dayFromToday = (days: number) => {
  const today = businessDate(new Date().toISOString());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};

describe('Customers and TABC public data (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let dir: string;
  let owner: Awaited<ReturnType<typeof signUpOwner>>;
  let tabc: TabcImportService;

  /** Licence and delinquent lists with expiration dates around today, as the TABC publishes them. */
  function writeLists() {
    const licences = join(dir, 'licenses.csv');
    writeFileSync(
      licences,
      [
        'License ID,Master File ID,License Type,Primary Status,Expiration Date,Trade Name,Owner,Address,City,State,Zip,County,Legacy CLP',
        `2001001,7001,MB,Active,${dayFromToday(10)},THE RUSTY NAIL,"RUSTY NAIL HOLDINGS, LLC",500 E 6TH ST,AUSTIN,TX,78701,TRAVIS,MB123456`,
        `2001002,7001,FB,Active,${dayFromToday(10)},THE RUSTY NAIL,"RUSTY NAIL HOLDINGS, LLC",500 E 6TH ST,AUSTIN,TX,78701,TRAVIS,FB123457`,
        `2002001,7002,MB,Expired,${dayFromToday(-5)},LONE STAR SALOON,LONE STAR SALOON INC,120 MAIN ST,FORT WORTH,TX,76102,TARRANT,MB234567`,
        `2003001,7003,N,Active,${dayFromToday(400)},BLUEBONNET CLUB,BLUEBONNET SOCIAL CLUB,88 RIVER WALK,SAN ANTONIO,TX,78205,BEXAR,NE345678`,
      ].join('\r\n'),
    );
    const delinquent = join(dir, 'delinquent.csv');
    writeFileSync(
      delinquent,
      [
        'List Number,Permit,Trade Name,Effective Date',
        `2026-22,MB-234567,LONE STAR SALOON,11/06/2026`,
        `2026-22,2003001,BLUEBONNET CLUB,`,
      ].join('\n'),
    );
    return { licences, delinquent };
  }

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'stampline-tabc-'));
    app = await startTestApp();
    api = apiClient(app.baseUrl);
    owner = await signUpOwner(api, 'Cora Owner');
    tabc = app.app.get(TabcImportService);
    const { licences, delinquent } = writeLists();
    expect(await tabc.importLicences(licences)).toEqual({
      list: 'licenses',
      imported: 4,
      skipped: 0,
      examples: [],
    });
    expect(await tabc.importDelinquent(delinquent)).toEqual({
      list: 'delinquent',
      imported: 2,
      skipped: 0,
      examples: [],
    });
  });
  afterAll(async () => {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  });

  describe('create, read, edit, remove', () => {
    it('creates a customer (state TX by default) and answers it', async () => {
      const response = await api.post(
        'customer',
        { ...CUSTOMER, contact_email: 'rusty@example.test', service_start: '2026-01-15' },
        owner.token,
      );
      expect(response.status).toBe(201);
      expect(response.body).toEqual({
        id: expect.any(String),
        name: 'The Rusty Nail',
        address: '500 E 6th St',
        city: 'Austin',
        state: 'TX',
        zip: '78701',
        tabc_id: 'MB123456',
        display_tabc_id: 'MB123456',
        aims_id: null,
        aims_license_type: null,
        ydk_est_id: null,
        contact_name: null,
        contact_email: 'rusty@example.test',
        contact_phone: null,
        cash_on_delivery: false,
        cod: false,
        fintech_option: false,
        fintech_id: null,
        product_price_tier_id: null,
        service_start: '2026-01-15',
        comptroller_taxpayer_number: null,
        payment_terms: null,
        color_index: expect.any(Number),
        created_at: expect.any(String),
        updated_at: expect.any(String),
        productPriceTier: null,
        customerUser: [],
      });
      expect(response.body.color_index).toBeGreaterThanOrEqual(0);
      expect(response.body.color_index).toBeLessThan(13);
      expect((await api.get(`customer/${response.body.id}`, owner.token)).body).toEqual(response.body);
    });

    it('builds the TABC id from licence type and AIMS id', async () => {
      const response = await api.post(
        'customer',
        { ...CUSTOMER, tabc_id: '', aims_license_type: 'mb', aims_id: '2001001' },
        owner.token,
      );
      expect(response.body).toMatchObject({
        tabc_id: 'MB2001001',
        display_tabc_id: 'MB2001001',
        aims_id: 2001001,
        aims_license_type: 'MB',
      });
    });

    it('edits, keeping what is left out, and removes', async () => {
      const created = await api.post('customer', { ...CUSTOMER, contact_name: 'Rusty' }, owner.token);
      const id = created.body.id;
      const edited = await api.put(
        `customer/${id}`,
        {
          ...CUSTOMER,
          name: 'Rusty Nail Bar',
          cash_on_delivery: true,
          fintech_option: true,
          fintech_id: 'FT-1',
        },
        owner.token,
      );
      expect(edited.status).toBe(200);
      expect(edited.body).toMatchObject({
        name: 'Rusty Nail Bar',
        contact_name: 'Rusty',
        cash_on_delivery: true,
        fintech_option: true,
        fintech_id: 'FT-1',
      });

      const removed = await api.delete(`customer/${id}`, owner.token);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual({ message: 'Deleted customer!' });
      expect((await api.get(`customer/${id}`, owner.token)).body).toEqual({
        statusCode: 404,
        message: 'Customer Not Found',
      });
      expect((await api.put(`customer/${id}`, CUSTOMER, owner.token)).status).toBe(404);
      expect((await api.delete(`customer/${id}`, owner.token)).status).toBe(200); // a retried delete
      const types: string[] = [];
      for await (const event of app.runtime.store.readStream(`customer-${id}`)) types.push(event.type);
      expect(types).toEqual(['CustomerCreated', 'CustomerUpdated', 'CustomerRemoved']);
    });

    it('lists every broken field with its message', async () => {
      const response = await api.post(
        'customer',
        {
          name: '',
          address: '',
          city: '',
          state: '',
          zip: '',
          tabc_id: 'M-12345',
          contact_email: 'nope',
          cash_on_delivery: 'x',
          fintech_option: 1,
          fintech_id: '',
        },
        owner.token,
      );
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Customer name is required.' },
          { field: 'address', message: 'Address is required.' },
          { field: 'city', message: 'City is required.' },
          { field: 'state', message: 'State is required.' },
          { field: 'zip', message: 'Zip is required.' },
          {
            field: 'tabc_id',
            message: 'TABC ID must be two letters and six digits, e.g. MB123456 or MB-123456.',
          },
          { field: 'contact_email', message: 'Please insert a valid email address' },
          { field: 'cash_on_delivery', message: 'Cash on delivery is required (yes or no).' },
          { field: 'fintech_id', message: "Fintech ID can't be empty while Fintech Option is enabled" },
        ]),
      );
      expect(response.body.details).toHaveLength(9);
    });

    it.each([
      ['an empty TABC id', { tabc_id: '' }, 'tabc_id', 'TABC ID is required.'],
      [
        'no fintech option',
        { fintech_option: undefined },
        'fintech_option',
        'Fintech option is required (yes or no).',
      ],
      ['an AIMS id that is no number', { aims_id: 'abc' }, 'aims_id', 'AIMS ID must be a whole number.'],
      [
        'a service start that is no date',
        { service_start: '15/01/2026' },
        'service_start',
        'Service start must be a date (YYYY-MM-DD).',
      ],
      [
        'a price tier that is no id',
        { product_price_tier_id: 3 },
        'product_price_tier_id',
        'Price tier must be the id of a price tier.',
      ],
    ])('refuses %s', async (_, override, field, message) => {
      const response = await api.post('customer', { ...CUSTOMER, ...override }, owner.token);
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field, message }]);
    });

    it('refuses fields it does not know', async () => {
      const response = await api.post('customer', { ...CUSTOMER, balance: 100 }, owner.token);
      expect(response.body.message).toBe('property balance should not exist');
    });
  });

  describe('grid and list', () => {
    let company: Awaited<ReturnType<typeof signUpOwner>>;

    beforeAll(async () => {
      company = await signUpOwner(api);
      for (const [name, city] of [
        ['Alpha Lounge', 'Austin'],
        ['Bravo Bar', 'Dallas'],
        ['Charlie Club', 'Austin'],
        ['Delta Den', 'Houston'],
      ]) {
        await api.post('customer', { ...CUSTOMER, name, city }, company.token);
      }
      const gone = await api.post('customer', { ...CUSTOMER, name: 'Echo Gone' }, company.token);
      await api.delete(`customer/${gone.body.id}`, company.token);
    });

    it('pages, sorts by name and leaves removed customers out', async () => {
      const page = await api.get('customer/grid?startRow=0&endRow=2', company.token);
      expect(page.status).toBe(200);
      expect(page.body.count).toBe(4);
      expect(page.body.rows.map((r: { name: string }) => r.name)).toEqual(['Alpha Lounge', 'Bravo Bar']);
      expect(page.body.rows[0]).toMatchObject({
        tabc_id: 'MB123456',
        city: 'Austin',
        cash_on_delivery: false,
        color_index: expect.any(Number),
      });
    });

    it('filters and sorts on the server', async () => {
      const filterModel = encodeURIComponent(
        JSON.stringify({ city: { filterType: 'text', type: 'equals', filter: 'austin' } }),
      );
      const sortModel = encodeURIComponent(JSON.stringify([{ colId: 'name', sort: 'desc' }]));
      const response = await api.get(
        `customer/grid?startRow=0&endRow=25&filterModel=${filterModel}&sortModel=${sortModel}`,
        company.token,
      );
      expect(response.body.rows.map((r: { name: string }) => r.name)).toEqual([
        'Charlie Club',
        'Alpha Lounge',
      ]);
      expect(response.body.count).toBe(2);
      const bad = await api.get(
        `customer/grid?startRow=0&endRow=25&sortModel=${encodeURIComponent('[{"colId":"secret","sort":"asc"}]')}`,
        company.token,
      );
      expect(bad.status).toBe(400);
    });

    it('lists customers by name, searched and limited', async () => {
      expect((await api.get('customer', company.token)).body.map((c: { name: string }) => c.name)).toEqual([
        'Alpha Lounge',
        'Bravo Bar',
        'Charlie Club',
        'Delta Den',
      ]);
      expect(
        (await api.get('customer?search=houston', company.token)).body.map((c: { name: string }) => c.name),
      ).toEqual(['Delta Den']);
      expect((await api.get('customer?limit=1', company.token)).body).toHaveLength(1);
      expect((await api.get('customer?limit=0', company.token)).body.details).toEqual([
        { field: 'limit', message: 'Limit must be a whole number from 1 to 1000.' },
      ]);
    });
  });

  describe('TABC public data', () => {
    it('suggests establishments by name, permit code or licence id, each with its permit codes', async () => {
      const byName = await api.get('customer/auto-fill-suggestions?query=rusty', owner.token);
      expect(byName.status).toBe(200);
      expect(byName.body).toEqual([
        {
          name: 'THE RUSTY NAIL',
          trade_name: 'THE RUSTY NAIL',
          owner: 'RUSTY NAIL HOLDINGS, LLC',
          address: '500 E 6TH ST',
          address_2: null,
          city: 'AUSTIN',
          state: 'TX',
          zip: '78701',
          county: 'TRAVIS',
          phone: null,
          permitCodes: [
            {
              license_id: '2001002',
              license_type: 'FB',
              tabc_id: 'FB123457',
              aims_id: 2001002,
              legacy_clp: 'FB123457',
              primary_status: 'Active',
              secondary_status: null,
              expiration_date: dayFromToday(10),
            },
            {
              license_id: '2001001',
              license_type: 'MB',
              tabc_id: 'MB123456',
              aims_id: 2001001,
              legacy_clp: 'MB123456',
              primary_status: 'Active',
              secondary_status: null,
              expiration_date: dayFromToday(10),
            },
          ],
          delinquency: null,
        },
      ]);
      const byPermit = await api.get('customer/auto-fill-suggestions?query=mb-2345', owner.token);
      expect(byPermit.body.map((e: { name: string }) => e.name)).toEqual(['LONE STAR SALOON']);
      expect(byPermit.body[0].delinquency).toEqual({
        effective_date: '2026-11-06',
        list_number: '2026-22',
        permit: 'MB-234567',
      });
      expect((await api.get('customer/auto-fill-suggestions?query=2003001', owner.token)).body[0].name).toBe(
        'BLUEBONNET CLUB',
      );
      expect(
        (await api.get('customer/auto-fill-suggestions?query=river walk', owner.token)).body[0].name,
      ).toBe('BLUEBONNET CLUB');
      expect((await api.get('customer/auto-fill-suggestions?query=ru', owner.token)).body).toEqual([]);
      expect((await api.get('customer/auto-fill-suggestions?query=%25%25%25', owner.token)).body).toEqual([]);
      expect((await api.get('customer/auto-fill-suggestions', owner.token)).body).toEqual([]);
    });

    it("tells a customer's licence expiration, judged on the company's day", async () => {
      const soon = await api.post(
        'customer',
        { ...CUSTOMER, tabc_id: '', aims_license_type: 'MB', aims_id: 2001001 },
        owner.token,
      );
      expect((await api.get(`customer/${soon.body.id}/tabc-expiration`, owner.token)).body).toEqual({
        expiration_date: dayFromToday(10),
        isExpired: false,
        expiringInDays: 10,
        isExpiringSoon: true,
        found: true,
        license_id: '2001001',
        license_type: 'MB',
        primary_status: 'Active',
      });
      const expired = await api.post(
        'customer',
        { ...CUSTOMER, name: 'Lone Star Saloon', tabc_id: 'mb-234567' },
        owner.token,
      );
      expect((await api.get(`customer/${expired.body.id}/tabc-expiration`, owner.token)).body).toMatchObject({
        expiration_date: dayFromToday(-5),
        isExpired: true,
        expiringInDays: -5,
        isExpiringSoon: false,
      });
      const unknown = await api.post('customer', { ...CUSTOMER, tabc_id: 'ZZ999999' }, owner.token);
      expect((await api.get(`customer/${unknown.body.id}/tabc-expiration`, owner.token)).body).toEqual({
        expiration_date: null,
        isExpired: false,
        expiringInDays: null,
        isExpiringSoon: false,
        found: false,
        license_id: null,
        license_type: null,
        primary_status: null,
      });
    });

    it('tells whether a customer is on the delinquent list, by permit code or licence id', async () => {
      const byPermit = await api.post('customer', { ...CUSTOMER, tabc_id: 'MB234567' }, owner.token);
      expect((await api.get(`customer/${byPermit.body.id}/delinquency`, owner.token)).body).toEqual({
        delinquent: true,
        effective_date: '2026-11-06',
        list_number: '2026-22',
        permit: 'MB-234567',
        in_effect: true,
        refused: true,
        override: null,
        overrides: [],
      });
      const byLicence = await api.post(
        'customer',
        { ...CUSTOMER, tabc_id: '', aims_license_type: 'N', aims_id: 2003001 },
        owner.token,
      );
      expect((await api.get(`customer/${byLicence.body.id}/delinquency`, owner.token)).body).toMatchObject({
        delinquent: true,
        effective_date: null,
      });
      // The list names a retailer by one of its names, the customer carries the other: the licence list joins them.
      const byLicenceListedByPermit = await api.post(
        'customer',
        { ...CUSTOMER, tabc_id: '', aims_license_type: 'MB', aims_id: 2002001 },
        owner.token,
      );
      expect(
        (await api.get(`customer/${byLicenceListedByPermit.body.id}/delinquency`, owner.token)).body,
      ).toEqual({
        delinquent: true,
        effective_date: '2026-11-06',
        list_number: '2026-22',
        permit: 'MB-234567',
        in_effect: true,
        refused: true,
        override: null,
        overrides: [],
      });
      const byPermitListedByLicence = await api.post(
        'customer',
        { ...CUSTOMER, tabc_id: 'NE345678' },
        owner.token,
      );
      expect(
        (await api.get(`customer/${byPermitListedByLicence.body.id}/delinquency`, owner.token)).body,
      ).toMatchObject({ delinquent: true, permit: '2003001' });
      const clean = await api.post('customer', CUSTOMER, owner.token);
      expect((await api.get(`customer/${clean.body.id}/delinquency`, owner.token)).body).toEqual({
        delinquent: false,
        effective_date: null,
        list_number: null,
        permit: null,
        in_effect: false,
        refused: false,
        override: null,
        overrides: [],
      });
    });

    it('replaces a list on re-import, and reports the rows it skipped', async () => {
      const fresh = await startTestApp();
      try {
        const service = fresh.app.get(TabcImportService);
        const result = await service.importLicences(SAMPLE_TABC.licences);
        expect(result).toEqual({
          list: 'licenses',
          imported: 7,
          skipped: 1,
          examples: [{ line: 9, reason: 'no licence id' }],
        });
        expect((await service.importDelinquent(SAMPLE_TABC.delinquent)).skipped).toBe(1);
        const progress: number[] = [];
        const { licences } = writeLists();
        await service.importLicences(licences, (p) => progress.push(p.rows));
        expect(progress.at(-1)).toBe(4);
        const { rows } = await fresh.runtime.pool.query(
          'SELECT license_id FROM tabc_license ORDER BY license_id',
        );
        expect(rows.map((r) => r.license_id)).toEqual(['2001001', '2001002', '2002001', '2003001']);
      } finally {
        await fresh.close();
      }
    });

    it('refuses a file without the columns it needs and keeps the previous list', async () => {
      const bad = join(dir, 'bad.csv');
      writeFileSync(bad, 'Name,City\nX,Y\n');
      await expect(tabc.importLicences(bad)).rejects.toThrow('The licence file has no license_id column');
      expect((await api.get('customer/auto-fill-suggestions?query=rusty', owner.token)).body).toHaveLength(1);
    });

    it('reads the CLI arguments', () => {
      const { licences, delinquent } = writeLists();
      expect(parseTabcImportArgs([licences, '--delinquent', delinquent])).toEqual({ licences, delinquent });
      expect(parseTabcImportArgs(['--delinquent', delinquent])).toEqual({ licences: undefined, delinquent });
      expect(parseTabcImportArgs([])).toEqual({ error: expect.stringContaining('Name the licence file') });
      expect(parseTabcImportArgs([licences, '--delinquent'])).toEqual({
        error: expect.stringContaining('--delinquent needs a file'),
      });
      expect(parseTabcImportArgs(['/no/such.csv'])).toEqual({ error: 'No such file: /no/such.csv' });
    });
  });

  it('rebuilds the customer and company read models to the same rows', async () => {
    const snapshot = async (table: string) =>
      (await app.runtime.pool.query(`SELECT * FROM ${table} ORDER BY id`)).rows;
    const customers = await snapshot('rm_customer');
    const companies = await snapshot('rm_company');
    expect(customers.length).toBeGreaterThan(10);
    await rebuildProjection(app.runtime.pool, app.runtime.store, customerProjection);
    await rebuildProjection(app.runtime.pool, app.runtime.store, companyProjection);
    expect(await snapshot('rm_customer')).toEqual(customers);
    expect(await snapshot('rm_company')).toEqual(companies);
  });

  it("answers 404 for another company's customers, with none of their data", async () => {
    const created = await api.post(
      'customer',
      { ...CUSTOMER, name: 'Secret Speakeasy', contact_email: 'secret@example.test' },
      owner.token,
    );
    const id = created.body.id;
    const other = await signUpOwner(api);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `customer/${id}` },
        { method: 'PUT', path: `customer/${id}`, body: CUSTOMER },
        { method: 'DELETE', path: `customer/${id}` },
        { method: 'GET', path: `customer/${id}/tabc-expiration` },
        { method: 'GET', path: `customer/${id}/delinquency` },
        { method: 'GET', path: 'customer/not-a-uuid' },
      ],
      ['Secret Speakeasy', 'secret@example.test'],
    );
    const theirs = await api.get('customer/grid?startRow=0&endRow=100', other.token);
    expect(theirs.body).toEqual({ rows: [], count: 0 });
    expect((await api.get('customer', other.token)).body).toEqual([]);
    expect((await api.get(`customer/${id}`, owner.token)).body.name).toBe('Secret Speakeasy');
  });
});
