import PDFDocument from 'pdfkit';
import { fonts } from '../../infra/pdf/pdf-fonts.js';
import { cellWidth, COLUMNS } from './statement-pdf.writer.js';

describe('the statement PDF columns', () => {
  const doc = new PDFDocument({ size: 'LETTER' });
  const face = fonts(doc);
  const column = (title: (typeof COLUMNS)[number]['title']) => COLUMNS.findIndex((c) => c.title === title);

  it('fill the width', () => {
    expect(COLUMNS.reduce((sum, c) => sum + c.share, 0)).toBeCloseTo(1, 9);
  });

  it.each([
    ['DATE', '10 Nov, 2026', 'regular'],
    ['DATE', '30 Sep, 2026', 'italic'],
    ['REFERENCE', 'CM-10003', 'regular'],
    ['DESCRIPTION', 'Payment on invoice 2708B · Check 1042', 'regular'],
    ['DUE', '10 Nov, 2026', 'regular'],
    ['CHARGE', '$100,000.00', 'regular'],
    ['CREDIT', '$100,000.00', 'regular'],
    ['BALANCE', '$100,000.00', 'bold'],
  ] as const)('hold %s %j whole at 9 pt', (title, value, font) => {
    doc.font(face(font)).fontSize(9);
    expect(doc.widthOfString(value)).toBeLessThanOrEqual(cellWidth(column(title)));
  });
});
