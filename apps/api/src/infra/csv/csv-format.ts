import { stringify } from 'csv-stringify/sync';

/**
 * CSV for exports through csv-stringify (node-csv): RFC 4180 quoting, CRLF record ends, and text cells that a
 * spreadsheet would run as a formula are defused with a leading apostrophe. A plain negative number ('-40.00', a
 * credit) is no formula and is written as it is.
 */
const NEGATIVE_NUMBER = /^-\d+(\.\d+)?$/;
const OPTIONS = {
  record_delimiter: '\r\n',
  cast: {
    string: (text: string) => (/^[=+\-@\t\r]/.test(text) && !NEGATIVE_NUMBER.test(text) ? `'${text}` : text),
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
