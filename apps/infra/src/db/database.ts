import { createHash } from 'node:crypto';
import pg from 'pg';

// bigint columns (int8) arrive as strings, as Postgres wrote them: positions and revisions need full precision, so
// callers convert them with BigInt() where they matter. Counts are cast to int in SQL.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => value);
// Business dates (`date` columns) stay 'YYYY-MM-DD' text: turning them into a Date at local midnight would
// shift them with the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

/** The most statement texts a process names (each connection then holds at most this many prepared statements). */
const PREPARED_TEXTS_LIMIT = 400;
const statementNames = new Map<string, string>();

/**
 * Marks a statement text to be sent as a named prepared statement by every pool of ours: each connection parses it
 * once and Postgres keeps a generic plan after five runs when that plan costs no more than the custom ones (parsing
 * and planning were a quarter of the database's CPU on the invoice path). Returns the text, so a call
 * site reads `db.query(prepared(\`SELECT …\`), values)`.
 *
 * Only for statements whose plan does not depend on their values or on how big a table has grown since the plan
 * was made: look-ups by primary or unique key, inserts and upserts keyed by id. A generic plan made while a table
 * was small keeps its sequential scans until the next analyze; a LATERAL probe named this way was ten times
 * slower in the bench than planned per call. Texts are built by our code (values travel as parameters), so they
 * are few; past PREPARED_TEXTS_LIMIT a text simply goes unnamed.
 */
export function prepared<T extends string>(text: T): T {
  if (!statementNames.has(text) && statementNames.size < PREPARED_TEXTS_LIMIT)
    statementNames.set(text, `sl_${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`);
  return text;
}

/** A client that sends the statements marked by `prepared` as named statements (when they carry parameters). */
class PreparingClient extends pg.Client {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const name = typeof text === 'string' ? statementNames.get(text) : undefined;
    if (name !== undefined && Array.isArray(values) && values.length > 0)
      args = [{ name, text, values }, ...args.slice(2)];
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}

export function createPool(url: string, max = 10, applicationName = 'stampline'): pg.Pool {
  const pool = new pg.Pool({
    connectionString: url,
    max,
    application_name: applicationName,
    Client: PreparingClient,
  });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', () => {});
  // So does a checked-out client between two queries (a transaction's code running when the server dies or fails
  // over): the next query on it fails instead, and the pool drops it when it is released.
  pool.on('connect', (client) => client.on('error', () => {}));
  return pool;
}

/** Runs `work` in one transaction on one client; rolls back on any error. */
export async function inTransaction<T>(
  pool: pg.Pool,
  work: (client: pg.PoolClient) => Promise<T>,
): Promise<T> {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
