import type { CompanyRegistered } from '../../domain/companies/company.events.js';
import { defineProjection, ident } from '../projection.js';

export const COMPANY_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_company (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL, -- the same as id: every read model carries company_id for the tenancy filter
  name text NOT NULL,
  owner_user_id uuid NOT NULL,
  time_zone text NOT NULL,
  details_complete boolean NOT NULL DEFAULT false,
  registered_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);
`;

/** One row per company: what the shell, settings and every company-scoped query read. */
export const companyProjection = defineProjection({
  name: 'company',
  version: 1,
  handles: ['CompanyRegistered'],
  tables: ['rm_company'],
  async apply(tx, events, t) {
    const registered = events.filter((e) => e.type === 'CompanyRegistered') as unknown as (CompanyRegistered & {
      metadata: { occurredAt: string };
    })[];
    if (registered.length === 0) return;
    await tx.query(
      `INSERT INTO ${ident(t.rm_company!)} (id, company_id, name, owner_user_id, time_zone, registered_at, updated_at)
       SELECT r.id, r.id, r.name, r.owner_user_id, r.time_zone, r.registered_at, r.registered_at
       FROM jsonb_to_recordset($1::jsonb) AS r(id uuid, name text, owner_user_id uuid, time_zone text, registered_at timestamptz)
       ON CONFLICT (id) DO NOTHING`,
      [
        JSON.stringify(
          registered.map((e) => ({
            id: e.data.companyId,
            name: e.data.name,
            owner_user_id: e.data.ownerUserId,
            time_zone: e.data.timeZone,
            registered_at: e.data.registeredAt,
          })),
        ),
      ],
    );
  },
});
