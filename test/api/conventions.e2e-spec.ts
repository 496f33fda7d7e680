import { createHash } from 'node:crypto';
import type { EventEmitter } from 'node:events';
import { PRESENCE_NAMESPACE, ProcessPresence } from '../../apps/api/src/infra/http/process-presence.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';
import { expectOtherCompanyGets404 } from '../support/tenancy.js';

describe('API conventions (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp({ PROVIDER_EMAIL: 'help@provider.test' });
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  async function countUsers(): Promise<number> {
    const { rows } = await app.runtime.pool.query('SELECT count(*)::int AS n FROM users');
    return rows[0].n;
  }

  it("gives its presence lock's connection back once: the database ending it after the app stopped changes nothing", async () => {
    const presence = new ProcessPresence(app.runtime.pool);
    const client = (await presence.ready()) as EventEmitter;
    await presence.onModuleDestroy();
    // the embedded database stopping after the app: its connections end with an error
    expect(() =>
      client.emit('error', new Error('terminating connection due to administrator command')),
    ).not.toThrow();
  });

  it('sends a large answer whole: its length in bytes and its characters beyond ASCII as UTF-8', async () => {
    const response = await fetch(`${app.baseUrl}/api/docs-json`);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(bytes.length).toBeGreaterThan(16 * 1024);
    expect(Number(response.headers.get('content-length'))).toBe(bytes.length);
    const document = JSON.parse(bytes.toString('utf8')) as { info: { description: string } };
    expect(document.info.description).toContain('`Authorization: Bearer …`');
  });

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

    it('tells a retry the first is in progress while its process lives; takes over a claim whose process is gone, unanswered for 5 minutes, expired, or left by this process', async () => {
      const { token, user } = await signUpOwner(api);
      const body = { name: 'Taken Over' };
      // the interceptor's hash of this very request
      const hash = createHash('sha256')
        .update(`PUT /api/v1/user\n${JSON.stringify(body)}`)
        .digest('hex');
      const presence = app.app.get(ProcessPresence);
      await presence.ready();
      const claim = (key: string, age: string, answered: boolean, owner: number | null) =>
        app.runtime.pool.query(
          `INSERT INTO idempotency_keys (scope, key, request_hash, status_code, response, created_at, owner)
           VALUES ($1, $2, $3, $4, $5, now() - $6::interval, $7)`,
          [user.id, key, hash, answered ? 200 : null, answered ? '{"old":true}' : null, age, owner],
        );
      // another live process is running the command: its session holds its presence lock
      const otherKey = presence.key === 3 ? 4 : 3;
      const other = await app.runtime.pool.connect();
      await other.query('SELECT pg_advisory_lock($1, $2)', [PRESENCE_NAMESPACE, otherKey]);
      await claim('running-elsewhere', '1 minute', false, otherKey);
      // this process claimed the key, then its database failed before the claim was released: this process is not
      // running it
      await claim('left-here', '1 minute', false, presence.key);
      // a claim from before claims named their process: only its age tells
      await claim('running-unknown', '1 minute', false, null);
      // a process that stopped (or crashed) while running the command: nobody holds its presence lock
      await claim('owner-gone', '1 minute', false, presence.key === 1 ? 2 : 1);
      await claim('abandoned', '6 minutes', false, presence.key);
      await claim('expired', '25 hours', true, null);
      for (const key of ['running-elsewhere', 'running-unknown']) {
        const running = await api.put('user', body, token, { 'idempotency-key': key });
        expect({ key, status: running.status, message: running.body.message }).toEqual({
          key,
          status: 409,
          message: 'A request with this Idempotency-Key is in progress.',
        });
      }
      other.release(true);
      for (const key of ['owner-gone', 'abandoned', 'expired', 'left-here']) {
        const taken = await api.put('user', body, token, { 'idempotency-key': key });
        expect({ key, status: taken.status, name: taken.body.name }).toEqual({
          key,
          status: 200,
          name: 'Taken Over',
        });
        const replayed = await api.put('user', body, token, { 'idempotency-key': key });
        expect(replayed.headers.get('idempotent-replayed')).toBe('true');
        expect(replayed.body).toEqual(taken.body);
      }
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

    it("announces the minimum client version and the provider's support address (PROVIDER_EMAIL)", async () => {
      expect((await api.get('meta')).body).toEqual({
        version: expect.any(String),
        minClientVersion: '3.98',
        supportEmail: 'help@provider.test',
      });
    });

    describe('the OpenAPI document', () => {
      type Schema = {
        $ref?: string;
        type?: string;
        properties?: Record<string, Schema>;
        additionalProperties?: unknown;
        items?: Schema;
        allOf?: Schema[];
        oneOf?: Schema[];
        anyOf?: Schema[];
        example?: unknown;
      };
      type Content = Record<string, { schema?: Schema }>;
      type Operation = {
        requestBody?: { content: Content };
        responses: Record<string, { content?: Content; headers?: Record<string, unknown> }>;
        parameters?: { name: string; schema?: Schema }[];
      };
      let document: {
        paths: Record<string, Record<string, Operation>>;
        components: {
          schemas: Record<string, Schema>;
          securitySchemes: Record<string, Record<string, string>>;
        };
      };
      beforeAll(async () => {
        document = (await (await fetch(`${app.baseUrl}/api/docs-json`)).json()) as typeof document;
      });
      const resolve = (schema: Schema): Schema =>
        schema.$ref ? resolve(document.components.schemas[schema.$ref.split('/').pop()!]) : schema;
      /** Where, inside `schema`, an object is described with no field at all (what `Object` or an undecorated DTO gives). */
      const emptyObjects = (schema: Schema, at: string, seen = new Set<Schema>()): string[] => {
        const resolved = resolve(schema);
        if (seen.has(resolved)) return [];
        seen.add(resolved);
        const here = schema.$ref ? `${at} (${schema.$ref.split('/').pop()})` : at;
        const found: string[] = [];
        const properties = Object.entries(resolved.properties ?? {});
        const parts = [...(resolved.allOf ?? []), ...(resolved.oneOf ?? []), ...(resolved.anyOf ?? [])];
        if (
          (resolved.type === 'object' || (resolved.type === undefined && schema.$ref)) &&
          properties.length === 0 &&
          !resolved.additionalProperties &&
          parts.length === 0
        )
          found.push(here);
        for (const [name, property] of properties)
          found.push(...emptyObjects(property, `${here}.${name}`, seen));
        if (resolved.items) found.push(...emptyObjects(resolved.items, `${here}[]`, seen));
        for (const part of parts) found.push(...emptyObjects(part, here, seen));
        return found;
      };
      const operations = () =>
        Object.entries(document.paths).flatMap(([path, methods]) =>
          Object.entries(methods).map(([method, operation]) => ({
            name: `${method.toUpperCase()} ${path}`,
            operation,
          })),
        );
      const jsonSchema = (content?: Content) => content?.['application/json']?.schema;

      it('lists the routes', () => {
        expect(Object.keys(document.paths)).toEqual(
          expect.arrayContaining(['/api/v1/auth/signin', '/api/v1/health', '/api/v1/meta']),
        );
      });

      it('describes every request body, answer and parameter with its fields: no empty object schema', () => {
        const empty = operations().flatMap(({ name, operation }) => {
          const body = jsonSchema(operation.requestBody?.content);
          return [
            ...(body ? emptyObjects(body, `${name} body`) : []),
            ...Object.entries(operation.responses).flatMap(([status, answer]) => {
              const schema = jsonSchema(answer.content);
              return schema ? emptyObjects(schema, `${name} ${status}`) : [];
            }),
            ...(operation.parameters ?? []).flatMap((parameter) =>
              parameter.schema ? emptyObjects(parameter.schema, `${name} ?${parameter.name}`) : [],
            ),
          ];
        });
        const emptyComponents = Object.entries(document.components.schemas)
          .filter(
            ([, schema]) => Object.keys(schema.properties ?? {}).length === 0 && !schema.additionalProperties,
          )
          .map(([name]) => name);
        expect({ empty, emptyComponents }).toEqual({ empty: [], emptyComponents: [] });
      });

      it('shows how to sign in: every auth body field and answer with an example', () => {
        const auth = operations().filter(({ name }) =>
          /^(POST \/api\/v1\/auth\/(signin|signup|login-token|reset-request)|PUT \/api\/v1\/(auth\/password|user)|GET \/api\/v1\/validate_token)$/.test(
            name,
          ),
        );
        expect(auth).toHaveLength(7);
        for (const { name, operation } of auth) {
          const body = jsonSchema(operation.requestBody?.content);
          if (body)
            for (const [field, property] of Object.entries(resolve(body).properties ?? {}))
              expect({ field: `${name} ${field}`, example: property.example }).toEqual({
                field: `${name} ${field}`,
                example: expect.anything(),
              });
          const answers = Object.entries(operation.responses).filter(([status]) => status.startsWith('2'));
          expect(
            answers.map(([status, answer]) => [name, status, jsonSchema(answer.content)?.example]),
          ).toEqual(answers.map(([status]) => [name, status, expect.anything()]));
        }
        const signIn =
          document.paths['/api/v1/auth/signin'].post.responses['200'].content!['application/json'].schema!;
        expect(Object.keys(signIn.properties!)).toEqual(['access_token', 'user']);
      });

      /** Operations whose answer is not documented yet: a new operation documents its answer (ApiAnswer). */
      const ANSWER_NOT_DOCUMENTED_YET: string[] = [];

      it('documents the answer of every operation but the ones listed as not yet', () => {
        const undocumented = operations()
          .filter(
            ({ operation }) =>
              // an answer with its content (or a 204), or a redirect with where it goes
              !Object.entries(operation.responses).some(
                ([status, answer]) =>
                  (status.startsWith('2') && (answer.content || status === '204')) ||
                  (status.startsWith('3') && answer.headers?.Location),
              ),
          )
          .map(({ name }) => name)
          .sort();
        expect(undocumented).toEqual(ANSWER_NOT_DOCUMENTED_YET);
      });

      it('says the bearer tokens are opaque, not JWTs', () => {
        const schemes = Object.values(document.components.securitySchemes);
        expect(schemes).toEqual([expect.objectContaining({ type: 'http', scheme: 'bearer' })]);
        expect(schemes[0].bearerFormat ?? '').not.toMatch(/jwt/i);
        expect(schemes[0].description).toContain('opaque');
      });
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
