import { parseCsv } from '../infra/csv/csv-parser.js';
import {
  delinquentRow,
  DELINQUENT_COLUMNS,
  licenceRow,
  LICENCE_COLUMNS,
  mapColumns,
  normaliseHeader,
  parseDate,
  parseLicenceId,
} from './tabc-columns.js';

const LICENCE_REQUIRED = {
  all: ['license_id', 'license_type'] as const,
  oneOf: ['trade_name', 'owner'] as const,
};

function licences(csv: string) {
  const [header, ...records] = parseCsv(csv);
  const map = mapColumns(
    header!.fields,
    LICENCE_COLUMNS,
    { all: [...LICENCE_REQUIRED.all], oneOf: [...LICENCE_REQUIRED.oneOf] },
    'licence file',
  );
  return records.map((record) => licenceRow(record.fields, map));
}

describe('TABC files', () => {
  describe('headers', () => {
    it('match by name in any case and punctuation, in any order', () => {
      expect(normaliseHeader(' License ID ')).toBe('license_id');
      expect(normaliseHeader('CLP No./Related')).toBe('clp_no_related');
      const map = mapColumns(
        ['Trade Name', 'x', 'license_type', 'License ID'],
        LICENCE_COLUMNS,
        { all: ['license_id'] },
        'licence file',
      );
      expect(map).toEqual({ trade_name: 0, license_type: 2, license_id: 3 });
    });

    it('name the missing columns and the headers accepted for them', () => {
      expect(() =>
        mapColumns(['Trade Name'], LICENCE_COLUMNS, { all: ['license_id', 'license_type'] }, 'licence file'),
      ).toThrow(
        'The licence file has no license_id column (one of: license_id, licence_id, license_number, licence_number, license_no, aims_license_id); no license_type column',
      );
      expect(() =>
        mapColumns(
          ['License ID', 'License Type'],
          LICENCE_COLUMNS,
          { all: ['license_id'], oneOf: ['trade_name', 'owner'] },
          'licence file',
        ),
      ).toThrow('The licence file needs one of these columns: trade_name, owner.');
    });
  });

  describe('values', () => {
    it.each([
      ['05/31/2028', '2028-05-31'],
      ['5/1/2028 12:00:00 AM', '2028-05-01'],
      ['2026-01-31T00:00:00.000', '2026-01-31'],
      ['2026-01-31', '2026-01-31'],
      ['2026 Jan 31 12:00:00 AM', '2026-01-31'],
      ['January 31, 2026', '2026-01-31'],
      ['02/30/2026', null],
      ['', null],
      ['soon', null],
    ])('reads the date %j as %j', (text, date) => expect(parseDate(text)).toBe(date));

    it('reads licence ids with a trailing .0 and refuses odd ones', () => {
      expect(parseLicenceId('1002001.0')).toBe('1002001');
      expect(parseLicenceId(' 1001234 ')).toBe('1001234');
      expect(parseLicenceId('')).toBeNull();
      expect(parseLicenceId('12 34')).toBeNull();
    });
  });

  describe('licence rows', () => {
    const header =
      'License ID,Master File ID,License Type,Primary Status,Expiration Date,Trade Name,Owner,Address,City,State,Zip,Legacy CLP\n';

    it('become rows with the legacy permit in comparable form and an establishment key', () =>
      expect(
        licences(
          `${header}1001234,MF-1,mb,Active,05/31/2028,The Rusty Nail,"Rusty, LLC",500 E 6th St,Austin,tx,78701-1234,mb-123456\n`,
        ),
      ).toEqual([
        {
          license_id: '1001234',
          master_file_id: 'MF-1',
          license_type: 'MB',
          primary_status: 'Active',
          secondary_status: null,
          original_issue_date: null,
          current_issued_date: null,
          status_change_date: null,
          expiration_date: '2028-05-31',
          trade_name: 'The Rusty Nail',
          owner: 'Rusty, LLC',
          address: '500 E 6th St',
          address_2: null,
          city: 'Austin',
          state: 'TX',
          zip: '78701-1234',
          county: null,
          phone: null,
          legacy_clp: 'MB-123456',
          legacy_clp_key: 'MB123456',
          establishment_key: 'MF-1|500E6THST|78701',
        },
      ]));

    it('are skipped, with the reason, without a licence id, a type or any name', () =>
      expect(licences(`${header},MF-1,MB,,,A,,,,,,\n2,MF-1,,,,A,,,,,,\n3,MF-1,MB,,,,,,,,,\n`)).toEqual([
        'no licence id',
        'no licence type',
        'neither trade name nor owner',
      ]));
  });

  describe('delinquent rows', () => {
    const map = mapColumns(
      ['List Number', 'CLP No./Related', 'Trade Name', 'Effective Date'],
      DELINQUENT_COLUMNS,
      { all: ['permit'] },
      'delinquent list',
    );

    it('take the first permit code of the permit column', () =>
      expect(delinquentRow(['2026-22', 'MB-567890 / LP654321', 'Gulf Coast', '11/06/2026'], map)).toEqual({
        permit: 'MB-567890 / LP654321',
        permit_key: 'MB567890',
        license_id: null,
        trade_name: 'Gulf Coast',
        owner: null,
        address: null,
        city: null,
        zip: null,
        effective_date: '2026-11-06',
        list_number: '2026-22',
      }));

    it('take a licence id given instead of a permit code', () =>
      expect(delinquentRow(['1', '1003100', 'Club', ''], map)).toMatchObject({
        permit_key: null,
        license_id: '1003100',
        effective_date: null,
      }));

    it('are skipped without a permit code or licence id', () => {
      expect(delinquentRow(['1', 'not a permit', 'X', ''], map)).toBe(
        'no permit code or licence id in the permit column',
      );
      expect(delinquentRow(['1', '', 'X', ''], map)).toBe('no permit');
    });
  });
});
