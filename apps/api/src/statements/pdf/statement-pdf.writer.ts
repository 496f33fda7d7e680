import PDFDocument from 'pdfkit';
import { fonts, type Face } from '../../infra/pdf/pdf-fonts.js';
import { displayDate, money, quantity } from '../../infra/pdf/pdf-format.js';
import type { StatementPdfView } from './statement-pdf.template.js';

/**
 * The statement PDF written directly with PDFKit: text placed on the page, no layout engine. A statement is a long
 * table (a year of a busy retailer is thousands of rows, a hundred pages and more), and Chromium spent seconds laying
 * such a table out and printing it; writing the rows costs a fraction of a millisecond each. The page follows the
 * printed documents' look (Letter, half-inch margins, the navy header band, Liberation Sans as Chromium prints it):
 * the company and the statement's period, the customer and the balance due, the rows with the balance brought
 * forward and the column heads on every page, the totals, the aging and a footer with the customer and the page
 * number.
 */

const NAVY = '#1f3a5f';
const INK = '#1f2933';
const MUTED = '#616e7c';
const RULE = '#e4e7eb';
const ZEBRA = '#f5f7fa';
const LIGHT = '#d9e2ec';

const PAGE = { width: 612, height: 792, margin: 36, bottom: 43 };
const RIGHT = PAGE.width - PAGE.margin;
const CONTENT = RIGHT - PAGE.margin;
const ROW = 15;

/**
 * The columns: heading, share of the width, and whether the cell is a right-aligned amount. At 9 pt each holds its
 * longest usual value whole: a date ('10 Nov, 2026'), a reference ('CM-10003'), an amount to $100,000.00, and a
 * payment's description with its method ('Payment on invoice 2708B · Check 1042').
 */
export const COLUMNS = [
  { title: 'DATE', share: 0.12, num: false },
  { title: 'REFERENCE', share: 0.1, num: false },
  { title: 'DESCRIPTION', share: 0.32, num: false },
  { title: 'DUE', share: 0.12, num: false },
  { title: 'CHARGE', share: 0.11, num: true },
  { title: 'CREDIT', share: 0.11, num: true },
  { title: 'BALANCE', share: 0.12, num: true },
] as const;
const PAD = 4;
/** The width a cell of column `i` gives its text. */
export const cellWidth = (i: number) => COLUMNS[i]!.share * CONTENT - 2 * PAD;
const COLUMN_X = COLUMNS.reduce<number[]>(
  (xs, column, i) => [...xs, i === 0 ? PAGE.margin : xs[i - 1]! + COLUMNS[i - 1]!.share * CONTENT],
  [],
);

type Doc = PDFKit.PDFDocument;

/** Writes the statement; resolves with the whole file. */
export function writeStatementPdf(view: StatementPdfView, footer: string): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    // Page breaks are placed by hand; the bottom margin leaves room for the footer, which is written below it.
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: 0 },
    bufferPages: true,
    autoFirstPage: true,
    info: { Title: view.title, Creator: 'Stampline' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const face = fonts(doc);
  let y = header(doc, view, face);
  y = parties(doc, view, face, y);
  y = rows(doc, view, face, y);
  y = summary(doc, view, face, y);
  aging(doc, view, face, y);
  footers(doc, footer, face);
  doc.end();
  return done;
}

/** What the document is set to now, so a cell changes the font, size and colour only when they change. */
const pens = new WeakMap<Doc, { font: string; size: number; color: string; widths: Map<string, number> }>();

function pen(doc: Doc) {
  let state = pens.get(doc);
  if (!state) {
    state = { font: '', size: 0, color: '', widths: new Map() };
    pens.set(doc, state);
  }
  return state;
}

/** A new page: its content starts in black, whatever the last page set. */
function newPage(doc: Doc) {
  doc.addPage();
  pen(doc).color = '';
}

/** Fills a rectangle; the text colour is set again before the next text. */
function band(doc: Doc, x: number, y: number, width: number, height: number, color: string) {
  doc.rect(x, y, width, height).fill(color);
  pen(doc).color = color;
}

/** A string's width in the current font and size (dates and amounts repeat: measured once). */
function widthOf(doc: Doc, value: string): number {
  const state = pen(doc);
  const key = `${state.font}|${state.size}|${value}`;
  let width = state.widths.get(key);
  if (width === undefined) {
    width = doc.widthOfString(value);
    state.widths.set(key, width);
  }
  return width;
}

function text(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  style: { font: string; size: number; color?: string; width?: number; right?: boolean; center?: boolean },
) {
  const state = pen(doc);
  if (state.font !== style.font) doc.font((state.font = style.font));
  if (state.size !== style.size) doc.fontSize((state.size = style.size));
  const color = style.color ?? INK;
  if (state.color !== color) doc.fillColor((state.color = color));
  let shown = value;
  let width = style.right || style.center || style.width !== undefined ? widthOf(doc, value) : 0;
  if (style.width !== undefined && width > style.width) {
    shown = fitted(doc, value, style.width, width);
    width = doc.widthOfString(shown);
  }
  const left = style.right ? x - width : style.center ? x - width / 2 : x;
  doc.text(shown, left, y, { lineBreak: false });
}

/** A cell's text cut to its column with an ellipsis, as a fixed-width table cell clips it. */
function fitted(doc: Doc, value: string, width: number, full: number): string {
  // Start from the share of the characters that fits, then take off one at a time (a step or two).
  let length = Math.max(1, Math.floor((value.length * width) / full));
  while (length > 1 && doc.widthOfString(`${value.slice(0, length).trimEnd()}…`) > width) length--;
  return `${value.slice(0, length).trimEnd()}…`;
}

function logo(doc: Doc, dataUri: string | null): number {
  const match = dataUri ? /^data:image\/(png|jpe?g);base64,(.+)$/.exec(dataUri) : null;
  if (!match) return 0;
  try {
    doc.image(Buffer.from(match[2]!, 'base64'), PAGE.margin, PAGE.margin, { fit: [128, 64] });
    return 138;
  } catch {
    return 0; // an image PDFKit cannot read prints the header without it
  }
}

function header(doc: Doc, view: StatementPdfView, face: (name: Face) => string): number {
  const { company } = view;
  const x = PAGE.margin + logo(doc, company.logo);
  let y = PAGE.margin;
  text(doc, company.name, x, y, { font: face('bold'), size: 15, color: NAVY, width: 300 });
  y += 20;
  const place = [company.city, [company.state, company.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  for (const line of [company.address, place].filter(Boolean) as string[]) {
    text(doc, line, x, y, { font: face('regular'), size: 10, width: 300 });
    y += 13;
  }
  if (company.tabc_id) {
    text(doc, `TABC Permit: ${company.tabc_id}`, x, y, { font: face('regular'), size: 10, color: MUTED });
    y += 13;
  }
  let right = PAGE.margin;
  text(doc, 'STATEMENT', RIGHT, right, { font: face('bold'), size: 22, color: NAVY, right: true });
  right += 28;
  const period = `${displayDate(view.period.from)} – ${displayDate(view.period.to)}`;
  text(doc, period, RIGHT, right, { font: face('bold'), size: 12, right: true });
  right += 18;
  for (const [label, value] of [
    ['Statement date', displayDate(view.as_of)],
    ['Documents', quantity(view.rows.length)],
  ]) {
    text(doc, value!, RIGHT, right, { font: face('bold'), size: 10, right: true });
    const valueWidth = widthOf(doc, value!);
    text(doc, label!, RIGHT - valueWidth - 12, right, {
      font: face('regular'),
      size: 10,
      color: MUTED,
      right: true,
    });
    right += 13;
  }
  y = Math.max(y, right, PAGE.margin + 64) + 10;
  band(doc, PAGE.margin, y, CONTENT, 3, NAVY);
  return y + 18;
}

function parties(doc: Doc, view: StatementPdfView, face: (name: Face) => string, top: number): number {
  const { customer } = view;
  const dueLeft = RIGHT - 230;
  text(doc, 'CUSTOMER', PAGE.margin, top, { font: face('bold'), size: 8, color: MUTED });
  text(doc, 'BALANCE DUE', RIGHT, top, { font: face('bold'), size: 8, color: MUTED, right: true });
  band(doc, PAGE.margin, top + 11, dueLeft - 24 - PAGE.margin, 0.75, LIGHT);
  band(doc, dueLeft, top + 11, 230, 0.75, LIGHT);
  let y = top + 16;
  text(doc, customer.name, PAGE.margin, y, {
    font: face('bold'),
    size: 11,
    width: dueLeft - 30 - PAGE.margin,
  });
  y += 15;
  const place = [customer.city, [customer.state, customer.zip].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
  for (const line of [customer.address, place].filter(Boolean) as string[]) {
    text(doc, line, PAGE.margin, y, { font: face('regular'), size: 10, width: dueLeft - 30 - PAGE.margin });
    y += 13;
  }
  if (customer.display_tabc_id) {
    text(doc, `TABC Permit: ${customer.display_tabc_id}`, PAGE.margin, y, {
      font: face('regular'),
      size: 10,
      color: MUTED,
    });
    y += 13;
  }
  text(doc, money(view.closing_balance), RIGHT, top + 17, {
    font: face('bold'),
    size: 20,
    color: NAVY,
    right: true,
  });
  text(doc, `on ${displayDate(view.period.to)}`, RIGHT, top + 43, {
    font: face('regular'),
    size: 10,
    right: true,
  });
  return Math.max(y, top + 58) + 14;
}

function columnHeads(doc: Doc, face: (name: Face) => string, y: number): number {
  band(doc, PAGE.margin, y, CONTENT, 18, NAVY);
  COLUMNS.forEach((column, i) => {
    const x = column.num ? COLUMN_X[i]! + column.share * CONTENT - PAD : COLUMN_X[i]! + PAD;
    text(doc, column.title, x, y + 5, { font: face('bold'), size: 8.5, color: '#ffffff', right: column.num });
  });
  return y + 18;
}

function row(
  doc: Doc,
  cells: readonly string[],
  y: number,
  style: { font: string; color?: string; boldLast: string },
) {
  cells.forEach((cell, i) => {
    if (!cell) return;
    const column = COLUMNS[i]!;
    const width = cellWidth(i);
    const font = i === cells.length - 1 ? style.boldLast : style.font;
    const x = column.num ? COLUMN_X[i]! + column.share * CONTENT - PAD : COLUMN_X[i]! + PAD;
    text(doc, cell, x, y + 4, { font, size: 9, color: style.color, width, right: column.num });
  });
}

/**
 * The shading of every other row and the rule under each, for the `count` rows a page holds from row `first` at
 * `top`: drawn before their text as two paths (two fills a page, not two a row).
 */
function rowBands(doc: Doc, top: number, first: number, count: number) {
  if (count <= 0) return;
  for (let i = 0; i < count; i++)
    if ((first + i) % 2 === 0) doc.rect(PAGE.margin, top + i * ROW, CONTENT, ROW);
  doc.fill(ZEBRA);
  for (let i = 0; i < count; i++) doc.rect(PAGE.margin, top + (i + 1) * ROW - 0.75, CONTENT, 0.75);
  doc.fill(RULE);
  pen(doc).color = RULE; // the text sets its colour again
}

/** The rows, the column heads again at the top of every page. */
function rows(doc: Doc, view: StatementPdfView, face: (name: Face) => string, top: number): number {
  const limit = PAGE.height - PAGE.bottom - ROW;
  let y = columnHeads(doc, face, top);
  row(
    doc,
    [displayDate(view.period.from), '', 'Balance brought forward', '', '', '', money(view.opening_balance)],
    y,
    {
      font: face('italic'),
      color: '#3e4c59',
      boldLast: face('bold'),
    },
  );
  band(doc, PAGE.margin, y + ROW - 0.75, CONTENT, 0.75, RULE);
  y += ROW;
  if (view.rows.length === 0) {
    text(doc, 'No invoices, payments or credits in this period', PAGE.margin + CONTENT / 2, y + 4, {
      font: face('regular'),
      size: 9,
      color: MUTED,
      center: true,
    });
    return y + ROW;
  }
  const fitting = (from: number) => Math.floor((limit - from) / ROW) + 1;
  rowBands(doc, y, 0, Math.min(view.rows.length, fitting(y)));
  view.rows.forEach((line, index) => {
    if (y > limit) {
      newPage(doc);
      y = columnHeads(doc, face, PAGE.margin);
      rowBands(doc, y, index, Math.min(view.rows.length - index, fitting(y)));
    }
    const cells = [
      displayDate(line.date),
      line.shown_reference,
      line.description,
      line.due_on ? displayDate(line.due_on) : '',
      line.charge ? money(line.charge) : '',
      line.credit ? money(line.credit) : '',
      money(line.balance),
    ];
    row(doc, cells, y, { font: face('regular'), boldLast: face('bold') });
    y += ROW;
  });
  return y;
}

/** Starts a new page when `height` does not fit under `y` (a block is never split). */
function room(doc: Doc, y: number, height: number): number {
  if (y + height <= PAGE.height - PAGE.bottom) return y;
  newPage(doc);
  return PAGE.margin;
}

function summary(doc: Doc, view: StatementPdfView, face: (name: Face) => string, top: number): number {
  let y = room(doc, top + 14, 80);
  text(doc, `Days past due counted on ${displayDate(view.aging_on)}.`, PAGE.margin, y + 4, {
    font: face('regular'),
    size: 8.5,
    color: MUTED,
  });
  const left = RIGHT - 240;
  for (const [label, value] of [
    ['Opening balance', view.opening_balance],
    ['Charges', view.totals.charges],
    ['Credits', view.totals.credits],
  ] as const) {
    text(doc, label, left + 8, y + 4, { font: face('regular'), size: 10 });
    text(doc, money(value), RIGHT - 8, y + 4, { font: face('regular'), size: 10, right: true });
    y += 18;
  }
  band(doc, left, y + 2, 240, 2, NAVY);
  text(doc, 'Closing balance', left + 8, y + 8, { font: face('bold'), size: 12, color: NAVY });
  text(doc, money(view.closing_balance), RIGHT - 8, y + 8, {
    font: face('bold'),
    size: 12,
    color: NAVY,
    right: true,
  });
  return y + 30;
}

function aging(doc: Doc, view: StatementPdfView, face: (name: Face) => string, top: number) {
  const { aging: a } = view;
  const cells: [string, string][] = [
    ['CURRENT', money(a.current)],
    ['1–30 DAYS', money(a.days_1_30)],
    ['31–60 DAYS', money(a.days_31_60)],
    ['61–90 DAYS', money(a.days_61_90)],
    ['OVER 90 DAYS', money(a.days_over_90)],
    ...(a.unapplied_credit
      ? [['UNAPPLIED CREDIT', `−${money(a.unapplied_credit)}`] as [string, string]]
      : []),
    ['BALANCE DUE', money(view.closing_balance)],
  ];
  let y = room(doc, top + 8, 70);
  const width = CONTENT / cells.length;
  cells.forEach(([title], i) =>
    text(doc, title, PAGE.margin + (i + 1) * width - PAD, y, {
      font: face('bold'),
      size: 8,
      color: MUTED,
      right: true,
    }),
  );
  band(doc, PAGE.margin, y + 12, CONTENT, 0.75, LIGHT);
  y += 17;
  cells.forEach(([, value], i) =>
    text(doc, value, PAGE.margin + (i + 1) * width - PAD, y, { font: face('bold'), size: 10, right: true }),
  );
  text(doc, 'Thank you for your business.', PAGE.margin + CONTENT / 2, y + 34, {
    font: face('regular'),
    size: 9,
    color: MUTED,
    center: true,
  });
}

/** The customer and 'Page n of N' at the bottom of every page. */
function footers(doc: Doc, footer: string, face: (name: Face) => string) {
  const { start, count } = doc.bufferedPageRange();
  for (let page = start; page < start + count; page++) {
    doc.switchToPage(page);
    pen(doc).color = ''; // a page's content starts in black
    const y = PAGE.height - 28;
    text(doc, footer, PAGE.margin, y, { font: face('regular'), size: 8, color: MUTED, width: CONTENT - 80 });
    text(doc, `Page ${page - start + 1} of ${count}`, RIGHT, y, {
      font: face('regular'),
      size: 8,
      color: MUTED,
      right: true,
    });
  }
}
