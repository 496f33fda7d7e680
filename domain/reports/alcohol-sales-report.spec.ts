import {
  beverageTypeOf,
  isReportMonth,
  monthDays,
  previousMonth,
  reportCells,
  reportDueOn,
  REPORT_COLUMNS,
  type ReportLine,
} from './alcohol-sales-report.js';

const line = (overrides: Partial<ReportLine> = {}): ReportLine => ({
  retailerTaxpayerNumber: '32012345678',
  retailerPermit: 'MB123456',
  retailerName: 'The Rusty Nail',
  retailerAddress: '500 E 6th St',
  retailerCity: 'Austin',
  retailerState: 'TX',
  retailerZip: '78701',
  invoicedOn: '2026-10-14',
  invoiceNumber: '345',
  brand: "TITO'S HANDMADE VODKA",
  productType: 'LIQUOR',
  size: '750ml',
  caseSize: 12,
  upc: '619947000013',
  units: 6,
  unitPriceCents: 1999,
  netCents: 11994,
  ...overrides,
});

describe('Comptroller alcohol sales report', () => {
  it('takes months as YYYY-MM only', () => {
    expect(isReportMonth('2026-10')).toBe(true);
    for (const bad of ['2026-13', '2026-1', '26-10', '2026-10-01', 202610, null])
      expect(isReportMonth(bad)).toBe(false);
  });

  it('covers the calendar month, leap years included', () => {
    expect(monthDays('2026-10')).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(monthDays('2028-02')).toEqual({ from: '2028-02-01', to: '2028-02-29' });
    expect(monthDays('2026-02')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
  });

  it('is due on the 25th of the month after, across the year end', () => {
    expect(reportDueOn('2026-10')).toBe('2026-11-25');
    expect(reportDueOn('2026-12')).toBe('2027-01-25');
    expect(previousMonth('2027-01')).toBe('2026-12');
  });

  it('reports liquor as DS, wine as W, beer as B and leaves non-alcoholic lines out', () => {
    expect(beverageTypeOf('LIQUOR')).toBe('DS');
    expect(beverageTypeOf('WINE')).toBe('W');
    expect(beverageTypeOf('BEER')).toBe('B');
    expect(beverageTypeOf('N/A')).toBeNull();
  });

  it('writes one line per sale with the retailer, container, pack, UPC and net price', () => {
    const cells = reportCells({ permit: 'LP123456', month: '2026-10' }, line());
    expect(cells).toHaveLength(REPORT_COLUMNS.length);
    expect(Object.fromEntries(REPORT_COLUMNS.map((column, i) => [column, cells[i]]))).toEqual({
      'Seller Permit': 'LP123456',
      'Report Month': '2026-10',
      'Retailer Taxpayer Number': '32012345678',
      'Retailer TABC Permit': 'MB123456',
      'Retailer Name': 'The Rusty Nail',
      'Retailer Address': '500 E 6th St',
      'Retailer City': 'Austin',
      'Retailer State': 'TX',
      'Retailer Zip': '78701',
      'Invoice Date': '2026-10-14',
      'Invoice Number': '345',
      Brand: "TITO'S HANDMADE VODKA",
      'Beverage Type': 'DS',
      'Container Size': '750ml',
      'Container Size (mL)': 750,
      Pack: 12,
      UPC: '619947000013',
      Units: 6,
      'Unit Price': '19.99',
      'Net Price': '119.94',
    });
  });

  it('leaves what is missing empty (the check lists it) and keeps a credit line negative', () => {
    const cells = reportCells(
      { permit: 'LP123456', month: '2026-10' },
      line({
        retailerTaxpayerNumber: null,
        upc: null,
        caseSize: null,
        size: 'pint',
        units: -2,
        netCents: -3998,
      }),
    );
    const at = (column: (typeof REPORT_COLUMNS)[number]) => cells[REPORT_COLUMNS.indexOf(column)];
    expect([at('Retailer Taxpayer Number'), at('UPC'), at('Pack'), at('Container Size (mL)')]).toEqual([
      '',
      '',
      '',
      '',
    ]);
    expect([at('Units'), at('Net Price')]).toEqual([-2, '-39.98']);
  });
});
