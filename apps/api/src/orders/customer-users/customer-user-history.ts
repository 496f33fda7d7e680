import type { CustomerUserActivity, CustomerUserEmailInvitation } from '#domain/contracts/order.contract.js';
import type { Queryable } from '#infra/db/database.js';
import { tenantQuery } from '#infra/db/tenant-query.js';

/** The newest sign-ins and invitations a customer user answer lists (each). */
export const CUSTOMER_USER_HISTORY_LIMIT = 5;

export interface CustomerUserHistory {
  userActivity: CustomerUserActivity[];
  emailInvitation: CustomerUserEmailInvitation[];
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * What the client's specification lists on a customer user (userActivity, emailInvitation): their newest sign-ins
 * (sessions: when, and when it ended by signing out or losing access) and their invitation e-mails (sent, expiry,
 * accepted, revoked), at most CUSTOMER_USER_HISTORY_LIMIT of each per user. Each is an index probe per user (newest
 * first, then the limit), so an answer's cost does not grow with how often they signed in. Tokens are never read.
 */
export async function customerUserHistory(
  db: Queryable,
  companyId: string,
  userIds: readonly string[],
): Promise<Map<string, CustomerUserHistory>> {
  const history = new Map<string, CustomerUserHistory>(
    userIds.map((id) => [id, { userActivity: [], emailInvitation: [] }]),
  );
  if (userIds.length === 0) return history;
  const [sessions, invitations] = await Promise.all([
    tenantQuery<{ user_id: string; created_at: Date; revoked_at: Date | null }>(
      db,
      companyId,
      `SELECT u.id AS user_id, s.created_at, s.revoked_at
         FROM customer_users u
         CROSS JOIN LATERAL (
           SELECT created_at, revoked_at FROM customer_user_sessions
            WHERE customer_user_id = u.id ORDER BY created_at DESC LIMIT ${CUSTOMER_USER_HISTORY_LIMIT}
         ) s
        WHERE u.company_id = $1 AND u.id = ANY($2::uuid[])
        ORDER BY u.id, s.created_at DESC`,
      [userIds],
    ),
    tenantQuery<{
      user_id: string;
      created_at: Date;
      expires_at: Date;
      used_at: Date | null;
      revoked_at: Date | null;
      status: CustomerUserEmailInvitation['status'];
    }>(
      db,
      companyId,
      `SELECT u.id AS user_id, i.created_at, i.expires_at, i.used_at, i.revoked_at,
              CASE WHEN i.used_at IS NOT NULL THEN 'accepted' WHEN i.revoked_at IS NOT NULL THEN 'revoked'
                   WHEN i.expires_at <= now() THEN 'expired' ELSE 'pending' END AS status
         FROM customer_users u
         CROSS JOIN LATERAL (
           SELECT created_at, expires_at, used_at, revoked_at FROM customer_user_invitations
            WHERE customer_user_id = u.id ORDER BY created_at DESC LIMIT ${CUSTOMER_USER_HISTORY_LIMIT}
         ) i
        WHERE u.company_id = $1 AND u.id = ANY($2::uuid[])
        ORDER BY u.id, i.created_at DESC`,
      [userIds],
    ),
  ]);
  for (const row of sessions)
    history.get(row.user_id)?.userActivity.push({
      type: 'SIGN_IN',
      created_at: row.created_at.toISOString(),
      ended_at: iso(row.revoked_at),
    });
  for (const row of invitations)
    history.get(row.user_id)?.emailInvitation.push({
      status: row.status,
      created_at: row.created_at.toISOString(),
      expires_at: row.expires_at.toISOString(),
      used_at: iso(row.used_at),
      revoked_at: iso(row.revoked_at),
    });
  return history;
}
