import { createHash, randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import pg from 'pg';

/** Any constant: one test file at a time builds the run's migrated template. */
const TEMPLATE_LOCK = 7_201_122;

function serverUrl(): string {
  const base = process.env.TEST_DATABASE_URL;
  if (!base)
    throw new Error(
      'TEST_DATABASE_URL is not set: run the tests through jest (its globalSetup starts Postgres)',
    );
  return base;
}

function databaseUrl(name: string): string {
  const url = new URL(serverUrl());
  url.pathname = `/${name}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl() });
  await admin.connect();
  try {
    return await work(admin);
  } finally {
    await admin.end();
  }
}

const MIGRATIONS = new URL('../../migrations/', import.meta.url);

/**
 * The template's name: a hash of the migrations' sources, read as files (importing them loads MikroORM, a second
 * per test file), so a server kept between runs never serves a template of other migrations.
 */
function templateName(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS).sort())
    if (file.endsWith('.ts')) hash.update(file).update(readFileSync(new URL(file, MIGRATIONS)));
  return `template_${hash.digest('hex').slice(0, 16)}`;
}

/**
 * Every projection started once on the template and stopped, its holder forgotten: each copy finds them at their
 * version with nothing to catch up, where an app's first start on a fresh database builds each from scratch
 * (most of a second).
 */
async function startProjections(url: string): Promise<void> {
  const [{ createPool }, { PostgresEventStore, ProjectionRunner }, { allProjections }] = await Promise.all([
    import('#infra/db/database.js'),
    import('#engine'),
    import('#projections/index.js'),
  ]);
  const pool = createPool(url, 20);
  const store = new PostgresEventStore(url, {}, pool);
  const runner = new ProjectionRunner(pool, store, allProjections, {});
  try {
    await runner.start();
    await runner.stop();
    await pool.query(
      `UPDATE projection_checkpoints SET status = NULL, error = NULL, error_event_id = NULL, updated_at = NULL,
              holder = NULL, held_since = NULL, previous_holder = NULL`,
    );
  } finally {
    await store.close();
    await pool.end();
  }
}

/**
 * The name of a database holding every migration of this build and its projections' checkpoints, created once per
 * server: the first file that asks builds it under a lock, and it only takes its name once complete.
 */
async function migratedTemplate(): Promise<string> {
  const name = templateName();
  return withAdmin(async (admin) => {
    await admin.query('SELECT pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [name]);
      if (found.rowCount) return name;
      // Loaded here only: MikroORM, which the migrations import, changes how the pg driver parses dates for everyone.
      const { migrate } = await import('#infra/db/migrate.js');
      const building = `${name}_building_${randomBytes(4).toString('hex')}`;
      await admin.query(`CREATE DATABASE "${building}"`);
      await migrate(databaseUrl(building));
      await startProjections(databaseUrl(building));
      await admin.query(`ALTER DATABASE "${building}" RENAME TO "${name}"`);
      return name;
    } finally {
      await admin.query('SELECT pg_advisory_unlock($1)', [TEMPLATE_LOCK]);
    }
  });
}

/**
 * Creates a fresh database for one test file in the run's cluster and returns its URL: empty, or with `migrated`
 * already holding every migration (a copy of the run's template, faster than migrating each file's database).
 * Call `drop()` in afterAll.
 */
export async function createTestDatabase(
  label = 'test',
  { migrated = false }: { migrated?: boolean } = {},
): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `${label.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}_${randomBytes(5).toString('hex')}`;
  const template = migrated ? await migratedTemplate() : undefined;
  await withAdmin((admin) =>
    admin.query(`CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template}"` : ''}`),
  );
  return {
    url: databaseUrl(name),
    drop: () =>
      withAdmin((admin) => admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`)).then(() => {}),
  };
}
