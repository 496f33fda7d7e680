import { startTestApp, type TestApp, type TestDatabase } from '../support/app.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

/**
 * Two API processes on one database share their attempt limits (Postgres, not process memory): a
 * client that spreads its guesses over both gets no more than the limit, also when they arrive at once.
 */
const LIMIT = 4;

describe('Rate limits shared by two API processes', () => {
  let database: TestDatabase;
  let one: TestApp;
  let two: TestApp;
  let a: ApiClient;
  let b: ApiClient;

  beforeAll(async () => {
    database = await createTestDatabase('rate_limits');
    const env = { AUTH_RATE_LIMIT: String(LIMIT), AUTH_RATE_LIMIT_PER_ADDRESS: '1000' };
    one = await startTestApp(env, { database });
    two = await startTestApp(env, { database });
    a = apiClient(one.baseUrl);
    b = apiClient(two.baseUrl);
  });

  afterAll(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  it('counts sign-in attempts against one e-mail on both processes together', async () => {
    const { email } = await signUpOwner(a);
    const answers: number[] = [];
    for (let i = 0; i < 8; i++)
      answers.push((await (i % 2 ? b : a).post('auth/signin', { email, password: 'wrong-password' })).status);
    expect(answers).toEqual([400, 400, 400, 400, 429, 429, 429, 429]);
    const right = await b.post('auth/signin', { email, password: 'secret1' });
    expect(right.status).toBe(429);
    expect(right.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
  });

  it('admits exactly the limit when the attempts arrive at once on both', async () => {
    const { email } = await signUpOwner(a);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 ? b : a).post('auth/signin', { email, password: 'wrong-password' }).then((r) => r.status),
      ),
    );
    expect(answers.filter((s) => s === 400)).toHaveLength(LIMIT);
    expect(answers.filter((s) => s === 429)).toHaveLength(20 - LIMIT);
  });

  it('clears an e-mail’s failures on a successful sign-in, on every process', async () => {
    const { email } = await signUpOwner(a);
    for (let i = 0; i < LIMIT - 1; i++)
      expect((await a.post('auth/signin', { email, password: 'wrong-password' })).status).toBe(400);
    expect((await b.post('auth/signin', { email, password: 'secret1' })).status).toBe(200);
    for (let i = 0; i < LIMIT - 1; i++)
      expect((await a.post('auth/signin', { email, password: 'wrong-password' })).status).toBe(400);
  });

  it('shares the password-reset limit', async () => {
    const { email } = await signUpOwner(a);
    const answers: number[] = [];
    for (let i = 0; i < LIMIT + 2; i++)
      answers.push((await (i % 2 ? b : a).post('auth/reset-request', { email })).status);
    expect(answers).toEqual([...Array(LIMIT).fill(200), 429, 429]);
  });

  it("shares the public links' guessing limit (60 failed lookups per address)", async () => {
    const guess = (api: ApiClient, i: number) =>
      api.get(`pdf/invoice/${'x'.repeat(40)}${String(i).padStart(3, '0')}`).then((r) => r.status);
    const answers: number[] = [];
    for (let i = 0; i < 62; i++) answers.push(await guess(i % 2 ? b : a, i));
    expect(answers.slice(0, 60).every((s) => s === 404)).toBe(true);
    expect(answers.slice(60)).toEqual([429, 429]);
  });
});
