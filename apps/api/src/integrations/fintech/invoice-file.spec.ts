import { describe, expect, it } from '@jest/globals';
import { DomainError } from '#domain/shared/domain-error.js';
import { dayOf, priceCentsOf, readInvoiceFile } from './invoice-file.js';

const read = (text: string, name = 'invoice.csv') => readInvoiceFile(Buffer.from(text), name);
const problemsOf = (text: string, name?: string): string[] => {
  try {
    read(text, name);
  } catch (error) {
    if (error instanceof DomainError) return (error.details ?? []).map((d) => d.message);
    throw error;
  }
  throw new Error('no problem found');
};

describe('A distributor invoice file (CSV)', () => {
  it('reads prices as cents without floating point', () => {
    expect(priceCentsOf('19.99')).toBe(1999);
    expect(priceCentsOf('$1,234.5')).toBe(123450);
    expect(priceCentsOf('0')).toBe(0);
    for (const bad of ['-1', '1e3', '1.999', '12345678', '', 'NaN', '1,23'])
      expect({ bad, cents: priceCentsOf(bad) }).toEqual({ bad, cents: undefined });
  });

  it('reads real calendar days only', () => {
    expect(dayOf('2026-11-21')).toBe('2026-11-21');
    expect(dayOf('2026-11-21 09:05')).toBe('2026-11-21');
    expect(dayOf('1/2/2026')).toBe('2026-01-02');
    for (const bad of ['2026-02-30', '13/01/2026', '21.11.2026', 'today'])
      expect({ bad, day: dayOf(bad) }).toEqual({ bad, day: undefined });
  });

  it("undoes a spreadsheet's defusing apostrophe and reads the flags", () => {
    const file = read("UPC,Qty,Price,Taxable,On Deal\n'-123,'-2,5.00,n,Y\n");
    expect(file.rows).toEqual([
      { line: 2, upc: '-123', qty: -2, priceCents: 500, taxable: false, onDeal: true, product: '' },
    ]);
  });

  it('refuses a file that is not text, or not a CSV by its name', () => {
    expect(problemsOf('UPC,Qty,Price\n1,1,1\n', 'invoice.xlsx')[0]).toMatch(/must be a CSV/);
    expect(problemsOf('UPC,Qty,Price\n1,1,1\u0000\n')[0]).toMatch(/must be a CSV/);
  });

  it('counts line numbers from the header, a quoted line break included', () => {
    expect(problemsOf('UPC,Qty,Price,Product\n1,1,1,"two\nlines"\n2,x,1,\n')).toEqual([
      'Line 4: Qty must be a whole number; "x" is not.',
    ]);
  });

  it('lists at most 50 problems and counts the rest', () => {
    const rows = Array.from({ length: 60 }, () => '1,x,1').join('\n');
    const problems = problemsOf(`UPC,Qty,Price\n${rows}\n`);
    expect(problems).toHaveLength(51);
    expect(problems[50]).toBe('… and 10 more problems.');
  });
});
