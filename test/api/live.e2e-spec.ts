import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { RUSTY_NAIL } from '#test/support/api-fixtures.js';
import { startTestApp, type TestApp, type TestDatabase } from '#test/support/app.js';
import { createTestDatabase } from '#test/support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '#test/support/http.js';
import { disconnected, liveClient, refusalOf, type LiveClient } from '#test/support/live.js';

describe('Live updates gateway', () => {
  let app: TestApp;
  let api: ApiClient;
  const open: LiveClient[] = [];
  const connect = (...args: Parameters<typeof liveClient>) => {
    const client = liveClient(...args);
    open.push(client);
    return client;
  };

  beforeAll(async () => {
    app = await startTestApp();
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await app?.close();
  });

  describe('the handshake', () => {
    it('refuses a socket without a token', async () => {
      expect(await refusalOf(connect(app.baseUrl, null))).toEqual({
        message: 'Please log back in.',
        statusCode: 401,
      });
    });

    it('refuses an unknown token', async () => {
      expect((await refusalOf(connect(app.baseUrl, 'x'.repeat(43)))).statusCode).toBe(401);
    });

    it('refuses a foreign Origin, and accepts the app’s own', async () => {
      const { token } = await signUpOwner(api);
      expect(await refusalOf(connect(app.baseUrl, token, { origin: 'https://evil.example' }))).toEqual({
        message: 'Origin not allowed.',
        statusCode: 403,
      });
      const own = connect(app.baseUrl, token, { origin: app.baseUrl });
      await own.hello;
      expect(own.socket.connected).toBe(true);
    });

    it('refuses a signed-out token', async () => {
      const { token } = await signUpOwner(api);
      await api.post('auth/signout', undefined, token);
      expect((await refusalOf(connect(app.baseUrl, token))).statusCode).toBe(401);
    });
  });

  describe('with two companies connected', () => {
    it('sends a change after the command answered and the read model shows it, to that company only', async () => {
      const a = await signUpOwner(api);
      const b = await signUpOwner(api);
      const socketA = connect(app.baseUrl, a.token);
      const socketB = connect(app.baseUrl, b.token);
      await Promise.all([socketA.hello, socketB.hello]);

      const created = await api.post('customer', RUSTY_NAIL, a.token);
      expect(created.status).toBe(201);
      const got = await socketA.next((r) => r.event === 'customer:changed');
      expect(got.message).toMatchObject({ type: 'CustomerCreated', id: created.body.id, by: a.user.id });
      expect((await api.get(`customer/${created.body.id}`, a.token)).status).toBe(200);

      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(socketB.received).toEqual([]);
    });

    it('disconnects a socket at sign-out within a second', async () => {
      const owner = await signUpOwner(api);
      const client = connect(app.baseUrl, owner.token);
      await client.hello;
      const started = performance.now();
      const gone = disconnected(client, 1000);
      await api.post('auth/signout', undefined, owner.token);
      expect(await gone).toBe('io server disconnect');
      expect(performance.now() - started).toBeLessThan(1000);
    });
  });

  describe('catch-up', () => {
    it('replays what a company missed while disconnected, and asks for a refetch when the position is unknown', async () => {
      const owner = await signUpOwner(api);
      const first = connect(app.baseUrl, owner.token);
      const { checkpoint } = await first.hello;
      first.close();

      const created = await api.post('customer', RUSTY_NAIL, owner.token);
      await api.put(`customer/${created.body.id}`, { ...RUSTY_NAIL, city: 'Dallas' }, owner.token);
      await signUpOwner(api); // another company's events are not replayed

      const second = connect(app.baseUrl, owner.token);
      await second.hello;
      const answer = await second.socket.emitWithAck('live:resume', { after: checkpoint });
      expect(answer.mode).toBe('replay');
      expect(answer.messages.map((m: { message: { type: string } }) => m.message.type)).toEqual([
        'CustomerCreated',
        'CustomerUpdated',
      ]);
      expect(await second.socket.emitWithAck('live:resume', { after: 'nonsense' })).toMatchObject({
        mode: 'refetch',
      });
      expect(await second.socket.emitWithAck('live:resume', { after: 42 })).toEqual({
        error: 'after must be a position string',
      });
    });
  });
});

describe('Live updates on two API processes', () => {
  let database: TestDatabase;
  let first: TestApp;
  let second: TestApp;
  const open: LiveClient[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('live_two');
    first = await startTestApp({}, { database });
    second = await startTestApp({}, { database });
  });
  afterAll(async () => {
    for (const client of open) client.close();
    await second?.close();
    await first?.close();
    await database?.drop();
  });

  it('delivers every event to the sockets of both', async () => {
    const api = apiClient(first.baseUrl);
    const owner = await signUpOwner(api);
    const onFirst = liveClient(first.baseUrl, owner.token);
    const onSecond = liveClient(second.baseUrl, owner.token);
    open.push(onFirst, onSecond);
    await Promise.all([onFirst.hello, onSecond.hello]);
    const created = await apiClient(second.baseUrl).post('customer', RUSTY_NAIL, owner.token);
    for (const client of [onFirst, onSecond]) {
      expect((await client.next((r) => r.event === 'customer:changed')).message.id).toBe(created.body.id);
    }
    const gone = disconnected(onFirst, 1000);
    await apiClient(second.baseUrl).post('auth/signout', undefined, owner.token);
    await gone;
  });
});
