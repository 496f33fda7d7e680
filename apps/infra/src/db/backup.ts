import { once } from 'node:events';
import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join, relative, sep } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import pg from 'pg';

/**
 * Backup and restore of one Stampline database: the event store and the plain tables, from ONE
 * snapshot (a REPEATABLE READ, READ ONLY transaction: every table as of the same instant, while the API goes on
 * writing), streamed as JSON lines (gzip'd by the caller). Read models, projection checkpoints, stream snapshots
 * and sessions are left out: the first three are rebuilt from the events, sessions are credentials that must not
 * outlive the database they were issued on (everyone signs in again). A table added later is backed up by default:
 * only the ones named in NOT_BACKED_UP are left out.
 *
 * The file, one JSON value per line:
 *   {"format":"stampline-backup","version":1,"takenAt":…,"snapshot":…,"migrations":[…],"tables":[…]}
 *   {"table":"events","columns":[…]}   then one array per row, in the column order
 *   …                                   the other tables the same way
 *   {"file":"companies/…/logo.png","base64":…}   uploaded files (logos, documents), when a files folder is given
 *   {"end":{"events":n,"users":n,…}}    the row count of every table: a file cut short is refused
 */

export const BACKUP_FORMAT = 'stampline-backup';
export const BACKUP_VERSION = 1;

/** Tables whose contents are derived (rebuilt after a restore) or must not be restored. */
const NOT_BACKED_UP = new Set([
  'projection_checkpoints', // rebuilt with the read models
  'stream_snapshots', // a cache of folded states, never the source of truth
  'sessions', // sign-ins end with the database they were made on
  'customer_user_sessions',
  'rate_limits', // attempt counters: they start afresh
  'mikro_orm_migrations', // the restoring release migrates the empty database itself (checked against the header)
]);
const isBackedUp = (table: string) => !table.startsWith('rm_') && !NOT_BACKED_UP.has(table);

/**
 * Events: in global order, without `position` and `transaction_id`. Those name places in the old cluster's
 * transaction-id space: the restore appends every event again in this order in one transaction of its own, so the
 * new database's readers (which read below the transaction-id horizon) see the whole history at once, in the same
 * order, on fresh positions. Event ids, streams, revisions, data, metadata and recorded_at are kept.
 */
const EVENT_COLUMNS = ['stream_id', 'revision', 'event_id', 'type', 'data', 'metadata', 'recorded_at'];

const FETCH_ROWS = 2000;
const INSERT_ROWS = 1000;

export interface BackupHeader {
  format: typeof BACKUP_FORMAT;
  version: number;
  takenAt: string;
  /** pg_current_snapshot() of the backup's transaction (information only). */
  snapshot: string;
  migrations: string[];
  tables: string[];
}

export interface BackupSummary {
  header: BackupHeader;
  counts: Record<string, number>;
  files: number;
}

interface TableInfo {
  name: string;
  columns: string[];
}

/**
 * The plain tables of the public schema that a backup holds, with their stored columns: events first, then each
 * table after the tables its foreign keys name (the restore loads them in this order).
 */
async function backedUpTables(client: pg.ClientBase): Promise<TableInfo[]> {
  const { rows } = await client.query<{ table: string; columns: string[]; refs: string[] }>(
    `SELECT c.relname AS table,
            array_agg(a.attname::text ORDER BY a.attnum) AS columns,
            ARRAY(SELECT DISTINCT r.relname::text FROM pg_constraint k JOIN pg_class r ON r.oid = k.confrelid
                   WHERE k.conrelid = c.oid AND k.contype = 'f' AND k.confrelid <> c.oid) AS refs
       FROM pg_class c
       JOIN pg_namespace n ON n.oid = c.relnamespace
       JOIN pg_attribute a ON a.attrelid = c.oid AND a.attnum > 0 AND NOT a.attisdropped AND a.attgenerated = ''
      WHERE n.nspname = 'public' AND c.relkind IN ('r', 'p')
      GROUP BY c.oid, c.relname
      ORDER BY c.relname`,
  );
  const tables = rows.filter((row) => isBackedUp(row.table));
  const ordered: TableInfo[] = [];
  const placed = new Set<string>();
  const place = (name: string, path: string[]) => {
    if (placed.has(name) || path.includes(name)) return;
    const row = tables.find((t) => t.table === name);
    if (!row) return;
    for (const ref of row.refs) place(ref, [...path, name]);
    placed.add(name);
    ordered.push({ name, columns: name === 'events' ? EVENT_COLUMNS : row.columns });
  };
  place('events', []);
  for (const row of tables) place(row.table, []);
  return ordered;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** Writes one line and waits when the stream asks it to (a slow disk or gzip holds the reading back). */
async function writeLine(out: Writable, value: unknown): Promise<void> {
  if (!out.write(JSON.stringify(value) + '\n')) await once(out, 'drain');
}

async function* walk(dir: string): AsyncGenerator<string> {
  let entries;
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes a consistent backup of the database at `url` to `out` (which it does not end). Uploaded files under
 * `filesDir` are copied after the snapshot: a file is written before the event that names it commits, so every
 * file the snapshot's events name is there (a file added later is harmless extra).
 */
export async function writeBackup(
  url: string,
  out: Writable,
  options: { filesDir?: string; now?: () => Date } = {},
): Promise<BackupSummary> {
  const client = new pg.Client({ connectionString: url, application_name: 'stampline-backup' });
  await client.connect();
  const counts: Record<string, number> = {};
  let header: BackupHeader;
  try {
    // READ ONLY: the transaction takes no transaction id, so it does not hold back the event readers' horizon.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    const { rows: snap } = await client.query<{ snapshot: string }>(
      'SELECT pg_current_snapshot()::text AS snapshot',
    );
    const tables = await backedUpTables(client);
    const { rows: migrations } = await client.query<{ name: string }>(
      'SELECT name FROM mikro_orm_migrations ORDER BY name',
    );
    header = {
      format: BACKUP_FORMAT,
      version: BACKUP_VERSION,
      takenAt: (options.now?.() ?? new Date()).toISOString(),
      snapshot: snap[0]!.snapshot,
      migrations: migrations.map((m) => m.name),
      tables: tables.map((t) => t.name),
    };
    await writeLine(out, header);
    for (const table of tables) {
      await writeLine(out, { table: table.name, columns: table.columns });
      const order = table.name === 'events' ? ' ORDER BY transaction_id, position' : '';
      await client.query(
        `DECLARE backup_rows NO SCROLL CURSOR FOR
           SELECT json_build_array(${table.columns.map(ident).join(', ')})::text AS row
             FROM ${ident(table.name)}${order}`,
      );
      let count = 0;
      for (;;) {
        const { rows } = await client.query<{ row: string }>(`FETCH ${FETCH_ROWS} FROM backup_rows`);
        if (rows.length === 0) break;
        const chunk = rows.map((r) => r.row).join('\n') + '\n';
        if (!out.write(chunk)) await once(out, 'drain');
        count += rows.length;
      }
      await client.query('CLOSE backup_rows');
      counts[table.name] = count;
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
  let files = 0;
  if (options.filesDir) {
    for await (const path of walk(options.filesDir)) {
      const key = relative(options.filesDir, path).split(sep).join('/');
      await writeLine(out, { file: key, base64: (await readFile(path)).toString('base64') });
      files++;
    }
  }
  await writeLine(out, { end: { ...counts, files } });
  return { header, counts, files };
}

export class BackupError extends Error {
  override name = 'BackupError';
}

export interface RestoreSummary {
  header: BackupHeader;
  counts: Record<string, number>;
  files: number;
}

/**
 * Loads a backup into the database at `url`, which must be migrated (the same or a newer release) and hold no data:
 * every table in one transaction (all or nothing; a file cut short or damaged rolls it back). The events are
 * appended again in their order (see EVENT_COLUMNS) and `streams` follows them. The caller then rebuilds every
 * projection (`npm run restore` does). Files go under `filesDir` when given (as they are read: a restore that
 * fails after them leaves them there, unnamed by any event).
 */
export async function restoreBackup(
  url: string,
  input: Readable,
  options: { filesDir?: string } = {},
): Promise<RestoreSummary> {
  const lines = createInterface({ input, crlfDelay: Infinity })[Symbol.asyncIterator]();
  const next = async (): Promise<unknown> => {
    const { value, done } = await lines.next();
    if (done) return undefined;
    try {
      return JSON.parse(value as string);
    } catch {
      throw new BackupError('The backup is damaged: a line is not JSON.');
    }
  };
  const header = (await next()) as BackupHeader | undefined;
  if (!header || header.format !== BACKUP_FORMAT)
    throw new BackupError('Not a Stampline backup (the first line is not its header).');
  if (header.version !== BACKUP_VERSION)
    throw new BackupError(`Backup format version ${header.version} is not supported (${BACKUP_VERSION} is).`);

  const client = new pg.Client({ connectionString: url, application_name: 'stampline-restore' });
  await client.connect();
  const counts: Record<string, number> = {};
  let files = 0;
  try {
    const { rows: applied } = await client.query<{ name: string }>('SELECT name FROM mikro_orm_migrations');
    const known = new Set(applied.map((m) => m.name));
    const unknown = header.migrations.filter((m) => !known.has(m));
    if (unknown.length)
      throw new BackupError(
        `The backup was taken by a newer release (migrations ${unknown.join(', ')}): restore it with that release.`,
      );
    const tables = await backedUpTables(client);
    const targetTables = new Map(tables.map((t) => [t.name, t]));
    for (const table of tables) {
      const { rows } = await client.query(`SELECT EXISTS (SELECT 1 FROM ${ident(table.name)}) AS any`);
      if (rows[0].any)
        throw new BackupError(
          `The database is not empty (table ${table.name} has rows): restore into an empty one.`,
        );
    }

    await client.query('BEGIN');
    let table: TableInfo | undefined;
    let batch: unknown[][] = [];
    const flush = async () => {
      if (!table || batch.length === 0) return;
      const objects = batch.map((row) => Object.fromEntries(table!.columns.map((c, i) => [c, row[i]])));
      const columns = table.columns.map(ident).join(', ');
      // json_populate_recordset: each value through its column type's input (bytea, jsonb, dates…). WITH
      // ORDINALITY … ORDER BY keeps the file's order, which for events is the global order (fresh positions).
      await client.query(
        `INSERT INTO ${ident(table.name)} (${columns})
           SELECT ${columns} FROM json_populate_recordset(null::${ident(table.name)}, $1::json) WITH ORDINALITY
            ORDER BY ordinality`,
        [JSON.stringify(objects)],
      );
      counts[table.name] = (counts[table.name] ?? 0) + batch.length;
      batch = [];
    };
    let end: Record<string, number> | undefined;
    for (;;) {
      const value = await next();
      if (value === undefined) break;
      if (Array.isArray(value)) {
        if (!table) throw new BackupError('The backup is damaged: a row before any table.');
        batch.push(value);
        if (batch.length >= INSERT_ROWS) await flush();
        continue;
      }
      await flush();
      const record = value as Record<string, unknown>;
      if (typeof record.table === 'string') {
        const target = targetTables.get(record.table);
        const columns = record.columns as string[];
        if (!target)
          throw new BackupError(`The backup holds table ${record.table}, which this release does not have.`);
        const missing = columns.filter((c) => !target.columns.includes(c) && record.table !== 'events');
        if (missing.length)
          throw new BackupError(`Table ${record.table}: columns ${missing.join(', ')} no longer exist.`);
        table = { name: record.table, columns };
        counts[table.name] = 0;
      } else if (typeof record.file === 'string') {
        table = undefined;
        if (options.filesDir) await restoreFile(options.filesDir, record.file, String(record.base64));
        files++;
      } else if (record.end && typeof record.end === 'object') {
        end = record.end as Record<string, number>;
        break;
      } else throw new BackupError('The backup is damaged: an unknown line.');
    }
    if (!end) throw new BackupError('The backup is cut short (no end line): nothing was restored.');
    const wrong = Object.entries(end).filter(([name, n]) =>
      name === 'files' ? files !== n : (counts[name] ?? 0) !== n,
    );
    if (wrong.length)
      throw new BackupError(
        `The backup is damaged: ${wrong.map(([name, n]) => `${name} has ${name === 'files' ? files : (counts[name] ?? 0)} rows, not ${n}`).join('; ')}.`,
      );
    // Sequences behind restored ids (tabc_delinquent.id …) continue after the largest one.
    await client.query(`
      DO $$
      DECLARE s record;
      BEGIN
        FOR s IN SELECT seq.relname AS seq, tab.relname AS tab, att.attname AS col
                   FROM pg_class seq
                   JOIN pg_depend d ON d.objid = seq.oid AND d.deptype IN ('a', 'i')
                   JOIN pg_class tab ON tab.oid = d.refobjid
                   JOIN pg_attribute att ON att.attrelid = tab.oid AND att.attnum = d.refobjsubid
                   JOIN pg_namespace n ON n.oid = seq.relnamespace
                  WHERE seq.relkind = 'S' AND n.nspname = 'public' AND tab.relname <> 'events'
        LOOP
          EXECUTE format('SELECT setval(%L, m) FROM (SELECT max(%I) AS m FROM %I) x WHERE m IS NOT NULL',
                         s.seq, s.col, s.tab);
        END LOOP;
      END $$`);
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    await client.end().catch(() => {});
    lines.return?.(undefined);
  }
  return { header, counts, files };
}

/** An uploaded file of the backup, under `filesDir` (its key checked like the storage port's keys). */
async function restoreFile(filesDir: string, key: string, base64: string): Promise<void> {
  if (
    !/^[a-z0-9][a-z0-9_-]*(?:\/[a-z0-9][a-z0-9_.-]*)*$/i.test(key) ||
    key.includes('..') ||
    key.length > 300
  )
    throw new BackupError(`The backup names an unsafe file: ${key}`);
  const path = join(filesDir, ...key.split('/'));
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, Buffer.from(base64, 'base64'));
}
