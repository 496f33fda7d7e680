import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import type {
  AlcoholReportMonth,
  AlcoholReportMonthsAnswer,
} from '#domain/contracts/alcohol-sales.contract.js';
import { remindsOf, reportMonths, reportStatus } from '#domain/reports/alcohol-report-filing.rules.js';
import { businessDate } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

interface FilingRow extends Record<string, unknown> {
  month: string;
  downloads: number;
  downloaded_at: Date | null;
  downloaded_by: string | null;
  no_sales: boolean | null;
  filed_at: Date | null;
  filed_by: string | null;
  confirmation_number: string | null;
  late: boolean | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

/**
 * The filing status of the company's monthly reports (`rm_alcohol_report`, by its primary key: company and month)
 * with the names of who downloaded and filed (`users`, by primary key). At most 12 months are read.
 */
@Injectable()
export class AlcoholReportReader {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  private async rows(companyId: string, months: string[]): Promise<Map<string, FilingRow>> {
    if (months.length === 0) return new Map();
    const rows = await tenantQuery<FilingRow>(
      this.pool,
      companyId,
      `SELECT r.month, r.downloads, r.downloaded_at, d.name AS downloaded_by, r.no_sales, r.filed_at,
              f.name AS filed_by, r.confirmation_number, r.late
         FROM rm_alcohol_report r
         LEFT JOIN users d ON d.id = r.downloaded_by
         LEFT JOIN users f ON f.id = r.filed_by
        WHERE r.company_id = $1 AND r.month = ANY($2::text[])`,
      [months],
    );
    return new Map(rows.map((row) => [row.month, row]));
  }

  private static monthOf(month: string, row: FilingRow | undefined, today: string): AlcoholReportMonth {
    const filed = row?.filed_at ? { late: Boolean(row.late) } : null;
    const { status, dueOn, penalty } = reportStatus(month, filed, today);
    return {
      month,
      due_on: dueOn,
      status,
      penalty,
      downloads: row?.downloads ?? 0,
      downloaded_at: iso(row?.downloaded_at ?? null),
      downloaded_by: row?.downloaded_by ?? null,
      no_sales: row?.no_sales ?? null,
      filed_at: iso(row?.filed_at ?? null),
      filed_by: row?.filed_by ?? null,
      confirmation_number: row?.confirmation_number ?? null,
    };
  }

  /** One month's filing, on the company's business day of `now`. */
  async month(companyId: string, month: string, now: string, timeZone: string): Promise<AlcoholReportMonth> {
    const rows = await this.rows(companyId, [month]);
    return AlcoholReportReader.monthOf(month, rows.get(month), businessDate(now, timeZone));
  }

  /** The months asked about (from the month before registration, at most 12), newest first, and the reminder. */
  async months(companyId: string, now: string, timeZone: string): Promise<AlcoholReportMonthsAnswer> {
    const [company] = await tenantQuery<{ registered_at: Date }>(
      this.pool,
      companyId,
      'SELECT registered_at FROM rm_company WHERE company_id = $1 AND id = $1',
    );
    const today = businessDate(now, timeZone);
    const registeredOn = company ? businessDate(company.registered_at.toISOString(), timeZone) : today;
    const list = reportMonths(today, registeredOn);
    const rows = await this.rows(companyId, list);
    const months = list.map((month) => AlcoholReportReader.monthOf(month, rows.get(month), today));
    return { today, months, reminder: remindsOf(months, today) };
  }
}
