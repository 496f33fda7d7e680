import pg from 'pg';

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

function intFromEnv(name: string, fallback: number): number {
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
