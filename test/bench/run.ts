// `npm run bench`: measures this machine's limits with an embedded Postgres (fsync on, synchronous_commit on),
// then our append, rebuild and command-to-visible figures as ratios to them.
// Raw inserts and our appends run back to back on fresh databases, each after a CHECKPOINT, before the 1M-row
// COPY (whose background writes would otherwise slow whichever probe came after it).
// Sizes: BENCH_EVENTS (default 1,000,000), BENCH_SECONDS per throughput probe (4), BENCH_LATENCY_COMMANDS (4,000),
// BENCH_WRITERS (8). BENCH_WEB_URL=http://… also runs the web sign-in bench when test/bench/web-signin.bench.ts exists.
// BENCH_PG_STATEMENTS=1 preloads pg_stat_statements; the invoices part then prints its 25 costliest statements per invoice.
// BENCH_ONLY=append,read,rebuild,live,stamps,catalogue,invoices,orders,inventory,recommend,account,delivery,pdf,statements,sockets,web (comma-separated) runs only those parts: `append` with the
// raw-insert limits it is compared with, `read` the COPY, ordered scan and catch-up read; `rebuild` loads the same events;
// `invoices` starts the real API: invoice creation by 8 HTTP clients, the invoice grid with 200,000 invoices
// next to the same queries' SQL, and the Detailed CSV next to COPY TO STDOUT (BENCH_INVOICE_ROWS, BENCH_INVOICE_CREATIONS).
// `sockets`: live fan-out to 200 sockets next to a raw socket.io broadcast, 1,000 idle sockets' memory.
// `pdf`: warm invoice PDFs next to launching Chromium per document, a 100-line invoice, 1,000 PDFs with 8 in
// flight (BENCH_PDF_SAMPLES, BENCH_PDF_BASELINE, BENCH_PDF_COUNT). `history`: a company with 100,000 invoices
// next to an empty one: creation, cold loads, state size (BENCH_HISTORY_INVOICES, BENCH_HISTORY_SAMPLES). `orders`
// starts the real API: order placement by 8 customer users until visible in the order grid, and the order grid with
// 100,000 orders next to the same queries' SQL (BENCH_ORDER_PLACEMENTS, BENCH_ORDER_ROWS, BENCH_ORDER_PARTS=place,grid).
// `inventory`: the inventory grid with 50,000 products next to its SQL, a 500-item restock, the inventory CSV
// next to COPY TO STDOUT (BENCH_INVENTORY_PRODUCTS, BENCH_INVENTORY_SALE_LINES, BENCH_INVENTORY_RESTOCK, …).
// `recommend`: the recommendations' hit rate at 5 on the demo year, next to a naive baseline, and their
// latency over HTTP (BENCH_RECOMMEND_INVOICES, BENCH_RECOMMEND_LAST). `statements`: the statement PDF of a customer
// with 5,000 documents (BENCH_STATEMENT_DOCUMENTS, BENCH_STATEMENT_SAMPLES).
// `account`: one payment on account applied across 50 open invoices over HTTP, p95, with its correctness check
// (BENCH_ACCOUNT_INVOICES, BENCH_ACCOUNT_SAMPLES, BENCH_ACCOUNT_WARMUP).
// `delivery`: a driver's day of deliveries with signatures synced after being offline, and the dispatcher's live
// board showing each stop done (BENCH_DELIVERY_STOPS, BENCH_DELIVERY_ROUTES).
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createPool } from '#infra/db/database.js';
import { PG_STATEMENTS_SETTINGS } from './query-profile.js';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { PostgresEventStore } from '#engine';
import { ensureProjectionSchema } from '#engine';
import { appendRate } from './bench-append.js';
import { benchAccount } from './bench-account.js';
import { benchDelivery } from './bench-delivery.js';
import { benchCatalogue } from './bench-catalogue.js';
import { benchHistory } from './bench-history.js';
import { benchInventory } from './bench-inventory.js';
import { benchInvoices } from './bench-invoices.js';
import { benchOrders } from './bench-orders.js';
import { benchPdf } from './bench-pdf.js';
import { benchRecommend } from './bench-recommend.js';
import { benchSockets } from './bench-sockets.js';
import { benchStamps } from './bench-stamps.js';
import { benchStatements } from './bench-statements.js';
import { copyEvents, orderedScan, rawInsertRate, writeEventsCsv } from './bench-limits.js';
import { commandToVisible } from './bench-live.js';
import { catchUpRead, compareRebuilt, projectorRebuild, sqlRebuild } from './bench-rebuild.js';
import {
  createDatabase,
  env,
  log,
  ms,
  num,
  printFigures,
  ratio,
  seconds,
  type BenchFigure,
} from './bench-support.js';
import { INVOICE_GRID_SCHEMA } from './invoice-grid.fixture.js';

/** Parts of the bench to run (BENCH_ONLY); all when unset. */
const only = new Set(
  (process.env.BENCH_ONLY ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean),
);
const wanted = (...parts: string[]) => only.size === 0 || parts.some((part) => only.has(part));

async function main(): Promise<number> {
  const started = performance.now();
  const loadBefore = loadavg()[0]!;
  const dir = mkdtempSync(join(tmpdir(), 'stampline-bench-'));
  chmodSync(dir, 0o755); // the server runs as the OS user postgres when we are root; it reads the CSV here
  log(`starting an embedded Postgres in ${dir} (fsync on, synchronous_commit on)`);
  const server = await startEmbeddedPostgres(join(dir, 'pg'), {
    persistent: false,
    settings: PG_STATEMENTS_SETTINGS,
  });
  const figures: BenchFigure[] = [];
  try {
    const admin = createPool(server.url, 2);
    // Room for the 1M-row load without forced checkpoints, as on the research box; durability is unchanged.
    await admin.query(`ALTER SYSTEM SET max_wal_size = '4GB'`);
    await admin.query(`SELECT pg_reload_conf()`);
    const { rows: settings } = await admin.query(
      `SELECT current_setting('server_version') AS version, current_setting('fsync') AS fsync,
              current_setting('synchronous_commit') AS sync, current_setting('shared_buffers') AS buffers`,
    );
    await admin.end();
    log(
      `Postgres ${settings[0].version}, fsync=${settings[0].fsync}, synchronous_commit=${settings[0].sync}, shared_buffers=${settings[0].buffers}`,
    );

    // (a) limits -------------------------------------------------------------------------------------------------
    if (wanted('append')) {
      const limitsUrl = await createDatabase(server.url, 'bench_limits');
      const limitsStore = new PostgresEventStore(limitsUrl);
      await limitsStore.ensureSchema();
      await limitsStore.close();
      {
        const pool = createPool(limitsUrl, 2);
        await pool.query(`CREATE TABLE raw_events (LIKE events INCLUDING ALL)`);
        await pool.end();
      }
      const raw: Record<number, Awaited<ReturnType<typeof rawInsertRate>>> = {};
      for (const clients of [1, env.writers]) {
        log(`limit: raw durable single-row inserts, ${clients} client(s), ${env.seconds} s`);
        await checkpoint(server.url);
        raw[clients] = await rawInsertRate(limitsUrl, clients, env.seconds);
        figures.push({
          section: 'a. limits',
          measure: `raw 1-row insert tx/s, ${clients} client${clients > 1 ? 's' : ''}`,
          value: `${num(raw[clients]!.rate)} tx/s (p50 ${ms(raw[clients]!.p50)}, p99 ${ms(raw[clients]!.p99)})`,
          check: '-',
        });
      }

      // (b) our append ---------------------------------------------------------------------------------------------
      const appendUrl = await createDatabase(server.url, 'bench_append');
      {
        const s = new PostgresEventStore(appendUrl);
        await s.ensureSchema();
        await s.close();
      }
      for (const writers of [1, env.writers]) {
        for (const mode of ['distinct', 'contended'] as const) {
          if (writers === 1 && mode === 'contended') continue; // one writer cannot contend
          log(`append: ${writers} writer(s), ${mode} streams, ${env.seconds} s`);
          await checkpoint(server.url);
          const result = await appendRate(appendUrl, writers, env.seconds, mode);
          const limit = raw[writers]!.rate;
          figures.push({
            section: 'b. append',
            measure: `append 1 event/command, ${writers} writer${writers > 1 ? 's' : ''}, ${mode === 'distinct' ? 'distinct streams' : 'one stream'}`,
            value:
              `${num(result.rate)} /s (p50 ${ms(result.p50)}, p99 ${ms(result.p99)})` +
              (mode === 'contended' ? `, ${num(result.retries)} retries` : ''),
            limit: `${num(limit)} tx/s`,
            ratio: ratio(result.rate, limit),
            target: mode === 'distinct' ? '≥ 0.70×' : undefined,
            met: mode === 'distinct' ? result.rate >= 0.7 * limit : undefined,
            check: result.check ? 'ok' : 'FAILED',
            note:
              mode === 'contended'
                ? 'one stream serialises on its revision row by design; each conflict re-reads the newer events and retries'
                : undefined,
          });
        }
      }
    }

    // (a, continued) bulk limits: COPY and the ordered scan, on the events the rebuild then reads ---------------
    if (wanted('read', 'rebuild')) {
      const rebuildUrl = await createDatabase(server.url, 'bench_rebuild');
      const store = new PostgresEventStore(rebuildUrl, { poolSize: 4 });
      await store.ensureSchema();
      const csv = join(dir, 'events.csv');
      log(`generating ${num(env.events)} synthetic invoice events as CSV`);
      const generated = writeEventsCsv(csv, env.events);
      chmodSync(csv, 0o644);
      log(
        `  ${num(generated.rows)} rows, ${num(generated.bytes / 1e6)} MB in ${num(generated.seconds, 1)} s; COPY into events`,
      );
      const copy = await copyEvents(rebuildUrl, csv);
      rmSync(csv);
      figures.push({
        section: 'a. limits',
        measure: `COPY ${num(copy.rows)} event rows (keys + indexes)`,
        value: `${num(copy.rows / copy.seconds)} rows/s (${num(copy.seconds, 1)} s)`,
        check: copy.rows === generated.rows ? 'ok' : 'FAILED',
      });
      log('limit: ordered event scan (server-side COPY to /dev/null)');
      const scan = await orderedScan(rebuildUrl);
      figures.push({
        section: 'a. limits',
        measure: 'ordered event scan (server)',
        value: `${num(scan.rows / scan.seconds)} ev/s (${num(scan.seconds, 1)} s)`,
        check: scan.rows === copy.rows ? 'ok' : 'FAILED',
      });

      // (c) rebuild ------------------------------------------------------------------------------------------------
      if (wanted('read')) {
        log('catch-up read through readAll (batches of 10,000)');
        await checkpoint(server.url);
        const read = await catchUpRead(store);
        figures.push({
          section: 'c. rebuild',
          measure: 'catch-up read, readAll 10k batches → Node',
          value: `${num(read.rows / read.seconds)} ev/s (${num(read.seconds, 1)} s)`,
          limit: `${num(scan.rows / scan.seconds)} ev/s scan`,
          ratio: ratio(read.rows / read.seconds, scan.rows / scan.seconds),
          check: read.rows === copy.rows ? 'ok' : 'FAILED',
        });
      }
      if (wanted('rebuild')) {
        const pool = createPool(rebuildUrl, 6, 'stampline-bench');
        await ensureProjectionSchema(pool);
        await pool.query(INVOICE_GRID_SCHEMA);
        log('pure-SQL set-based rebuild of the grid');
        await checkpoint(server.url);
        const sql = await sqlRebuild(pool);
        log(`  ${num(sql.rows)} rows in ${num(sql.seconds, 2)} s; projector rebuild`);
        await checkpoint(server.url);
        const ours = await projectorRebuild(pool, store);
        const compared = await compareRebuilt(pool, generated.invoices);
        const oursRate = ours.events / ours.wall;
        figures.push(
          {
            section: 'c. rebuild',
            measure: `pure-SQL rebuild, ${num(copy.rows)} events → ${num(sql.rows)} rows`,
            value: `${num(copy.rows / sql.seconds)} ev/s (${num(sql.seconds, 2)} s)`,
            check: sql.rows === generated.invoices ? 'ok' : 'FAILED',
          },
          {
            section: 'c. rebuild',
            measure: 'projector rebuild (Node, shadow + swap)',
            value: `${num(oursRate)} ev/s (${num(ours.wall, 2)} s)`,
            limit: `${num(sql.seconds, 2)} s SQL`,
            ratio: `${num(ours.wall / sql.seconds, 2)}× SQL time`,
            target: '≥ 50,000 ev/s and ≤ 4× SQL time',
            met: oursRate >= 50_000 && ours.wall <= 4 * sql.seconds,
            check: compared.ok && ours.events === copy.rows ? 'ok' : 'FAILED',
            note: `rebuilt table vs SQL table: ${compared.differences} differing rows, ${num(compared.ours)} vs ${num(compared.sql)} rows (expected ${num(generated.invoices)})`,
          },
        );
        await pool.end();
      }
      await store.close();
    }

    // (d) command → visible --------------------------------------------------------------------------------------
    if (wanted('live')) {
      const liveUrl = await createDatabase(server.url, 'bench_live');
      log(
        `command-to-visible: ${env.writers} writers, ${num(env.latencyCommands)} commands, live runner in process`,
      );
      await checkpoint(server.url);
      const live = await commandToVisible(liveUrl, env.writers, env.latencyCommands);
      figures.push(
        {
          section: 'd. live',
          measure: `command → visible, ${env.writers} writers (${num(live.commands)} commands, ${num(live.commandsPerSecond)} /s)`,
          value: `p50 ${ms(live.visible.p50)}, p95 ${ms(live.visible.p95)}, p99 ${ms(live.visible.p99)}, max ${ms(live.visible.max)}`,
          target: 'p95 ≤ 50 ms, p99 ≤ 100 ms',
          met: live.visible.p95 <= 50 && live.visible.p99 <= 100,
          check: live.check ? 'ok' : 'FAILED',
          note: live.check
            ? `per projection, events applied = events of its types in the store (${live.perProjection.map((p) => `${p.name} ${num(p.applied)}`).join(', ')}); no wait timed out; every row visible after its wait; grid = SQL fold`
            : `FAILED because: ${live.reasons.slice(0, 5).join('; ')}`,
        },
        {
          section: 'd. live',
          measure: '  of which the append',
          value: `p50 ${ms(live.append.p50)}, p95 ${ms(live.append.p95)}, p99 ${ms(live.append.p99)}`,
          check: live.check ? 'ok' : 'FAILED',
        },
      );
    }

    // (e) stamps, catalogue and invoices, each on its own database in this server --------------------------------------
    if (wanted('stamps')) figures.push(...(await benchStamps({ adminUrl: server.url })));
    if (wanted('catalogue')) figures.push(...(await benchCatalogue({ adminUrl: server.url })));
    if (wanted('invoices')) figures.push(...(await benchInvoices({ adminUrl: server.url })));
    if (wanted('orders')) figures.push(...(await benchOrders({ adminUrl: server.url })));
    if (wanted('inventory')) figures.push(...(await benchInventory({ adminUrl: server.url })));
    if (wanted('recommend')) figures.push(...(await benchRecommend({ adminUrl: server.url })));
    if (wanted('account')) figures.push(...(await benchAccount({ adminUrl: server.url })));
    if (wanted('delivery')) figures.push(...(await benchDelivery({ adminUrl: server.url })));
    if (wanted('pdf')) figures.push(...(await benchPdf()));
    if (wanted('statements')) figures.push(...(await benchStatements({ adminUrl: server.url })));
    if (wanted('history')) figures.push(...(await benchHistory({ adminUrl: server.url })));
    if (wanted('sockets')) figures.push(...(await benchSockets({ adminUrl: server.url })));

    // (f) web sign-in, when a server is given ----------------------------------------------------------------
    if (wanted('web')) await webBench(figures);
  } finally {
    await server.stop().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }

  console.log('');
  console.log(
    `Stampline benchmarks — ${new Date().toISOString()}, ${num(env.events)} events, ${num(seconds(started), 0)} s in all`,
  );
  console.log(
    `${cpus().length} CPUs (${cpus()[0]?.model ?? '?'}); 1-min load average ${num(loadBefore, 2)} before, ${num(loadavg()[0]!, 2)} after (other work on the machine skews the figures)`,
  );
  console.log('');
  printFigures([...figures].sort((x, y) => x.section.localeCompare(y.section)));
  const failed = figures.filter((f) => f.check === 'FAILED');
  if (failed.length) {
    console.log(`\n${failed.length} figure(s) do not count: their correctness check failed.`);
    for (const figure of failed)
      console.log(`  ${figure.measure.trim()}: ${figure.note ?? 'no reason given'}`);
  }
  return failed.length ? 1 : 0;
}

/** Flushes dirty buffers so each throughput probe starts from the same state (no checkpoint mid-probe). */
async function checkpoint(url: string): Promise<void> {
  const pool = createPool(url, 1);
  try {
    await pool.query('CHECKPOINT');
  } finally {
    await pool.end();
  }
}

async function webBench(figures: BenchFigure[]): Promise<void> {
  const url = process.env.BENCH_WEB_URL;
  const hook = new URL('./web-signin.bench.js', import.meta.url);
  if (!url || !existsSync(fileURLToPath(hook))) {
    log(`web sign-in bench skipped (${url ? 'no test/bench/web-signin.bench.ts' : 'BENCH_WEB_URL not set'})`);
    return;
  }
  log(`web sign-in bench against ${url}`);
  const module = (await import(hook.href)) as { benchWebSignin?: (baseUrl: string) => Promise<unknown> };
  if (typeof module.benchWebSignin !== 'function')
    throw new Error('web-signin.bench.ts does not export benchWebSignin');
  const result = await module.benchWebSignin(url);
  if (Array.isArray(result)) {
    for (const f of result as Partial<BenchFigure>[]) {
      figures.push({
        section: 'e. web',
        measure: String(f.measure),
        value: String(f.value),
        check: '-',
        ...f,
      });
    }
  } else if (result && typeof result === 'object') {
    // helper-1's WebSigninBench: { gzipKB, interactiveMs } — one line per field
    for (const [field, value] of Object.entries(result)) {
      const shown =
        typeof value === 'number' ? num(value, field.endsWith('KB') ? 1 : 0) : JSON.stringify(value);
      figures.push({ section: 'e. web', measure: `web sign-in: ${field}`, value: shown, check: '-' });
    }
  } else {
    figures.push({ section: 'e. web', measure: 'web sign-in', value: JSON.stringify(result), check: '-' });
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
