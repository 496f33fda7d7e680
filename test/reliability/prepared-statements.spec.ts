import { randomUUID } from 'node:crypto';
import { createPool, prepared, type Pool } from '#infra/db/database.js';
import { migrate } from '#infra/db/migrate.js';
import { buildGridQueries, parseGridRequest } from '#infra/grid/index.js';
import { invoiceGrid } from '../../apps/api/src/invoices/queries/invoice.grid.js';
import { createTestDatabase } from '../support/database.js';

/**
 * What the database is asked to plan. Statements marked with `prepared` go as named statements (parsed
 * and planned once per connection), the others stay planned per call; the invoice grid's number search probes its
 * index, so its cost does not grow with the company's invoices.
 */
let db: { url: string; drop: () => Promise<void> };
let pool: Pool;

beforeAll(async () => {
  db = await createTestDatabase('prepared');
  await migrate(db.url);
  pool = createPool(db.url, 2);
}, 60_000);

afterAll(async () => {
  await pool?.end();
  await db?.drop();
});

async function preparedOnConnection(work: (client: import('pg').PoolClient) => Promise<unknown>) {
  const client = await pool.connect();
  try {
    await work(client);
    const { rows } = await client.query<{ statement: string }>(
      'SELECT statement FROM pg_prepared_statements',
    );
    return rows.map((row) => row.statement);
  } finally {
    client.release();
  }
}

it('sends a statement marked with prepared as a named statement, once per connection, and others unnamed', async () => {
  const marked = prepared('SELECT $1::int + 1 AS answer /* marked */');
  const unmarked = 'SELECT $1::int + 2 AS answer /* unmarked */';
  const statements = await preparedOnConnection(async (client) => {
    for (let i = 0; i < 3; i++) {
      expect((await client.query(marked, [i])).rows[0].answer).toBe(i + 1);
      expect((await client.query(unmarked, [i])).rows[0].answer).toBe(i + 2);
    }
    // pool.query reaches the same kind of client
    expect((await pool.query(marked, [41])).rows[0].answer).toBe(42);
  });
  expect(statements.filter((s) => s === marked)).toHaveLength(1);
  expect(statements).not.toContain(unmarked);
});

it('keeps a marked statement without parameters, or a message of several statements, unnamed', async () => {
  const single = prepared('SELECT 1 AS one /* no parameters */');
  const statements = await preparedOnConnection(async (client) => {
    await client.query(single);
    await client.query('SELECT 1; SELECT 2');
  });
  expect(statements).not.toContain(single);
});

it("finds an invoice by number through the grid's search index, not by reading the company's invoices", async () => {
  const companyId = randomUUID();
  const request = parseGridRequest(invoiceGrid, {
    startRow: 0,
    endRow: 25,
    filterModel: JSON.stringify({ number: { filterType: 'text', type: 'equals', filter: '345b' } }),
  });
  // The count reads the matches only; the page's choice between this index and the date-ordered one depends on the
  // table's size (the bench's 200,000-invoice number search shows it on a grown table).
  const { count } = buildGridQueries(invoiceGrid, request, companyId);
  const client = await pool.connect();
  try {
    // An empty table always favours a sequential scan: forbid it to see which index the planner can use.
    await client.query('SET enable_seqscan = off');
    const plan = await client.query(`EXPLAIN ${count.text}`, count.values);
    expect(plan.rows.map((row) => row['QUERY PLAN']).join('\n')).toContain('rm_invoice_number_search_idx');
  } finally {
    await client.query('RESET enable_seqscan');
    client.release();
  }
});
