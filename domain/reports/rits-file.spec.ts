import { reportDueOn } from './alcohol-sales-report.js';
import { ritsProblems } from './rits-check.js';
import {
  RITS_FIELDS,
  ritsFields,
  ritsFile,
  ritsMoney,
  ritsRecords,
  ritsTaxpayerNumber,
  ritsText,
  type RitsRetailer,
  type RitsSale,
} from './rits-file.js';

const rustyNail: RitsRetailer = {
  id: 'c-1',
  taxpayerNumber: '32012345678',
  name: 'The Rusty Nail',
  address: '500 E 6th St',
  city: 'Austin',
  state: 'TX',
  zip: '78701-1234',
  permit: 'MB123456',
};

const sale = (overrides: Partial<RitsSale> = {}): RitsSale => ({
  retailer: rustyNail,
  productId: 'p-1',
  brand: "Tito's Handmade Vodka",
  productType: 'LIQUOR',
  upc: '619947000013',
  size: '750 ml',
  units: 6,
  netCents: 11994,
  ...overrides,
});

/** The record's fields by name. */
const byName = (fields: string[]) => Object.fromEntries(RITS_FIELDS.map((f, i) => [f.name, fields[i]]));

describe('The RITS file', () => {
  describe('given one sale to a retailer', () => {
    it('writes one record in the layout, each field as the Comptroller asks', () => {
      const [record] = ritsRecords([sale()]);
      expect(byName(ritsFields('lp123456', record!))).toEqual({
        sellerPermit: 'LP123456',
        retailerTaxpayerNumber: '32012345678',
        retailerName: 'The Rusty Nail',
        retailerAddress: '500 E 6th St',
        retailerCity: 'Austin',
        retailerState: 'TX',
        retailerZip: '78701',
        retailerPermit: 'MB123456',
        beverageClass: 'DS',
        upc: '619947000013',
        brand: "Tito's Handmade Vodka",
        containerSize: '750ML',
        containers: '6',
        sellingPrice: '119.94',
      });
    });

    it('ends each record with CRLF and writes no header record', () => {
      const file = ritsFile('LP123456', ritsRecords([sale()]));
      expect(file).toBe(
        "LP123456,32012345678,The Rusty Nail,500 E 6th St,Austin,TX,78701,MB123456,DS,619947000013,Tito's Handmade Vodka,750ML,6,119.94\r\n",
      );
    });
  });

  describe('given several sales of one brand, UPC and size to one retailer', () => {
    it('sums them into one line: the number of containers and the total selling price, not the unit price', () => {
      const records = ritsRecords([
        sale(),
        sale({ productId: 'p-2', units: 2, netCents: 4000 }),
        sale({ units: -1, netCents: -1999 }),
      ]);
      expect(records).toHaveLength(1);
      expect(records[0]).toMatchObject({
        containers: 7,
        sellingPriceCents: 13995,
        productIds: ['p-1', 'p-2'],
      });
    });

    it('keeps another size, UPC or retailer on a line of its own, sorted by retailer and brand', () => {
      const saloon = { ...rustyNail, id: 'c-2', name: 'Saloon No 10' };
      const records = ritsRecords([
        sale(),
        sale({ size: '1.75L', upc: '619947000020', productId: 'p-3' }),
        sale({ retailer: saloon }),
      ]);
      expect(records.map((r) => [r.retailer.name, r.containerSize])).toEqual([
        ['Saloon No 10', '750ML'],
        ['The Rusty Nail', '1.75L'],
        ['The Rusty Nail', '750ML'],
      ]);
    });

    it('leaves out a line sold and credited in full, and keeps one credited beyond the month negative', () => {
      expect(ritsRecords([sale(), sale({ units: -6, netCents: -11994 })])).toEqual([]);
      const [record] = ritsRecords([sale({ units: -2, netCents: -3998 })]);
      expect(byName(ritsFields('LP123456', record!))).toMatchObject({
        containers: '-2',
        sellingPrice: '-39.98',
      });
    });
  });

  describe('given values the layout cannot take as they are', () => {
    it('cuts each field to its width and never pads', () => {
      const long = { ...rustyNail, name: 'N'.repeat(60), address: 'A'.repeat(55), city: 'C'.repeat(31) };
      const [record] = ritsRecords([sale({ retailer: long, brand: 'B'.repeat(70) })]);
      const fields = byName(ritsFields('LP1234567', record!));
      expect([
        fields.sellerPermit,
        fields.retailerName,
        fields.retailerAddress,
        fields.retailerCity,
        fields.brand,
      ]).toEqual(['LP123456', 'N'.repeat(50), 'A'.repeat(50), 'C'.repeat(30), 'B'.repeat(50)]);
      const short = byName(ritsFields('LP1', ritsRecords([sale()])[0]!));
      expect(short.sellerPermit).toBe('LP1');
    });

    it('writes "0" for an unknown taxpayer number and drops hyphens from a known one', () => {
      expect(ritsTaxpayerNumber(null)).toBe('0');
      expect(ritsTaxpayerNumber('123')).toBe('0');
      expect(ritsTaxpayerNumber('3-20-1234567-8')).toBe('32012345678');
    });

    it('turns commas, quotes, accents and control characters into plain text, so a record needs no quoting', () => {
      expect(ritsText(' Café "La Paz",\tInc.\n ')).toBe('Cafe La Paz Inc.');
      const retailer = { ...rustyNail, name: 'Smith, Jones & Co' };
      const file = ritsFile('LP123456', ritsRecords([sale({ retailer })]));
      expect(file.trimEnd().split(',')).toHaveLength(RITS_FIELDS.length);
    });

    it('writes the selling price with two decimals and no separators', () => {
      expect([ritsMoney(123450), ritsMoney(-3998), ritsMoney(5), ritsMoney(0)]).toEqual([
        '1234.50',
        '-39.98',
        '0.05',
        '0.00',
      ]);
    });
  });

  describe('given a month without sales', () => {
    it('writes the no-sales report: the seller permit, 0 containers and 0.00', () => {
      expect(ritsFile('LP123456', [])).toBe('LP123456,,,,,,,,,,,,0,0.00\r\n');
    });
  });

  describe('the due date', () => {
    it('is the 25th of the month after, or the next business day after a weekend or a Texas holiday', () => {
      expect(reportDueOn('2026-10')).toBe('2026-11-25');
      expect(reportDueOn('2026-06')).toBe('2026-07-27');
      expect(reportDueOn('2026-11')).toBe('2026-12-28');
    });
  });
});

describe('The missing-data check, in the terms of the RITS file', () => {
  const seller = { companyId: 'co-1', permit: 'LP123456' };

  it('finds nothing when every field can be written', () => {
    expect(ritsProblems(seller, ritsRecords([sale()]))).toEqual([]);
  });

  it('names the retailer whose taxpayer number is reported as "0" and the fields it lacks', () => {
    const bare = { ...rustyNail, taxpayerNumber: null, address: '', zip: '787', state: 'Texas', permit: '' };
    expect(
      ritsProblems(seller, ritsRecords([sale({ retailer: bare })])).map((p) => [p.kind, p.field]),
    ).toEqual([
      ['customer_address', 'Retailer address'],
      ['customer_permit', 'Retailer TABC permit'],
      ['customer_state', 'Retailer state'],
      ['customer_taxpayer_number', 'Retailer taxpayer number'],
      ['customer_zip', 'Retailer ZIP'],
    ]);
  });

  it('names the product without a UPC, with an odd UPC, without a class or a readable size, and a cut brand', () => {
    const problems = ritsProblems(
      seller,
      ritsRecords([
        sale({ productId: 'p-1', upc: null }),
        sale({ productId: 'p-2', brand: 'Old Crow', upc: '12-34', size: 'pint' }),
        sale({ productId: 'p-3', brand: 'Topo Chico', productType: 'N/A' }),
        sale({ productId: 'p-4', brand: 'X'.repeat(51) }),
      ]),
    );
    expect(problems.map((p) => [p.kind, p.id, p.message])).toEqual([
      ['product_size', 'p-2', 'The size names no volume (e.g. 750ml, 1.75L, 12oz).'],
      ['product_upc', 'p-2', 'UPC must have 8 to 14 digits.'],
      ['product_upc', 'p-1', 'No UPC: the UPC field is empty in the file.'],
      [
        'product_class',
        'p-3',
        'No beverage class (DS, W, B or ML): the product is not liquor, wine or beer.',
      ],
      ['product_brand', 'p-4', 'Brand is longer than 50 characters: the file keeps the first 50.'],
    ]);
  });

  it("names the company when its permit is missing or longer than the field's 8 characters", () => {
    expect(ritsProblems({ companyId: 'co-1', permit: '' }, [])).toEqual([
      {
        kind: 'seller_permit',
        id: 'co-1',
        name: 'Company',
        field: 'Seller TABC permit',
        message: "The company's TABC permit is missing (Settings): every record starts with it.",
      },
    ]);
    expect(ritsProblems({ companyId: 'co-1', permit: 'LP1234567' }, [])[0]!.message).toBe(
      'Seller TABC permit is longer than 8 characters: the file keeps the first 8.',
    );
  });
});
