import { writeFileSync } from 'node:fs';
import type pg from 'pg';
import { daysBetween, isBusinessDate } from '#domain/shared/business-date.js';
import { isUuid } from '#domain/shared/field-rules.js';
import type { EventStore } from '#engine';
import { companyTimeZone } from '../../api/src/infra/company-time.js';
import {
  MAX_RECORD_DAYS,
  readStampRecord,
  stampRecordCsv,
  stampRecordText,
} from '../../api/src/stamps/record/stamp-record.reader.js';

export const STAMPS_RECORD_USAGE =
  'stamps:record --company <company id> --from <YYYY-MM-DD> --to <YYYY-MM-DD> [--as-of <date-time>] [--csv <file>]';

const INSTANT = /^\d{4}-\d{2}-\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;

export interface StampsRecordArgs {
  companyId: string;
  from: string;
  to: string;
  asOf?: string;
  csv?: string;
}

export function parseStampsRecordArgs(args: string[]): StampsRecordArgs | { error: string } {
  const value = (flag: string) => {
    const at = args.indexOf(flag);
    return at === -1 ? undefined : args[at + 1];
  };
  const [companyId, from, to, asOf, csv] = ['--company', '--from', '--to', '--as-of', '--csv'].map(value);
  if (!companyId || !isUuid(companyId))
    return { error: `--company needs a company id (a uuid). ${STAMPS_RECORD_USAGE}` };
  if (!isBusinessDate(from)) return { error: `--from needs a date, e.g. 2026-03-01. ${STAMPS_RECORD_USAGE}` };
  if (!isBusinessDate(to)) return { error: `--to needs a date, e.g. 2026-03-31. ${STAMPS_RECORD_USAGE}` };
  if (to < from) return { error: '--to must not be before --from.' };
  if (daysBetween(from, to) + 1 > MAX_RECORD_DAYS)
    return { error: `A record covers at most ${MAX_RECORD_DAYS} days.` };
  if (args.includes('--as-of') && (!asOf || !INSTANT.test(asOf) || Number.isNaN(Date.parse(asOf))))
    return {
      error: `--as-of needs an ISO 8601 date-time, e.g. 2026-04-01T05:00:00Z. ${STAMPS_RECORD_USAGE}`,
    };
  if (args.includes('--csv') && (!csv || csv.startsWith('--')))
    return { error: `--csv needs a file name. ${STAMPS_RECORD_USAGE}` };
  return { companyId, from, to, ...(asOf ? { asOf } : {}), ...(csv ? { csv } : {}) };
}

/** Prints the stamp transaction record of a period as of an instant (default now); `--csv` writes it too. */
export async function stampsRecord(store: EventStore, pool: pg.Pool, args: string[]): Promise<number> {
  const parsed = parseStampsRecordArgs(args);
  if ('error' in parsed) {
    console.error(parsed.error);
    return 1;
  }
  const timeZone = await companyTimeZone(pool, parsed.companyId);
  const record = await readStampRecord(store, parsed.companyId, {
    from: parsed.from,
    to: parsed.to,
    asOf: new Date(parsed.asOf ? Date.parse(parsed.asOf) : Date.now()).toISOString(),
    timeZone,
  });
  console.log(stampRecordText(record));
  if (parsed.csv) {
    writeFileSync(parsed.csv, stampRecordCsv(record));
    console.log(`CSV written to ${parsed.csv}`);
  }
  return 0;
}
