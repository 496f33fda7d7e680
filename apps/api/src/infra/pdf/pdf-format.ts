/**
 * Formatting for printed documents (dates 'dd MMM, yyyy', file names 'dd_MMM_yyyy', US dollars with 2
 * decimals). Pure functions: the Handlebars helpers and the view model use them, and they are unit tested.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

const BUSINESS_DATE = /^(\d{4})-(\d{2})-(\d{2})/;

function parts(date: string): [string, string, string] | null {
  const match = BUSINESS_DATE.exec(date);
  if (!match) return null;
  const month = MONTHS[Number(match[2]) - 1];
  return month ? [match[3]!, month, match[1]!] : null;
}

/** '2026-03-05' → '05 Mar, 2026'; '' for no date. */
export function displayDate(date: string | null | undefined): string {
  const p = date ? parts(date) : null;
  return p ? `${p[0]} ${p[1]}, ${p[2]}` : '';
}

/** '2026-03-05' → '05_Mar_2026' (file names). */
export function fileDate(date: string): string {
  const p = parts(date);
  return p ? `${p[0]}_${p[1]}_${p[2]}` : 'undated';
}

const USD = new Intl.NumberFormat('en-US', {
  style: 'currency',
  currency: 'USD',
  minimumFractionDigits: 2,
  maximumFractionDigits: 2,
});

/** 1234.5 → '$1,234.50'; -3 → '-$3.00'. */
export function money(value: number | null | undefined): string {
  return USD.format(Number(value ?? 0)).replace('-0.00', '0.00');
}

/** 8.25 → '8.25%'; 8 → '8%'. */
export function percent(rate: number): string {
  return `${Number(rate.toFixed(2))}%`;
}

/** 1234 → '1,234'. */
export function quantity(value: number): string {
  return new Intl.NumberFormat('en-US').format(value);
}

/** A stamp range as printed: 'AB 1000–1002 (3)', or a single stamp 'AB 1000 (1)'. */
export function stampRange(range: { prefix: string; from: number; to: number }): string {
  const prefix = range.prefix ? `${range.prefix} ` : '';
  const span = range.from === range.to ? `${range.from}` : `${range.from}–${range.to}`;
  return `${prefix}${span} (${quantity(range.to - range.from + 1)})`;
}

/** The invoice's file name: `invoice_{number}_{dd_MMM_yyyy}.pdf`, the number reduced to safe characters. */
export function invoiceFileName(number: string, invoicedOn: string): string {
  const safe = number.replace(/[^A-Za-z0-9-]/g, '') || 'invoice';
  return `invoice_${safe}_${fileDate(invoicedOn)}.pdf`;
}

/** A header value for Content-Disposition: an ASCII fallback name and the exact name (RFC 6266 / 5987). */
export function contentDisposition(kind: 'inline' | 'attachment', name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/["\\;]/g, '_') || 'file';
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(name)}`;
}

function encodeRFC5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** Text as printed lines: line breaks kept, blank runs collapsed (for notes). */
export function lines(text: string | null | undefined): string[] {
  return (text ?? '')
    .split(/\r?\n/)
    .map((line) => line.trimEnd())
    .filter((line, i, all) => line !== '' || (i > 0 && all[i - 1] !== ''));
}
