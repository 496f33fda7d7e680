import { Inject, Injectable, NotFoundException } from '@nestjs/common';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type pg from 'pg';
import { RateLimiter } from '#infra/rate-limits/rate-limiter.js';
import { APP_CONFIG, type AppConfig } from '../infra/config/config.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';
import { Clock } from '../infra/clock.js';

/**
 * Public links to printed documents (`/invoice/pdf/{token}`, `/order/pdf/{token}`, `/customer/balance/pdf/{token}`,
 * `/customer/statement/pdf/{token}`), one mechanism for every kind.
 *
 * - A token is 32 random bytes (256 bits), base64url: unguessable. Only its sha256 is stored, so the table leaks
 *   no usable link.
 * - Links expire (PUBLIC_LINK_DAYS, default 30) and can be revoked; a wrong, expired or revoked token, and a token
 *   of another kind, all answer the same 404 with the same message, after the same single indexed lookup.
 */
export type PublicLinkKind = 'invoice' | 'order' | 'customer_balance' | 'customer_statement';

export interface IssuedLink {
  id: string;
  token: string;
  expires_at: string;
}

export interface ResolvedLink {
  id: string;
  companyId: string;
  subjectId: string;
  /** What of the subject the link opens, when not all of it (a statement's period); null otherwise. */
  scope: Record<string, string> | null;
}

/** The one answer for any token that opens nothing: it tells a forged token from an expired one in no way. */
export const LINK_NOT_FOUND = 'This link is invalid or has expired.';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** The window of the failed public-link lookups one client address may make (all kinds together), then 429. */
const FAILED_LOOKUP_WINDOW_MS = 10 * 60_000;

@Injectable()
export class PublicLinks {
  private readonly failures: RateLimiter;

  constructor(
    @Inject(PG_POOL) private readonly pool: pg.Pool,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(Clock) private readonly clock: Clock,
  ) {
    this.failures = new RateLimiter(pool, FAILED_LOOKUP_WINDOW_MS);
  }

  async issue(
    companyId: string,
    kind: PublicLinkKind,
    subjectId: string,
    now: Date = this.clock.now(),
    days: number = this.config.publicLinkDays,
    scope: Record<string, string> | null = null,
  ): Promise<IssuedLink> {
    const token = randomBytes(32).toString('base64url');
    const id = randomUUID();
    const expiresAt = new Date(now.getTime() + days * 86_400_000).toISOString();
    await this.pool.query(
      `INSERT INTO public_link (id, company_id, kind, subject_id, token_hash, created_at, expires_at, scope)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [id, companyId, kind, subjectId, hashToken(token), now.toISOString(), expiresAt, scope],
    );
    return { id, token, expires_at: expiresAt };
  }

  /** The link a token opens, or the one 404. */
  async resolve(kind: PublicLinkKind, token: string, now: Date = this.clock.now()): Promise<ResolvedLink> {
    if (!TOKEN.test(token)) throw notFound();
    const { rows } = await this.pool.query<{
      id: string;
      company_id: string;
      subject_id: string;
      scope: Record<string, string> | null;
    }>(
      `SELECT id, company_id, subject_id, scope FROM public_link
       WHERE token_hash = $1 AND kind = $2 AND revoked_at IS NULL AND expires_at > $3`,
      [hashToken(token), kind, now.toISOString()],
    );
    const link = rows[0];
    if (!link) throw notFound();
    return { id: link.id, companyId: link.company_id, subjectId: link.subject_id, scope: link.scope ?? null };
  }

  /**
   * What a public page shows for a token: the link resolved, then `load` of its subject. Any failure counts against
   * the client address (429 once it keeps guessing), and a subject gone since answers the same 404 as a dead link.
   */
  async open<T>(
    kind: PublicLinkKind,
    token: string,
    client: string,
    load: (link: ResolvedLink) => Promise<T>,
  ): Promise<T> {
    try {
      return await load(await this.resolve(kind, token));
    } catch (error) {
      await this.failures.hit({
        key: `public-link:${client}`,
        attempts: this.config.publicLinkFailedLookups,
      });
      return orLinkNotFound(error);
    }
  }

  /** Revokes every live link to the subject; answers how many. */
  async revokeAll(
    companyId: string,
    kind: PublicLinkKind,
    subjectId: string,
    now: Date = this.clock.now(),
  ): Promise<number> {
    const rows = await tenantQuery(
      this.pool,
      companyId,
      `UPDATE public_link SET revoked_at = $4 WHERE company_id = $1 AND kind = $2 AND subject_id = $3
         AND revoked_at IS NULL AND expires_at > $4 RETURNING id`,
      [kind, subjectId, now.toISOString()],
    );
    return rows.length;
  }
}

export const notFound = () => new NotFoundException({ statusCode: 404, message: LINK_NOT_FOUND });

/** A link's subject deleted since it was issued (a domain 'not_found'): the same 404 as any dead link. */
export function orLinkNotFound(error: unknown): never {
  if ((error as { kind?: string }).kind === 'not_found') throw notFound();
  throw error;
}
