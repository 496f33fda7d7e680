import type { StoredEvent } from '#engine';
import type { LogoAdded, LogoRemoved } from '#domain/companies/company.events.js';
import { defineProjection, ident } from '../projection.js';

/**
 * The company's logos (`rm_company_logo`). A removed logo keeps its row (removed_at set): invoices printed with it
 * still name it, and the PDF renderer still finds its file.
 */
export const COMPANY_LOGO_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_company_logo (
  id uuid PRIMARY KEY,
  company_id uuid NOT NULL,
  original_name text NOT NULL,
  storage_key text NOT NULL,
  mime_type text NOT NULL,
  size_bytes integer NOT NULL,
  width integer,
  height integer,
  added_at timestamptz NOT NULL,
  removed_at timestamptz
);
CREATE INDEX IF NOT EXISTS rm_company_logo_company_idx ON rm_company_logo (company_id, added_at);
`;

export const companyLogoProjection = defineProjection({
  name: 'company_logos',
  version: 1,
  handles: ['LogoAdded', 'LogoRemoved'],
  tables: ['rm_company_logo'],
  async apply(tx, events: StoredEvent[], t) {
    const table = ident(t.rm_company_logo!);
    const added = events.filter((e) => e.type === 'LogoAdded').map((e) => (e as unknown as LogoAdded).data);
    const removed = events
      .filter((e) => e.type === 'LogoRemoved')
      .map((e) => (e as unknown as LogoRemoved).data);
    // A logo is removed only after it was added, so inserting first and removing second keeps a batch's order.
    if (added.length > 0) {
      await tx.query(
        `INSERT INTO ${table} (id, company_id, original_name, storage_key, mime_type, size_bytes, width, height, added_at)
         SELECT r."logoId", r."companyId", r."originalName", r."storageKey", r."mimeType", r."sizeBytes", r.width, r.height, r."addedAt"
         FROM jsonb_to_recordset($1::jsonb) AS r("logoId" uuid, "companyId" uuid, "originalName" text, "storageKey" text,
           "mimeType" text, "sizeBytes" integer, width integer, height integer, "addedAt" timestamptz)
         ON CONFLICT (id) DO NOTHING`,
        [JSON.stringify(added)],
      );
    }
    if (removed.length > 0) {
      await tx.query(
        `UPDATE ${table} AS l SET removed_at = r."removedAt"
         FROM jsonb_to_recordset($1::jsonb) AS r("logoId" uuid, "removedAt" timestamptz)
         WHERE l.id = r."logoId" AND l.removed_at IS NULL`,
        [JSON.stringify(removed)],
      );
    }
  },
});
