import { BadRequestException } from '@nestjs/common';
import pg from 'pg';
import { defineGrid, runGrid, type GridInput } from '#infra/grid/index.js';
import { createTestDatabase } from '../support/database.js';

const ACME = '11111111-1111-4111-8111-111111111111';
const OTHER = '22222222-2222-4222-8222-222222222222';

const grid = defineGrid({
  table: 'rm_test_grid',
  columns: {
    name: { sql: 'name', type: 'text' },
    balance: { sql: 'balance_cents', type: 'number' },
    dueOn: { sql: "to_char(due_on, 'YYYY-MM-DD')", type: 'text', filterable: false, sortable: false },
    due: { sql: 'due_on', type: 'date' },
    createdAt: { sql: 'created_at', type: 'date' },
    status: { sql: 'status', type: 'set' },
  },
  defaultSort: [{ colId: 'name', sort: 'asc' }],
});

interface Row {
  id: string;
  name: string;
  balance: string;
  dueOn: string | null;
  status: string | null;
}

const acmeRows: [string, number, string | null, string, string | null][] = [
  ['Alpha Liquors', 1500, '2024-01-05', '2024-01-05T23:30:00Z', 'open'],
  ['Beta Beverages', 0, '2024-01-06', '2024-01-06T00:00:00Z', 'paid'],
  ['Gamma 100% Agave', 250000, null, '2024-02-01T12:00:00Z', 'open'],
  ['Delta_Distributing', -300, '2024-02-29', '2024-02-29T08:00:00Z', null],
  ['', 1500, '2024-03-01', '2024-03-01T08:00:00Z', 'void'],
  ["O'Brien's Pub", 1500, '2024-03-02', '2024-03-02T08:00:00Z', 'paid'],
];

describe('Grid protocol on Postgres', () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: pg.Pool;

  const query = (input: Omit<GridInput, 'startRow' | 'endRow'> & Partial<GridInput>, company = ACME) =>
    runGrid<Row>(pool, grid, { startRow: '0', endRow: '100', ...input }, company);
  const names = async (input: Parameters<typeof query>[0]) => (await query(input)).rows.map((r) => r.name);
  const filter = (model: object) => ({ filterModel: JSON.stringify(model) });

  beforeAll(async () => {
    database = await createTestDatabase('grid');
    pool = new pg.Pool({ connectionString: database.url, max: 4, options: '-c TimeZone=UTC' });
    await pool.query(`CREATE TABLE rm_test_grid (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      company_id uuid NOT NULL,
      name text,
      balance_cents bigint,
      due_on date,
      created_at timestamptz NOT NULL,
      status text)`);
    for (const [name, balance, dueOn, createdAt, status] of acmeRows) {
      await pool.query(
        'INSERT INTO rm_test_grid (company_id, name, balance_cents, due_on, created_at, status) VALUES ($1, $2, $3, $4, $5, $6)',
        [ACME, name, balance, dueOn, createdAt, status],
      );
    }
    await pool.query(
      `INSERT INTO rm_test_grid (company_id, name, balance_cents, due_on, created_at, status)
       SELECT $1, 'Other ' || n, n, DATE '2024-01-05', now(), 'open' FROM generate_series(1, 50) AS n`,
      [OTHER],
    );
  });

  afterAll(async () => {
    await pool?.end();
    await database?.drop();
  });

  it("answers only the caller's company, with the count of matches", async () => {
    const { rows, count } = await query({});
    expect(count).toBe(6);
    expect(rows.map((r) => r.name)).toEqual([
      '',
      'Alpha Liquors',
      'Beta Beverages',
      'Delta_Distributing',
      'Gamma 100% Agave',
      "O'Brien's Pub",
    ]);
    expect(rows[0]).toEqual({
      id: expect.any(String),
      name: '',
      balance: '1500',
      dueOn: '2024-03-01',
      due: expect.any(Date),
      createdAt: expect.any(Date),
      status: 'void',
    });
    expect((await query({}, OTHER)).count).toBe(50);
  });

  it('filters text case-insensitively, with wildcards matched literally', async () => {
    expect(await names(filter({ name: { filterType: 'text', type: 'contains', filter: 'BEV' } }))).toEqual([
      'Beta Beverages',
    ]);
    expect(await names(filter({ name: { type: 'contains', filter: '100%' } }))).toEqual(['Gamma 100% Agave']);
    expect(await names(filter({ name: { type: 'contains', filter: '_' } }))).toEqual(['Delta_Distributing']);
    expect(await names(filter({ name: { type: 'startsWith', filter: "o'brien" } }))).toEqual([
      "O'Brien's Pub",
    ]);
    expect(await names(filter({ name: { type: 'blank' } }))).toEqual(['']);
  });

  it('filters numbers, including ranges and combined conditions', async () => {
    expect(await names(filter({ balance: { type: 'inRange', filter: 0, filterTo: 1500 } }))).toEqual([
      '',
      'Alpha Liquors',
      'Beta Beverages',
      "O'Brien's Pub",
    ]);
    expect(
      await names(
        filter({
          balance: {
            operator: 'OR',
            conditions: [
              { type: 'lessThan', filter: 0 },
              { type: 'greaterThan', filter: 2000 },
            ],
          },
        }),
      ),
    ).toEqual(['Delta_Distributing', 'Gamma 100% Agave']);
  });

  it('filters dates by whole days, on date and timestamptz columns', async () => {
    expect(
      await names(filter({ due: { filterType: 'date', type: 'equals', dateFrom: '2024-01-05 00:00:00' } })),
    ).toEqual(['Alpha Liquors']);
    expect(await names(filter({ createdAt: { type: 'equals', dateFrom: '2024-01-05' } }))).toEqual([
      'Alpha Liquors',
    ]);
    expect(
      await names(filter({ due: { type: 'inRange', dateFrom: '2024-02-29', dateTo: '2024-03-01' } })),
    ).toEqual(['', 'Delta_Distributing']);
    expect(await names(filter({ due: { type: 'lessThanOrEqual', dateFrom: '2024-01-06' } }))).toEqual([
      'Alpha Liquors',
      'Beta Beverages',
    ]);
    expect(await names(filter({ due: { type: 'blank' } }))).toEqual(['Gamma 100% Agave']);
  });

  it('filters sets, with null for blanks', async () => {
    expect(await names(filter({ status: { filterType: 'set', values: ['paid', null] } }))).toEqual([
      'Beta Beverages',
      'Delta_Distributing',
      "O'Brien's Pub",
    ]);
  });

  it('sorts, breaks ties by key, and pages without repeating or skipping a row', async () => {
    const sortModel = JSON.stringify([{ colId: 'balance', sort: 'desc' }]);
    const all = await query({ sortModel });
    expect(all.rows.map((r) => r.balance)).toEqual(['250000', '1500', '1500', '1500', '0', '-300']);
    const tied = all.rows.filter((r) => r.balance === '1500').map((r) => r.id);
    expect(tied).toEqual([...tied].sort());

    const paged: string[] = [];
    for (let start = 0; start < 6; start += 2) {
      const page = await query({ sortModel, startRow: String(start), endRow: String(start + 2) });
      expect(page.count).toBe(6);
      paged.push(...page.rows.map((r) => r.id));
    }
    expect(paged).toEqual(all.rows.map((r) => r.id));
  });

  it('keeps injection attempts in filter values as plain data', async () => {
    const attempts = [
      "x' OR '1'='1",
      "'; DROP TABLE rm_test_grid; --",
      '%',
      '\\',
      "$1'); SELECT pg_sleep(1); --",
    ];
    for (const value of attempts) {
      expect((await query(filter({ name: { type: 'equals', filter: value } }))).count).toBe(0);
      expect((await query(filter({ status: { values: [value] } }))).count).toBe(0);
    }
    expect((await query({})).count).toBe(6);
  });

  it.each([
    ['a colId', { sortModel: JSON.stringify([{ colId: 'name; DROP TABLE rm_test_grid', sort: 'asc' }]) }],
    [
      'a sort direction',
      { sortModel: JSON.stringify([{ colId: 'name', sort: 'asc; DROP TABLE rm_test_grid' }]) },
    ],
    [
      'a filter key',
      { filterModel: JSON.stringify({ 'company_id = company_id OR true': { type: 'blank' } }) },
    ],
    ['a number', { filterModel: JSON.stringify({ balance: { type: 'equals', filter: '0 OR 1=1' } }) }],
    [
      'a date',
      { filterModel: JSON.stringify({ due: { type: 'equals', dateFrom: "2024-01-01' OR '1'='1" } }) },
    ],
    ['a filter type', { filterModel: JSON.stringify({ name: { type: 'contains) OR (1=1', filter: 'a' } }) }],
    ['paging', { startRow: '0; DROP TABLE rm_test_grid', endRow: '10' }],
  ])('refuses injection through %s with a 400', async (_what, input) => {
    await expect(query(input)).rejects.toBeInstanceOf(BadRequestException);
    expect((await query({})).count).toBe(6);
  });
});
