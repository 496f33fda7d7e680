import { readCompliancePolicy } from '../../apps/api/src/companies/compliance-policy.reader.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

const DEFAULTS = {
  extended_stamp_statuses: false,
  small_format_stamps: false,
  strict_records: false,
  credit_law: 'advisory',
  licence_guard: 'advisory',
};

describe('TABC compliance settings (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;
  let counter = 0;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(() => app.close());

  const companyEvents = async (companyId: string) =>
    Number(
      (
        await app.runtime.pool.query('SELECT count(*) AS n FROM events WHERE stream_id = $1', [
          `company-${companyId}`,
        ])
      ).rows[0].n,
    );

  it('answers the defaults for a new company: off or advisory, so it gets exactly the spec', async () => {
    const { token, user } = await signUpOwner(api);
    const response = await api.get(`company/${user.company_id}/compliance`, token);
    expect(response.status).toBe(200);
    expect(response.body).toEqual(DEFAULTS);
    await expect(readCompliancePolicy(app.runtime.pool, user.company_id)).resolves.toEqual({
      extendedStampStatuses: false,
      smallFormatStamps: false,
      strictRecords: false,
      creditLaw: 'advisory',
      licenceGuard: 'advisory',
    });
  });

  it('saves the rules sent, keeps the others, and answers the whole policy', async () => {
    const { token, user } = await signUpOwner(api);
    const path = `company/${user.company_id}/compliance`;
    const saved = await api.put(path, { extended_stamp_statuses: true, licence_guard: 'blocking' }, token);
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ ...DEFAULTS, extended_stamp_statuses: true, licence_guard: 'blocking' });

    const again = await api.put(path, { strict_records: 1, credit_law: 'off' }, token);
    expect(again.body).toEqual({
      ...DEFAULTS,
      extended_stamp_statuses: true,
      licence_guard: 'blocking',
      strict_records: true,
      credit_law: 'off',
    });
    expect((await api.get(path, token)).body).toEqual(again.body);
    await expect(readCompliancePolicy(app.runtime.pool, user.company_id)).resolves.toEqual({
      extendedStampStatuses: true,
      smallFormatStamps: false,
      strictRecords: true,
      creditLaw: 'off',
      licenceGuard: 'blocking',
    });

    // The same policy again records nothing.
    const before = await companyEvents(user.company_id);
    expect((await api.put(path, { strict_records: true }, token)).status).toBe(200);
    expect(await companyEvents(user.company_id)).toBe(before);
  });

  it('refuses bad input with 400 and every broken field, and changes nothing', async () => {
    const { token, user } = await signUpOwner(api);
    const path = `company/${user.company_id}/compliance`;
    const before = await companyEvents(user.company_id);
    const refused = await api.put(
      path,
      { extended_stamp_statuses: 'maybe', credit_law: 'blocking', licence_guard: 7, strict_records: true },
      token,
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('Lost, stolen, voided and returned stamps must be true or false.');
    expect(refused.body.details).toEqual(
      expect.arrayContaining([
        { field: 'extended_stamp_statuses', message: expect.any(String) },
        { field: 'credit_law', message: "Credit-law calendar must be 'off' or 'advisory'." },
        { field: 'licence_guard', message: "Licence check must be 'off', 'advisory' or 'blocking'." },
      ]),
    );
    const unknown = await api.put(path, { audit_everything: true }, token);
    expect(unknown.status).toBe(400);
    const notObject = await api.call('PUT', path, { token, body: [true] });
    expect(notObject.status).toBe(400);
    expect(await companyEvents(user.company_id)).toBe(before);
    expect((await api.get(path, token)).body).toEqual(DEFAULTS);
  });

  it("answers 404 for another company's settings, without its data", async () => {
    const owner = await signUpOwner(api);
    const other = await signUpOwner(api, 'Otto Other');
    await api.put(`company/${owner.user.company_id}/compliance`, { small_format_stamps: true }, owner.token);
    await expectOtherCompanyGets404(
      api,
      other.token,
      [
        { method: 'GET', path: `company/${owner.user.company_id}/compliance` },
        {
          method: 'PUT',
          path: `company/${owner.user.company_id}/compliance`,
          body: { small_format_stamps: false },
        },
        { method: 'GET', path: 'company/00000000-0000-4000-8000-000000000000/compliance' },
        { method: 'GET', path: 'company/not-a-uuid/compliance' },
      ],
      ['small_format_stamps'],
    );
    expect((await api.get(`company/${owner.user.company_id}/compliance`, owner.token)).body).toMatchObject({
      small_format_stamps: true,
    });
  });

  it('is changed by the owner only: a staff user reads it, gets 403 changing it, and changes nothing', async () => {
    const owner = await signUpOwner(api);
    const email = `compliance-staff${Date.now()}${counter++}@example.test`;
    const mark = app.mailbox.mark();
    expect(
      (await api.post('company/staff/invitation', { name: 'Sam Staff', email }, owner.token)).status,
    ).toBe(201);
    const mail = await app.mailbox.waitFor(email, { after: mark });
    const joined = await api.post('auth/invitation/accept', {
      token: /invitation=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!,
      name: 'Sam Staff',
      title: 'Sales',
      password: 'staff-secret',
      confirm_password: 'staff-secret',
    });
    const staffToken = joined.body.access_token as string;
    const path = `company/${owner.user.company_id}/compliance`;
    const forbidden = { statusCode: 403, message: 'Only the company owner can do this.' };
    // Staff build invoices under the rules (the builder's stamp count follows small-format stamps): they read them.
    expect((await api.get(path, staffToken)).body).toEqual(DEFAULTS);
    expect((await api.put(path, { strict_records: true }, staffToken)).body).toEqual(forbidden);
    expect((await api.get(path, owner.token)).body).toEqual(DEFAULTS);
  });
});
