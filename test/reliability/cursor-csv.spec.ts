import { createPool, type Pool } from '#infra/db/database.js';
import { streamCursorCsv } from '../../apps/api/src/infra/csv/cursor-csv.js';
import { createTestDatabase } from '../support/database.js';

/** CSV exports through a server-side cursor: every row once and in order across FETCH batches, and no lost connection. */
describe('Cursor CSV export', () => {
  let db: Awaited<ReturnType<typeof createTestDatabase>>;
  let pool: Pool;

  beforeAll(async () => {
    db = await createTestDatabase('cursor_csv');
    pool = createPool(db.url, 2);
  });
  afterAll(async () => {
    await pool.end();
    await db.drop();
  });

  const query = (rows: number) => ({
    text: `SELECT g AS n, CASE WHEN g % 7 = 0 THEN '=SUM(A1)' ELSE 'row, ' || g END AS label
             FROM generate_series(1, $1::int) g ORDER BY g`,
    values: [rows],
  });

  async function text(stream: NodeJS.ReadableStream): Promise<string> {
    let out = '';
    for await (const chunk of stream) out += chunk.toString();
    return out;
  }

  it.each([0, 1, 100, 101, 1234])('streams %i rows once each, in order, across its batches', async (rows) => {
    const stream = await streamCursorCsv(pool, query(rows), ['N', 'Label'], (row) => [row.n, row.label]);
    const lines = (await text(stream)).split('\r\n');
    expect(lines.pop()).toBe('');
    expect(lines[0]).toBe('N,Label');
    expect(lines.slice(1)).toEqual(
      Array.from({ length: rows }, (_, i) => {
        const n = i + 1;
        return n % 7 === 0 ? `${n},'=SUM(A1)` : `${n},"row, ${n}"`;
      }),
    );
    expect(pool.idleCount).toBe(pool.totalCount); // the connection is back, transaction closed
  });

  it('writes several lines for a row that has several (an invoice and its items)', async () => {
    const stream = await streamCursorCsv(pool, query(250), ['N', 'Item'], (row) =>
      [1, 2, 3].map((item) => [row.n, item]),
    );
    const lines = (await text(stream)).trimEnd().split('\r\n');
    expect(lines).toHaveLength(1 + 250 * 3);
    expect(lines.at(-1)).toBe('250,3');
  });

  it('gives the connection back when the download is abandoned half way', async () => {
    const stream = await streamCursorCsv(pool, query(5000), ['N', 'Label'], (row) => [row.n, row.label]);
    for await (const chunk of stream) {
      expect(chunk.length).toBeGreaterThan(0);
      break; // leaving the loop destroys the stream
    }
    for (let i = 0; i < 100 && pool.idleCount !== pool.totalCount; i++)
      await new Promise((resolve) => setTimeout(resolve, 10));
    expect(pool.idleCount).toBe(pool.totalCount);
    const { rows } = await pool.query(`SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE datname = current_database() AND state LIKE 'idle in transaction%'`);
    expect(rows[0].n).toBe(0);
  });
});
