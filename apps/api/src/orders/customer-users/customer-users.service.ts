import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  CustomerUserAccess,
  CustomerUserResponse,
  InviteCustomerUserResponse,
  ShopMeResponse,
} from '#domain/contracts/order.contract.js';
import { activityStream, type CustomerUserFact } from '#domain/activity/activity.events.js';
import { inTransaction, prepared } from '#infra/db/database.js';
import { EventAppender } from '#engine';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { EMAIL_TAKEN, WRONG_CREDENTIALS } from '../../auth/auth.service.js';
import { RateLimiter } from '#infra/rate-limits/rate-limiter.js';
import {
  burnPasswordCheck,
  hashPassword,
  hashToken,
  newToken,
  TOKEN_LIFETIME_HOURS,
  verifyPassword,
} from '../../auth/tokens.js';
import { APP_CONFIG, type AppConfig } from '../../infra/config/config.js';
import { escapeHtml } from '../../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailPort } from '../../infra/mail/mail.port.js';
import type { CustomerUserPrincipal } from './customer-user.types.js';
import { customerUserHistory, type CustomerUserHistory } from './customer-user-history.js';

export const CUSTOMER_INVITATION_LIFETIME_DAYS = 7;
export const CUSTOMER_USER_NOT_FOUND = 'Customer user not found';
export const CUSTOMER_NOT_FOUND = 'Customer Not Found';
export const CUSTOMER_INVITATION_INVALID = 'This invitation link is invalid or has expired.';

type CustomerUserRow = {
  id: string;
  name: string;
  email: string;
  phone_number: string | null;
  tabc_id: string | null;
  is_enable: boolean;
  revoked_at: Date | null;
  invited_at: Date;
  created_at: Date;
  first_signed_in_at: Date | null;
  app_notification: boolean;
  email_notification: boolean;
  sms_notification: boolean;
  customer_id: string;
  customer_name: string | null;
};

const COLUMNS = `u.id, u.name, u.email, u.phone_number, u.tabc_id, u.is_enable, u.revoked_at, u.invited_at,
  u.created_at, u.first_signed_in_at, u.app_notification, u.email_notification, u.sms_notification, u.customer_id,
  c.name AS customer_name`;
const FROM = `customer_users u LEFT JOIN rm_customer c ON c.id = u.customer_id AND c.company_id = u.company_id`;

/** The client's specification: never signed in and not revoked is 'invited' (blank); else Revoked, Enabled or Disabled. */
export function accessOf(
  row: Pick<CustomerUserRow, 'revoked_at' | 'first_signed_in_at' | 'is_enable'>,
): CustomerUserAccess {
  if (row.revoked_at) return 'Revoked';
  if (!row.first_signed_in_at) return '';
  return row.is_enable ? 'Enabled' : 'Disabled';
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

function toResponse(row: CustomerUserRow, history?: CustomerUserHistory): CustomerUserResponse {
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone_number: row.phone_number,
    tabc_id: row.tabc_id,
    is_enable: row.is_enable,
    revoked: row.revoked_at !== null,
    access: accessOf(row),
    invited_at: row.invited_at.toISOString(),
    created_at: row.created_at.toISOString(),
    signed_in_at: iso(row.first_signed_in_at),
    app_notification: row.app_notification,
    email_notification: row.email_notification,
    sms_notification: row.sms_notification,
    customer: { id: row.customer_id, name: row.customer_name ?? 'Deleted Customer' },
    userActivity: history?.userActivity ?? [],
    emailInvitation: history?.emailInvitation ?? [],
  };
}

/** A link in an e-mail: https everywhere but on this machine (the invitation link is https). */
export function httpsLink(base: string, path: string): string {
  const url = new URL(path, base);
  if (!['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)) url.protocol = 'https:';
  return url.toString();
}

/**
 * Customer users (as the client's specification asks): a customer's own staff, invited by the distributor, who sign in to the
 * ordering app. Plain tables like users; their sessions are their own table, so their tokens never open a
 * back-office route, and a disabled or revoked customer user's tokens stop working at once (the guard reads the
 * user with the session on every call).
 */
@Injectable()
export class CustomerUsersService {
  private readonly limiter: RateLimiter;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(EventAppender) private readonly events: EventAppender,
  ) {
    this.limiter = new RateLimiter(pool, config.rateLimit.windowSeconds * 1000);
  }

  async list(companyId: string, customerId?: string): Promise<CustomerUserResponse[]> {
    if (customerId) await this.customer(companyId, customerId);
    const rows = await tenantQuery<CustomerUserRow>(
      this.pool,
      companyId,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE u.company_id = $1 AND ($2::uuid IS NULL OR u.customer_id = $2::uuid)
       ORDER BY u.created_at DESC, u.id`,
      [customerId ?? null],
    );
    const history = await customerUserHistory(
      this.pool,
      companyId,
      rows.map((row) => row.id),
    );
    return rows.map((row) => toResponse(row, history.get(row.id)));
  }

  async get(companyId: string, id: string): Promise<CustomerUserResponse> {
    const [row] = await tenantQuery<CustomerUserRow>(
      this.pool,
      companyId,
      `SELECT ${COLUMNS} FROM ${FROM} WHERE u.company_id = $1 AND u.id = $2::uuid`,
      [id],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: CUSTOMER_USER_NOT_FOUND });
    const history = await customerUserHistory(this.pool, companyId, [row.id]);
    return toResponse(row, history.get(row.id));
  }

  /** Invites a customer's user: the account waits for its password; the e-mail carries a single-use link. */
  async invite(
    inviter: { companyId: string; name: string },
    input: { name: string; email: string; tabc_id?: string | null },
    customerId: string,
    now: string,
    /** The demo seed names its customer users (the same demo on every run); otherwise random. */
    id: string = randomUUID(),
  ): Promise<InviteCustomerUserResponse> {
    const customer = await this.customer(inviter.companyId, customerId);
    const { token, hash } = newToken();
    await inTransaction(this.pool, async (tx) => {
      const inserted = await tx.query(
        `INSERT INTO customer_users (id, company_id, customer_id, email, name, tabc_id, invited_at, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7, $7) ON CONFLICT DO NOTHING`,
        [id, inviter.companyId, customer.id, input.email, input.name, input.tabc_id?.trim() || null, now],
      );
      if (inserted.rowCount === 0) {
        throw new BadRequestException({
          statusCode: 400,
          message: EMAIL_TAKEN,
          details: [{ field: 'email', message: EMAIL_TAKEN }],
        });
      }
      await this.newInvitation(tx, id, inviter.companyId, hash, now);
    });
    const link = await this.sendInvitation(
      inviter,
      { name: input.name, email: input.email },
      customer.name,
      token,
    );
    return { user: await this.get(inviter.companyId, id), link };
  }

  /** Enable / disable (as the client's specification asks). Disabling ends the user's sessions (and sockets) at once. */
  async setPermission(actor: { companyId: string; id: string }, id: string, enabled: boolean, now: string) {
    const user = await this.get(actor.companyId, id);
    await inTransaction(this.pool, async (tx) => {
      await tx.query(
        'UPDATE customer_users SET is_enable = $3, updated_at = $4 WHERE company_id = $1 AND id = $2',
        [actor.companyId, id, enabled, now],
      );
      if (!enabled) await this.endSessions(tx, id, now);
    });
    await this.recordAccess(actor, user, enabled ? 'enabled' : 'disabled', now);
    return this.get(actor.companyId, id);
  }

  /**
   * Revoke (true) or re-activate (false) the access (as the client's specification asks). Revoking ends the sessions and voids pending
   * invitation links; re-activating a user who never set a password sends a new invitation.
   */
  async setRevoked(
    inviter: { companyId: string; id: string; name: string },
    id: string,
    revoked: boolean,
    now: string,
  ): Promise<CustomerUserResponse> {
    const user = await this.get(inviter.companyId, id);
    let token: string | undefined;
    await inTransaction(this.pool, async (tx) => {
      await tx.query(
        'UPDATE customer_users SET revoked_at = $3, updated_at = $4 WHERE company_id = $1 AND id = $2',
        [inviter.companyId, id, revoked ? now : null, now],
      );
      if (revoked) {
        await this.endSessions(tx, id, now);
        await tx.query(
          'UPDATE customer_user_invitations SET revoked_at = $2 WHERE customer_user_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
          [id, now],
        );
      } else if (!user.signed_in_at) {
        const fresh = newToken();
        token = fresh.token;
        await this.newInvitation(tx, id, inviter.companyId, fresh.hash, now);
      }
    });
    await this.recordAccess(inviter, user, revoked ? 'revoked' : 'reactivated', now);
    if (token) await this.sendInvitation(inviter, user, user.customer.name, token);
    return this.get(inviter.companyId, id);
  }

  async setNotifications(
    companyId: string,
    customerId: string,
    flags: { app?: boolean; email?: boolean; sms?: boolean },
    now: string,
  ): Promise<CustomerUserResponse[]> {
    await this.customer(companyId, customerId);
    await tenantQuery(
      this.pool,
      companyId,
      `UPDATE customer_users SET app_notification = coalesce($3, app_notification),
         email_notification = coalesce($4, email_notification), sms_notification = coalesce($5, sms_notification),
         updated_at = $6
       WHERE company_id = $1 AND customer_id = $2::uuid`,
      [customerId, flags.app ?? null, flags.email ?? null, flags.sms ?? null, now],
    );
    return this.list(companyId, customerId);
  }

  /** What the accept page shows: the user's name and e-mail and the distributor. */
  async lookupInvitation(token: string) {
    const { rows } = await this.pool.query(
      `SELECT u.name, u.email, co.name AS company_name, co.subdomain
       FROM customer_user_invitations i JOIN customer_users u ON u.id = i.customer_user_id
       LEFT JOIN rm_company co ON co.id = u.company_id
       WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()
         AND u.revoked_at IS NULL`,
      [hashToken(token)],
    );
    if (!rows[0]) throw new BadRequestException({ statusCode: 400, message: CUSTOMER_INVITATION_INVALID });
    return rows[0] as { name: string; email: string; company_name: string | null; subdomain: string | null };
  }

  /** The customer user sets a password (once per link) and is signed in. */
  async acceptInvitation(token: string, password: string, now: string): Promise<{ token: string }> {
    const passwordHash = await hashPassword(password);
    const userId = await inTransaction(this.pool, async (tx) => {
      // Locks the link: of two uses, the second waits and then finds it used.
      const { rows } = await tx.query<{ customer_user_id: string }>(
        `SELECT i.customer_user_id FROM customer_user_invitations i JOIN customer_users u ON u.id = i.customer_user_id
         WHERE i.token_hash = $1 AND i.used_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > $2
           AND u.revoked_at IS NULL
         FOR UPDATE OF i`,
        [hashToken(token), now],
      );
      const found = rows[0];
      if (!found) throw new BadRequestException({ statusCode: 400, message: CUSTOMER_INVITATION_INVALID });
      await tx.query('UPDATE customer_user_invitations SET used_at = $2 WHERE token_hash = $1', [
        hashToken(token),
        now,
      ]);
      await tx.query('UPDATE customer_users SET password_hash = $2, updated_at = $3 WHERE id = $1', [
        found.customer_user_id,
        passwordHash,
        now,
      ]);
      return found.customer_user_id;
    });
    return this.openSession(userId, now);
  }

  async signIn(email: string, password: string, ip: string | null, now: string): Promise<{ token: string }> {
    await this.limiter.hit(
      { key: `shop:${email.toLowerCase()}`, attempts: this.config.rateLimit.attempts },
      { key: `shop-ip:${ip ?? '?'}`, attempts: this.config.rateLimit.attemptsPerAddress },
    );
    const { rows } = await this.pool.query<{
      id: string;
      password_hash: string | null;
      is_enable: boolean;
      revoked_at: Date | null;
    }>('SELECT id, password_hash, is_enable, revoked_at FROM customer_users WHERE lower(email) = lower($1)', [
      email,
    ]);
    const user = rows[0];
    const ok = user?.password_hash
      ? await verifyPassword(user.password_hash, password)
      : await burnPasswordCheck(password);
    if (!user || !ok || !user.is_enable || user.revoked_at) {
      throw new BadRequestException({
        statusCode: 400,
        message: WRONG_CREDENTIALS,
        details: [{ field: 'password', message: WRONG_CREDENTIALS }],
      });
    }
    return this.openSession(user.id, now);
  }

  async signOut(user: CustomerUserPrincipal & { tokenHash: Buffer }, now: string): Promise<void> {
    await this.pool.query('UPDATE customer_user_sessions SET revoked_at = $2 WHERE token_hash = $1', [
      user.tokenHash,
      now,
    ]);
    await this.record(
      user.companyId,
      { type: 'CustomerUserSignedOut', data: { customerUserId: user.id, customerId: user.customerId } },
      user.id,
      now,
    );
  }

  /**
   * Of these session token hashes (hex), those that still authenticate (the same conditions as `authenticate`):
   * the live gateway ends the ordering app's sockets of the others.
   */
  async validTokenHashes(hashes: Buffer[]): Promise<Set<string>> {
    if (hashes.length === 0) return new Set();
    const { rows } = await this.pool.query<{ token_hash: Buffer }>(
      `SELECT s.token_hash
       FROM customer_user_sessions s
       JOIN customer_users u ON u.id = s.customer_user_id
       JOIN rm_customer c ON c.id = u.customer_id AND c.company_id = u.company_id AND c.removed_at IS NULL
       JOIN rm_company co ON co.id = u.company_id
       WHERE s.token_hash = ANY($1::bytea[]) AND s.revoked_at IS NULL AND s.expires_at > now()
         AND u.is_enable AND u.revoked_at IS NULL
         AND (co.features -> 'order' ->> 'active')::boolean IS TRUE`,
      [hashes],
    );
    return new Set(rows.map((row) => row.token_hash.toString('hex')));
  }

  /**
   * The customer user of a bearer token, or null: the session is live, the user enabled and not revoked, the
   * customer not removed and the company's order feature on.
   */
  async authenticate(
    token: string,
  ): Promise<(CustomerUserPrincipal & { tokenHash: Buffer; expiresAt: string }) | null> {
    const tokenHash = hashToken(token);
    const { rows } = await this.pool.query<{
      id: string;
      company_id: string;
      customer_id: string;
      name: string;
      email: string;
      expires_at: Date;
    }>(
      prepared(`SELECT u.id, u.company_id, u.customer_id, u.name, u.email, s.expires_at
       FROM customer_user_sessions s
       JOIN customer_users u ON u.id = s.customer_user_id
       JOIN rm_customer c ON c.id = u.customer_id AND c.company_id = u.company_id AND c.removed_at IS NULL
       JOIN rm_company co ON co.id = u.company_id
       WHERE s.token_hash = $1 AND s.revoked_at IS NULL AND s.expires_at > now()
         AND u.is_enable AND u.revoked_at IS NULL
         AND (co.features -> 'order' ->> 'active')::boolean IS TRUE`),
      [tokenHash],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      companyId: row.company_id,
      customerId: row.customer_id,
      name: row.name,
      email: row.email,
      tokenHash,
      expiresAt: row.expires_at.toISOString(),
    };
  }

  async me(principal: CustomerUserPrincipal): Promise<ShopMeResponse> {
    const [row] = await tenantQuery<{
      customer: ShopMeResponse['customer'];
      company: ShopMeResponse['company'];
    }>(
      this.pool,
      principal.companyId,
      `SELECT json_build_object('id', c.id, 'name', c.name, 'address', c.address, 'city', c.city, 'state', c.state,
                'zip', c.zip) AS customer,
              json_build_object('id', co.id, 'name', co.name, 'subdomain', co.subdomain,
                'tax_rate', co.tax_rate::float8) AS company
       FROM rm_customer c JOIN rm_company co ON co.id = c.company_id
       WHERE c.company_id = $1 AND c.id = $2::uuid`,
      [principal.customerId],
    );
    return { id: principal.id, name: principal.name, email: principal.email, ...row! };
  }

  /** The company's customer (not removed), or 404 'Customer Not Found'. */
  async customer(companyId: string, customerId: string): Promise<{ id: string; name: string }> {
    const [row] = await tenantQuery<{ id: string; name: string }>(
      this.pool,
      companyId,
      `SELECT id, name FROM rm_customer WHERE company_id = $1 AND id = $2::uuid AND removed_at IS NULL`,
      [customerId],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: CUSTOMER_NOT_FOUND });
    return row;
  }

  private async openSession(userId: string, now: string): Promise<{ token: string }> {
    const { token, hash } = newToken();
    await inTransaction(this.pool, async (tx) => {
      await tx.query(
        `INSERT INTO customer_user_sessions (token_hash, customer_user_id, created_at, expires_at)
         VALUES ($1, $2, $3, $3::timestamptz + make_interval(hours => $4))`,
        [hash, userId, now, TOKEN_LIFETIME_HOURS],
      );
      await tx.query(
        'UPDATE customer_users SET first_signed_in_at = coalesce(first_signed_in_at, $2) WHERE id = $1',
        [userId, now],
      );
    });
    return { token };
  }

  /** The access change as a fact on the activity stream: every API process's live feed sees it. */
  private recordAccess(
    actor: { companyId: string; id: string },
    user: CustomerUserResponse,
    access: 'enabled' | 'disabled' | 'revoked' | 'reactivated',
    now: string,
  ) {
    return this.record(
      actor.companyId,
      {
        type: 'CustomerUserAccessChanged',
        data: {
          customerUserId: user.id,
          customerId: user.customer.id,
          access,
          userId: actor.id,
          customerUserName: user.name,
          customerName: user.customer.name,
        },
      },
      actor.id,
      now,
    );
  }

  private async record(companyId: string, fact: CustomerUserFact, userId: string, now: string) {
    await this.events.record(activityStream(companyId), [fact], { companyId, userId, now });
  }

  private async endSessions(tx: pg.PoolClient, userId: string, now: string) {
    await tx.query(
      'UPDATE customer_user_sessions SET revoked_at = $2 WHERE customer_user_id = $1 AND revoked_at IS NULL',
      [userId, now],
    );
  }

  /** A new single-use link; earlier unused links of the user stop working. */
  private async newInvitation(
    tx: pg.PoolClient,
    userId: string,
    companyId: string,
    hash: Buffer,
    now: string,
  ) {
    await tx.query(
      'UPDATE customer_user_invitations SET revoked_at = $2 WHERE customer_user_id = $1 AND used_at IS NULL AND revoked_at IS NULL',
      [userId, now],
    );
    await tx.query(
      `INSERT INTO customer_user_invitations (token_hash, customer_user_id, company_id, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $4::timestamptz + make_interval(days => $5))`,
      [hash, userId, companyId, now, CUSTOMER_INVITATION_LIFETIME_DAYS],
    );
  }

  private async sendInvitation(
    inviter: { companyId: string; name: string },
    user: { name: string; email: string },
    customerName: string,
    token: string,
  ): Promise<string> {
    const [company] = await tenantQuery<{ name: string; subdomain: string | null }>(
      this.pool,
      inviter.companyId,
      'SELECT name, subdomain FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const shop = company?.subdomain ?? 'order';
    const base = this.config.appUrl ?? `http://localhost:${this.config.port}`;
    const link = httpsLink(base, `/shop/${encodeURIComponent(shop)}/invitation?token=${token}`);
    const distributor = company?.name ?? 'your distributor';
    await this.mail.send({
      to: user.email,
      subject: `${distributor} invites you to order online`,
      text: [
        `Hello ${user.name},`,
        '',
        `${inviter.name} of ${distributor} invites you to order online for ${customerName}.`,
        `Use this link to set your password:\n${link}`,
        '',
        `The link can be used once and expires after ${CUSTOMER_INVITATION_LIFETIME_DAYS} days.`,
      ].join('\n'),
      html:
        `<p>Hello ${escapeHtml(user.name)},</p><p>${escapeHtml(inviter.name)} of ${escapeHtml(distributor)} invites you to ` +
        `order online for ${escapeHtml(customerName)}.</p><p><a href="${escapeHtml(link)}">Set your password</a></p>` +
        `<p>The link can be used once and expires after ${CUSTOMER_INVITATION_LIFETIME_DAYS} days.</p>`,
    });
    return link;
  }
}
