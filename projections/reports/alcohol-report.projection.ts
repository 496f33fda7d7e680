import type { StoredEvent } from '#engine';
import type {
  AlcoholReportDownloaded,
  AlcoholReportFiled,
} from '#domain/reports/alcohol-report-filing.events.js';
import { defineProjection, ident } from '../projection.js';

/**
 * The filing status of each month's alcohol sales report (`rm_alcohol_report`, one row per company and month): the
 * last download of its RITS file (when, by whom) and how many there were, and its filing (confirmation number, when,
 * by whom, the business day, the due date and whether it was late). Applying an event twice changes nothing: a
 * download counts once per event revision, and a filing is written once.
 */
export const ALCOHOL_REPORT_SCHEMA = `
CREATE TABLE IF NOT EXISTS rm_alcohol_report (
  company_id uuid NOT NULL,
  month text NOT NULL, -- YYYY-MM
  downloads integer NOT NULL DEFAULT 0,
  downloaded_at timestamptz,
  downloaded_by uuid,
  no_sales boolean,
  filed_at timestamptz,
  filed_by uuid,
  filed_on date,
  due_on date,
  confirmation_number text,
  late boolean,
  revision bigint NOT NULL DEFAULT -1,
  PRIMARY KEY (company_id, month)
);
`;

export const alcoholReportProjection = defineProjection({
  name: 'alcohol_reports',
  version: 1,
  handles: ['AlcoholReportDownloaded', 'AlcoholReportFiled'],
  tables: ['rm_alcohol_report'],
  async apply(tx, events: StoredEvent[], t) {
    const table = ident(t.rm_alcohol_report!);
    for (const stored of events) {
      const revision = Number(stored.revision);
      if (stored.type === 'AlcoholReportDownloaded') {
        const d = (stored as unknown as AlcoholReportDownloaded).data;
        await tx.query(
          `INSERT INTO ${table} AS r (company_id, month, downloads, downloaded_at, downloaded_by, no_sales, revision)
           VALUES ($1, $2, 1, $3, $4, $5, $6)
           ON CONFLICT (company_id, month) DO UPDATE
              SET downloads = r.downloads + 1, downloaded_at = EXCLUDED.downloaded_at,
                  downloaded_by = EXCLUDED.downloaded_by, no_sales = EXCLUDED.no_sales, revision = EXCLUDED.revision
            WHERE r.revision < EXCLUDED.revision`,
          [d.companyId, d.month, d.downloadedAt, d.downloadedBy, d.noSales, revision],
        );
      } else if (stored.type === 'AlcoholReportFiled') {
        const d = (stored as unknown as AlcoholReportFiled).data;
        await tx.query(
          `INSERT INTO ${table} AS r (company_id, month, filed_at, filed_by, filed_on, due_on, confirmation_number,
                                       late, revision)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
           ON CONFLICT (company_id, month) DO UPDATE
              SET filed_at = EXCLUDED.filed_at, filed_by = EXCLUDED.filed_by, filed_on = EXCLUDED.filed_on,
                  due_on = EXCLUDED.due_on, confirmation_number = EXCLUDED.confirmation_number,
                  late = EXCLUDED.late, revision = EXCLUDED.revision
            WHERE r.revision < EXCLUDED.revision`,
          [
            d.companyId,
            d.month,
            d.filedAt,
            d.filedBy,
            d.filedOn,
            d.dueOn,
            d.confirmationNumber,
            d.late,
            revision,
          ],
        );
      }
    }
  },
});
