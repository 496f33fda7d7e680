import { jest } from '@jest/globals';
import { featuresSet, parseFeaturesSetArgs } from '../../apps/cli/src/features-set.command.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

const PROVIDER = 'team@provider.test';

describe('Feature extensions (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_EMAIL: PROVIDER });
    api = apiClient(app.baseUrl);
    jest.spyOn(console, 'log').mockImplementation(() => {});
  });
  afterAll(async () => {
    jest.restoreAllMocks();
    await app.close();
  });

  const card = async (token: string, name: string) =>
    (await api.get('company/features', token)).body.find((c: { name: string }) => c.name === name);
  /** The provider's team, as `npm run cli -- features:set …` does it. */
  const provider = async (...args: string[]) => {
    const code = await featuresSet(app.app, args);
    await app.runtime.projections.waitFor(await app.runtime.store.headCheckpoint());
    return code;
  };
  const companyEvents = async (companyId: string) => {
    const events: { type: string; data: Record<string, unknown> }[] = [];
    for await (const event of app.runtime.store.readStream(`company-${companyId}`)) events.push(event);
    return events.slice(1);
  };

  it('lists a card for every feature with the button it shows', async () => {
    const { token } = await signUpOwner(api);
    const response = await api.get('company/features', token);
    expect(response.status).toBe(200);
    expect(response.body).toHaveLength(15);
    expect(response.body.find((c: { name: string }) => c.name === 'payment')).toEqual({
      id: 'payment', // the client's specification: a Feature has an id
      name: 'payment',
      title: 'Payments',
      description: expect.any(String),
      pricing: 'Free',
      comingSoon: false,
      access: 'free',
      active: false,
      ignore_pricing: false,
      requested_at: null,
      action: 'activate',
    });
    const actions = Object.fromEntries(
      response.body.map((c: { name: string; action: string }) => [c.name, c.action]),
    );
    expect(actions).toMatchObject({
      email: 'activate',
      internal_sku: 'activate',
      order: 'request_access',
      fintech: 'request_access',
      ai: 'activate',
    });
  });

  describe('a free feature', () => {
    it('is switched on and off by a user; switching it on again then needs the provider', async () => {
      const { token, user } = await signUpOwner(api);
      const on = await api.post('company/feature', { name: 'payment', active: true }, token);
      expect(on.status).toBe(200);
      expect(on.body.id).toBe(user.company_id);
      expect(on.body.companyFeatures).toContainEqual({
        name: 'payment',
        active: true,
        ignore_pricing: false,
      });
      expect(await card(token, 'payment')).toMatchObject({ active: true, action: 'deactivate' });

      const off = await api.post('company/feature', { name: 'payment', active: 0 }, token);
      expect(off.body.companyFeatures).toContainEqual({
        name: 'payment',
        active: false,
        ignore_pricing: false,
      });
      expect(await card(token, 'payment')).toMatchObject({ active: false, action: 'request_access' });

      const again = await api.post('company/feature', { name: 'payment', active: true }, token);
      expect(again.status).toBe(403);
      expect(again.body.message).toBe(
        'This feature was switched off, so only the Stampline team can switch it on again. Please use Request Access.',
      );
      expect((await companyEvents(user.company_id)).map((e) => [e.type, e.data.feature, e.data.by])).toEqual([
        ['FeatureActivated', 'payment', 'user'],
        ['FeatureDeactivated', 'payment', 'user'],
      ]);
    });
  });

  describe('a paid feature', () => {
    it('cannot be switched on by a user', async () => {
      const { token } = await signUpOwner(api);
      const response = await api.post('company/feature', { name: 'order', active: true }, token);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(
        "This feature is switched on by the Stampline team. Please use Request Access and we'll be in touch.",
      );
    });

    it("is requested once by e-mail to the provider's team and switched on with the CLI", async () => {
      const { token, user } = await signUpOwner(api, 'Rita Requester');
      const mark = app.mailbox.mark();
      const requested = await api.post('company/feature/request-access', { name: 'order' }, token);
      expect(requested.status).toBe(200);
      expect(requested.body).toMatchObject({
        message: "Your request has been sent. We'll be in touch soon.",
        feature: { name: 'order', action: 'requested', requested_at: expect.any(String) },
      });
      const mail = await app.mailbox.waitFor(PROVIDER, { after: mark });
      expect(mail.subject).toBe('Feature access request: Online Orders for Rita Requester');
      expect(mail.text).toContain(
        `npm run cli -- features:set --company ${user.company_id} --feature order --on`,
      );
      expect(mail.text).toContain(user.email);

      expect((await api.post('company/feature/request-access', { name: 'order' }, token)).status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(
        app.mailbox
          .messages()
          .slice(mark)
          .filter((m) => m.to.includes(PROVIDER)),
      ).toHaveLength(1);

      expect(await provider('--company', user.company_id, '--feature', 'order', '--on')).toBe(0);
      expect(await card(token, 'order')).toMatchObject({
        active: true,
        requested_at: null,
        action: 'deactivate',
      });
      const conflict = await api.post('company/feature/request-access', { name: 'order' }, token);
      expect(conflict.status).toBe(409);
      expect(conflict.body.message).toBe('This feature is active already.');

      expect((await api.post('company/feature', { name: 'order', active: false }, token)).status).toBe(200);
      expect(await card(token, 'order')).toMatchObject({ active: false, action: 'request_access' });
      expect(
        (await companyEvents(user.company_id)).map((e) => [e.type, e.data.by ?? e.data.requestedBy]),
      ).toEqual([
        ['FeatureAccessRequested', user.id],
        ['FeatureActivated', 'provider'],
        ['FeatureDeactivated', 'user'],
      ]);
    });

    it('records the ignore-pricing flag the provider sets', async () => {
      const { token, user } = await signUpOwner(api);
      expect(
        await provider('--company', user.company_id, '--feature', 'bottle_pos', '--on', '--ignore-pricing'),
      ).toBe(0);
      expect(await card(token, 'bottle_pos')).toMatchObject({ active: true, ignore_pricing: true });
    });
  });

  describe('refusals', () => {
    it.each([
      [
        { name: 'teleport', active: true },
        400,
        expect.stringContaining('Feature must be one of: ai, payment, order'),
      ],
      [{ name: 'payment', active: 'yes' }, 400, 'Active must be true or false.'],
    ])('%j → %i', async (body, status, message) => {
      const { token } = await signUpOwner(api);
      const response = await api.post('company/feature', body, token);
      expect(response.status).toBe(status);
      expect(response.body.message).toEqual(message);
    });

    it('refuses a request for a free feature the user can switch on, and for a coming-soon one', async () => {
      const { token } = await signUpOwner(api);
      expect((await api.post('company/feature/request-access', { name: 'email' }, token)).body).toEqual({
        statusCode: 400,
        message: 'This feature is free: you can activate it yourself.',
      });
      expect((await api.post('company/feature/request-access', { name: 'mpower' }, token)).body.message).toBe(
        'This feature is coming soon.',
      );
    });
  });

  describe("the provider's CLI", () => {
    it.each([
      [[], '--company needs a company id (a uuid).'],
      [['--company', 'abc'], '--company needs a company id (a uuid).'],
      [
        ['--company', '6f1c0000-0000-4000-8000-000000000001', '--feature', 'nope', '--on'],
        '--feature must be one of:',
      ],
      [
        ['--company', '6f1c0000-0000-4000-8000-000000000001', '--feature', 'order'],
        'Give exactly one of --on and --off.',
      ],
      [
        ['--company', '6f1c0000-0000-4000-8000-000000000001', '--feature', 'order', '--on', '--off'],
        'Give exactly one of --on and --off.',
      ],
    ])('refuses %j', (args, message) =>
      expect((parseFeaturesSetArgs(args) as { error: string }).error).toContain(message),
    );

    it('says so for a company that does not exist', async () => {
      const errors = jest.spyOn(console, 'error').mockImplementation(() => {});
      expect(
        await featuresSet(app.app, [
          '--company',
          '6f1c0000-0000-4000-8000-000000000001',
          '--feature',
          'order',
          '--on',
        ]),
      ).toBe(1);
      expect(errors).toHaveBeenCalledWith('Company not found (6f1c0000-0000-4000-8000-000000000001)');
    });

    it('switches a feature off', async () => {
      const { token, user } = await signUpOwner(api);
      await provider('--company', user.company_id, '--feature', 'reports', '--on');
      expect(await provider('--company', user.company_id, '--feature', 'reports', '--off')).toBe(0);
      expect(await card(token, 'reports')).toMatchObject({ active: false });
    });
  });
});
