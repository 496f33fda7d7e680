import pg from 'pg';

// bigint columns (int8) arrive as strings by default; positions and revisions need full precision, so callers
// convert them with BigInt() where they matter. Counts are cast to int in SQL.
// Business dates (`date` columns) stay 'YYYY-MM-DD' text: turning them into a Date at local midnight would
// shift them with the server's time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Pool = pg.Pool;
export type PoolClient = pg.PoolClient;
export type Queryable = Pick<pg.Pool, 'query'> | pg.PoolClient;

export function createPool(url: string, max = 10, applicationName = 'stampline'): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max, application_name: applicationName });
  // An idle client that loses its connection emits 'error' on the pool; without a listener that kills the process.
  pool.on('error', () => {});
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
