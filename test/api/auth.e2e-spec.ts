import { startTestApp, type TestApp } from '../support/app.js';
import { apiClient, signUpOwner, type ApiClient } from '../support/http.js';

describe('Accounts and sign-in (HTTP)', () => {
  let app: TestApp;
  let api: ApiClient;

  beforeAll(async () => {
    app = await startTestApp({ AUTH_RATE_LIMIT: '5', AUTH_RATE_LIMIT_PER_ADDRESS: '10000' });
    api = apiClient(app.baseUrl);
  });
  afterAll(async () => {
    await app.close();
  });

  describe('sign-up', () => {
    it('creates the owner and an incomplete company named after them, and signs in', async () => {
      const response = await api.post('auth/signup', {
        name: 'Ada Lovelace',
        title: 'Owner',
        email: 'ada@example.test',
        password: 'secret1',
        confirm_password: 'secret1',
      });
      expect(response.status).toBe(201);
      expect(response.body.access_token.length).toBeGreaterThan(5);
      expect(response.body.user).toMatchObject({
        name: 'Ada Lovelace',
        title: 'Owner',
        email: 'ada@example.test',
        role: 'owner',
        company: { name: 'Ada Lovelace', details_complete: false, time_zone: 'America/Chicago' },
      });
      const me = await api.get('validate_token', response.body.access_token);
      expect(me.status).toBe(200);
      expect(me.body.email).toBe('ada@example.test');
      expect(me.body).not.toHaveProperty('password_hash');
    });

    it('refuses an e-mail that is registered already, whatever its case', async () => {
      await signUpOwner(api).then(async ({ email }) => {
        const again = await api.post('auth/signup', {
          name: 'Someone',
          title: 'X',
          email: email.toUpperCase(),
          password: 'secret1',
          confirm_password: 'secret1',
        });
        expect(again.status).toBe(400);
        expect(again.body.message).toBe('An account with this email already exists.');
      });
    });

    it.each([
      [{ email: '' }, 'email', "Email can't be an empty field"],
      [{ email: 'not-an-email' }, 'email', 'Please insert a valid email address'],
      [{ password: '' }, 'password', "Password can't be an empty field"],
      [{ password: 'abc' }, 'password', 'Password must be at least 5 characters'],
      [{ confirm_password: 'different' }, 'confirm_password', 'Passwords do not match'],
      [{ name: '  ' }, 'name', "Full name can't be an empty field"],
      [{ title: '' }, 'title', "Title can't be an empty field"],
    ])('refuses %j with the message for %s', async (override, field, message) => {
      const body = {
        name: 'Bob',
        title: 'Owner',
        email: `bob${Math.random()}@example.test`,
        password: 'secret1',
        confirm_password: 'secret1',
        ...override,
      };
      const response = await api.post('auth/signup', body);
      expect(response.status).toBe(400);
      expect(response.body.details).toContainEqual({ field, message });
    });

    it('accepts an e-mail without a top-level domain', async () => {
      const response = await api.post('auth/signup', {
        name: 'Local',
        title: 'Owner',
        email: `local${Date.now()}@intranet`,
        password: 'secret1',
        confirm_password: 'secret1',
      });
      expect(response.status).toBe(201);
    });
  });

  describe('sign-in and sign-out', () => {
    it('signs in with the right password and answers 400 with a message for a wrong one', async () => {
      const { email } = await signUpOwner(api);
      const ok = await api.post('auth/signin', { email, password: 'secret1' });
      expect(ok.status).toBe(200);
      expect(ok.body.user.email).toBe(email);
      const wrong = await api.post('auth/signin', { email, password: 'wrong-password' });
      expect(wrong.status).toBe(400);
      expect(wrong.body.message).toBe('Incorrect email or password.');
      const unknown = await api.post('auth/signin', { email: 'nobody@example.test', password: 'whatever' });
      expect(unknown.status).toBe(400);
      expect(unknown.body.message).toBe('Incorrect email or password.');
    });

    it('revokes the token on sign-out: the next call is 401', async () => {
      const { token } = await signUpOwner(api);
      expect((await api.post('auth/signout', undefined, token)).status).toBe(204);
      const after = await api.get('validate_token', token);
      expect(after.status).toBe(401);
      expect(after.body).toEqual({ statusCode: 401, message: 'Please log back in.' });
    });

    it('answers 401 for missing, forged and malformed tokens', async () => {
      expect((await api.get('validate_token')).status).toBe(401);
      expect((await api.get('validate_token', 'forged-token-value')).status).toBe(401);
      expect(
        (await api.call('GET', 'validate_token', { headers: { authorization: 'Basic abc' } })).status,
      ).toBe(401);
      expect((await api.get('validate_token', 'x'.repeat(5000))).status).toBe(401);
    });

    it('rate-limits repeated sign-in attempts per e-mail with 429 and a clear message', async () => {
      const { email } = await signUpOwner(api);
      const answers = [];
      for (let i = 0; i < 7; i++)
        answers.push((await api.post('auth/signin', { email, password: 'wrong-password' })).status);
      expect(answers.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      const limited = await api.post('auth/signin', { email, password: 'secret1' });
      expect(limited.status).toBe(429);
      expect(limited.body.message).toBe('Too many attempts. Please wait a few minutes and try again.');
    });

    it('records each sign-in on the company activity stream', async () => {
      const { email, user } = await signUpOwner(api);
      await api.post('auth/signin', { email, password: 'secret1' });
      const types: string[] = [];
      for await (const event of app.runtime.store.readStream(`activity-${user.company_id}`))
        types.push(event.type);
      expect(types).toEqual(['UserSignedUp', 'UserSignedIn']);
    });
  });

  describe('password reset', () => {
    it('sends a single-use link that sets a new password and ends the old sessions', async () => {
      const { email, token } = await signUpOwner(api);
      const mark = app.mailbox.mark();
      const request = await api.post('auth/reset-request', { email });
      expect(request.status).toBe(200);
      const mail = await app.mailbox.waitFor(email, { after: mark });
      const resetToken = /token=([A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
      expect(mail.text).toContain('/auth/change-password?token=');

      const weak = await api.put('auth/password', { token: resetToken, password: 'abc' });
      expect(weak.status).toBe(400);
      expect(weak.body.message).toBe('Please input a strong password');

      expect((await api.put('auth/password', { token: resetToken, password: 'newsecret' })).status).toBe(200);
      expect((await api.put('auth/password', { token: resetToken, password: 'another1' })).body).toEqual({
        statusCode: 400,
        message: 'This password reset link is invalid or has expired.',
      });
      expect((await api.get('validate_token', token)).status).toBe(401);
      expect((await api.post('auth/signin', { email, password: 'secret1' })).status).toBe(400);
      expect((await api.post('auth/signin', { email, password: 'newsecret' })).status).toBe(200);
    });

    it('answers the same for an unknown address and sends nothing', async () => {
      const mark = app.mailbox.mark();
      const response = await api.post('auth/reset-request', { email: 'ghost@example.test' });
      expect(response.status).toBe(200);
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(app.mailbox.messages().slice(mark)).toEqual([]);
    });

    it('refuses an invalid e-mail with the spec message', async () => {
      const response = await api.post('auth/reset-request', { email: 'nope' });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe('Please insert a valid email address');
    });
  });

  describe('login_token', () => {
    it('signs in once with a login link and refuses it the second time', async () => {
      const { email } = await signUpOwner(api);
      const { AuthService } = await import('../../apps/api/src/auth/auth.service.js');
      const link = await app.app.get(AuthService).issueLoginLink(email, new Date().toISOString());
      const loginToken = new URL(link).searchParams.get('login_token')!;
      const first = await api.post('auth/login-token', { login_token: loginToken });
      expect(first.status).toBe(200);
      expect(first.body.user.email).toBe(email);
      const second = await api.post('auth/login-token', { login_token: loginToken });
      expect(second.status).toBe(400);
      expect(second.body.message).toBe('This sign-in link is invalid or has expired.');
    });
  });

  describe('profile', () => {
    it('changes the name (trimmed) and, when given, the password', async () => {
      const { token, email } = await signUpOwner(api);
      const response = await api.put('user', { name: '  Grace Hopper  ', password: 'abcd' }, token);
      expect(response.status).toBe(200);
      expect(response.body.name).toBe('Grace Hopper');
      expect((await api.post('auth/signin', { email, password: 'abcd' })).status).toBe(200);
      const nameOnly = await api.put('user', { name: 'Grace' }, token);
      expect(nameOnly.status).toBe(200);
      expect((await api.post('auth/signin', { email, password: 'abcd' })).status).toBe(200);
    });

    it('refuses a name under 3 characters after trimming and a password under 4', async () => {
      const { token } = await signUpOwner(api);
      const short = await api.put('user', { name: ' ab ' }, token);
      expect(short.status).toBe(400);
      expect(short.body.details).toContainEqual({
        field: 'name',
        message: 'Name must be at least 3 characters',
      });
      const weak = await api.put('user', { name: 'Grace', password: 'abc' }, token);
      expect(weak.body.details).toContainEqual({
        field: 'password',
        message: 'Password must be at least 4 characters',
      });
    });
  });
});
