import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startEmbeddedPostgres } from '#infra/db/embedded-postgres.js';

/** One line of the report: a figure, the same-run limit it is compared with, and whether its check held. */
export interface BenchFigure {
  section: string;
  measure: string;
  value: string;
  /** The machine limit measured in this run, when the figure is a ratio to one. */
  limit?: string;
  ratio?: string;
  target?: string;
  /** Did the target hold? undefined when there is no target. */
  met?: boolean;
  /** The correctness check behind the figure (no lost events, tables equal): a figure counts only if it held. */
  check: 'ok' | 'FAILED' | '-';
  note?: string;
}

export const env = {
  events: intFromEnv('BENCH_EVENTS', 1_000_000),
  seconds: Number(process.env.BENCH_SECONDS ?? 4),
  latencyCommands: intFromEnv('BENCH_LATENCY_COMMANDS', 4000),
  writers: intFromEnv('BENCH_WRITERS', 8),
};

/** A positive whole number from the environment (`1_000_000` allowed), or `fallback` when unset. */
export function intFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value.replace(/_/g, ''));
  if (!Number.isInteger(parsed) || parsed <= 0) throw new Error(`${name} must be a positive integer`);
  return parsed;
}

export async function createDatabase(adminUrl: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.query(`CREATE DATABASE "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function seconds(since: number): number {
  return (performance.now() - since) / 1000;
}

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index]!;
}

export function latencySummary(samplesMs: number[]): { p50: number; p95: number; p99: number; max: number } {
  const sorted = [...samplesMs].sort((a, b) => a - b);
  return {
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? NaN,
  };
}

export function num(value: number, digits = 0): string {
  if (!Number.isFinite(value)) return 'n/a';
  return value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
}

export function ms(value: number): string {
  return `${num(value, value < 10 ? 2 : 1)} ms`;
}

export function ratio(ours: number, limit: number): string {
  return `${num(ours / limit, 2)}×`;
}

/** Runs `work` on `clients` concurrent workers for `durationS` seconds; returns operations done and latencies. */
export async function runFor(
  clients: number,
  durationS: number,
  work: (worker: number, iteration: number) => Promise<void>,
): Promise<{ operations: number; seconds: number; latenciesMs: number[] }> {
  const latenciesMs: number[] = [];
  const started = performance.now();
  const deadline = started + durationS * 1000;
  await Promise.all(
    Array.from({ length: clients }, async (_, worker) => {
      for (let i = 0; performance.now() < deadline; i++) {
        const t0 = performance.now();
        await work(worker, i);
        latenciesMs.push(performance.now() - t0);
      }
    }),
  );
  return { operations: latenciesMs.length, seconds: seconds(started), latenciesMs };
}

export function printFigures(
  figures: BenchFigure[],
  write: (line: string) => void = (line) => console.log(line),
): void {
  const header = ['section', 'measure', 'figure', 'same-run limit', 'ratio', 'target', 'met', 'check'];
  const rows = figures.map((f) => [
    f.section,
    f.measure,
    f.value,
    f.limit ?? '',
    f.ratio ?? '',
    f.target ?? '',
    f.met === undefined ? '' : f.met ? 'yes' : 'NO',
    f.check,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join(' | ')
      .trimEnd();
  write(line(header));
  write(widths.map((w) => '-'.repeat(w)).join('-|-'));
  let section = '';
  for (const [i, row] of rows.entries()) {
    if (figures[i]!.section !== section && section !== '') write('');
    section = figures[i]!.section;
    write(line(row));
  }
  const notes = figures.filter((f) => f.note);
  if (notes.length) {
    write('');
    for (const f of notes) write(`- ${f.measure}: ${f.note}`);
  }
}

export function log(message: string): void {
  process.stderr.write(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}\n`);
}

/** A grid request a bench times, and what its answer must look like. */
export interface GridScenario {
  name: string;
  params: Record<string, string>;
  check: (result: { rows: unknown[]; count: number }) => boolean;
}

/** The first page in the default sort (`sortLabel`) and page 41, each a full page of `count` rows in all. */
export function pagingScenarios(sortLabel: string, count: number): GridScenario[] {
  return [
    {
      name: `first page, default sort (${sortLabel})`,
      params: { startRow: '0', endRow: '25' },
      check: (r) => r.rows.length === 25 && r.count === count,
    },
    {
      name: 'page 41 (rows 1,000–1,024)',
      params: { startRow: '1000', endRow: '1025' },
      check: (r) => r.rows.length === 25 && r.count === count,
    },
  ];
}

/**
 * Runs `query` `samples` times in a row, timing the query alone; answers the latencies after the first `warmUp`
 * (they warm the cache) and whether `check` held for every answer.
 */
export async function timeSamples<R>(
  samples: number,
  warmUp: number,
  query: () => Promise<R>,
  check: (result: R) => boolean,
): Promise<{ latenciesMs: number[]; ok: boolean }> {
  const latencies: number[] = [];
  let ok = true;
  for (let i = 0; i < samples; i++) {
    const q0 = performance.now();
    const result = await query();
    latencies.push(performance.now() - q0);
    if (!check(result)) ok = false;
  }
  return { latenciesMs: latencies.slice(warmUp), ok };
}

/** A latency figure held to a p95 target: `p95 … (p50 …)`, with the max too when `withMax`. */
export function p95Figure(figure: {
  section: string;
  measure: string;
  latenciesMs: number[];
  targetMs: number;
  ok: boolean;
  withMax?: boolean;
}): BenchFigure {
  const summary = latencySummary(figure.latenciesMs);
  const max = figure.withMax ? `, max ${ms(summary.max)}` : '';
  return {
    section: figure.section,
    measure: figure.measure,
    value: `p95 ${ms(summary.p95)} (p50 ${ms(summary.p50)}${max})`,
    target: `≤ ${figure.targetMs} ms`,
    met: summary.p95 <= figure.targetMs,
    check: figure.ok ? 'ok' : 'FAILED',
  };
}

/** Runs a bench when its file is the one node was started with: prints its figures, exits 1 if a check failed. */
export function runWhenMain(moduleUrl: string, bench: () => Promise<BenchFigure[]>): void {
  if (!process.argv[1] || fileURLToPath(moduleUrl) !== process.argv[1]) return;
  bench().then(
    (figures) => {
      printFigures(figures);
      process.exit(figures.some((f) => f.check === 'FAILED') ? 1 : 0);
    },
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
}

/** CPU seconds (user + system) of a process from /proc; undefined where /proc is missing. */
function procCpuSeconds(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // fields[0] is field 3 (state): utime is field 14, stime field 15
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}
const CLOCK_TICKS = 100;

/** The parent of a process (/proc), or undefined. */
function parentOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/**
 * CPU spent from now on by this process and by the Postgres server behind `url` (the postmaster and every
 * backend, found through /proc): a figure that stays meaningful on a loaded machine, where latency does not.
 * `stop()` answers undefined for Postgres when /proc is not there (not Linux).
 */
export async function cpuMeter(url: string): Promise<{
  stop(): Promise<{ processSeconds: number; postgresSeconds: number | undefined }>;
}> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const { rows } = await client.query<{ pid: number }>('SELECT pg_backend_pid() AS pid');
  const postmaster = parentOf(rows[0]!.pid);
  await client.end();
  const serverCpu = (): Map<number, number> => {
    const cpu = new Map<number, number>();
    if (postmaster === undefined) return cpu;
    for (const entry of readdirSync('/proc')) {
      const pid = Number(entry);
      if (!Number.isInteger(pid) || (pid !== postmaster && parentOf(pid) !== postmaster)) continue;
      const seconds = procCpuSeconds(pid);
      if (seconds !== undefined) cpu.set(pid, seconds);
    }
    return cpu;
  };
  const before = serverCpu();
  const processBefore = process.cpuUsage();
  return {
    async stop() {
      const used = process.cpuUsage(processBefore);
      const after = serverCpu();
      let postgresSeconds = 0;
      for (const [pid, seconds] of after) postgresSeconds += seconds - (before.get(pid) ?? 0);
      return {
        processSeconds: (used.user + used.system) / 1e6,
        postgresSeconds: postmaster === undefined || after.size === 0 ? undefined : postgresSeconds,
      };
    },
  };
}

/**
 * Runs a bench part that starts the real API through startTestApp: TEST_DATABASE_URL points at `adminUrl` (the
 * bench's Postgres, where the app creates and drops its database) or, without one, at an embedded Postgres started
 * in a temporary directory for it and removed after. The variable is put back as it was.
 */
export async function withBenchPostgres<T>(
  label: string,
  adminUrl: string | undefined,
  work: () => Promise<T>,
): Promise<T> {
  let dir: string | undefined;
  let stop: (() => Promise<void>) | undefined;
  if (!adminUrl) {
    dir = mkdtempSync(join(tmpdir(), `stampline-bench-${label}-`));
    chmodSync(dir, 0o755); // as root the server runs as the OS user postgres, which must reach the directory
    const server = await startEmbeddedPostgres(join(dir, 'pg'), { persistent: false });
    adminUrl = server.url;
    stop = () => server.stop();
  }
  const previous = process.env.TEST_DATABASE_URL;
  process.env.TEST_DATABASE_URL = adminUrl;
  try {
    return await work();
  } finally {
    if (previous === undefined) delete process.env.TEST_DATABASE_URL;
    else process.env.TEST_DATABASE_URL = previous;
    await stop?.();
    if (dir) rmSync(dir, { recursive: true, force: true });
  }
}
