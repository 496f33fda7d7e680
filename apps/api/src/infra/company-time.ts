import { Inject, Injectable } from '@nestjs/common';
import type pg from 'pg';
import { businessDate, DEFAULT_TIME_ZONE } from '#domain/shared/business-date.js';
import { tenantQuery } from '#infra/db/tenant-query.js';
import { PG_POOL } from '#infra/projections.provider.js';

/**
 * Instants as the company reads them. Every date or time the server writes for a person — in a PDF, an export, a file
 * name or an e-mail — is the instant's wall time in the company's time zone (rm_company.time_zone, America/Chicago when
 * unset), never the server's own zone. Business dates (`YYYY-MM-DD`, already the company's day) need no zone.
 */

/** The company's time zone, as set in its settings. */
export async function companyTimeZone(pool: pg.Pool, companyId: string): Promise<string> {
  const [row] = await tenantQuery<{ time_zone: string | null }>(
    pool,
    companyId,
    'SELECT time_zone FROM rm_company WHERE company_id = $1 AND id = $1',
  );
  return row?.time_zone || DEFAULT_TIME_ZONE;
}

/** SQL: the time zone of the rm_company row named `alias`, America/Chicago when unset. */
export const companyZoneSql = (alias: string): string =>
  `COALESCE(${alias}.time_zone, '${DEFAULT_TIME_ZONE}')`;

/** `companyTimeZone` for controllers and services, which hold no pool of their own. */
@Injectable()
export class CompanyTimeZones {
  constructor(@Inject(PG_POOL) private readonly pool: pg.Pool) {}

  of(companyId: string): Promise<string> {
    return companyTimeZone(this.pool, companyId);
  }
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One formatter per time zone: building one costs far more than formatting with it. */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The wall-clock parts of an instant in a time zone (24-hour). */
function partsIn(instant: Date | string, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  const at = typeof instant === 'string' ? new Date(instant) : instant;
  return Object.fromEntries(formatter.formatToParts(at).map((p) => [p.type, p.value]));
}

/** `2026-03-05`: the company's calendar day of an instant (a business date). */
export const companyDate = (instant: Date | string, timeZone: string): string =>
  businessDate(typeof instant === 'string' ? instant : instant.toISOString(), timeZone);

/** `2026-11-21 09:05`: a timestamp in an export, as the company reads it. */
export function localDateTime(instant: Date | string, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `05 Mar, 2026 09:30 PM`: a date with its time for a person (the web's 'dd MMM, yyyy hh:mm a'). */
export function displayDateTime(instant: Date | string, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  const hour = Number(p.hour);
  const twelve = String(hour % 12 === 0 ? 12 : hour % 12).padStart(2, '0');
  return `${p.day} ${MONTHS[Number(p.month) - 1]}, ${p.year} ${twelve}:${p.minute} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** `21_Nov_2026`: export file names. */
export function fileDate(instant: Date | string, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.day}_${MONTHS[Number(p.month) - 1]}_${p.year}`;
}

/** `143005`: the hour, minute and second of an instant (file names that need the time). */
export function clockTime(instant: Date | string, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.hour}${p.minute}${p.second}`;
}

/** `Mar 31, 2026, 23:59:59 (America/Chicago)`: an instant to the second, naming the zone (records for auditors). */
export function instantLabel(instant: Date | string, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${MONTHS[Number(p.month) - 1]} ${p.day}, ${p.year}, ${p.hour}:${p.minute}:${p.second} (${timeZone})`;
}
