import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { permitKey } from '#domain/customers/tabc-permit.js';
import { prepared } from '#infra/db/database.js';
import { escapeLike } from '#infra/grid/grid.sql.js';
import { PG_POOL } from '#infra/projections.provider.js';

export interface PermitCode {
  license_id: string;
  license_type: string;
  /** What a customer form takes as tabc_id: the legacy permit when there is one, else type + licence id. */
  tabc_id: string;
  /** The AIMS licence id as a number, when it is one (the customer form's aims_id). */
  aims_id: number | null;
  legacy_clp: string | null;
  primary_status: string | null;
  secondary_status: string | null;
  expiration_date: string | null;
}

export interface Establishment {
  name: string;
  trade_name: string | null;
  owner: string | null;
  address: string | null;
  address_2: string | null;
  city: string | null;
  state: string | null;
  zip: string | null;
  county: string | null;
  phone: string | null;
  permitCodes: PermitCode[];
  delinquency: Delinquency | null;
}

export interface Delinquency {
  effective_date: string | null;
  list_number: string | null;
  permit: string;
}

export interface LicenceStatus {
  license_id: string;
  license_type: string;
  primary_status: string | null;
  expiration_date: string | null;
}

/** Customers carry these: their AIMS licence id and their permit code. */
export interface PermitHolder {
  aims_id: number | null;
  tabc_key: string;
}

export const SUGGESTION_MIN_CHARACTERS = 3;
const SUGGESTIONS = 10;

/** Reads the imported TABC lists (public data: not filtered by company). */
@Injectable()
export class TabcLookupService {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  /**
   * Establishments whose trade name, owner or address contains the query, or whose permit code or licence id starts
   * with it; each with all its licences. Fewer than 3 characters: none.
   */
  async suggestions(query: string): Promise<Establishment[]> {
    const text = query.replace(/[%_]/g, '').trim().replace(/\s+/g, ' ');
    if (text.length < SUGGESTION_MIN_CHARACTERS) return [];
    const key = permitKey(text);
    const permitLike = /^[A-Z]{1,3}\d+$/.test(key) ? key : '';
    const digits = /^\d+$/.test(key) ? key : '';
    const { rows: hits } = await this.pool.query<{ establishment_key: string }>(
      `SELECT establishment_key FROM (
         SELECT establishment_key, trade_name,
                CASE WHEN legacy_clp_key = $2 OR license_id = $3 THEN 0
                     WHEN trade_name ILIKE $4 THEN 1
                     ELSE 2 END AS rank,
                primary_status = 'Active' AS active
         FROM tabc_license
         WHERE trade_name ILIKE $1 OR owner ILIKE $1 OR address ILIKE $1
            OR ($2 <> '' AND legacy_clp_key LIKE $2 || '%')
            OR ($3 <> '' AND license_id LIKE $3 || '%')
         ORDER BY rank, active DESC NULLS LAST, trade_name NULLS LAST
         LIMIT 200) AS matches`,
      [`%${escapeLike(text)}%`, permitLike, digits, `${escapeLike(text)}%`],
    );
    const keys = [...new Set(hits.map((hit) => hit.establishment_key))].slice(0, SUGGESTIONS);
    if (keys.length === 0) return [];
    const { rows: licences } = await this.pool.query(
      `SELECT *, to_char(expiration_date, 'YYYY-MM-DD') AS expiration_on FROM tabc_license
       WHERE establishment_key = ANY($1::text[])
       ORDER BY (primary_status = 'Active') DESC NULLS LAST, license_type, license_id`,
      [keys],
    );
    const delinquent = await this.delinquencies(
      licences.map((l) => l.license_id as string),
      licences.map((l) => l.legacy_clp_key as string | null).filter((k): k is string => !!k),
    );
    return keys.map((establishmentKey) => {
      const own = licences.filter((l) => l.establishment_key === establishmentKey);
      const first = own.find((l) => l.trade_name) ?? own[0]!;
      const hit = own
        .map(
          (l) =>
            delinquent.get(l.license_id) ?? (l.legacy_clp_key ? delinquent.get(l.legacy_clp_key) : undefined),
        )
        .find((d) => d !== undefined);
      return {
        name: first.trade_name ?? first.owner,
        trade_name: first.trade_name,
        owner: first.owner,
        address: first.address,
        address_2: first.address_2,
        city: first.city,
        state: first.state,
        zip: first.zip,
        county: first.county,
        phone: first.phone,
        permitCodes: own.map((l): PermitCode => ({
          license_id: l.license_id,
          license_type: l.license_type,
          tabc_id: l.legacy_clp ?? `${l.license_type}${l.license_id}`,
          aims_id: /^\d{1,9}$/.test(l.license_id) ? Number(l.license_id) : null,
          legacy_clp: l.legacy_clp,
          primary_status: l.primary_status,
          secondary_status: l.secondary_status,
          expiration_date: l.expiration_on,
        })),
        delinquency: hit ?? null,
      };
    });
  }

  /** The holder's licence (by AIMS id, else by permit code); the latest expiring when several match. */
  async licenceOf(holder: PermitHolder): Promise<LicenceStatus | null> {
    if (!(holder.aims_id !== null && holder.aims_id >= 1) && !holder.tabc_key) return null;
    return (await this.licenceWithList(holder)).licence;
  }

  /**
   * The holder's licence and whether a licence list was imported at all (a licence not found means something only
   * then), in one round trip: the licence guard asks both for every invoice of stamped liquor.
   */
  async licenceWithList(holder: PermitHolder): Promise<{ licence: LicenceStatus | null; imported: boolean }> {
    const licenceId = holder.aims_id !== null && holder.aims_id >= 1 ? String(holder.aims_id) : '';
    // A named statement (parsed and planned once per connection): a match by licence id first, else by permit key,
    // each an index probe behind a one-time test of its parameter, so the cached plan suits every holder; the
    // import's ANALYZE re-plans it when the list arrives.
    const { rows } = await this.pool.query<LicenceStatus & { imported: boolean; found: boolean }>(
      prepared(`SELECT l.license_id IS NOT NULL AS found, l.license_id, l.license_type, l.primary_status,
              to_char(l.expiration_date, 'YYYY-MM-DD') AS expiration_date,
              EXISTS (SELECT 1 FROM tabc_import WHERE list = 'licenses' AND rows > 0) AS imported
         FROM (SELECT 1) AS one
         LEFT JOIN LATERAL (
           SELECT * FROM (
             (SELECT 0 AS preference, license_id, license_type, primary_status, expiration_date
                FROM tabc_license WHERE $1 <> '' AND license_id = $1
               ORDER BY expiration_date DESC NULLS LAST LIMIT 1)
             UNION ALL
             (SELECT 1, license_id, license_type, primary_status, expiration_date
                FROM tabc_license WHERE $2 <> '' AND legacy_clp_key = $2
               ORDER BY expiration_date DESC NULLS LAST LIMIT 1)
           ) AS candidates
           ORDER BY preference LIMIT 1
         ) AS l ON true`),
      [licenceId, holder.tabc_key],
    );
    const { found, imported, ...licence } = rows[0]!;
    return { licence: found && (licenceId || holder.tabc_key) ? licence : null, imported };
  }

  /**
   * The holder's entry on the credit-law delinquent list, if any (the latest when listed more than once). The list
   * names a retailer by its licence id or by its legacy permit, and a customer carries one of the two: the licence
   * list joins them (licence id ⇄ legacy permit), so a customer known by its AIMS licence id is found under its
   * legacy permit too, and the other way round.
   */
  async delinquencyOf(holder: PermitHolder): Promise<Delinquency | null> {
    const licenceId = holder.aims_id !== null && holder.aims_id >= 1 ? String(holder.aims_id) : '';
    const related = await this.relatedPermits(licenceId, holder.tabc_key);
    const licenceIds = [...new Set([licenceId, ...related.licenceIds].filter(Boolean))];
    const permitKeys = [...new Set([holder.tabc_key, ...related.permitKeys].filter(Boolean))];
    const found = await this.delinquencies(licenceIds, permitKeys);
    for (const key of [licenceId, holder.tabc_key, ...licenceIds, ...permitKeys]) {
      const entry = key ? found.get(key) : undefined;
      if (entry) return entry;
    }
    return null;
  }

  /** The licence list's other names of a holder: the legacy permit of its licence id, the licence ids of its permit. */
  private async relatedPermits(
    licenceId: string,
    permitKey: string,
  ): Promise<{ licenceIds: string[]; permitKeys: string[] }> {
    if (!licenceId && !permitKey) return { licenceIds: [], permitKeys: [] };
    const { rows } = await this.pool.query<{ license_id: string; legacy_clp_key: string | null }>(
      // each an index probe behind a one-time test of its parameter (a cached plan suits every holder)
      prepared(`(SELECT license_id, legacy_clp_key FROM tabc_license WHERE $1 <> '' AND license_id = $1)
        UNION ALL
        (SELECT license_id, legacy_clp_key FROM tabc_license WHERE $2 <> '' AND legacy_clp_key = $2 LIMIT 20)`),
      [licenceId, permitKey],
    );
    return {
      licenceIds: rows.map((row) => row.license_id),
      permitKeys: rows.map((row) => row.legacy_clp_key).filter((key): key is string => !!key),
    };
  }

  /** Delinquent-list entries by licence id and by permit key. */
  private async delinquencies(licenceIds: string[], permitKeys: string[]): Promise<Map<string, Delinquency>> {
    const found = new Map<string, Delinquency>();
    if (licenceIds.length === 0 && permitKeys.length === 0) return found;
    const { rows } = await this.pool.query(
      `SELECT permit, permit_key, license_id, list_number, to_char(effective_date, 'YYYY-MM-DD') AS effective_date
       FROM tabc_delinquent
       WHERE license_id = ANY($1::text[]) OR permit_key = ANY($2::text[])
       ORDER BY effective_date ASC NULLS FIRST, id`,
      [licenceIds, permitKeys],
    );
    for (const row of rows) {
      const entry = { effective_date: row.effective_date, list_number: row.list_number, permit: row.permit };
      if (row.license_id) found.set(row.license_id, entry); // later (newer) entries overwrite older ones
      if (row.permit_key) found.set(row.permit_key, entry);
    }
    return found;
  }
}
