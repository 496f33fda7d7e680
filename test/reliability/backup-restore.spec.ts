import { jest } from '@jest/globals';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { BackupError, restoreBackup, writeBackup } from '#infra/db/backup.js';
import type { Queryable } from '#infra/db/database.js';
import type { EventMetadata } from '#engine';
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import { backupCommand, restoreCommand } from '../../apps/cli/src/backup.command.js';
import { loadConfig } from '../../apps/api/src/infra/config/config.js';
import { startRuntime, type Runtime } from '../../apps/api/src/runtime.js';
import { startTestApp, type TestApp } from '../support/app.js';
import { runCli } from '../support/cli.js';
import { createTestDatabase } from '../support/database.js';
import { apiClient } from '../support/http.js';
import { aCompanyWithEverything } from '../support/standards-fixture.js';

/**
 * Backup and restore: a backup taken while invoices and payments are being written is one consistent
 * cut of the store, restores into an empty database with every projection rebuilt, and the events written after the
 * cut, appended on top of it at their revisions, bring every read model and plain table to what the busy database
 * shows at the end.
 */
jest.setTimeout(120_000);

/** Tables the restore does not copy (rebuilt, or sign-ins that end with their database). */
const NOT_COMPARED = new Set([
  'projection_checkpoints',
  'stream_snapshots',
  'sessions',
  'customer_user_sessions',
  'mikro_orm_migrations',
  'rate_limits',
  'events',
]);

/** Columns naming an event's place in the store: the restore appends the history again on fresh positions. */
const POSITIONS: Record<string, string[]> = { rm_inventory_history: ['position'] };

async function tableRows(db: Queryable, tables: string[]): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    const { rows } = await db.query<{ row: string }>(
      `SELECT (to_jsonb(t) - $1::text[])::text AS row FROM ${ident(table)} t ORDER BY 1`,
      [POSITIONS[table] ?? []],
    );
    out[table] = rows.map((r) => r.row);
  }
  return out;
}

async function plainTables(db: Queryable): Promise<string[]> {
  const { rows } = await db.query<{ name: string }>(
    `SELECT relname AS name FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = 'public' AND c.relkind = 'r' AND relname NOT LIKE 'rm\\_%' ORDER BY 1`,
  );
  return rows.map((r) => r.name).filter((name) => !NOT_COMPARED.has(name));
}

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const readModelTables = () => [...new Set(allProjections.flatMap((p) => p.tables))].sort();

describe('Backup and restore', () => {
  const dirs: string[] = [];
  const tempDir = (label: string) => {
    const dir = mkdtempSync(join(tmpdir(), `stampline-${label}-`));
    dirs.push(dir);
    return dir;
  };
  let source: TestApp;
  let target: Runtime | undefined;
  let targetDb: Awaited<ReturnType<typeof createTestDatabase>> | undefined;

  beforeAll(async () => {
    source = await startTestApp({ DATA_DIR: tempDir('backup-source') });
  });

  afterAll(async () => {
    await target?.close();
    await targetDb?.drop();
    await source?.close();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it('restores a backup taken under writes into an empty database, equal to the source once the later events follow', async () => {
    const company = await aCompanyWithEverything(source);
    const api = apiClient(source.baseUrl);
    const form = new FormData();
    form.append('logo', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'logo.png');
    const logo = await fetch(`${source.baseUrl}/api/v1/company/logo`, {
      method: 'POST',
      headers: { authorization: `Bearer ${company.token}` },
      body: form,
    });
    expect(logo.status).toBe(201);

    // Writers: invoices with stamps and their payments, until told to stop.
    let writing = true;
    let written = 0;
    const writer = async () => {
      while (writing) {
        const invoice = await api.post(
          'invoice',
          {
            customer_id: company.customerId,
            items: [{ product_id: company.productId, qty: 2, price: '39.99' }],
            force: true,
          },
          company.token,
        );
        expect(invoice.status).toBe(201);
        const paid = await api.post(
          `invoice/${invoice.body.id}/payment`,
          { amount: '20', received_at: new Date().toISOString().slice(0, 10) },
          company.token,
        );
        expect(paid.status).toBe(201);
        written++;
      }
    };
    const writers = [writer(), writer(), writer()];
    while (written < 5) await new Promise((resolve) => setTimeout(resolve, 20));

    const file = join(tempDir('backup-file'), 'busy.jsonl.gz');
    const backup = await runCli(() => backupCommand(source.runtime, ['--out', file]));
    const writtenAtBackup = written;
    while (written < writtenAtBackup + 5) await new Promise((resolve) => setTimeout(resolve, 20));
    writing = false;
    await Promise.all(writers);
    expect(backup.code).toBe(0);
    expect(backup.out).toMatch(
      /^Backed up [\d,]+ events, [\d,]+ rows of \d+ tables and \d+ files to .*busy\.jsonl\.gz/,
    );
    expect(existsSync(`${file}.partial`)).toBe(false);
    expect(
      await source.runtime.projections.waitFor(await source.runtime.store.headCheckpoint(), 20_000),
    ).toBe(true);

    // Restore into an empty database (and an empty data directory), through the command.
    targetDb = await createTestDatabase('restored');
    const targetFiles = tempDir('backup-target');
    target = await startRuntime(
      loadConfig({
        ...process.env,
        DATABASE_URL: targetDb.url,
        DATA_DIR: targetFiles,
        SMTP_URL: '',
        PORT: '0',
      }),
      { runProjections: false },
    );
    const progress = new PassThrough().resume(); // the rebuilds' progress bars
    const restored = await runCli(() => restoreCommand(target!, ['--in', file], { progress }));
    expect(restored.err).not.toMatch(/error/i);
    expect(restored.code).toBe(0);
    expect(restored.out).toMatch(/Restored [\d,]+ events and \d+ files taken at/);
    expect(readdirSync(join(targetFiles, 'files'), { recursive: true }).length).toBeGreaterThan(0); // the logo

    // The cut is consistent: every stream gapless and its head in `streams`.
    const { rows: gaps } = await target.pool.query(
      `SELECT e.stream_id FROM events e LEFT JOIN streams s USING (stream_id)
        GROUP BY e.stream_id, s.revision HAVING count(*) <> max(e.revision) + 1 OR max(e.revision) <> s.revision`,
    );
    expect(gaps).toEqual([]);
    const { rows: tail } = await source.runtime.pool.query<{
      stream_id: string;
      revision: string;
      event_id: string;
      type: string;
      data: Record<string, unknown>;
      metadata: EventMetadata;
    }>(
      `SELECT stream_id, revision, event_id, type, data, metadata FROM events
        WHERE event_id <> ALL ($1::uuid[]) ORDER BY transaction_id, position`,
      [(await target.pool.query('SELECT event_id FROM events')).rows.map((r) => r.event_id)],
    );
    expect(tail.length).toBeGreaterThan(0); // writes went on after the snapshot …
    const { rows: inBackup } = await target.pool.query(
      `SELECT count(*)::int AS n FROM events WHERE type = 'PaymentLogged'`,
    );
    expect(inBackup[0].n).toBeGreaterThan(1); // … and before it

    // The events written after the cut, appended at their revisions: each must follow its stream's restored head.
    for (const event of tail) {
      const revision = BigInt(event.revision);
      await target.store.appendToStreams([
        {
          stream: event.stream_id,
          expected: revision === 0n ? 'no_stream' : revision - 1n,
          events: [{ id: event.event_id, type: event.type, data: event.data, metadata: event.metadata }],
        },
      ]);
    }
    await target.projections.start();
    expect(await target.projections.waitFor(await target.store.headCheckpoint(), 30_000)).toBe(true);

    // Every read model and every plain table (sessions aside) equal.
    const tables = [...readModelTables(), ...(await plainTables(source.runtime.pool))];
    expect(await tableRows(target.pool, tables)).toEqual(await tableRows(source.runtime.pool, tables));
    const count = 'SELECT count(*)::int AS n FROM events';
    expect((await target.pool.query(count)).rows).toEqual((await source.runtime.pool.query(count)).rows);
    expect((await target.pool.query('SELECT count(*)::int AS n FROM sessions')).rows[0].n).toBe(0);
  });

  it('refuses a database that is not empty, and a backup cut short, restoring nothing', async () => {
    const chunks: Buffer[] = [];
    const sink = new PassThrough();
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    await writeBackup(source.runtime.databaseUrl, sink);
    const lines = Buffer.concat(chunks).toString('utf8').trimEnd().split('\n');

    await expect(
      restoreBackup(source.runtime.databaseUrl, Readable.from([lines.join('\n')])),
    ).rejects.toThrow(/The database is not empty \(table \w+ has rows\): restore into an empty one\./);

    const empty = await createTestDatabase('restore_cut');
    const runtime = await startRuntime(
      loadConfig({
        ...process.env,
        DATABASE_URL: empty.url,
        DATA_DIR: tempDir('cut'),
        SMTP_URL: '',
        PORT: '0',
      }),
      { runProjections: false },
    );
    try {
      const cut = lines.slice(0, -1).join('\n');
      await expect(restoreBackup(empty.url, Readable.from([cut]))).rejects.toThrow(
        new BackupError('The backup is cut short (no end line): nothing was restored.'),
      );
      const { rows } = await runtime.pool.query(
        'SELECT (SELECT count(*) FROM events)::int AS events, (SELECT count(*) FROM users)::int AS users',
      );
      expect(rows[0]).toEqual({ events: 0, users: 0 });
      await expect(restoreBackup(empty.url, Readable.from(['{"hello":1}\n']))).rejects.toThrow(
        'Not a Stampline backup (the first line is not its header).',
      );
    } finally {
      await runtime.close();
      await empty.drop();
    }
  });
});
