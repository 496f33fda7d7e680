import autocannon, { type AutocannonRequest } from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { businessDate } from '#domain/shared/business-date.js';
import { createPool } from '#infra/db/database.js';
import { freePort, startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';
import { PostgresEventStore } from '#engine';
import { apiClient } from '../support/http.js';
import { cpuMeter, createDatabase, latencySummary, ms, num } from './bench-support.js';
import { check, PASSWORD, setUp, waitForProjections } from './consistency.js';
import { PG_STATEMENTS_SETTINGS, pgStatements } from './query-profile.js';

/**
 * `npm run load`: LOAD_STAFF simulated staff (default 50) for LOAD_SECONDS (default 300) against
 * LOAD_PROCESSES API processes (default 2, behind one port: `npm run serve:cluster`) and a projections worker, on a
 * durable embedded Postgres. Each staff member signs in, then loops: the invoice, customer and product grids, an
 * invoice with stamps, a payment on it, and its PDF every LOAD_PDF_EVERY-th time (its detail otherwise). Commands carry
 * an Idempotency-Key. Half-way one API process is killed (LOAD_KILL=false: not); requests it never answered are sent
 * again with the same key afterwards. Then the checks: no failed request but the killed ones, every acknowledged
 * invoice stored, no stamp held twice and none leaked, invoice numbers gapless, and every read model equal to its
 * rebuild from the first event. Throughput and p50/p95/p99 per route are printed.
 *
 * With LOAD_COMPANIES=n (default 1), n companies are set up alike, each with LOAD_STAFF staff of its own (so n ×
 * LOAD_STAFF connections), all working at once; the checks hold for every company, and invoice creation's p95 is
 * printed per company next to the whole run's: one company's creations are decided one after another on its stamp
 * and number streams, while other companies' streams never meet theirs.
 */

const STAFF = Number(process.env.LOAD_STAFF ?? 50);
const COMPANIES = Number(process.env.LOAD_COMPANIES ?? 1);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 300);
const PROCESSES = Number(process.env.LOAD_PROCESSES ?? 2);
const PDF_EVERY = Number(process.env.LOAD_PDF_EVERY ?? 5);
const KILL = process.env.LOAD_KILL !== 'false' && PROCESSES > 1;
const ROOT = fileURLToPath(new URL('../../../', import.meta.url)); // dist/test/bench → the repository

interface Pending {
  route: string;
  method: string;
  path: string;
  body: string;
  token: string;
}

const log = (line: string) => console.log(`[load] ${line}`);

async function main(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'stampline-load-'));
  chmodSync(dir, 0o755);
  const postgres = await startEmbeddedPostgres(join(dir, 'pg'), {
    persistent: false,
    settings: PG_STATEMENTS_SETTINGS, // BENCH_PG_STATEMENTS=1: the costliest statements per invoice are printed
  });
  let cluster: ChildProcess | undefined;
  try {
    const url = await createDatabase(postgres.url, 'load');
    const port = await freePort();
    cluster = spawn(process.execPath, [join(ROOT, 'dist/apps/api/src/main.js'), '--cluster'], {
      cwd: ROOT,
      env: {
        ...process.env,
        DATABASE_URL: url,
        DATA_DIR: join(dir, 'data'),
        PORT: String(port),
        HOST: '127.0.0.1',
        WORKERS: String(PROCESSES),
        SEED_DEMO: 'false',
        SMTP_URL: '',
        AUTH_RATE_LIMIT_PER_ADDRESS: '100000', // every simulated staff member signs in from this machine
      },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      cluster!.stdout!.on('data', (chunk: Buffer) => {
        if (String(chunk).includes('Stampline is running')) resolve();
      });
      cluster!.once('exit', (code) => reject(new Error(`the cluster exited (${code}) before it listened`)));
    });
    const base = `http://127.0.0.1:${port}`;
    const api = apiClient(base);
    log(
      `${PROCESSES} API process(es) and a projections worker on ${base}; ${cpus().length} CPUs, load ${loadavg()[0]!.toFixed(1)}`,
    );

    const setups = await inParallel(4, COMPANIES, (c) =>
      setUp(api, STAFF, c === 0 || c === COMPANIES - 1 ? log : () => {}, c === 0 ? 'load' : `load${c}`, {
        customers: COMPANIES > 1 ? 10 : 40,
        tabcBase: 200_000 + c * 100,
      }),
    );
    const signIns: number[] = [];
    // Staff after staff across the companies (the first of each company, then the second …): consecutive rounds
    // go to different companies.
    const staffList = Array.from({ length: STAFF }, (_, i) =>
      setups.map((setup, c) => ({ ...setup.staff[i]!, c })),
    ).flat();
    const tokens: string[] = [];
    const companyOf: number[] = [];
    const signedInAll = await inParallel(4, staffList.length, async (i) => {
      const t0 = performance.now();
      const signedIn = await api.post('auth/signin', { email: staffList[i]!.email, password: PASSWORD });
      signIns.push(performance.now() - t0);
      if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status}`);
      return signedIn.body.access_token as string;
    });
    staffList.forEach((staff, i) => {
      tokens.push(signedInAll[i]!);
      companyOf.push(staff.c);
    });

    // The run.
    const latencies = new Map<string, number[]>();
    const statuses = new Map<string, number>();
    const pending = new Map<string, Pending>();
    const acknowledged: string[] = [];
    /**
     * Per company, the invoices created so far: payments and PDFs pick recent ones (a response may come after the
     * next step is built); and those not paid yet: each gets one payment (a second full one would ask the user to
     * confirm: 409).
     */
    const invoicesOf = setups.map(() => ({
      recent: [] as { id: string; number: string }[],
      unpaid: [] as { id: string; number: string }[],
    }));
    const pick = (context: Record<string, unknown>) => {
      const { recent } = invoicesOf[context.company as number]!;
      return recent[recent.length - 1 - ((context.cycle as number) % 20)];
    };
    /** Invoice creation's latencies per company. */
    const creationsOf = setups.map(() => [] as number[]);
    const messages = new Map<string, string>();
    let cycle = 0;
    const today = businessDate(new Date().toISOString(), 'America/Chicago');
    const record = (route: string, status: number, context: Record<string, unknown>) => {
      const list = latencies.get(route) ?? [];
      list.push(performance.now() - (context.t0 as number));
      latencies.set(route, list);
      if (route === 'POST invoice' && status === 201)
        creationsOf[context.company as number]!.push(performance.now() - (context.t0 as number));
      if (status >= 300) statuses.set(`${route} ${status}`, (statuses.get(`${route} ${status}`) ?? 0) + 1);
      if (context.key) pending.delete(context.key as string);
    };
    const step = (
      route: string,
      build: (context: Record<string, unknown>) => {
        method: string;
        path: string;
        body?: unknown;
        key?: boolean;
      },
      after?: (status: number, body: string, context: Record<string, unknown>) => void,
    ): AutocannonRequest => ({
      setupRequest(request, context) {
        context.route = route; // `build` may name the route it chose
        const { method, path, body, key } = build(context);
        const token = context.token as string;
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        const text = body === undefined ? undefined : JSON.stringify(body);
        if (text !== undefined) headers['content-type'] = 'application/json';
        context.key = undefined;
        if (key) {
          const idempotencyKey = randomUUID();
          headers['idempotency-key'] = idempotencyKey;
          context.key = idempotencyKey;
          pending.set(idempotencyKey, { route, method, path, body: text ?? '', token });
        }
        context.t0 = performance.now();
        return { ...request, method, path: `/api/v1/${path}`, headers, body: text };
      },
      onResponse(status, body, context) {
        record(context.route as string, status, context);
        if (status >= 300) messages.set(`${context.route as string} ${status}`, body.slice(0, 200));
        after?.(status, body, context);
      },
    });
    const requests: AutocannonRequest[] = [
      step('GET invoice/grid', (context) => {
        context.company = companyOf[cycle % tokens.length];
        context.token = tokens[cycle++ % tokens.length];
        context.cycle = cycle;
        return { method: 'GET', path: 'invoice/grid?startRow=0&endRow=25' };
      }),
      step('GET customer/grid', () => ({ method: 'GET', path: 'customer/grid?startRow=0&endRow=25' })),
      step('GET product/grid', () => ({ method: 'GET', path: 'product/grid?startRow=0&endRow=25' })),
      step(
        'POST invoice',
        (context) => ({
          method: 'POST',
          path: 'invoice',
          body: setups[context.company as number]!.invoiceBody(context.cycle as number),
          key: true,
        }),
        (status, body, context) => {
          if (status !== 201) return;
          const invoice = JSON.parse(body) as { id: string; number: string };
          const { recent, unpaid } = invoicesOf[context.company as number]!;
          acknowledged.push(invoice.id);
          recent.push({ id: invoice.id, number: invoice.number });
          unpaid.push({ id: invoice.id, number: invoice.number });
          if (recent.length > 1000) recent.splice(0, 500);
        },
      ),
      step('POST invoice/{id}/payment', (context) => {
        const invoice = invoicesOf[context.company as number]!.unpaid.shift();
        if (!invoice) {
          context.route = 'GET invoice/grid (nothing to pay yet)';
          return { method: 'GET', path: 'invoice/grid?startRow=0&endRow=1' };
        }
        return {
          method: 'POST',
          path: `invoice/${invoice.id}/payment`,
          body: { amount: '5', received_at: today },
          key: true,
        };
      }),
      step('GET invoice/{id}', (context) => {
        const invoice = pick(context);
        if (!invoice) {
          context.route = 'GET invoice/grid (no invoice yet)';
          return { method: 'GET', path: 'invoice/grid?startRow=0&endRow=1' };
        }
        if ((context.cycle as number) % PDF_EVERY !== 0)
          return { method: 'GET', path: `invoice/${invoice.id}` };
        context.route = 'POST invoice/pdf';
        return { method: 'POST', path: 'invoice/pdf', body: { number: invoice.number } };
      }),
    ];
    const loadBefore = loadavg()[0]!;
    const uptimeBefore = uptime();
    // Where the CPU goes: the API processes, the worker, Postgres (and autocannon with this process).
    const postgresCpu = await cpuMeter(url);
    const clusterBefore = treeCpu(cluster.pid!);
    const backends = await backendSampler(url);
    const statements = await pgStatements(url);
    log(
      `${COMPANIES} compan${COMPANIES === 1 ? 'y' : 'ies'} × ${STAFF} staff for ${SECONDS} s${KILL ? '; one API process is killed half-way' : ''}`,
    );
    const run = autocannon({
      url: base,
      connections: tokens.length,
      duration: SECONDS,
      timeout: 30,
      requests,
    });
    let socketErrors = 0;
    run.on('reqError', () => socketErrors++);
    let killed: number | undefined;
    if (KILL) {
      setTimeout(
        () => {
          killed = apiProcesses(cluster!.pid!)[0];
          if (killed) {
            log(`killing API process ${killed} (SIGKILL)`);
            process.kill(killed, 'SIGKILL');
          }
        },
        (SECONDS * 1000) / 2,
      ).unref();
    }
    const result = await run;
    const loadAfter = loadavg()[0]!;
    const uptimeAfter = uptime();
    const clusterAfter = treeCpu(cluster.pid!);
    const used = await postgresCpu.stop();
    const waits = await backends.stop();
    const costliest = await statements.stop(
      Math.max((latencies.get('POST invoice') ?? []).length, 1),
      'invoice',
    );

    // Clients retry what got no answer, with the same key: after the requests still running when the run stopped
    // had time to end (a retry meanwhile would be told 'in progress').
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    const retried = { answered: 0, replayed: 0, inProgress: 0, failed: 0 };
    for (const [key, request] of pending) {
      for (let attempt = 0; ; attempt++) {
        const response = await fetch(`${base}/api/v1/${request.path}`, {
          method: request.method,
          headers: {
            authorization: `Bearer ${request.token}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: request.body || undefined,
        }).catch(() => undefined);
        if (!response && attempt < 20) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          continue;
        }
        const body = response ? await response.text() : '';
        if (response && response.status < 300) {
          retried.answered++;
          if (response.headers.get('idempotent-replayed')) retried.replayed++;
          if (request.route === 'POST invoice') acknowledged.push((JSON.parse(body) as { id: string }).id);
        } else if (response?.status === 409 && attempt < 3) {
          await new Promise((resolve) => setTimeout(resolve, 2000)); // still running somewhere?
          continue;
        } else if (response?.status === 409) retried.inProgress++;
        else retried.failed++;
        break;
      }
    }

    // Checks, on a quiet system: stop the cluster first (its worker leaves the projections caught up).
    const pool = createPool(url, 4);
    const store = new PostgresEventStore(url, {}, pool);
    try {
      await waitForProjections(pool, store);
      cluster.kill('SIGTERM');
      await new Promise((resolve) => cluster!.once('exit', resolve));
      cluster = undefined;
      const checks = await check(
        pool,
        store,
        setups.map((setup) => setup.companyId),
        acknowledged,
      );

      // The report.
      const elapsed = result.duration;
      const total = [...latencies.values()].reduce((n, list) => n + list.length, 0);
      console.log('');
      console.log(
        `Load: ${COMPANIES} compan${COMPANIES === 1 ? 'y' : 'ies'} × ${STAFF} staff, ${elapsed.toFixed(0)} s, ${PROCESSES} API process(es) + worker, ${cpus().length} CPUs, ` +
          `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      );
      console.log(`uptime before: ${uptimeBefore}; after: ${uptimeAfter}`);
      console.log(
        `${num(total)} requests answered (${num(total / elapsed)}/s), ${num((latencies.get('POST invoice') ?? []).length / elapsed, 1)} invoices/s`,
      );
      const cpu = (role: string) => (clusterAfter.get(role) ?? 0) - (clusterBefore.get(role) ?? 0);
      console.log(
        `CPU seconds over the run (of ${num(elapsed * cpus().length)} available): API processes ${num(cpu('api'), 1)}, ` +
          `worker ${num(cpu('worker'), 1)}, Postgres ${used.postgresSeconds === undefined ? '?' : num(used.postgresSeconds, 1)}, ` +
          `load generator ${num(used.processSeconds, 1)}`,
      );
      const perProcess = [...clusterAfter]
        .filter(([key]) => key.includes(' '))
        .map(([key, after]) => `${key} ${num(after - (clusterBefore.get(key) ?? 0), 1)}`);
      console.log(`CPU seconds per process: ${perProcess.join(', ')}`);
      const systemCpu = cpu('api') + cpu('worker') + cpu('chromium') + (used.postgresSeconds ?? 0);
      console.log(
        `${num((latencies.get('POST invoice') ?? []).length / systemCpu, 1)} invoices per CPU second of the API, ` +
          `the worker, Chromium and Postgres together (${num(systemCpu, 1)} s: the rest went to other processes)`,
      );
      console.log(
        `Postgres backends (sampled every 200 ms): ${num(waits.active, 1)} running a statement on average, ` +
          `${num(waits.waiting, 1)} of them waiting for a lock (${waits.byEvent || 'none'})`,
      );
      // Invoice creation per company: a company's creations queue on its own streams only.
      const companyP95 = creationsOf.map((list) => latencySummary(list).p95).sort((a, b) => a - b);
      const companyCounts = creationsOf.map((list) => list.length).sort((a, b) => a - b);
      const middle = (list: number[]) => list[Math.floor(list.length / 2)]!;
      console.log(
        `POST invoice per company (${COMPANIES}): invoices min ${num(companyCounts[0]!)} / median ${num(middle(companyCounts))} / max ${num(companyCounts.at(-1)!)}; ` +
          `p95 min ${ms(companyP95[0]!)} / median ${ms(middle(companyP95))} / max ${ms(companyP95.at(-1)!)}; ` +
          `per company ${num((latencies.get('POST invoice') ?? []).length / elapsed / COMPANIES, 2)} invoices/s`,
      );
      const rows = [
        ['route', 'count', '/s', 'p50', 'p95', 'p99'],
        ['POST auth/signin (before the run)', ...figures(signIns, 0)],
      ];
      for (const [route, list] of [...latencies].sort()) rows.push([route, ...figures(list, elapsed)]);
      printTable(rows);
      for (const line of costliest) console.log(line);
      console.log('');
      const failures = [...statuses].map(([k, n]) => `${k} ×${n} (${messages.get(k) ?? ''})`);
      const lines: [string, boolean][] = [
        [`failed answers (non-2xx): ${failures.length ? failures.join(', ') : 0}`, failures.length === 0],
        [
          `requests without an answer (socket errors ${socketErrors}, timeouts ${result.timeouts}${killed ? `, API process ${killed} killed` : ''}): ` +
            `${num(pending.size)} commands sent again with their key: ${retried.answered} answered ` +
            `(${retried.replayed} replayed), ${retried.failed} failed`,
          retried.failed === 0 && (KILL || socketErrors + result.timeouts === 0),
        ],
        [
          // A process killed between claiming a key and storing its answer leaves the claim 'in progress' (24 h):
          // the client cannot learn whether its command was applied (its append is atomic: all or nothing).
          `retried commands whose outcome the client cannot learn (key left 'in progress' by the killed process): ${retried.inProgress}`,
          retried.inProgress === 0,
        ],
        [`acknowledged invoices missing from the store: ${checks.missing}`, checks.missing === 0],
        [
          `stamps held twice: ${checks.duplicateStamps}; leaked (allocated to no invoice): ${checks.leaked} (${checks.companies} compan${checks.companies === 1 ? 'y' : 'ies'})`,
          checks.duplicateStamps === 0 && checks.leaked === 0,
        ],
        [
          `invoice numbers: ${num(checks.numbers)} from ${checks.first}, ${checks.gapless ? 'gapless' : `NOT gapless (${checks.gaps})`} in every company`,
          checks.gapless,
        ],
        [
          `read models equal to their rebuild: ${checks.rebuildDiffers.length ? `NO: ${checks.rebuildDiffers.join(', ')}` : `all ${checks.tables}`}`,
          checks.rebuildDiffers.length === 0,
        ],
      ];
      for (const [line, ok] of lines) console.log(`${ok ? 'ok    ' : 'FAILED'} ${line}`);
      process.exitCode = lines.every(([, ok]) => ok) ? 0 : 1;
    } finally {
      await store.close();
      await pool.end();
    }
  } finally {
    if (cluster) {
      cluster.kill('SIGTERM');
      await new Promise((resolve) => cluster!.once('exit', resolve));
    }
    await postgres.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The API processes of the cluster (children of its primary running main.js, not the worker). */
function apiProcesses(primary: number): number[] {
  return readdirSync('/proc')
    .map(Number)
    .filter((pid) => {
      if (!Number.isInteger(pid)) return false;
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return parent === primary && command.includes('apps/api/src/main.js');
      } catch {
        return false;
      }
    });
}

/**
 * CPU seconds (user + system, /proc) of the cluster's processes by role (the primary, 'api', 'worker' and
 * 'chromium') and by process ('api 1234').
 */
function treeCpu(primary: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const parent = Number(fields[1]);
      if (pid !== primary && parent !== primary) continue;
      const command = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
      // With one process the primary is the API (and the projections); a child that is neither an API process nor
      // the worker is the PDF printer's Chromium.
      const role =
        pid === primary
          ? PROCESSES === 1
            ? 'api'
            : 'primary'
          : command.includes('apps/worker')
            ? 'worker'
            : command.includes('apps/api/src/main.js')
              ? 'api'
              : 'chromium';
      const seconds = (Number(fields[11]) + Number(fields[12])) / 100;
      out.set(role, (out.get(role) ?? 0) + seconds);
      out.set(`${role} ${pid}`, seconds);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

function figures(list: number[], seconds: number): string[] {
  const s = latencySummary(list);
  return [num(list.length), seconds ? num(list.length / seconds, 1) : '', ms(s.p50), ms(s.p95), ms(s.p99)];
}

/**
 * Samples the database's backends until stopped: how many run a statement, and how many of those wait for a lock
 * another transaction holds (the same stream's row, the same company's chain head), by the lock's kind.
 */
async function backendSampler(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  let samples = 0;
  let active = 0;
  let waiting = 0;
  const byEvent = new Map<string, number>();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const { rows } = await client.query<{ event: string | null; n: number }>(
        `SELECT CASE WHEN wait_event_type = 'Lock' THEN wait_event END AS event, count(*)::int AS n
           FROM pg_stat_activity
          WHERE datname = current_database() AND state = 'active' AND pid <> pg_backend_pid()
          GROUP BY 1`,
      );
      samples++;
      for (const row of rows) {
        active += row.n;
        if (row.event === null) continue;
        waiting += row.n;
        byEvent.set(row.event, (byEvent.get(row.event) ?? 0) + row.n);
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      await client.end();
      const n = Math.max(samples, 1);
      return {
        active: active / n,
        waiting: waiting / n,
        byEvent: [...byEvent]
          .sort((a, b) => b[1] - a[1])
          .map(([event, count]) => `${event} ${num(count / n, 1)}`)
          .join(', '),
      };
    },
  };
}

/** `count` tasks, `width` at a time; their results in order. */
async function inParallel<T>(width: number, count: number, task: (i: number) => Promise<T>): Promise<T[]> {
  const out: T[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, count) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await task(i);
      }
    }),
  );
  return out;
}

/** The load averages over 1, 5 and 15 minutes, as `uptime` prints them. */
function uptime(): string {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');
}

function printTable(rows: string[][]): void {
  const widths = rows[0]!.map((_, i) => Math.max(...rows.map((r) => r[i]!.length)));
  for (const row of rows)
    console.log(
      row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join('  '),
    );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
