import { MAX_LINES, MAX_QTY } from '#domain/invoices/invoice.rules.js';
import { DomainError } from '#domain/shared/domain-error.js';
import { CsvParseError, parseCsv } from '../../infra/csv/csv-parser.js';
import { extensionOf, isPlainText } from '../../invoices/documents/document-type.js';

/**
 * A distributor's invoice file (POST /invoice/convert, the client's specification's "multipart invoice (fintech upload)"): a CSV with a
 * header row and one row per invoice line. Columns are found by their header (any order, case, spaces or
 * underscores): `UPC`, `Qty` (or `Quantity`) and `Price` (or `Unit Price`) are required; `Taxable`, `On Deal`,
 * `Invoice Number`, `Invoice Date`, `Customer`, `TABC ID` and `Product` are read when present; anything else (the
 * Detailed CSV export's Status, Line Total …) is ignored, so a Detailed CSV export of one invoice converts as is.
 * One invoice per file. Every row is checked; the answer lists every problem with its line.
 */
export const INVOICE_FILE_FIELD = 'invoice';
export const INVOICE_FILE_MISSING = 'Please choose the invoice file (CSV) to upload.';
export const INVOICE_FILE_NOT_CSV =
  'The invoice file must be a CSV (comma-separated text, UTF-8) with a header row; this file is not.';
export const INVOICE_FILE_EMPTY = 'The invoice file has no lines: add a header row and one row per item.';
export const INVOICE_FILE_PROBLEMS = 'The invoice file has problems; nothing was converted.';
/** At most this many problems are listed (then a count of the rest). */
export const MAX_LISTED_PROBLEMS = 50;

export interface InvoiceFileRow {
  line: number;
  upc: string;
  qty: number;
  priceCents: number;
  taxable: boolean;
  onDeal: boolean;
  product: string;
}

export interface InvoiceFile {
  reference: string | null;
  invoicedAt: string | null;
  customer: string | null;
  tabcId: string | null;
  rows: InvoiceFileRow[];
}

type Column =
  | 'upc'
  | 'qty'
  | 'price'
  | 'taxable'
  | 'onDeal'
  | 'reference'
  | 'invoicedAt'
  | 'customer'
  | 'tabcId'
  | 'product';

const HEADERS: Record<string, Column> = {
  upc: 'upc',
  qty: 'qty',
  quantity: 'qty',
  price: 'price',
  unitprice: 'price',
  taxable: 'taxable',
  ondeal: 'onDeal',
  invoicenumber: 'reference',
  invoicedate: 'invoicedAt',
  customer: 'customer',
  tabcid: 'tabcId',
  product: 'product',
};
const LABELS: Record<Column, string> = {
  upc: 'UPC',
  qty: 'Qty',
  price: 'Price',
  taxable: 'Taxable',
  onDeal: 'On Deal',
  reference: 'Invoice Number',
  invoicedAt: 'Invoice Date',
  customer: 'Customer',
  tabcId: 'TABC ID',
  product: 'Product',
};
const REQUIRED: Column[] = ['upc', 'qty', 'price'];
const MAX_TEXT = 200;

export interface FieldProblem {
  field: string;
  message: string;
}

export const problemsError = (message: string, details: FieldProblem[]) => {
  const listed = details.slice(0, MAX_LISTED_PROBLEMS);
  if (details.length > listed.length)
    listed.push({ field: 'file', message: `… and ${details.length - listed.length} more problems.` });
  return new DomainError('INVOICE_FILE_INVALID', 'invalid', message, listed);
};

const fileProblem = (message: string) => problemsError(message, [{ field: INVOICE_FILE_FIELD, message }]);

/**
 * A cell as text: line breaks and tabs (a quoted cell may hold them) as one space, trimmed, and a spreadsheet's
 * defusing apostrophe (our exports add one before = + - @) removed.
 */
const clean = (value: string | undefined): string =>
  (value ?? '')
    .replace(/[\t\r\n]+/g, ' ')
    .trim()
    .replace(/^'(?=[=+\-@])/, '')
    .trim();

const BOOLEANS: Record<string, boolean> = {
  yes: true,
  y: true,
  true: true,
  '1': true,
  no: false,
  n: false,
  false: false,
  '0': false,
};

/** `12.5`, `$1,234.56` → cents; undefined when it is not a price of at most 9,999,999.99 with 2 decimals. */
export function priceCentsOf(text: string): number | undefined {
  const plain = text.replace(/^\$/, '').replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,7})(?:\.(\d{1,2}))?$/.exec(plain);
  if (!match) return undefined;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** `2026-11-21`, `11/21/2026` → `2026-11-21`; undefined when it is not a real calendar day. */
export function dayOf(text: string): string | undefined {
  const iso = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(text);
  const us = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text);
  const [year, month, day] = iso
    ? [Number(iso[1]), Number(iso[2]), Number(iso[3])]
    : us
      ? [Number(us[3]), Number(us[1]), Number(us[2])]
      : [0, 0, 0];
  if (!year) return undefined;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return date.toISOString().slice(0, 10);
}

/** Reads and checks the file; throws a 400 DomainError listing every problem (file-wide, then per line). */
export function readInvoiceFile(bytes: Buffer, filename: string): InvoiceFile {
  const ext = extensionOf(filename);
  if ((ext !== '' && ext !== 'csv' && ext !== 'txt') || !isPlainText(bytes))
    throw fileProblem(INVOICE_FILE_NOT_CSV);
  let records;
  try {
    records = parseCsv(bytes.toString('utf8'));
  } catch (error) {
    if (error instanceof CsvParseError)
      throw fileProblem(`${INVOICE_FILE_NOT_CSV} (${error.message.slice(0, 200)})`);
    throw error;
  }
  const [header, ...body] = records;
  if (!header) throw fileProblem(INVOICE_FILE_EMPTY);

  const columns = new Map<Column, number>();
  header.fields.forEach((name, index) => {
    const column =
      HEADERS[
        clean(name)
          .replace(/^\uFEFF/, '')
          .toLowerCase()
          .replace(/[\s_-]+/g, '')
      ];
    if (column && !columns.has(column)) columns.set(column, index);
  });
  const missing = REQUIRED.filter((column) => !columns.has(column));
  if (missing.length > 0) {
    const message = `The header row must name the columns UPC, Qty and Price; missing: ${missing
      .map((column) => LABELS[column])
      .join(', ')}.`;
    throw fileProblem(message);
  }
  if (body.length === 0) throw fileProblem(INVOICE_FILE_EMPTY);
  if (body.length > MAX_LINES)
    throw fileProblem(
      `The invoice file has ${body.length} item rows; an invoice can have at most ${MAX_LINES} items.`,
    );

  const problems: FieldProblem[] = [];
  const rows: InvoiceFileRow[] = [];
  const seen: Partial<Record<'reference' | 'invoicedAt' | 'customer' | 'tabcId', Set<string>>> = {};
  let invoicedAt: string | null = null;

  for (const record of body) {
    const cell = (column: Column) => {
      const index = columns.get(column);
      return index === undefined ? '' : clean(record.fields[index]);
    };
    const problem = (column: Column, message: string) =>
      problems.push({
        field: `line ${record.line}: ${LABELS[column]}`,
        message: `Line ${record.line}: ${message}`,
      });
    const before = problems.length;

    for (const column of ['reference', 'invoicedAt', 'customer', 'tabcId', 'product', 'upc'] as const) {
      // eslint-disable-next-line no-control-regex
      if (/[\u0000-\u001f\u007f]/.test(cell(column)))
        problem(column, `${LABELS[column]} must not contain control characters.`);
      else if (cell(column).length > MAX_TEXT)
        problem(column, `${LABELS[column]} must be at most ${MAX_TEXT} characters.`);
    }
    for (const column of ['reference', 'customer', 'tabcId'] as const) {
      const value = cell(column);
      if (value) (seen[column] ??= new Set()).add(value);
    }

    const upc = cell('upc');
    if (!upc) problem('upc', 'UPC is required (it names the product).');

    const qtyText = cell('qty');
    const qty = /^-?\d{1,9}$/.test(qtyText) ? Number(qtyText) : NaN;
    if (!qtyText) problem('qty', 'Qty is required.');
    else if (!Number.isInteger(qty))
      problem('qty', `Qty must be a whole number; "${qtyText.slice(0, 20)}" is not.`);
    else if (qty === 0 || Math.abs(qty) > MAX_QTY)
      problem('qty', `Qty must be a whole number from 1 to ${MAX_QTY} (negative for a return).`);

    const priceText = cell('price');
    const priceCents = priceCentsOf(priceText);
    if (!priceText) problem('price', 'Price is required.');
    else if (priceCents === undefined)
      problem(
        'price',
        `Price must be an amount of 0.00 to 9999999.99 dollars with at most 2 decimals; "${priceText.slice(0, 20)}" is not.`,
      );

    const flag = (column: 'taxable' | 'onDeal', fallback: boolean) => {
      const text = cell(column).toLowerCase();
      if (!text) return fallback;
      const value = BOOLEANS[text];
      if (value === undefined) problem(column, `${LABELS[column]} must be Yes or No.`);
      return value ?? fallback;
    };
    const taxable = flag('taxable', true);
    const onDeal = flag('onDeal', false);

    const dateText = cell('invoicedAt');
    if (dateText) {
      const day = dayOf(dateText);
      if (!day) problem('invoicedAt', 'Invoice Date must be a date (YYYY-MM-DD or MM/DD/YYYY).');
      else {
        invoicedAt ??= day;
        (seen.invoicedAt ??= new Set()).add(day);
      }
    }

    if (problems.length === before)
      rows.push({
        line: record.line,
        upc,
        qty,
        priceCents: priceCents!,
        taxable,
        onDeal,
        product: cell('product'),
      });
  }

  const fileWide: FieldProblem[] = [];
  for (const column of ['reference', 'invoicedAt', 'customer', 'tabcId'] as const) {
    const values = seen[column];
    if (values && values.size > 1)
      fileWide.push({
        field: LABELS[column],
        message: `The file holds more than one ${LABELS[column]} (${[...values]
          .slice(0, 3)
          .map((value) => value.slice(0, 40))
          .join(', ')}${values.size > 3 ? ' …' : ''}): upload one invoice at a time.`,
      });
  }
  if (fileWide.length + problems.length > 0)
    throw problemsError(INVOICE_FILE_PROBLEMS, [...fileWide, ...problems]);

  const only = (column: 'reference' | 'customer' | 'tabcId') => [...(seen[column] ?? [])][0] ?? null;
  return {
    reference: only('reference'),
    invoicedAt,
    customer: only('customer'),
    tabcId: only('tabcId'),
    rows,
  };
}
