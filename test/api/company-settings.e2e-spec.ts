import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestApp, type TestApp } from '../support/app.js';
import { type ApiClient, apiClient, LONE_STAR_SPIRITS, signUpOwner } from '../support/http.js';
import { png } from '../support/images.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';
import { setFeature } from '../support/cli.js';

const DETAILS = LONE_STAR_SPIRITS;

describe('Company settings and logos (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let dataDir: string;

  /** A multipart upload, as the browser's FormData sends it. */
  const upload = async (
    token: string,
    parts: { field: string; content: Buffer | string; filename?: string; type?: string }[],
  ) => {
    const form = new FormData();
    for (const part of parts) {
      if (part.filename === undefined) form.append(part.field, String(part.content));
      else
        form.append(
          part.field,
          new Blob([part.content], { type: part.type ?? 'application/octet-stream' }),
          part.filename,
        );
    }
    const response = await fetch(`${app.baseUrl}/api/v1/company/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    return { status: response.status, body: (await response.json()) as any };
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'stampline-files-'));
    app = await startTestApp({ DATA_DIR: dataDir });
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  describe('GET /company/{id}', () => {
    it("answers a new company with the spec's defaults, every feature off and no logo", async () => {
      const { token, user } = await signUpOwner(api, 'Jane Owner');
      const response = await api.get(`company/${user.company_id}`, token);
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        id: user.company_id,
        name: 'Jane Owner',
        state: 'TX',
        stamp_threshold: 500,
        tax_rate: 8.25,
        starting_invoice_number: 1,
        default_invoice_status: 'invoiced',
        default_invoice_note: '',
        show_prices: true,
        sort_inv_products: false,
        cash_on_delivery: false,
        has_fintech: false,
        fintech_id: null,
        subdomain: null,
        default_logo_id: null,
        time_zone: 'America/Chicago',
        details_complete: false,
        logos: [],
      });
      expect(response.body.companyFeatures).toHaveLength(15);
      expect(response.body.companyFeatures).toContainEqual({
        name: 'payment',
        active: false,
        ignore_pricing: false,
      });
    });
  });

  describe('PUT /company/{id}', () => {
    it('saves the details, completes the company and answers it', async () => {
      const { token, user } = await signUpOwner(api);
      const response = await api.put(
        `company/${user.company_id}`,
        {
          ...DETAILS,
          id: user.company_id,
          subdomain: 'lonestar',
          default_invoice_note: 'Thank you for your business',
          starting_invoice_number: '1001',
          default_invoice_status: 'draft',
          stamp_threshold: 1200,
          tax_rate: '6.25',
          show_prices: 0,
          sort_inv_products: 1,
          cash_on_delivery: true,
          has_fintech: true,
          fintech_id: 'FT-9',
          time_zone: 'America/Denver',
        },
        token,
      );
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({
        ...DETAILS,
        subdomain: 'lonestar',
        default_invoice_note: 'Thank you for your business',
        starting_invoice_number: 1001,
        default_invoice_status: 'draft',
        stamp_threshold: 1200,
        tax_rate: 6.25,
        show_prices: false,
        sort_inv_products: true,
        cash_on_delivery: true,
        has_fintech: true,
        fintech_id: 'FT-9',
        time_zone: 'America/Denver',
        details_complete: true,
      });
      expect((await api.get('validate_token', token)).body.company).toMatchObject({
        name: 'Lone Star Spirits',
        details_complete: true,
      });
      const types: string[] = [];
      for await (const event of app.runtime.store.readStream(`company-${user.company_id}`))
        types.push(event.type);
      expect(types).toEqual(['CompanyRegistered', 'CompanyDetailsUpdated']);
    });

    it('keeps the optional fields left out', async () => {
      const { token, user } = await signUpOwner(api);
      await api.put(`company/${user.company_id}`, { ...DETAILS, stamp_threshold: 42 }, token);
      const response = await api.put(`company/${user.company_id}`, { ...DETAILS, name: 'Renamed' }, token);
      expect(response.body).toMatchObject({ name: 'Renamed', stamp_threshold: 42, tax_rate: 8.25 });
    });

    it('lists every broken field with its message', async () => {
      const { token, user } = await signUpOwner(api);
      const response = await api.put(
        `company/${user.company_id}`,
        {
          name: ' ',
          city: '',
          state: '',
          address: '',
          zip: '',
          stamp_threshold: 5001,
          tax_rate: 8.255,
          starting_invoice_number: 0,
          default_invoice_status: 'shipped',
          has_fintech: true,
        },
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Company name is required.');
      expect(response.body.details).toEqual(
        expect.arrayContaining([
          { field: 'name', message: 'Company name is required.' },
          { field: 'address', message: 'Address is required.' },
          { field: 'city', message: 'City is required.' },
          { field: 'state', message: 'State is required.' },
          { field: 'zip', message: 'Zip is required.' },
          { field: 'tabc_id', message: 'TABC ID is required.' },
          {
            field: 'starting_invoice_number',
            message: 'Starting invoice number must be a whole number of at least 1.',
          },
          { field: 'stamp_threshold', message: 'Stamp threshold must be a whole number from 1 to 5000.' },
          { field: 'tax_rate', message: 'Tax rate must be a number from 0 to 100 with at most 2 decimals.' },
          {
            field: 'default_invoice_status',
            message:
              'Default invoice status must be one of: cancelled, draft, invoiced, delivered, payment_due_soon, payment_due, paid, partially_paid.',
          },
          { field: 'fintech_id', message: "Fintech ID can't be empty while Fintech is enabled." },
        ]),
      );
      expect(response.body.details).toHaveLength(11);
    });

    it.each([
      [{ stamp_threshold: 0 }, 'stamp_threshold'],
      [{ stamp_threshold: 'many' }, 'stamp_threshold'],
      [{ tax_rate: -1 }, 'tax_rate'],
      [{ tax_rate: 100.5 }, 'tax_rate'],
      [{ subdomain: 'Bad Subdomain' }, 'subdomain'],
      [{ time_zone: 'Texas/Austin' }, 'time_zone'],
      [{ show_prices: 'perhaps' }, 'show_prices'],
    ])('refuses %j in %s', async (override, field) => {
      const { token, user } = await signUpOwner(api);
      const response = await api.put(`company/${user.company_id}`, { ...DETAILS, ...override }, token);
      expect(response.status).toBe(400);
      expect(response.body.details.map((d: { field: string }) => d.field)).toEqual([field]);
    });

    it('refuses fields it does not know', async () => {
      const { token, user } = await signUpOwner(api);
      const response = await api.put(
        `company/${user.company_id}`,
        { ...DETAILS, owner_user_id: 'me' },
        token,
      );
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('property owner_user_id should not exist');
    });

    it('asks for a subdomain while the order feature is active', async () => {
      const { token, user } = await signUpOwner(api);
      await setFeature(app.app, user.company_id, 'order');
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      const response = await api.put(`company/${user.company_id}`, DETAILS, token);
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([
        { field: 'subdomain', message: 'Subdomain is required while the Order feature is active.' },
      ]);
      expect(
        (await api.put(`company/${user.company_id}`, { ...DETAILS, subdomain: 'lonestar-orders' }, token))
          .status,
      ).toBe(200);
    });
  });

  describe('subdomain, unique across companies', () => {
    const TAKEN = { field: 'subdomain', message: 'This subdomain is taken by another company.' };
    const save = (owner: { token: string; user: { company_id: string } }, subdomain: string | null) =>
      api.put(`company/${owner.user.company_id}`, { ...DETAILS, subdomain }, owner.token);

    it('is refused to a second company until the first one leaves it', async () => {
      const a = await signUpOwner(api, 'Company A');
      const b = await signUpOwner(api, 'Company B');
      expect((await save(a, 'acme')).status).toBe(200);

      const refused = await save(b, 'ACME ');
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ message: TAKEN.message, details: [TAKEN] });
      expect((await api.get(`company/${b.user.company_id}`, b.token)).body.subdomain).toBeNull();

      expect((await save(a, 'acme')).status).toBe(200); // its own, saved again
      expect((await save(a, 'acme-2')).status).toBe(200);
      expect((await save(b, 'acme')).status).toBe(200);
      expect((await save(a, 'acme')).body.details).toEqual([TAKEN]);

      // clearing it gives it up too
      expect((await save(b, null)).status).toBe(200);
      expect((await save(a, 'acme')).status).toBe(200);

      const types: string[] = [];
      for await (const event of app.runtime.store.readStream('company-subdomain-acme'))
        types.push(event.type);
      expect(types).toEqual([
        'SubdomainClaimed',
        'SubdomainReleased',
        'SubdomainClaimed',
        'SubdomainReleased',
        'SubdomainClaimed',
      ]);
    });

    it('goes to exactly one of two companies asking for it at once, every time', async () => {
      const a = await signUpOwner(api, 'Company A');
      const b = await signUpOwner(api, 'Company B');
      for (let round = 0; round < 10; round++) {
        const subdomain = `race-${round}`;
        const answers = await Promise.all([save(a, subdomain), save(b, subdomain)]);
        expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
        expect(answers.find((answer) => answer.status === 409)!.body.details).toEqual([TAKEN]);
        const holders = await Promise.all(
          [a, b].map(
            async (owner) => (await api.get(`company/${owner.user.company_id}`, owner.token)).body.subdomain,
          ),
        );
        expect(holders.filter((held) => held === subdomain)).toHaveLength(1);
      }
    });
  });

  describe('logos', () => {
    it('uploads, lists, serves, chooses the default and removes logos', async () => {
      const { token, user } = await signUpOwner(api);
      const wide = png(200, 100);
      const first = await upload(token, [
        { field: 'logo', content: wide, filename: 'C:\\fakepath\\logo.png', type: 'image/png' },
      ]);
      expect(first.status).toBe(201);
      expect(first.body).toEqual([
        {
          id: expect.any(String),
          path: `/api/v1/company/logo/${first.body[0].id}/file`,
          originalname: 'logo.png',
          mimetype: 'image/png',
          size: wide.length,
          width: 200,
          height: 100,
          is_default: true,
          created_at: expect.any(String),
        },
      ]);
      const firstId = first.body[0].id;

      const image = await fetch(`${app.baseUrl}${first.body[0].path}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      expect(image.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await image.arrayBuffer()).equals(wide)).toBe(true);
      expect((await fetch(`${app.baseUrl}${first.body[0].path}`)).status).toBe(401);

      const second = await upload(token, [
        { field: 'logo', content: png(300, 100), filename: 'banner.png', type: 'image/png' },
      ]);
      const secondId = second.body.find(
        (logo: { originalname: string }) => logo.originalname === 'banner.png',
      ).id;
      expect(second.body.map((logo: { is_default: boolean }) => logo.is_default)).toEqual([true, false]);

      const chosen = await api.put(`company/logo/${secondId}/default`, undefined, token);
      expect(chosen.status).toBe(200);
      expect((await api.get(`company/${user.company_id}`, token)).body.default_logo_id).toBe(secondId);

      const removed = await api.delete(`company/logo/${secondId}`, token);
      expect(removed.status).toBe(200);
      expect(removed.body).toEqual([expect.objectContaining({ id: firstId, is_default: true })]);
      expect((await api.get(`company/logo/${secondId}/file`, token)).status).toBe(404);
      expect((await api.get('company/logo', token)).body).toHaveLength(1);
    });

    it('refuses a file that is not an image, whatever its name and type say', async () => {
      const { token } = await signUpOwner(api);
      const response = await upload(token, [
        { field: 'logo', content: '<svg onload="alert(1)"/>', filename: 'logo.png', type: 'image/png' },
      ]);
      expect(response.status).toBe(400);
      expect(response.body).toEqual({
        statusCode: 400,
        message: 'The logo must be a PNG, JPEG, GIF or WebP image.',
        details: [{ field: 'logo', message: 'The logo must be a PNG, JPEG, GIF or WebP image.' }],
      });
      expect((await api.get('company/logo', token)).body).toEqual([]);
    });

    it('asks for a file when none is sent in the logo field', async () => {
      const { token } = await signUpOwner(api);
      const wrongField = await upload(token, [{ field: 'image', content: png(10, 5), filename: 'a.png' }]);
      expect(wrongField.status).toBe(400);
      expect(wrongField.body.message).toBe('Please choose a logo file to upload.');
      const json = await api.post('company/logo', { logo: 'x' }, token);
      expect(json.status).toBe(400);
      expect(json.body.details).toEqual([{ field: 'logo', message: 'Please choose a logo file to upload.' }]);
    });

    it.each([
      ['no boundary', 'multipart/form-data', 'garbage'],
      ['no parts', 'multipart/form-data; boundary=xyz', 'garbage'],
      [
        'a truncated part',
        'multipart/form-data; boundary=xyz',
        '--xyz\r\nContent-Disposition: form-data; name="logo"; filename="a.png"\r\n\r\nabc',
      ],
    ])('answers a malformed upload (%s) with 400', async (_, type, raw) => {
      const { token } = await signUpOwner(api);
      const response = await api.call('POST', 'company/logo', {
        token,
        raw,
        headers: { 'content-type': type },
      });
      expect(response.status).toBe(400);
      expect(response.body.details).toEqual([{ field: 'logo', message: expect.any(String) }]);
    });

    it('takes one logo at a time', async () => {
      const { token } = await signUpOwner(api);
      const response = await upload(token, [
        { field: 'logo', content: png(20, 10), filename: 'a.png', type: 'image/png' },
        { field: 'logo', content: png(20, 10), filename: 'b.png', type: 'image/png' },
      ]);
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please upload one file at a time.');
      expect((await api.get('company/logo', token)).body).toEqual([]);
    });

    it('refuses a file over 5 MB with 413', async () => {
      const { token } = await signUpOwner(api);
      const big = Buffer.concat([png(10, 5), Buffer.alloc(5 * 1024 * 1024)]);
      const response = await upload(token, [
        { field: 'logo', content: big, filename: 'big.png', type: 'image/png' },
      ]);
      expect(response.status).toBe(413);
      expect(response.body.message).toBe('Request body is too large (limit 5 MB)');
    });
  });

  describe('notification preferences (order feature)', () => {
    it('are refused with 403 while the order feature is off, then read and saved', async () => {
      const { token, user } = await signUpOwner(api);
      const off = await api.get('company/notification', token);
      expect(off.status).toBe(403);
      expect(off.body.message).toBe(
        'The Online Orders feature is not active for your company. You can activate it, or request access, on the Feature Extensions page.',
      );
      await setFeature(app.app, user.company_id, 'order');
      await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
      expect((await api.get('company/notification', token)).body).toEqual({
        email_notification: true,
        app_notification: true,
        user: { id: user.id, name: user.name, email: user.email },
      });
      const saved = await api.put(
        'company/notification',
        { email_notification: false, app_notification: 1 },
        token,
      );
      expect(saved.status).toBe(200);
      expect(saved.body).toMatchObject({ email_notification: false, app_notification: true });
      expect(
        (await api.put('company/notification', { email_notification: 'x' }, token)).body.details,
      ).toEqual([
        { field: 'email_notification', message: 'E-mail notification must be true or false.' },
        { field: 'app_notification', message: 'App notification must be true or false.' },
      ]);
    });
  });

  it("answers 404 for another company's company and logos, with none of their data", async () => {
    const owner = await signUpOwner(api, 'Secret Owner');
    await api.put(`company/${owner.user.company_id}`, { ...DETAILS, name: 'Secret Spirits' }, owner.token);
    const logos = await upload(owner.token, [
      { field: 'logo', content: png(20, 10), filename: 'secret.png', type: 'image/png' },
    ]);
    const logoId = logos.body[0].id;
    const other = await signUpOwner(api, 'Other Owner');
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `company/${owner.user.company_id}` },
        { method: 'PUT', path: `company/${owner.user.company_id}`, body: DETAILS },
        { method: 'GET', path: `company/logo/${logoId}/file` },
        { method: 'PUT', path: `company/logo/${logoId}/default` },
        { method: 'DELETE', path: `company/logo/${logoId}` },
        { method: 'GET', path: 'company/not-a-uuid' },
      ],
      ['Secret Spirits', 'secret.png'],
    );
    expect((await api.get('company/logo', other.token)).body).toEqual([]);
    expect((await api.get('company/logo', owner.token)).body).toHaveLength(1);
  });
});
