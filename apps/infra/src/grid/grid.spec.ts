import { BadRequestException } from '@nestjs/common';
import { defineGrid } from './grid.definition.js';
import { parseGridRequest, type GridInput } from './grid-request.parser.js';
import { buildGridQueries, escapeLike, wordsPattern } from './grid.sql.js';

const customers = defineGrid({
  table: 'rm_customer_grid',
  columns: {
    name: { sql: 'name', type: 'text' },
    balance: { sql: 'balance_cents', type: 'number' },
    since: { sql: 'created_on', type: 'date' },
    status: { sql: 'status', type: 'set' },
    owner_id: { sql: 'owner_id', type: 'set', setType: 'uuid' },
    vip: { sql: 'vip', type: 'set', setType: 'boolean' },
    notes: { sql: 'notes', type: 'text', sortable: false, filterable: false },
    search: { sql: "concat_ws(' ', name, notes)", type: 'text', sortable: false, answered: false },
  },
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

const page = { startRow: '0', endRow: '25' };

function build(input: GridInput) {
  return buildGridQueries(customers, parseGridRequest(customers, { ...page, ...input }), 'company-1');
}

function where(input: GridInput) {
  const { rows } = build(input);
  return {
    sql: rows.text.slice(rows.text.indexOf('WHERE'), rows.text.indexOf(' ORDER BY')),
    values: rows.values,
  };
}

function problemsOf(input: GridInput): { field: string; message: string }[] {
  try {
    parseGridRequest(customers, input);
  } catch (error) {
    expect(error).toBeInstanceOf(BadRequestException);
    const response = (error as BadRequestException).getResponse() as {
      statusCode: number;
      message: string;
      details: [];
    };
    expect(response).toMatchObject({ statusCode: 400, message: 'Invalid grid request' });
    return response.details;
  }
  throw new Error('expected a 400');
}

describe('Grid SQL', () => {
  describe('with no sort or filter', () => {
    it('selects the whitelisted columns for the company, in the default order with the key as tie-break', () => {
      const { rows, count } = build({});
      expect(rows.text).toBe(
        'SELECT id AS "id", name AS "name", balance_cents AS "balance", created_on AS "since", status AS "status", ' +
          'owner_id AS "owner_id", vip AS "vip", ' +
          'notes AS "notes" FROM rm_customer_grid WHERE company_id = $1 ' +
          'ORDER BY name ASC NULLS LAST, id ASC LIMIT $2 OFFSET $3',
      );
      expect(rows.values).toEqual(['company-1', 25, 0]);
      expect(count).toEqual({
        text: 'SELECT count(*) AS count FROM rm_customer_grid WHERE company_id = $1',
        values: ['company-1'],
      });
    });

    it('filters on a search column without answering it', () => {
      const { sql, values } = where({
        filterModel: JSON.stringify({ search: { filterType: 'text', type: 'contains', filter: 'oak' } }),
      });
      expect(sql).toContain("concat_ws(' ', name, notes)");
      expect(values).toContain('%oak%');
      expect(build({}).rows.text).not.toContain('"search"');
    });

    it('pages with LIMIT endRow − startRow and OFFSET startRow', () => {
      expect(build({ startRow: '50', endRow: '150' }).rows.values).toEqual(['company-1', 100, 50]);
    });
  });

  describe('sorting', () => {
    it('follows the sort model, then the key', () => {
      const { rows } = build({
        sortModel: JSON.stringify([
          { colId: 'balance', sort: 'desc' },
          { colId: 'since', sort: 'asc' },
        ]),
      });
      expect(rows.text).toContain(
        'ORDER BY balance_cents DESC NULLS LAST, created_on ASC NULLS LAST, id ASC LIMIT',
      );
    });

    it('accepts an empty sort model as the default order', () => {
      expect(build({ sortModel: '[]' }).rows.text).toContain('ORDER BY name ASC NULLS LAST, id ASC');
    });
  });

  describe('text filters', () => {
    it.each([
      ['contains', '(name) ILIKE $2', '%ann%'],
      ['notContains', '((name) IS NULL OR (name) NOT ILIKE $2)', '%ann%'],
      ['startsWith', '(name) ILIKE $2', 'ann%'],
      ['endsWith', '(name) ILIKE $2', '%ann'],
      ['equals', 'lower((name)) = lower($2)', 'ann'],
      ['notEqual', '((name) IS NULL OR lower((name)) <> lower($2))', 'ann'],
    ])('%s', (type, sql, value) => {
      const result = where({
        filterModel: JSON.stringify({ name: { filterType: 'text', type, filter: 'ann' } }),
      });
      expect(result.sql).toContain(sql);
      expect(result.values).toEqual(['company-1', value, 25, 0]);
    });

    it('matches LIKE wildcards in the value literally', () => {
      expect(escapeLike('50%_off\\')).toBe('50\\%\\_off\\\\');
      const result = where({ filterModel: JSON.stringify({ name: { type: 'contains', filter: '100%' } }) });
      expect(result.values[1]).toBe('%100\\%%');
    });

    it("makes a search box's words one pattern of a search text, in the order typed, wildcards literal", () => {
      expect(wordsPattern('  balcones   pot still ')).toBe('%BALCONES%POT%STILL%');
      expect(wordsPattern('50% off')).toBe('%50\\%%OFF%');
      expect(wordsPattern("tito's 750")).toBe('%TITOS%750%');
      expect(wordsPattern('   ')).toBeNull();
      expect(wordsPattern(undefined)).toBeNull();
    });

    it('treats blank as null or empty', () => {
      expect(where({ filterModel: JSON.stringify({ name: { type: 'blank' } }) }).sql).toBe(
        "WHERE company_id = $1 AND ((name) IS NULL OR (name) = '')",
      );
    });

    it('casts a non-text column to text', () => {
      const result = where({
        filterModel: JSON.stringify({ status: { filterType: 'text', type: 'equals', filter: 'open' } }),
      });
      expect(result.sql).toContain('lower((status)::text) = lower($2)');
    });
  });

  describe('number filters', () => {
    it.each([
      ['equals', '(balance_cents) = $2::numeric'],
      ['notEqual', '((balance_cents) IS NULL OR (balance_cents) <> $2::numeric)'],
      ['lessThan', '(balance_cents) < $2::numeric'],
      ['lessThanOrEqual', '(balance_cents) <= $2::numeric'],
      ['greaterThan', '(balance_cents) > $2::numeric'],
      ['greaterThanOrEqual', '(balance_cents) >= $2::numeric'],
    ])('%s', (type, sql) => {
      const result = where({
        filterModel: JSON.stringify({ balance: { filterType: 'number', type, filter: 1500 } }),
      });
      expect(result.sql).toBe(`WHERE company_id = $1 AND ${sql}`);
      expect(result.values.slice(0, 2)).toEqual(['company-1', '1500']);
    });

    it('inRange includes both ends', () => {
      const result = where({
        filterModel: JSON.stringify({ balance: { type: 'inRange', filter: '10.5', filterTo: 20 } }),
      });
      expect(result.sql).toContain('((balance_cents) BETWEEN $2::numeric AND $3::numeric)');
      expect(result.values.slice(1, 3)).toEqual(['10.5', '20']);
    });

    it('accepts MUI operator names', () => {
      const result = where({
        filterModel: JSON.stringify({ balance: { type: '>=', filter: 5 }, name: { type: 'isEmpty' } }),
      });
      expect(result.sql).toBe(
        "WHERE company_id = $1 AND (balance_cents) >= $2::numeric AND ((name) IS NULL OR (name) = '')",
      );
    });
  });

  describe('date filters', () => {
    it.each([
      ['equals', '((created_on) >= $2::date AND (created_on) < $2::date + 1)'],
      [
        'notEqual',
        '((created_on) IS NULL OR NOT ((created_on) >= $2::date AND (created_on) < $2::date + 1))',
      ],
      ['lessThan', '(created_on) < $2::date'],
      ['lessThanOrEqual', '(created_on) < $2::date + 1'],
      ['greaterThan', '(created_on) >= $2::date + 1'],
      ['greaterThanOrEqual', '(created_on) >= $2::date'],
    ])('%s compares whole days', (type, sql) => {
      const result = where({
        filterModel: JSON.stringify({ since: { filterType: 'date', type, dateFrom: '2024-02-29 00:00:00' } }),
      });
      expect(result.sql).toBe(`WHERE company_id = $1 AND ${sql}`);
      expect(result.values[1]).toBe('2024-02-29');
    });

    it('inRange covers both days', () => {
      const result = where({
        filterModel: JSON.stringify({
          since: { type: 'inRange', dateFrom: '2024-01-01', dateTo: '2024-01-31' },
        }),
      });
      expect(result.sql).toContain('((created_on) >= $2::date AND (created_on) < $3::date + 1)');
      expect(result.values.slice(1, 3)).toEqual(['2024-01-01', '2024-01-31']);
    });

    it('compares filterSql when a column has one, and still answers and sorts by sql', () => {
      const log = defineGrid({
        table: 'rm_log',
        columns: {
          at: { sql: 'occurred_at', filterSql: "(occurred_at AT TIME ZONE 'America/Chicago')", type: 'date' },
        },
        defaultSort: [{ colId: 'at', sort: 'desc' }],
      });
      const { rows } = buildGridQueries(
        log,
        parseGridRequest(log, {
          ...page,
          filterModel: JSON.stringify({ at: { filterType: 'date', type: 'equals', dateFrom: '2026-03-08' } }),
        }),
        'company-1',
      );
      expect(rows.text).toContain('occurred_at AS "at"');
      expect(rows.text).toContain(
        "(((occurred_at AT TIME ZONE 'America/Chicago')) >= $2::date AND ((occurred_at AT TIME ZONE 'America/Chicago')) < $2::date + 1)",
      );
      expect(rows.text).toContain('ORDER BY occurred_at DESC');
    });

    it("bounds an instant column by the instants its zone's days start, so its index serves", () => {
      const log = defineGrid({
        table: 'rm_log',
        columns: { at: { sql: 'occurred_at', dayZone: "'America/Chicago'", type: 'date' } },
      });
      const filtered = (type: string, extra: object = {}) =>
        buildGridQueries(
          log,
          parseGridRequest(log, {
            ...page,
            filterModel: JSON.stringify({
              at: { filterType: 'date', type, dateFrom: '2026-03-08', ...extra },
            }),
          }),
          'company-1',
        ).count.text;
      const start = (n: number) => `(($${n}::date)::timestamp AT TIME ZONE 'America/Chicago')`;
      const end = (n: number) => `(($${n}::date + 1)::timestamp AT TIME ZONE 'America/Chicago')`;
      expect(filtered('equals')).toContain(`((occurred_at) >= ${start(2)} AND (occurred_at) < ${end(2)})`);
      expect(filtered('inRange', { dateTo: '2026-03-31' })).toContain(
        `((occurred_at) >= ${start(2)} AND (occurred_at) < ${end(3)})`,
      );
      expect(filtered('lessThanOrEqual')).toContain(`(occurred_at) < ${end(2)}`);
      expect(filtered('greaterThan')).toContain(`(occurred_at) >= ${end(2)}`);
    });

    it("takes MUI's value from filter", () => {
      expect(
        where({ filterModel: JSON.stringify({ since: { type: 'onOrAfter', filter: '2024-03-01' } }) })
          .values[1],
      ).toBe('2024-03-01');
    });
  });

  describe('set filters', () => {
    it('matches any of the values, as text, with null meaning blank', () => {
      const result = where({
        filterModel: JSON.stringify({ status: { filterType: 'set', values: ['open', null, 3] } }),
      });
      expect(result.sql).toContain('((status)::text = ANY($2::text[]) OR (status) IS NULL)');
      expect(result.values[1]).toEqual(['open', '3']);
    });

    it('compares uuid columns as uuids (their index serves); values that are not uuids match nothing', () => {
      const id = '7d4f0a3e-1b2c-4d5e-8f90-a1b2c3d4e5f6';
      const result = where({ filterModel: JSON.stringify({ owner_id: { values: [id, 'junk'] } }) });
      expect(result.sql).toBe('WHERE company_id = $1 AND (owner_id) = $2::uuid');
      expect(result.values[1]).toEqual(id);
      expect(where({ filterModel: JSON.stringify({ owner_id: { values: ['junk'] } }) }).sql).toBe(
        'WHERE company_id = $1 AND FALSE',
      );
    });

    it('compares one value with =, so an index keeps the rows in order; several with ANY', () => {
      expect(where({ filterModel: JSON.stringify({ status: { values: ['open'] } }) }).sql).toBe(
        'WHERE company_id = $1 AND (status)::text = $2::text',
      );
      expect(where({ filterModel: JSON.stringify({ status: { values: ['open', 'paid'] } }) }).sql).toBe(
        'WHERE company_id = $1 AND (status)::text = ANY($2::text[])',
      );
    });

    it('compares boolean columns as booleans', () => {
      const result = where({ filterModel: JSON.stringify({ vip: { values: ['true', '1', 'maybe'] } }) });
      expect(result.sql).toBe('WHERE company_id = $1 AND (vip) = $2::boolean');
      expect(result.values[1]).toBe(true);
    });

    it('matches nothing for an empty selection', () => {
      expect(where({ filterModel: JSON.stringify({ status: { values: [] } }) }).sql).toBe(
        'WHERE company_id = $1 AND FALSE',
      );
    });

    it("accepts MUI's isAnyOf on a text column", () => {
      const result = where({
        filterModel: JSON.stringify({ name: { type: 'isAnyOf', filter: ['Ann', 'Bob'] } }),
      });
      expect(result.sql).toContain('(name)::text = ANY($2::text[])');
    });
  });

  describe('combined conditions', () => {
    it("joins one column's conditions with its operator and columns with AND", () => {
      const result = where({
        filterModel: JSON.stringify({
          name: {
            filterType: 'text',
            operator: 'OR',
            conditions: [
              { type: 'startsWith', filter: 'a' },
              { type: 'startsWith', filter: 'b' },
            ],
          },
          balance: { type: 'greaterThan', filter: 0 },
        }),
      });
      expect(result.sql).toBe(
        'WHERE company_id = $1 AND ((name) ILIKE $2 OR (name) ILIKE $3) AND (balance_cents) > $4::numeric',
      );
    });
  });

  describe('hostile input', () => {
    it('only ever puts values in bind parameters', () => {
      const evil = "x'; DROP TABLE rm_customer_grid; --";
      const { rows, count } = build({
        filterModel: JSON.stringify({ name: { type: 'equals', filter: evil }, status: { values: [evil] } }),
      });
      expect(rows.text).not.toContain('DROP');
      expect(count.text).not.toContain('DROP');
      expect(rows.values).toContain(evil);
    });

    it.each(['name; DROP TABLE x', '__proto__', 'constructor', 'toString', 'id'])(
      'rejects column %j',
      (colId) => {
        expect(problemsOf({ ...page, sortModel: JSON.stringify([{ colId, sort: 'asc' }]) })).toEqual([
          { field: 'sortModel[0].colId', message: 'Unknown column' },
        ]);
        expect(problemsOf({ ...page, filterModel: `{${JSON.stringify(colId)}: {"type": "blank"}}` })).toEqual(
          [{ field: `filterModel.${colId}`, message: 'Unknown column' }],
        );
      },
    );
  });
});

describe('Grid request validation', () => {
  it.each<[GridInput, string, string]>([
    [{ endRow: '10' }, 'startRow', 'startRow must be an integer of 0 or more'],
    [{ startRow: '-1', endRow: '10' }, 'startRow', 'startRow must be an integer of 0 or more'],
    [{ startRow: '1.5', endRow: '10' }, 'startRow', 'startRow must be an integer of 0 or more'],
    [{ startRow: '0' }, 'endRow', 'endRow must be an integer'],
    [{ startRow: '10', endRow: '10' }, 'endRow', 'endRow must be greater than startRow'],
    [{ startRow: '0', endRow: '401' }, 'endRow', 'A page holds at most 400 rows'],
    [{ ...page, sortModel: '[{' }, 'sortModel', 'sortModel must be valid JSON'],
    [{ ...page, sortModel: '{}' }, 'sortModel', 'sortModel must be an array of { colId, sort }'],
    [
      { ...page, sortModel: '[{"colId":"name","sort":"up"}]' },
      'sortModel[0].sort',
      "sort must be 'asc' or 'desc'",
    ],
    [
      { ...page, sortModel: '[{"colId":"notes","sort":"asc"}]' },
      'sortModel[0].colId',
      'Column notes cannot be sorted',
    ],
    [
      { ...page, sortModel: '[{"colId":"name","sort":"asc","x":1}]' },
      'sortModel[0]',
      'Unknown sort field(s): x',
    ],
    [{ ...page, filterModel: 'nope' }, 'filterModel', 'filterModel must be valid JSON'],
    [{ ...page, filterModel: '[]' }, 'filterModel', 'filterModel must be an object keyed by column id'],
    [
      { ...page, filterModel: '{"notes":{"type":"blank"}}' },
      'filterModel.notes',
      'Column notes cannot be filtered',
    ],
    [
      { ...page, filterModel: '{"name":{"type":"between"}}' },
      'filterModel.name.type',
      "A text filter's type must be one of equals, notEqual, contains, notContains, startsWith, endsWith, blank, notBlank",
    ],
    [
      { ...page, filterModel: '{"name":{"type":"equals"}}' },
      'filterModel.name.filter',
      'filter must be a string',
    ],
    [
      { ...page, filterModel: '{"name":{"filterType":"date","type":"equals"}}' },
      'filterModel.name.filterType',
      'A date filter does not apply to a text column',
    ],
    [
      { ...page, filterModel: '{"name":{"filterType":"regex","type":"equals"}}' },
      'filterModel.name.filterType',
      'filterType must be one of text, number, date, set',
    ],
    [
      { ...page, filterModel: '{"balance":{"type":"equals","filter":"1 OR 1=1"}}' },
      'filterModel.balance.filter',
      'filter must be a number',
    ],
    [
      { ...page, filterModel: '{"balance":{"type":"inRange","filter":1}}' },
      'filterModel.balance.filterTo',
      'filterTo must be a number',
    ],
    [
      { ...page, filterModel: '{"since":{"type":"equals","dateFrom":"2023-02-29"}}' },
      'filterModel.since.dateFrom',
      'dateFrom must be a date (YYYY-MM-DD)',
    ],
    [
      { ...page, filterModel: '{"since":{"type":"equals","dateFrom":"yesterday"}}' },
      'filterModel.since.dateFrom',
      'dateFrom must be a date (YYYY-MM-DD)',
    ],
    [
      { ...page, filterModel: '{"status":{"values":[{"a":1}]}}' },
      'filterModel.status.values',
      'values may hold only strings, numbers and null',
    ],
    [
      { ...page, filterModel: '{"status":{"values":"open"}}' },
      'filterModel.status.values',
      'values must be an array of at most 1000 values',
    ],
    [
      { ...page, filterModel: '{"name":{"type":"equals","filter":"a","colId":"x"}}' },
      'filterModel.name',
      'Unknown filter field(s): colId',
    ],
    [
      { ...page, filterModel: '{"name":{"operator":"XOR","conditions":[]}}' },
      'filterModel.name.operator',
      "operator must be 'AND' or 'OR'",
    ],
    [
      { ...page, filterModel: '{"name":{"conditions":[]}}' },
      'filterModel.name.conditions',
      'conditions must be an array of 1 to 5 filters',
    ],
    [
      { ...page, filterModel: '{"name":{"conditions":[{"type":"contains","filter":7}, {"type":1}]}}' },
      'filterModel.name.conditions[1].type',
      'type must be a string',
    ],
  ])('rejects %j: %s', (input, field, message) => {
    expect(problemsOf(input)).toEqual([{ field, message }]);
  });

  it('reports every problem at once', () => {
    expect(
      problemsOf({ startRow: 'a', endRow: 'b', sortModel: 'x', filterModel: '{"zzz":{}}' }).map(
        (p) => p.field,
      ),
    ).toEqual(['startRow', 'endRow', 'sortModel', 'filterModel.zzz']);
  });

  it('accepts already-parsed models and numbers', () => {
    expect(
      parseGridRequest(customers, {
        startRow: 0,
        endRow: 400,
        sortModel: [{ colId: 'balance', sort: 'desc' }],
        filterModel: { status: { filterType: 'set', values: ['open'] } },
      }),
    ).toEqual({
      startRow: 0,
      endRow: 400,
      sortModel: [{ colId: 'balance', sort: 'desc' }],
      filters: [
        {
          colId: 'status',
          operator: 'AND',
          conditions: [{ filterType: 'set', type: 'in', values: ['open'] }],
        },
      ],
    });
  });
});

describe('defineGrid', () => {
  it('refuses column ids that are not plain identifiers', () => {
    expect(() => defineGrid({ table: 't', columns: { 'a"b': { sql: 'a', type: 'text' } } })).toThrow(
      'not a plain identifier',
    );
  });

  it('refuses a default sort on an unknown column', () => {
    expect(() =>
      defineGrid({
        table: 't',
        columns: { a: { sql: 'a', type: 'text' } },
        defaultSort: [{ colId: 'b' as 'a', sort: 'asc' }],
      }),
    ).toThrow('not a sortable column');
  });
});
