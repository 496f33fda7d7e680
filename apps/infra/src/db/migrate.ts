import { Migrator } from '@mikro-orm/migrations';
import { MikroORM } from '@mikro-orm/postgresql';
import pg from 'pg';
import { migrationsList } from '#migrations/index.js';

const MIGRATION_LOCK = 7_201_121; // any constant: one migrating process at a time

/** MikroORM's configuration for this database: migrations listed explicitly, read models are plain SQL. */
export function mikroOrmOptions(url: string) {
  return {
    clientUrl: url,
    entities: [],
    discovery: { warnWhenNoEntities: false },
    extensions: [Migrator],
    migrations: {
      migrationsList,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      tableName: 'mikro_orm_migrations',
    },
    debug: false,
    logger: () => {}, // the caller reports which migrations it applied
    allowGlobalContext: true,
  };
}

/** Whether every migration of this build is recorded as applied (one query; MikroORM takes a while to start). */
async function upToDate(client: pg.Client): Promise<boolean> {
  const table = await client.query(`SELECT to_regclass('mikro_orm_migrations') IS NOT NULL AS present`);
  if (!table.rows[0]?.present) return false;
  const { rows } = await client.query<{ name: string }>('SELECT name FROM mikro_orm_migrations');
  const applied = new Set(rows.map((row) => row.name));
  return migrationsList.every((migration) => applied.has(migration.name));
}

/** Applies pending migrations; concurrent callers wait for each other (advisory lock). Returns the names applied. */
export async function migrate(url: string): Promise<string[]> {
  const lock = new pg.Client({ connectionString: url });
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    if (await upToDate(lock)) return [];
    const orm = await MikroORM.init(mikroOrmOptions(url));
    try {
      const applied = await orm.migrator.up();
      return applied.map((m) => m.name);
    } finally {
      await orm.close(true);
    }
  } finally {
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    await lock.end();
  }
}
