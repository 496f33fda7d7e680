import PDFDocument from 'pdfkit';
import type { LoadSheetResponse, RouteResponse } from '#domain/contracts/route.contract.js';
import { fonts, type Face } from '../../infra/pdf/pdf-fonts.js';
import { displayDate, money, quantity } from '../../infra/pdf/pdf-format.js';

/**
 * The route sheet a driver carries: the route (day, driver, truck), its stops in order with what each owes and
 * whether it is collected on delivery, a box for the receiver's initials, then the load sheet (products, bottles and
 * the stamp serials they carry). Written with PDFKit in the statements' fonts: a handful of pages at most.
 */

const NAVY = '#1f3a5f';
const MUTED = '#616e7c';
const RULE = '#d9e2ec';
const MARGIN = 36;
const WIDTH = 612 - 2 * MARGIN;
const BOTTOM = 792 - MARGIN;

type Doc = PDFKit.PDFDocument;

/** The document's faces, registered once per document. */
const faces = new WeakMap<Doc, (name: Face) => string>();
const face = (doc: Doc, name: Face) => faces.get(doc)!(name);
interface Column {
  title: string;
  width: number;
  right?: boolean;
}

const STOP_COLUMNS: Column[] = [
  { title: '#', width: 24 },
  { title: 'CUSTOMER AND ADDRESS', width: 220 },
  { title: 'INVOICE', width: 64 },
  { title: 'DUE', width: 70, right: true },
  { title: 'COLLECT', width: 62 },
  { title: 'RECEIVED BY', width: WIDTH - 24 - 220 - 64 - 70 - 62 },
];

const LOAD_COLUMNS: Column[] = [
  { title: 'PRODUCT', width: 230 },
  { title: 'SKU', width: 80 },
  { title: 'BOTTLES', width: 60, right: true },
  { title: 'STAMPS', width: WIDTH - 230 - 80 - 60 },
];

/** One table row: each cell wrapped within its column; the row is as tall as its tallest cell. */
function row(doc: Doc, columns: Column[], cells: string[], y: number, bold = false): number {
  doc.font(face(doc, bold ? 'bold' : 'regular')).fontSize(bold ? 8 : 9.5);
  const height = Math.max(
    ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i]!.width - 6 })),
  );
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const column = columns[i]!;
    doc
      .fillColor(bold ? MUTED : '#1f2933')
      .text(cell, x, y, { width: column.width - 6, align: column.right ? 'right' : 'left' });
    x += column.width;
  });
  const bottom = y + height + 5;
  doc
    .moveTo(MARGIN, bottom - 2)
    .lineTo(MARGIN + WIDTH, bottom - 2)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke();
  return bottom + 2;
}

/** The rows of a table, its heading again on every page it runs onto. */
function table(doc: Doc, columns: Column[], rows: string[][], top: number): number {
  let y = row(
    doc,
    columns,
    columns.map((c) => c.title),
    top,
    true,
  );
  for (const cells of rows) {
    doc.font(face(doc, 'regular')).fontSize(9.5);
    const needed = Math.max(
      ...cells.map((cell, i) => doc.heightOfString(cell || ' ', { width: columns[i]!.width - 6 })),
    );
    if (y + needed + 8 > BOTTOM) {
      doc.addPage();
      y = row(
        doc,
        columns,
        columns.map((c) => c.title),
        MARGIN,
        true,
      );
    }
    y = row(doc, columns, cells, y);
  }
  return y;
}

function heading(doc: Doc, title: string, y: number): number {
  if (y + 60 > BOTTOM) {
    doc.addPage();
    y = MARGIN;
  }
  doc.font(face(doc, 'bold')).fontSize(12).fillColor(NAVY).text(title, MARGIN, y);
  return y + 20;
}

/** Writes the route sheet of `route` and its load sheet; resolves with the file. */
export function writeRoutePdf(
  company: string,
  route: RouteResponse,
  sheet: LoadSheetResponse,
): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    info: { Title: `Route ${route.name}`, Creator: 'Stampline' },
  });
  faces.set(doc, fonts(doc));
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font(face(doc, 'bold')).fontSize(9).fillColor(MUTED).text(company.toUpperCase(), MARGIN, MARGIN);
  doc
    .font(face(doc, 'bold'))
    .fontSize(20)
    .fillColor(NAVY)
    .text(`Route ${route.name}`, MARGIN, MARGIN + 14);
  const about = [
    displayDate(route.date),
    `Driver: ${route.driver?.name ?? 'none yet'}`,
    route.truck ? `Truck: ${route.truck}` : null,
    `${quantity(route.stops)} ${route.stops === 1 ? 'stop' : 'stops'}`,
  ].filter(Boolean);
  doc
    .font(face(doc, 'regular'))
    .fontSize(10)
    .fillColor('#1f2933')
    .text(about.join('   ·   '), MARGIN, MARGIN + 40);
  doc.rect(MARGIN, MARGIN + 58, WIDTH, 2).fill(NAVY);

  let y = heading(doc, 'Stops', MARGIN + 72);
  const stops = route.stop_list.map((stop) => [
    String(stop.position),
    `${stop.customer}\n${stop.address}${stop.note ? `\n${stop.note}` : ''}`,
    stop.invoice_number ? `#${stop.invoice_number}` : 'Order',
    money(stop.amount_due),
    stop.cod ? 'On delivery' : '',
    '',
  ]);
  y = stops.length
    ? table(doc, STOP_COLUMNS, stops, y)
    : row(doc, [{ title: '', width: WIDTH }], ['No stops on this route.'], y);

  y = heading(doc, 'Load sheet', y + 16);
  const lines = sheet.lines.map((line) => [
    line.product,
    line.sku,
    quantity(line.quantity),
    line.stamps.join(', '),
  ]);
  y = lines.length
    ? table(doc, LOAD_COLUMNS, lines, y)
    : row(doc, [{ title: '', width: WIDTH }], ['Nothing to load.'], y);
  const bottles = sheet.lines.reduce((sum, line) => sum + line.quantity, 0);
  doc
    .font(face(doc, 'bold'))
    .fontSize(10)
    .fillColor('#1f2933')
    .text(`${quantity(bottles)} bottles`, MARGIN, y + 4, { width: WIDTH, align: 'right' });
  doc.end();
  return done;
}
