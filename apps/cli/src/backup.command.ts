import { createReadStream, createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { PassThrough } from 'node:stream';
import { createGunzip, createGzip } from 'node:zlib';
import { BackupError, restoreBackup, writeBackup } from '#infra/db/backup.js';
import { allProjections } from '#projections/index.js';
import { rebuildWithProgressBar } from '#engine';
import type { Runtime } from '../../api/src/runtime.js';

export const BACKUP_USAGE = 'backup --out <file.jsonl.gz>';
export const RESTORE_USAGE = 'restore --in <file.jsonl.gz>';

const flag = (args: string[], name: string) => {
  const at = args.indexOf(name);
  const value = at === -1 ? undefined : args[at + 1];
  return value && !value.startsWith('--') ? value : undefined;
};

const filesDir = (runtime: Runtime) => join(runtime.config.dataDir, 'files');

function refuseKurrent(runtime: Runtime): boolean {
  if (!runtime.config.eventStoreUrl) return false;
  console.error(
    'EVENTSTORE_URL is set: the events live in KurrentDB. Back them up with its own tools; this command copies ' +
      'the Postgres event store.',
  );
  return true;
}

/**
 * `npm run backup -- --out <file>`: the event store and the plain tables as of one instant (the API may go on
 * writing), and the uploaded files, gzip'd. Written to `<file>.partial` and renamed when complete.
 */
export async function backupCommand(runtime: Runtime, args: string[]): Promise<number> {
  const out = flag(args, '--out');
  if (!out) {
    console.error(`backup needs --out <file>. ${BACKUP_USAGE}`);
    return 1;
  }
  if (refuseKurrent(runtime)) return 1;
  const partial = `${out}.partial`;
  const started = performance.now();
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial));
  try {
    const summary = await writeBackup(runtime.databaseUrl, gzip, { filesDir: filesDir(runtime) });
    gzip.end();
    await written;
    renameSync(partial, out);
    const { events = 0, ...tables } = summary.counts;
    const rows = Object.values(tables).reduce((a, b) => a + b, 0);
    console.log(
      `Backed up ${events.toLocaleString('en-US')} events, ${rows.toLocaleString('en-US')} rows of ` +
        `${Object.keys(tables).length} tables and ${summary.files} files to ${out} in ` +
        `${((performance.now() - started) / 1000).toFixed(1)} s (snapshot ${summary.header.snapshot}).`,
    );
    return 0;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    rmSync(partial, { force: true });
    throw error;
  }
}

/**
 * `npm run restore -- --in <file>`: into an empty database (DATABASE_URL, or the embedded one's under DATA_DIR),
 * migrated by this release; then every projection is rebuilt from the restored events.
 */
export async function restoreCommand(
  runtime: Runtime,
  args: string[],
  options: { progress?: NodeJS.WritableStream } = {},
): Promise<number> {
  const input = flag(args, '--in');
  if (!input || !existsSync(input)) {
    console.error(input ? `No such file: ${input}` : `restore needs --in <file>. ${RESTORE_USAGE}`);
    return 1;
  }
  if (refuseKurrent(runtime)) return 1;
  const started = performance.now();
  const text = new PassThrough();
  const reading = pipeline(createReadStream(input), createGunzip(), text);
  try {
    const summary = await restoreBackup(runtime.databaseUrl, text, { filesDir: filesDir(runtime) });
    await reading.catch(() => {}); // the restore stops reading at the end line
    const { events = 0 } = summary.counts;
    console.log(
      `Restored ${events.toLocaleString('en-US')} events and ${summary.files} files taken at ` +
        `${summary.header.takenAt}; rebuilding the projections …`,
    );
  } catch (error) {
    text.destroy();
    await reading.catch(() => {});
    if (error instanceof BackupError) {
      console.error(error.message);
      return 1;
    }
    if ((error as NodeJS.ErrnoException).code === 'Z_DATA_ERROR') {
      console.error('The backup is damaged: it is not a gzip file.');
      return 1;
    }
    throw error;
  }
  for (const projection of allProjections)
    await rebuildWithProgressBar(runtime.pool, runtime.store, projection, { stream: options.progress });
  console.log(`Restore done in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
  return 0;
}
