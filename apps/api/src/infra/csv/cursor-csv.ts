import { Readable } from 'node:stream';
import type pg from 'pg';
import type { SqlQuery } from '#infra/grid/index.js';
import { csvLine, csvLines } from './csv-format.js';

/** Rows per FETCH after the first: small batches keep little alive at a time (two: the one written, the next read). */
const FETCH_ROWS = 500;
/** The first FETCH: small, so the first bytes go out at once. */
const FIRST_ROWS = 100;

/**
 * Streams a query's rows as CSV through a server-side cursor in one read-only transaction: memory stays flat for a
 * million rows, and the file is one consistent snapshot. The first rows are fetched before answering, so a failure
 * is still a clean error response. `cellsOf` turns one row into its cells (several lines when it returns arrays).
 */
export async function streamCursorCsv(
  pool: pg.Pool,
  query: SqlQuery,
  header: string[],
  cellsOf: (row: Record<string, unknown>) => unknown[] | unknown[][],
): Promise<Readable> {
  const linesOf = (rows: Record<string, unknown>[]) => {
    const records: unknown[][] = [];
    for (const row of rows) {
      const cells = cellsOf(row);
      if (cells.length === 0) continue;
      if (Array.isArray(cells[0])) records.push(...(cells as unknown[][]));
      else records.push(cells);
    }
    return records.length > 0 ? csvLines(records) : '';
  };
  return streamCursor(pool, query, { head: csvLine(header), textOf: linesOf, tail: '' });
}

/**
 * A JSON array of a query's rows (`itemOf` one row's value), streamed through the same cursor as the CSV exports:
 * flat memory, one consistent snapshot.
 */
export async function streamCursorJson(
  pool: pg.Pool,
  query: SqlQuery,
  itemOf: (row: Record<string, unknown>) => unknown,
): Promise<Readable> {
  let written = 0;
  const textOf = (rows: Record<string, unknown>[]) =>
    rows.map((row) => `${written++ === 0 ? '\n' : ',\n'}${JSON.stringify(itemOf(row))}`).join('');
  return streamCursor(pool, query, { head: '[', textOf, tail: '\n]\n' });
}

/** The cursor and transaction under both: `head`, then `textOf` each batch of rows, then `tail`. */
async function streamCursor(
  pool: pg.Pool,
  query: SqlQuery,
  format: { head: string; textOf: (rows: Record<string, unknown>[]) => string; tail: string },
): Promise<Readable> {
  const linesOf = format.textOf;
  const client = await pool.connect();
  // While the download is open the client is checked out, so the pool's idle-error listener does not cover it: a
  // connection dropped meanwhile (server stopping, database dropped) must fail the next FETCH, not the process.
  let lost: Error | undefined;
  const onError = (error: Error) => (lost = error);
  client.on('error', onError);
  let open = true;
  const close = async (commit: boolean) => {
    if (!open) return;
    open = false;
    if (!lost) await client.query(commit ? 'COMMIT' : 'ROLLBACK').catch(() => {});
    client.off('error', onError);
    client.release(lost);
  };
  let first: Record<string, unknown>[];
  try {
    await client.query('BEGIN TRANSACTION ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE csv_export NO SCROLL CURSOR FOR ${query.text}`, query.values);
    first = (await client.query(`FETCH ${FIRST_ROWS} FROM csv_export`)).rows;
  } catch (error) {
    await close(false);
    throw error;
  }

  const fetchNext = () => client.query(`FETCH ${FETCH_ROWS} FROM csv_export`);
  async function* lines() {
    let pending: ReturnType<typeof fetchNext> | undefined;
    try {
      yield format.head;
      let batch = first;
      let size = FIRST_ROWS;
      while (batch.length > 0) {
        // The next batch is asked for before this one is written: Postgres reads it while Node formats and sends.
        pending = batch.length < size ? undefined : fetchNext();
        pending?.catch(() => {}); // awaited below; a download aborted meanwhile ends the transaction instead
        yield linesOf(batch);
        if (!pending || !open) break;
        size = FETCH_ROWS;
        batch = (await pending).rows;
        pending = undefined;
      }
      if (format.tail !== '' && open) yield format.tail;
      await close(true);
    } finally {
      await pending?.catch(() => {});
      await close(false); // the download was aborted or failed
    }
  }
  // Bytes, not objects: one batch's text waits at a time.
  const stream = Readable.from(lines(), { objectMode: false, highWaterMark: 64 * 1024 });
  stream.on('close', () => void close(false)); // also when destroyed before the first read
  return stream;
}

/** The grid's row query without its page: every matching row (LIMIT NULL OFFSET 0). */
export function allRowsOf(query: SqlQuery): SqlQuery {
  const values = [...query.values];
  values[values.length - 2] = null;
  values[values.length - 1] = 0;
  return { ...query, values };
}
