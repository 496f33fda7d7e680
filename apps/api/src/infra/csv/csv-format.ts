import { stringify } from 'csv-stringify/sync';

/**
 * CSV for exports through csv-stringify (node-csv): RFC 4180 quoting, CRLF record ends, and text cells that a
 * spreadsheet would run as a formula are defused with a leading apostrophe.
 */
const OPTIONS = {
  record_delimiter: '\r\n',
  cast: {
    string: (text: string) => (/^[=+\-@\t\r]/.test(text) ? `'${text}` : text),
    date: (date: Date) => date.toISOString(),
    boolean: (value: boolean) => String(value),
  },
};

export function csvLine(values: unknown[]): string {
  return csvLines([values]);
}

/** Several records at once: one stringifier for a whole batch (an export's FETCH), not one per line. */
export function csvLines(records: unknown[][]): string {
  return stringify(
    records.map((values) => values.map((value) => (value === null || value === undefined ? '' : value))),
    OPTIONS,
  );
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One formatter per time zone (building one costs far more than a CSV row). */
const formatters = new Map<string, Intl.DateTimeFormat>();

/** The parts of an instant in a time zone. */
function partsIn(instant: Date, timeZone: string): Record<string, string> {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return Object.fromEntries(formatter.formatToParts(instant).map((p) => [p.type, p.value]));
}

/** `2026-11-21 09:05`: a timestamp as the company reads it, in its time zone. */
export function localDateTime(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.year}-${p.month}-${p.day} ${p.hour}:${p.minute}`;
}

/** `21_Nov_2026`: export file names (as the client's specification asks). */
export function fileDate(instant: Date, timeZone: string): string {
  const p = partsIn(instant, timeZone);
  return `${p.day}_${MONTHS[Number(p.month) - 1]}_${p.year}`;
}
