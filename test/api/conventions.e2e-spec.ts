import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

describe('API conventions (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  async function countUsers(): Promise<number> {
    const { rows } = await app.runtime.pool.query('SELECT count(*)::int AS n FROM users');
    return rows[0].n;
  }

  describe('bad input is a 4xx with a clear message and writes nothing', () => {
    const valid = {
      name: 'Bob',
      title: 'Owner',
      email: 'bob@example.test',
      password: 'secret1',
      confirm_password: 'secret1',
    };

    it.each([
      [
        'malformed JSON',
        { raw: '{"name": "Bob",' },
        400,
        "Body is not valid JSON but content-type is set to 'application/json'",
      ],
      ['a JSON array', { raw: '[]' }, 400, undefined],
      ['wrong types', { body: { ...valid, email: 42, password: ['x'] } }, 400, undefined],
      ['missing fields', { body: {} }, 400, undefined],
      ['an unknown field', { body: { ...valid, role: 'owner' } }, 400, 'property role should not exist'],
      [
        'a __proto__ key',
        { raw: JSON.stringify(valid).replace('{', '{"__proto__": {"admin": true},') },
        400,
        undefined,
      ],
      [
        'a constructor.prototype key',
        { raw: JSON.stringify(valid).replace('{', '{"constructor": {"prototype": {"admin": true}},') },
        400,
        undefined,
      ],
      [
        'an oversized body',
        { raw: JSON.stringify({ ...valid, name: 'x'.repeat(6 * 1024 * 1024) }) },
        413,
        'Request body is too large (limit 5 MB)',
      ],
      [
        'a wrong content type',
        { raw: 'name=Bob', headers: { 'content-type': 'text/plain' } },
        400,
        undefined,
      ],
    ])('%s', async (_, request, status, message) => {
      const before = await countUsers();
      const response = await api.call('POST', 'auth/signup', request as never);
      expect(response.status).toBe(status);
      expect(response.body.statusCode).toBe(status);
      expect(typeof response.body.message).toBe('string');
      if (message) expect(response.body.message).toBe(message);
      expect(await countUsers()).toBe(before);
    });

    it('lists one detail per broken field', async () => {
      const response = await api.post('auth/signup', { email: 'x', password: '' });
      expect(response.status).toBe(400);
      const fields = response.body.details.map((d: { field: string }) => d.field).sort();
      expect(fields).toEqual(['confirm_password', 'email', 'name', 'password', 'title']);
    });

    it('answers an unknown API route with the error shape, not the web app', async () => {
      const response = await api.get('no-such-route');
      expect(response.status).toBe(404);
      expect(response.body.statusCode).toBe(404);
    });
  });

  describe('security headers', () => {
    it('sends a strict CSP without inline script, no-sniff, frame denial and no referrer', async () => {
      const response = await api.get('meta');
      const csp = response.headers.get('content-security-policy')!;
      expect(csp).toContain("script-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('DENY');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
    });
  });

  describe('idempotency keys', () => {
    it('answers a retried command with the first answer and refuses the key with another body (422)', async () => {
      const { token } = await signUpOwner(api);
      const headers = { 'idempotency-key': 'profile-1' };
      const first = await api.put('user', { name: 'First Name' }, token, headers);
      const retry = await api.put('user', { name: 'First Name' }, token, headers);
      expect(retry.status).toBe(first.status);
      expect(retry.body).toEqual(first.body);
      expect(retry.headers.get('idempotent-replayed')).toBe('true');
      const reused = await api.put('user', { name: 'Other Name' }, token, headers);
      expect(reused.status).toBe(422);
      expect(reused.body.message).toBe('This Idempotency-Key was used with a different request.');
      expect((await api.get('validate_token', token)).body.name).toBe('First Name');
    });
  });

  describe('tenancy', () => {
    it("answers 404 to another company's user and shows nothing of the company", async () => {
      const owner = await signUpOwner(api, 'Secret Spirits Owner');
      const other = await signUpOwner(api, 'Other Owner');
      const mine = await api.get(`company/${owner.user.company_id}`, owner.token);
      expect(mine.status).toBe(200);
      expect(mine.body.name).toBe('Secret Spirits Owner');
      await expectOtherCompanyGets404(
        api,
        other.token,
        [{ method: 'GET', path: `company/${owner.user.company_id}` }],
        ['Secret Spirits Owner'],
      );
      expect((await api.get('company/not-a-uuid', other.token)).status).toBe(404);
    });
  });

  describe('health, meta and docs', () => {
    it('reports the database, the event store and every projection', async () => {
      const response = await api.get('health');
      expect(response.status).toBe(200);
      expect(response.body.database.ok).toBe(true);
      expect(response.body.eventStore.ok).toBe(true);
      expect(response.body.projections.map((p: { name: string }) => p.name)).toEqual(
        expect.arrayContaining(['company', 'activity']),
      );
    });

    it('announces the minimum client version', async () => {
      expect((await api.get('meta')).body).toEqual({ version: expect.any(String), minClientVersion: '3.98' });
    });

    it('serves the OpenAPI document', async () => {
      const response = await fetch(`${app.baseUrl}/api/docs-json`);
      expect(response.status).toBe(200);
      const document = (await response.json()) as { paths: Record<string, unknown> };
      expect(Object.keys(document.paths)).toEqual(
        expect.arrayContaining(['/api/v1/auth/signin', '/api/v1/health']),
      );
    });
  });
});
