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
import { allProjections } from '#projections/index.js';
import { ident } from '#projections/projection.js';
import { rebuildProjection } from '#engine';
import { apiClient, type ApiClient } from '../support/http.js';
import { cpuMeter, createDatabase, latencySummary, ms, num } from './bench-support.js';

/**
 * `npm run load`: LOAD_STAFF simulated staff (default 50) for LOAD_SECONDS (default 300) against
 * LOAD_PROCESSES API processes (default 2, behind one port: `npm run serve:cluster`) and a projections worker, on a
 * durable embedded Postgres. Each staff member signs in, then loops: the invoice, customer and product grids, an
 * invoice with stamps, a payment on it, and its PDF every LOAD_PDF_EVERY-th time (its detail otherwise). Commands carry
 * an Idempotency-Key. Half-way one API process is killed (LOAD_KILL=false: not); requests it never answered are sent
 * again with the same key afterwards. Then the checks: no failed request but the killed ones, every acknowledged
 * invoice stored, no stamp held twice and none leaked, invoice numbers gapless, and every read model equal to its
 * rebuild from the first event. Throughput and p50/p95/p99 per route are printed.
 */

const STAFF = Number(process.env.LOAD_STAFF ?? 50);
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
  const postgres = await startEmbeddedPostgres(join(dir, 'pg'), { persistent: false });
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

    const setup = await setUp(api);
    const signIns: number[] = [];
    const tokens: string[] = [];
    for (const staff of setup.staff) {
      const t0 = performance.now();
      const signedIn = await api.post('auth/signin', { email: staff.email, password: PASSWORD });
      signIns.push(performance.now() - t0);
      if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status}`);
      tokens.push(signedIn.body.access_token as string);
    }

    // The run.
    const latencies = new Map<string, number[]>();
    const statuses = new Map<string, number>();
    const pending = new Map<string, Pending>();
    const acknowledged: string[] = [];
    /** Invoices created so far: payments and PDFs pick recent ones (a response may come after the next step is built). */
    const recent: { id: string; number: string }[] = [];
    const pick = (context: Record<string, unknown>) =>
      recent[recent.length - 1 - ((context.cycle as number) % 20)];
    /** Invoices not paid yet: each gets one payment (a second full one would ask the user to confirm: 409). */
    const unpaid: { id: string; number: string }[] = [];
    const messages = new Map<string, string>();
    let cycle = 0;
    const today = businessDate(new Date().toISOString(), 'America/Chicago');
    const record = (route: string, status: number, context: Record<string, unknown>) => {
      const list = latencies.get(route) ?? [];
      list.push(performance.now() - (context.t0 as number));
      latencies.set(route, list);
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
          body: setup.invoiceBody(context.cycle as number),
          key: true,
        }),
        (status, body) => {
          if (status !== 201) return;
          const invoice = JSON.parse(body) as { id: string; number: string };
          acknowledged.push(invoice.id);
          recent.push({ id: invoice.id, number: invoice.number });
          unpaid.push({ id: invoice.id, number: invoice.number });
          if (recent.length > 1000) recent.splice(0, 500);
        },
      ),
      step('POST invoice/{id}/payment', (context) => {
        const invoice = unpaid.shift();
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
    // Where the CPU goes: the API processes, the worker, Postgres (and autocannon with this process).
    const postgresCpu = await cpuMeter(url);
    const clusterBefore = treeCpu(cluster.pid!);
    log(`${STAFF} staff for ${SECONDS} s${KILL ? '; one API process is killed half-way' : ''}`);
    const run = autocannon({ url: base, connections: STAFF, duration: SECONDS, timeout: 30, requests });
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
    const clusterAfter = treeCpu(cluster.pid!);
    const used = await postgresCpu.stop();

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
      const checks = await check(pool, store, setup.companyId, acknowledged);

      // The report.
      const elapsed = result.duration;
      const total = [...latencies.values()].reduce((n, list) => n + list.length, 0);
      console.log('');
      console.log(
        `Load: ${STAFF} staff, ${elapsed.toFixed(0)} s, ${PROCESSES} API process(es) + worker, ${cpus().length} CPUs, ` +
          `load average ${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
      );
      console.log(
        `${num(total)} requests answered (${num(total / elapsed)}/s), ${num((latencies.get('POST invoice') ?? []).length / elapsed, 1)} invoices/s`,
      );
      const cpu = (role: string) => (clusterAfter.get(role) ?? 0) - (clusterBefore.get(role) ?? 0);
      console.log(
        `CPU seconds over the run (of ${num(elapsed * cpus().length)} available): API processes ${num(cpu('api'), 1)}, ` +
          `worker ${num(cpu('worker'), 1)}, Postgres ${used.postgresSeconds === undefined ? '?' : num(used.postgresSeconds, 1)}, ` +
          `load generator ${num(used.processSeconds, 1)}`,
      );
      const rows = [
        ['route', 'count', '/s', 'p50', 'p95', 'p99'],
        ['POST auth/signin (before the run)', ...figures(signIns, 0)],
      ];
      for (const [route, list] of [...latencies].sort()) rows.push([route, ...figures(list, elapsed)]);
      printTable(rows);
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
          `stamps held twice: ${checks.duplicateStamps}; leaked (allocated to no invoice): ${checks.leaked}`,
          checks.duplicateStamps === 0 && checks.leaked === 0,
        ],
        [
          `invoice numbers: ${num(checks.numbers)} from ${checks.first}, ${checks.gapless ? 'gapless' : `NOT gapless (${checks.gaps})`}`,
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

const PASSWORD = 'load-test-1';

/** An owner, the free features, products, customers, a large stamp roll and the staff (invited, joined). */
async function setUp(api: ApiClient) {
  const owner = await api.post('auth/signup', {
    email: 'owner@load.example.com',
    password: PASSWORD,
    confirm_password: PASSWORD,
    name: 'Olive Owner',
    title: 'Owner',
  });
  const token = owner.body.access_token as string;
  const companyId = owner.body.user.company_id as string;
  const ok = async (response: Promise<{ status: number; body: any }>) => {
    const { status, body } = await response;
    if (status >= 300) throw new Error(`set-up: ${status} ${JSON.stringify(body)}`);
    return body;
  };
  await ok(api.post('company/feature', { name: 'payment', active: true }, token));
  const product = async (name: string, type: string, price: number) =>
    (
      await ok(
        api.post(
          'product',
          {
            product: name,
            product_type: type,
            product_size: '750ml',
            product_price: price,
            last_purchase_price: '5.00',
          },
          token,
        ),
      )
    ).id as string;
  const liquor = [
    await product("Tito's Vodka", 'liquor', 19.99),
    await product('Jack Daniels', 'liquor', 24.5),
  ];
  const others = [await product('House Red', 'wine', 8.99), await product('Tonic', 'n/a', 1.5)];
  const customers: string[] = [];
  for (let i = 0; i < 40; i++)
    customers.push(
      (
        await ok(
          api.post(
            'customer',
            {
              name: `Load Bar ${i}`,
              address: `${i} Main St`,
              city: 'Austin',
              zip: '78701',
              tabc_id: `MB${200_000 + i}`,
              cash_on_delivery: 0,
              fintech_option: 0,
            },
            token,
          ),
        )
      ).id as string,
    );
  const today = businessDate(new Date().toISOString(), 'America/Chicago');
  await ok(api.post('stamp/roll', { prefix: 'TX', received_at: today, from: 1, to: 2_000_000 }, token));
  const staff: { email: string }[] = [];
  for (let i = 0; i < STAFF; i++) {
    const email = `staff${i}@load.example.com`;
    const invited = await ok(api.post('company/staff/invitation', { email, name: `Staff ${i}` }, token));
    const invitation = /invitation=([A-Za-z0-9_-]+)/.exec(String(invited.link))![1];
    await ok(
      api.post('auth/invitation/accept', {
        token: invitation,
        name: `Staff ${i}`,
        title: 'Sales',
        password: PASSWORD,
        confirm_password: PASSWORD,
      }),
    );
    staff.push({ email });
  }
  log(`set up: ${customers.length} customers, ${liquor.length + others.length} products, ${STAFF} staff`);
  return {
    companyId,
    staff,
    invoiceBody: (n: number) => ({
      customer_id: customers[n % customers.length],
      force: true,
      items: [
        ...liquor.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 4), price: 19.99 + k })),
        ...others.map((id, k) => ({ product_id: id, qty: 1 + ((n + k) % 6), price: 2.5 + k })),
      ],
    }),
  };
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

/** CPU seconds (user + system, /proc) of the cluster's processes by role: the primary, 'api' and 'worker'. */
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
      const role = pid === primary ? 'primary' : command.includes('apps/worker') ? 'worker' : 'api';
      out.set(role, (out.get(role) ?? 0) + (Number(fields[11]) + Number(fields[12])) / 100);
    } catch {
      // the process ended meanwhile
    }
  }
  return out;
}

async function waitForProjections(pool: pg.Pool, store: PostgresEventStore): Promise<void> {
  const head = await store.headCheckpoint();
  for (let i = 0; i < 600; i++) {
    const { rows } = await pool.query<{ checkpoint: string }>(
      'SELECT checkpoint FROM projection_checkpoints',
    );
    if (rows.every((r) => r.checkpoint !== '' && store.compareCheckpoints(r.checkpoint, head) >= 0)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('the projections did not catch up in 60 s');
}

async function check(pool: pg.Pool, store: PostgresEventStore, companyId: string, acknowledged: string[]) {
  const { rows: found } = await pool.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM rm_invoice WHERE id = ANY ($1::uuid[]) AND deleted_at IS NULL',
    [[...new Set(acknowledged)]],
  );
  const missing = new Set(acknowledged).size - found[0]!.n;

  // Stamps: fold the ledger's allocations and releases; every stamp at most once, each on a stored invoice.
  const held = new Map<string, string>();
  let duplicateStamps = 0;
  for await (const event of store.readStream(`stamps-${companyId}`)) {
    const data = event.data as {
      allocationId: string;
      ranges: { prefix: string; from: number; to: number }[];
    };
    if (event.type !== 'StampsAllocated' && event.type !== 'StampsReleased') continue;
    for (const range of data.ranges)
      for (let n = range.from; n <= range.to; n++) {
        const stamp = `${range.prefix}${n}`;
        if (event.type === 'StampsReleased') held.delete(stamp);
        else if (held.has(stamp)) duplicateStamps++;
        else held.set(stamp, data.allocationId);
      }
  }
  const { rows: invoices } = await pool.query<{ id: string }>(
    'SELECT id FROM rm_invoice WHERE company_id = $1 AND deleted_at IS NULL',
    [companyId],
  );
  const live = new Set(invoices.map((r) => `invoice-${r.id}`));
  const leaked = [...held.values()].filter((allocation) => !live.has(allocation)).length;

  const { rows: numbers } = await pool.query<{ sequence: number }>(
    'SELECT sequence FROM rm_invoice WHERE company_id = $1 ORDER BY sequence',
    [companyId],
  );
  const first = numbers[0]?.sequence ?? 0;
  const gaps = numbers.filter((r, i) => r.sequence !== first + i).length;

  // Every read model against its rebuild from the first event (the rebuild swaps fresh tables in).
  const tables = [...new Set(allProjections.flatMap((p) => p.tables))].sort();
  const snapshot = async () => {
    const out: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await pool.query<{ digest: string }>(
        `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS digest FROM ${ident(table)} t`,
      );
      out[table] = rows[0]!.digest;
    }
    return out;
  };
  const before = await snapshot();
  for (const projection of allProjections) await rebuildProjection(pool, store, projection);
  const after = await snapshot();
  const rebuildDiffers = tables.filter((t) => before[t] !== after[t]);
  return {
    missing,
    duplicateStamps,
    leaked,
    numbers: numbers.length,
    first,
    gapless: gaps === 0,
    gaps,
    rebuildDiffers,
    tables: tables.length,
  };
}

function figures(list: number[], seconds: number): string[] {
  const s = latencySummary(list);
  return [num(list.length), seconds ? num(list.length / seconds, 1) : '', ms(s.p50), ms(s.p95), ms(s.p99)];
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
