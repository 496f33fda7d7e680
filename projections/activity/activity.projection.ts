import type { StoredEvent } from '../../apps/api/src/infra/event-store/event-store.port.js';
import { defineProjection, ident } from '../projection.js';

/**
 * The company activity log (`rm_activity`): one row per fact in an `activity-{companyId}` stream, with the
 * category and action the activity screen filters on. Insert-only, keyed by event id, so applying an event twice
 * changes nothing and the order of delivery does not matter.
 */
export const ACTIVITY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_activity (
  event_id uuid PRIMARY KEY,
  company_id text NOT NULL,
  user_id text,
  category text NOT NULL,
  action text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  occurred_at timestamptz NOT NULL
);
CREATE INDEX IF NOT EXISTS rm_activity_company_occurred_idx ON rm_activity (company_id, occurred_at DESC);
`;

const STREAM_PREFIX = 'activity-';

/** Event type → what the activity log shows. Add a type here and to `handles` (bump the version to backfill). */
export const ACTIVITY_ACTIONS: Readonly<Record<string, { category: string; action: string }>> = {
  UserSignedIn: { category: 'AUTH', action: 'SIGN_IN' },
  UserSignedUp: { category: 'AUTH', action: 'SIGN_UP' },
  UserSignedOut: { category: 'AUTH', action: 'SIGN_OUT' },
  PasswordReset: { category: 'AUTH', action: 'PASSWORD_RESET' },
  ProfileUpdated: { category: 'USER', action: 'PROFILE_UPDATE' },
};

export interface ActivityRow {
  eventId: string;
  companyId: string;
  userId: string | null;
  category: string;
  action: string;
  details: Record<string, unknown>;
  occurredAt: string;
}

/** Pure: the row an activity event becomes (undefined for events of other streams). */
export function toActivityRow(event: StoredEvent): ActivityRow | undefined {
  const mapping = ACTIVITY_ACTIONS[event.type];
  if (!mapping || !event.streamId.startsWith(STREAM_PREFIX)) return undefined;
  const companyId = event.streamId.slice(STREAM_PREFIX.length);
  const { userId, ...details } = event.data as { userId?: unknown } & Record<string, unknown>;
  const occurredAt = event.metadata?.occurredAt;
  if (!companyId) throw new Error(`Activity stream without a company id: ${event.streamId}`);
  if (typeof occurredAt !== 'string')
    throw new Error(`Activity event ${event.id} has no metadata.occurredAt`);
  return {
    eventId: event.id,
    companyId,
    userId: userId == null ? (event.metadata.userId ?? null) : String(userId),
    category: mapping.category,
    action: mapping.action,
    details,
    occurredAt,
  };
}

export const activityProjection = defineProjection({
  name: 'activity',
  version: 1,
  handles: Object.keys(ACTIVITY_ACTIONS),
  tables: ['rm_activity'],
  async apply(tx, events, t) {
    const rows = events.map(toActivityRow).filter((row): row is ActivityRow => row !== undefined);
    if (rows.length === 0) return;
    // One statement per batch: parallel arrays unnested into rows.
    await tx.query(
      `INSERT INTO ${ident(t.rm_activity!)} (event_id, company_id, user_id, category, action, details, occurred_at)
       SELECT * FROM unnest($1::uuid[], $2::text[], $3::text[], $4::text[], $5::text[], $6::jsonb[], $7::timestamptz[])
       ON CONFLICT (event_id) DO NOTHING`,
      [
        rows.map((r) => r.eventId),
        rows.map((r) => r.companyId),
        rows.map((r) => r.userId),
        rows.map((r) => r.category),
        rows.map((r) => r.action),
        rows.map((r) => JSON.stringify(r.details)),
        rows.map((r) => r.occurredAt),
      ],
    );
  },
});
