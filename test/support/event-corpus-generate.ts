import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DOMAIN_EVENT_TYPES, EVENT_SCHEMA_VERSIONS } from '#domain/event-schema.js';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { createHttpApp } from '../../apps/api/src/http-app.js';
import { loadConfig } from '../../apps/api/src/infra/config/config.js';
import { startRuntime } from '../../apps/api/src/runtime.js';
import { addCorpusHistory, corpusVersions, readCorpus, type CorpusEvent } from './event-corpus.js';
import { writeCorpusScenario } from './event-corpus-scenario.js';

/**
 * `npm run events:corpus`: when an event type or a schema version of the domain has no example in the golden corpus
 * (test/fixtures/events), writes a new history file; existing files are never touched. It writes real events the
 * way the application writes them today: the corpus scenario (event-corpus-scenario.ts: every command of the
 * application over HTTP, one company) in a throw-away embedded Postgres, then the store's whole history in global
 * order. A new event type is added to the scenario the day it is added to the domain.
 */

async function main(): Promise<void> {
  const have = corpusVersions(readCorpus());
  const needed = DOMAIN_EVENT_TYPES.map((t) => `${t}.v${EVENT_SCHEMA_VERSIONS[t]}`).filter(
    (n) => !have.has(n),
  );
  if (needed.length === 0 && !process.argv.includes('--force')) {
    console.log('Every event type and version has its example in test/fixtures/events: nothing to add.');
    return;
  }
  const dir = mkdtempSync(join(tmpdir(), 'stampline-corpus-'));
  const postgres = await startEmbeddedPostgres(dir, { persistent: false });
  try {
    await postgres.ensureDatabase('corpus');
    const config = loadConfig({
      ...process.env,
      DATABASE_URL: postgres.databaseUrl('corpus'),
      SMTP_URL: '',
      PORT: '0',
      SEED_DEMO: 'false',
      EMAIL_RETRY_BASE_MS: '500',
      EMAIL_RETRY_ATTEMPTS: '3',
      EMAIL_SEND_TIMEOUT_MS: '3000',
    });
    const runtime = await startRuntime(config);
    const app = await createHttpApp(runtime);
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.getHttpServer().address();
    const baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    runtime.config.appUrl = baseUrl;
    try {
      const failures = await writeCorpusScenario(baseUrl, runtime, app);
      for (const failure of failures) console.log(`  step failed: ${failure}`);
      await runtime.projections.waitFor(await runtime.store.headCheckpoint(), 30_000);

      const { rows } = await runtime.pool.query<CorpusEvent>(
        `SELECT stream_id AS "streamId", type, data, metadata FROM events ORDER BY transaction_id, position`,
      );
      const written = corpusVersions([{ file: '', events: rows }]);
      const missing = DOMAIN_EVENT_TYPES.map((t) => `${t}.v${EVENT_SCHEMA_VERSIONS[t]}`).filter(
        (name) => !written.has(name),
      );
      const unknown = [...new Set(rows.map((r) => r.type))].filter((t) => !(t in EVENT_SCHEMA_VERSIONS));
      if (unknown.length) console.log(`Written but not in DomainEvent (add them): ${unknown.join(', ')}`);
      if (missing.length) {
        console.log(`The scenario writes no ${missing.join(', ')}: extend event-corpus-scenario.ts`);
        process.exitCode = 1;
        return;
      }
      const file = addCorpusHistory(new Date().toISOString().slice(0, 10), rows);
      console.log(`Added ${file}: ${rows.length} events, new: ${needed.join(', ')}`);
    } finally {
      await app.close();
      await runtime.close();
    }
  } finally {
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
