import { prepared } from '#infra/db/database.js';
import { BadRequestException, Inject, Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { ActivityEvent } from '#domain/activity/activity.events.js';
import { activityStream } from '#domain/activity/activity.events.js';
import { companyDecider, companyStream } from '#domain/companies/company.decide.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { EventAppender } from '#engine';
import { escapeHtml } from '../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailPort } from '../infra/mail/mail.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import type { AuthUser, Role, UserResponse } from './auth.types.js';
import { RateLimiter } from '#infra/rate-limits/rate-limiter.js';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  newToken,
  TOKEN_LIFETIME_HOURS,
  verifyPassword,
} from './tokens.js';
import { WAITS_FOR } from '../read-your-writes.js';

export const WRONG_CREDENTIALS = 'Incorrect email or password.';
export const EMAIL_TAKEN = 'An account with this email already exists.';
export const RESET_LINK_INVALID = 'This password reset link is invalid or has expired.';
export const LOGIN_LINK_INVALID = 'This sign-in link is invalid or has expired.';

interface UserRow {
  id: string;
  company_id: string;
  email: string;
  name: string;
  title: string;
  role: Role;
  password_hash: string;
  disabled_at: Date | null;
}

interface Client {
  ip: string | null;
  userAgent?: string | null;
  now: string;
}

/** A bearer token is good while its session is neither revoked nor expired and its user is not disabled. */
const VALID_SESSION = 's.revoked_at IS NULL AND s.expires_at > now() AND u.disabled_at IS NULL';

const USER_RESPONSE_SQL = `
  SELECT u.id, u.name, u.title, u.email, u.role, u.company_id,
         CASE WHEN c.id IS NULL THEN NULL ELSE json_build_object(
           'id', c.id, 'name', c.name, 'details_complete', c.details_complete, 'time_zone', c.time_zone) END AS company
  FROM users u LEFT JOIN rm_company c ON c.id = u.company_id
  WHERE u.id = $1`;

/**
 * Accounts: users, sessions and one-time tokens are plain tables; what users do is recorded as events on the
 * company's activity stream. Passwords are argon2id; tokens are random and stored hashed, 23 h.
 */
@Injectable()
export class AuthService {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.limiter = new RateLimiter(pool, config.rateLimit.windowSeconds * 1000);
  }

  /** `ids`: the demo seed names its owner and company (the same demo on every run); otherwise random. */
  async signUp(
    input: { name: string; title: string; email: string; password: string },
    client: Client,
    ids: { userId: string; companyId: string } = { userId: randomUUID(), companyId: randomUUID() },
  ) {
    const { userId, companyId } = ids;
    const passwordHash = await hashPassword(input.password);
    const db = await this.pool.connect();
    try {
      await db.query('BEGIN');
      const inserted = await db.query(
        `INSERT INTO users (id, company_id, email, name, title, password_hash, role)
         VALUES ($1, $2, $3, $4, $5, $6, 'owner') ON CONFLICT DO NOTHING`,
        [userId, companyId, input.email, input.name, input.title, passwordHash],
      );
      if (inserted.rowCount === 0)
        throw new BadRequestException({
          statusCode: 400,
          message: EMAIL_TAKEN,
          details: [{ field: 'email', message: EMAIL_TAKEN }],
        });
      const actor = { companyId, userId, now: client.now };
      // The company starts incomplete, named after its owner; settings ask for the rest before the first invoice.
      // Projections are awaited only after COMMIT: this open transaction would hold back the event horizon.
      const registered = await this.events.decide(
        companyDecider,
        companyStream(companyId),
        {
          type: 'RegisterCompany',
          data: { companyId, name: input.name, ownerUserId: userId },
          metadata: actor,
        },
        { waitForProjections: false },
      );
      await this.events.record(
        activityStream(companyId),
        [this.fact('UserSignedUp', userId, input.email, client)],
        actor,
      );
      await db.query('COMMIT');
      if (registered.result)
        await this.events.waitForProjections(registered.result.checkpoint, WAITS_FOR.company);
    } catch (error) {
      await db.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      db.release();
    }
    return this.startSession(userId, companyId, client, 'password', input.email, false);
  }

  async signIn(input: { email: string; password: string }, client: Client) {
    const emailKey = `signin:email:${input.email.toLowerCase()}`;
    await this.limiter.hit(this.perEmail(emailKey), this.perAddress('signin', client));
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [
      input.email,
    ]);
    const user = rows[0];
    const ok = user
      ? await verifyPassword(user.password_hash, input.password)
      : await burnPasswordCheck(input.password);
    if (!user || !ok) throw new BadRequestException({ statusCode: 400, message: WRONG_CREDENTIALS });
    if (user.disabled_at)
      throw new BadRequestException({ statusCode: 400, message: 'This account has been disabled.' });
    await this.limiter.reset(emailKey);
    return this.startSession(user.id, user.company_id, client, 'password', user.email, true);
  }

  async signInWithLoginToken(token: string, client: Client) {
    await this.limiter.hit(this.perAddress('login-token', client));
    const user = await this.consumeToken(token, 'login', LOGIN_LINK_INVALID);
    return this.startSession(user.id, user.company_id, client, 'login_token', user.email, true);
  }

  private async startSession(
    userId: string,
    companyId: string,
    client: Client,
    method: 'password' | 'login_token',
    email: string,
    recordSignIn: boolean,
  ): Promise<{ access_token: string; user: UserResponse }> {
    const { token, hash } = newToken();
    await this.pool.query(
      `INSERT INTO sessions (token_hash, user_id, expires_at, ip, user_agent)
       VALUES ($1, $2, $3::timestamptz + make_interval(hours => $4), $5, $6)`,
      [hash, userId, client.now, TOKEN_LIFETIME_HOURS, client.ip, client.userAgent?.slice(0, 300) ?? null],
    );
    if (recordSignIn) {
      const fact: ActivityEvent = { type: 'UserSignedIn', data: { userId, email, ip: client.ip, method } };
      await this.events.record(activityStream(companyId), [fact], { companyId, userId, now: client.now });
    }
    return { access_token: token, user: await this.userResponse(userId) };
  }

  /** The caller behind a bearer token, or null when it is unknown, expired, revoked or its user disabled. */
  async authenticate(token: string): Promise<AuthUser | null> {
    if (token.length > 200) return null;
    const tokenHash = hashToken(token);
    // The company's active features come along (one round trip for both guards of a feature-gated route).
    const { rows } = await this.pool.query(
      prepared(`SELECT u.id, u.company_id, u.email, u.name, u.title, u.role, s.expires_at,
              ARRAY(SELECT f.key FROM rm_company c, jsonb_each(c.features) f
                     WHERE c.company_id = u.company_id AND c.id = u.company_id
                       AND (f.value ->> 'active')::boolean) AS active_features
       FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = $1 AND ${VALID_SESSION}`),
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      companyId: row.company_id,
      email: row.email,
      name: row.name,
      title: row.title,
      role: row.role,
      tokenHash,
      activeFeatures: new Set(row.active_features as string[]),
      expiresAt: new Date(row.expires_at).toISOString(),
    };
  }

  /** Of these token hashes, those still valid as `authenticate` judges them (hex); for live sockets. */
  async validTokenHashes(hashes: Buffer[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const { rows } = await this.pool.query<{ token_hash: Buffer }>(
      `SELECT s.token_hash FROM sessions s JOIN users u ON u.id = s.user_id
       WHERE s.token_hash = ANY($1::bytea[]) AND ${VALID_SESSION}`,
      [hashes],
    );
    return new Set(rows.map((row) => row.token_hash.toString('hex')));
  }

  async signOut(user: AuthUser, client: Client): Promise<void> {
    await this.pool.query(
      'UPDATE sessions SET revoked_at = now() WHERE token_hash = $1 AND revoked_at IS NULL',
      [user.tokenHash],
    );
    await this.events.record(
      activityStream(user.companyId),
      [this.fact('UserSignedOut', user.id, user.email, client)],
      {
        companyId: user.companyId,
        userId: user.id,
        now: client.now,
      },
    );
  }

  /** Always answers the same, whether or not the address has an account (no account enumeration). */
  async requestPasswordReset(email: string, client: Client): Promise<void> {
    await this.limiter.hit(
      this.perEmail(`reset:email:${email.toLowerCase()}`),
      this.perAddress('reset', client),
    );
    const { rows } = await this.pool.query<UserRow>(
      'SELECT * FROM users WHERE lower(email) = lower($1) AND disabled_at IS NULL',
      [email],
    );
    const user = rows[0];
    if (!user) return;
    const link = `${this.appUrl()}/auth/change-password?token=${await this.issueToken(user.id, 'password_reset', client.now)}`;
    await this.mail.send({
      to: user.email,
      subject: 'Reset your Stampline password',
      text: `Hello ${user.name},\n\nUse this link to choose a new password:\n${link}\n\nThe link can be used once and expires after ${TOKEN_LIFETIME_HOURS} hours. If you did not ask for it, ignore this e-mail.`,
      html: `<p>Hello ${escapeHtml(user.name)},</p><p><a href="${escapeHtml(link)}">Choose a new password</a></p><p>The link can be used once and expires after ${TOKEN_LIFETIME_HOURS} hours. If you did not ask for it, ignore this e-mail.</p>`,
    });
  }

  async resetPassword(token: string, password: string, client: Client): Promise<void> {
    const user = await this.consumeToken(token, 'password_reset', RESET_LINK_INVALID);
    await this.pool.query('UPDATE users SET password_hash = $2, updated_at = now() WHERE id = $1', [
      user.id,
      await hashPassword(password),
    ]);
    // A reset ends every session: whoever knew the old password is signed out.
    await this.pool.query(
      'UPDATE sessions SET revoked_at = now() WHERE user_id = $1 AND revoked_at IS NULL',
      [user.id],
    );
    await this.events.record(
      activityStream(user.company_id),
      [this.fact('PasswordReset', user.id, user.email, client)],
      {
        companyId: user.company_id,
        userId: user.id,
        now: client.now,
      },
    );
  }

  async updateProfile(
    user: AuthUser,
    input: { name: string; password?: string | null },
    client: Client,
  ): Promise<UserResponse> {
    const passwordChanged = typeof input.password === 'string' && input.password !== '';
    await this.pool.query(
      `UPDATE users SET name = $2, password_hash = coalesce($3, password_hash), updated_at = now() WHERE id = $1`,
      [user.id, input.name, passwordChanged ? await hashPassword(input.password!) : null],
    );
    const fact: ActivityEvent = {
      type: 'ProfileUpdated',
      data: {
        userId: user.id,
        email: user.email,
        ip: client.ip,
        nameChanged: input.name !== user.name,
        passwordChanged,
      },
    };
    await this.events.record(activityStream(user.companyId), [fact], {
      companyId: user.companyId,
      userId: user.id,
      now: client.now,
    });
    return this.userResponse(user.id);
  }

  /** A single-use link that signs the user in directly (`/auth/signin?login_token=…`), valid 23 h. */
  async issueLoginLink(email: string, now: string): Promise<string> {
    const { rows } = await this.pool.query<UserRow>('SELECT * FROM users WHERE lower(email) = lower($1)', [
      email,
    ]);
    if (!rows[0])
      throw new BadRequestException({ statusCode: 400, message: `No user with the e-mail ${email}` });
    return `${this.appUrl()}/auth/signin?login_token=${await this.issueToken(rows[0].id, 'login', now)}`;
  }

  async userResponse(userId: string): Promise<UserResponse> {
    const { rows } = await this.pool.query<UserResponse>(USER_RESPONSE_SQL, [userId]);
    return rows[0]!;
  }

  private async issueToken(userId: string, kind: 'password_reset' | 'login', now: string): Promise<string> {
    const { token, hash } = newToken();
    await this.pool.query(
      `INSERT INTO auth_tokens (token_hash, user_id, kind, expires_at)
       VALUES ($1, $2, $3, $4::timestamptz + make_interval(hours => $5))`,
      [hash, userId, kind, now, TOKEN_LIFETIME_HOURS],
    );
    return token;
  }

  /** Marks a one-time token used, atomically: of two concurrent uses exactly one succeeds. */
  private async consumeToken(
    token: string,
    kind: 'password_reset' | 'login',
    message: string,
  ): Promise<UserRow> {
    const { rows } = await this.pool.query<UserRow>(
      `WITH used AS (
         UPDATE auth_tokens SET used_at = now()
         WHERE token_hash = $1 AND kind = $2 AND used_at IS NULL AND expires_at > now()
         RETURNING user_id)
       SELECT u.* FROM users u JOIN used ON used.user_id = u.id WHERE u.disabled_at IS NULL`,
      [hashToken(token), kind],
    );
    if (!rows[0]) throw new BadRequestException({ statusCode: 400, message });
    return rows[0];
  }

  private fact<T extends 'UserSignedUp' | 'UserSignedOut' | 'PasswordReset'>(
    type: T,
    userId: string,
    email: string,
    client: Client,
  ) {
    return { type, data: { userId, email, ip: client.ip } };
  }

  private perEmail(key: string) {
    return { key, attempts: this.config.rateLimit.attempts };
  }

  private perAddress(action: string, client: Client) {
    return {
      key: `${action}:ip:${client.ip ?? 'unknown'}`,
      attempts: this.config.rateLimit.attemptsPerAddress,
    };
  }

  private appUrl(): string {
    return this.config.appUrl ?? `http://localhost:${this.config.port}`;
  }
}
