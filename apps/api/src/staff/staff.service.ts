import { companyName } from '../infra/company-name.js';
import { BadRequestException, Inject, Injectable, NotFoundException } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type {
  InvitationInfoResponse,
  InviteStaffBody,
  InviteStaffResponse,
  StaffInvitation,
  StaffListResponse,
  StaffUser,
} from '#domain/contracts/staff.contract.js';
import { activityStream } from '#domain/activity/activity.events.js';
import type { StaffEvent } from '#domain/staff/staff.events.js';
import { AuthService, EMAIL_TAKEN } from '../auth/auth.service.js';
import type { AuthUser } from '../auth/auth.types.js';
import { hashPassword, hashToken, newToken } from '../auth/tokens.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { inTransaction } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { EventAppender } from '#engine';
import { escapeHtml } from '../infra/mail/mail-inbox.js';
import { MAIL_PORT, type MailPort } from '../infra/mail/mail.port.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { INVITATION_INVALID } from './dto/staff.bodies.js';

export const INVITATION_LIFETIME_DAYS = 7;
export const STAFF_NOT_FOUND = 'User not found';
export const INVITATION_NOT_FOUND = 'Invitation not found';
export const OWNER_CANNOT_BE_DISABLED = 'The company owner cannot be disabled.';
export const OWNER_KEEPS_ROLE = 'The company owner stays the owner.';

interface Client {
  ip: string | null;
  userAgent?: string | null;
  now: string;
}

const USER_COLUMNS = `id, name, title, email, role, disabled_at IS NOT NULL AS disabled, disabled_at, created_at`;
const INVITATION_COLUMNS = `id, email, name, created_at, expires_at,
  CASE WHEN expires_at > now() THEN 'pending' ELSE 'expired' END AS status`;

/**
 * Staff: the owner invites users into the company by e-mail; the link signs them up as 'staff'. The owner may
 * disable (and enable again) a staff user: the auth guard refuses a disabled user's tokens at once, and their
 * sessions are ended too. Users are plain tables; what happens is recorded on the activity stream.
 */
@Injectable()
export class StaffService {
  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(EventAppender) private readonly events: EventAppender,
    @Inject(MAIL_PORT) private readonly mail: MailPort,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(AuthService) private readonly auth: AuthService,
  ) {}

  async list(companyId: string): Promise<StaffListResponse> {
    const users = await tenantQuery<StaffUser>(
      this.pool,
      companyId,
      `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 ORDER BY role = 'owner' DESC, lower(name), id`,
    );
    const invitations = await tenantQuery<StaffInvitation>(
      this.pool,
      companyId,
      `SELECT ${INVITATION_COLUMNS} FROM staff_invitations
       WHERE company_id = $1 AND accepted_at IS NULL AND revoked_at IS NULL ORDER BY created_at DESC`,
    );
    return { users, invitations };
  }

  /** Answers the invitation and its link (the owner may also pass the link on by hand). */
  async invite(owner: AuthUser, input: InviteStaffBody, now: string): Promise<InviteStaffResponse> {
    const email = input.email.trim();
    const { rowCount } = await this.pool.query('SELECT 1 FROM users WHERE lower(email) = lower($1)', [email]);
    if (rowCount) {
      throw new BadRequestException({
        statusCode: 400,
        message: EMAIL_TAKEN,
        details: [{ field: 'email', message: EMAIL_TAKEN }],
      });
    }
    const { token, hash } = newToken();
    const id = randomUUID();
    const invitation = await inTransaction(this.pool, async (tx) => {
      // A new invitation replaces an earlier pending one to the same address: only the newest link works.
      await tx.query(
        `UPDATE staff_invitations SET revoked_at = $3
         WHERE company_id = $1 AND lower(email) = lower($2) AND accepted_at IS NULL AND revoked_at IS NULL`,
        [owner.companyId, email, now],
      );
      const { rows } = await tx.query<StaffInvitation>(
        `INSERT INTO staff_invitations (id, company_id, email, name, token_hash, invited_by, created_at, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7::timestamptz + make_interval(days => $8))
         RETURNING ${INVITATION_COLUMNS}`,
        [id, owner.companyId, email, input.name.trim(), hash, owner.id, now, INVITATION_LIFETIME_DAYS],
      );
      return rows[0]!;
    });
    const link = `${this.appUrl()}/auth/signup?invitation=${token}`;
    const company = await this.companyName(owner.companyId);
    const text = [
      `Hello ${input.name},`,
      '',
      `${owner.name} invites you to join ${company} on Stampline.`,
      `Use this link to create your account:\n${link}`,
      '',
      `The link can be used once and expires after ${INVITATION_LIFETIME_DAYS} days.`,
    ].join('\n');
    await this.mail.send({
      to: email,
      subject: `${owner.name} invites you to ${company} on Stampline`,
      text,
      html:
        `<p>Hello ${escapeHtml(input.name)},</p><p>${escapeHtml(owner.name)} invites you to join ${escapeHtml(company)} on Stampline.</p>` +
        `<p><a href="${escapeHtml(link)}">Create your account</a></p>` +
        `<p>The link can be used once and expires after ${INVITATION_LIFETIME_DAYS} days.</p>`,
    });
    await this.record(
      owner,
      [
        {
          type: 'StaffInvited',
          data: { userId: owner.id, email: owner.email, invitationId: id, invitedEmail: email },
        },
      ],
      now,
    );
    return { ...invitation, link };
  }

  async revokeInvitation(owner: AuthUser, invitationId: string, now: string): Promise<void> {
    const rows = await tenantQuery<{ email: string }>(
      this.pool,
      owner.companyId,
      `UPDATE staff_invitations SET revoked_at = $3
       WHERE company_id = $1 AND id = $2 AND accepted_at IS NULL AND revoked_at IS NULL RETURNING email`,
      [invitationId, now],
    );
    if (!rows[0]) throw new NotFoundException({ statusCode: 404, message: INVITATION_NOT_FOUND });
    await this.record(
      owner,
      [
        {
          type: 'StaffInvitationRevoked',
          data: { userId: owner.id, email: owner.email, invitationId, invitedEmail: rows[0].email },
        },
      ],
      now,
    );
  }

  async setDisabled(owner: AuthUser, userId: string, disabled: boolean, now: string): Promise<StaffUser> {
    const [target] = await tenantQuery<StaffUser>(
      this.pool,
      owner.companyId,
      `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 AND id = $2`,
      [userId],
    );
    if (!target) throw new NotFoundException({ statusCode: 404, message: STAFF_NOT_FOUND });
    if (target.role === 'owner') {
      throw new BadRequestException({
        statusCode: 400,
        message: OWNER_CANNOT_BE_DISABLED,
        details: [{ field: 'disabled', message: OWNER_CANNOT_BE_DISABLED }],
      });
    }
    if (target.disabled === disabled) return target;
    await inTransaction(this.pool, async (tx) => {
      await tx.query('UPDATE users SET disabled_at = $2, updated_at = $3 WHERE id = $1', [
        userId,
        disabled ? now : null,
        now,
      ]);
      if (disabled)
        await tx.query('UPDATE sessions SET revoked_at = $2 WHERE user_id = $1 AND revoked_at IS NULL', [
          userId,
          now,
        ]);
    });
    const fact: StaffEvent = {
      type: disabled ? 'StaffDisabled' : 'StaffEnabled',
      data: { userId: owner.id, email: owner.email, staffUserId: userId, staffEmail: target.email },
    };
    await this.record(owner, [fact], now);
    const [updated] = await tenantQuery<StaffUser>(
      this.pool,
      owner.companyId,
      `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 AND id = $2`,
      [userId],
    );
    return updated!;
  }

  /** Makes a staff user a driver or a driver staff again; the owner keeps their role (400). */
  async setRole(owner: AuthUser, userId: string, role: 'staff' | 'driver', now: string): Promise<StaffUser> {
    const target = await this.user(owner.companyId, userId);
    if (target.role === 'owner') {
      throw new BadRequestException({
        statusCode: 400,
        message: OWNER_KEEPS_ROLE,
        details: [{ field: 'role', message: OWNER_KEEPS_ROLE }],
      });
    }
    if (target.role === role) return target;
    await this.pool.query('UPDATE users SET role = $2, updated_at = $3 WHERE id = $1', [userId, role, now]);
    const fact: StaffEvent = {
      type: 'StaffRoleChanged',
      data: {
        userId: owner.id,
        email: owner.email,
        staffUserId: userId,
        staffEmail: target.email,
        from: target.role,
        to: role,
      },
    };
    await this.record(owner, [fact], now);
    return this.user(owner.companyId, userId);
  }

  private async user(companyId: string, userId: string): Promise<StaffUser> {
    const [row] = await tenantQuery<StaffUser>(
      this.pool,
      companyId,
      `SELECT ${USER_COLUMNS} FROM users WHERE company_id = $1 AND id = $2`,
      [userId],
    );
    if (!row) throw new NotFoundException({ statusCode: 404, message: STAFF_NOT_FOUND });
    return row;
  }

  /** What the sign-up page shows for an invitation link: whose company, and the e-mail it is for. */
  async lookup(token: string): Promise<InvitationInfoResponse> {
    const { rows } = await this.pool.query(
      `SELECT i.email, i.name, c.name AS company_name FROM staff_invitations i JOIN rm_company c ON c.id = i.company_id
       WHERE i.token_hash = $1 AND i.accepted_at IS NULL AND i.revoked_at IS NULL AND i.expires_at > now()`,
      [hashToken(token)],
    );
    if (!rows[0]) throw new BadRequestException({ statusCode: 400, message: INVITATION_INVALID });
    return rows[0];
  }

  /** Signs the invitee up into the company as staff (once per link), then signs them in. */
  async accept(input: { token: string; name: string; title: string; password: string }, client: Client) {
    const userId = randomUUID();
    const passwordHash = await hashPassword(input.password);
    const invitation = await inTransaction(this.pool, async (tx) => {
      // Locks the invitation row: of two uses of one link, the second waits and then finds it used.
      const { rows } = await tx.query<{ id: string; company_id: string; email: string }>(
        `SELECT id, company_id, email FROM staff_invitations
         WHERE token_hash = $1 AND accepted_at IS NULL AND revoked_at IS NULL AND expires_at > $2
         FOR UPDATE`,
        [hashToken(input.token), client.now],
      );
      const found = rows[0];
      if (!found) throw new BadRequestException({ statusCode: 400, message: INVITATION_INVALID });
      const inserted = await tx.query(
        `INSERT INTO users (id, company_id, email, name, title, password_hash, role)
         VALUES ($1, $2, $3, $4, $5, $6, 'staff') ON CONFLICT DO NOTHING`,
        [userId, found.company_id, found.email, input.name, input.title, passwordHash],
      );
      if (inserted.rowCount === 0) {
        throw new BadRequestException({
          statusCode: 400,
          message: EMAIL_TAKEN,
          details: [{ field: 'email', message: EMAIL_TAKEN }],
        });
      }
      await tx.query('UPDATE staff_invitations SET accepted_at = $2, accepted_user_id = $3 WHERE id = $1', [
        found.id,
        client.now,
        userId,
      ]);
      return found;
    });
    await this.events.record(
      activityStream(invitation.company_id),
      [
        {
          type: 'StaffJoined',
          data: { userId, email: invitation.email, invitationId: invitation.id, ip: client.ip },
        },
      ],
      { companyId: invitation.company_id, userId, now: client.now },
    );
    return this.auth.signIn({ email: invitation.email, password: input.password }, client);
  }

  private record(actor: AuthUser, facts: StaffEvent[], now: string) {
    return this.events.record(activityStream(actor.companyId), facts, {
      companyId: actor.companyId,
      userId: actor.id,
      now,
    });
  }

  private async companyName(companyId: string): Promise<string> {
    return (await companyName(this.pool, companyId)) ?? 'your company';
  }

  private appUrl(): string {
    return this.config.appUrl ?? `http://localhost:${this.config.port}`;
  }
}
