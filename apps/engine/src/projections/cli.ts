import cliProgress from 'cli-progress';
import type { Pool } from '#infra/db/database.js';
import type { EventStore } from '../event-store/event-store.port.js';
import type { Projection } from './projection.js';
import type { ProjectionStatus } from './projection-runner.js';
import { rebuildProjection, type RebuildOptions, type RebuildResult } from './rebuild-projection.js';

/**
 * `npm run projections:rebuild [name]`: one projection's rebuild with a progress bar (events/s, ETA). The bar
 * goes to stderr (cli-progress redraws in place on a terminal and prints a line every few seconds otherwise).
 */
export async function rebuildWithProgressBar(
  pool: Pool,
  store: EventStore,
  projection: Projection,
  options: Omit<RebuildOptions, 'onProgress'> & { stream?: NodeJS.WritableStream } = {},
): Promise<RebuildResult> {
  const bar = new cliProgress.SingleBar(
    {
      format: `${projection.name} v${projection.version} [{bar}] {percentage}% | {value}/{total} events | {rate} ev/s | ETA {etaText} | {phase}`,
      stream: options.stream ?? process.stderr,
      hideCursor: true,
      noTTYOutput: true,
      notTTYSchedule: 3000,
      etaBuffer: 50,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { rate: '0', etaText: '-', phase: 'starting' });
  try {
    const result = await rebuildProjection(pool, store, projection, {
      ...options,
      onProgress: (progress) => {
        bar.setTotal(Math.max(progress.total, 1));
        bar.update(progress.done, {
          rate: Math.round(progress.eventsPerSecond).toLocaleString('en-US'),
          etaText: formatSeconds(progress.etaSeconds),
          phase: progress.phase,
        });
      },
    });
    bar.update(result.events, { phase: `done in ${result.seconds.toFixed(1)} s` });
    return result;
  } finally {
    bar.stop();
  }
}

/**
 * `npm run projections:status`: one line per projection. Takes a runner (started or not: it reads
 * projection_checkpoints) or statuses read already (readProjectionStatus).
 */
export async function printStatus(
  source: { status(): Promise<ProjectionStatus[]> } | ProjectionStatus[],
  write: (line: string) => void = (line) => console.log(line),
): Promise<void> {
  const statuses = Array.isArray(source) ? source : await source.status();
  for (const line of formatStatusTable(statuses).split('\n')) write(line);
}

export function formatStatusTable(statuses: ProjectionStatus[]): string {
  const header = ['name', 'version', 'checkpoint', 'lag', 'applied', 'status', 'held by', 'updated', 'error'];
  const rows = statuses.map((s) => [
    s.name,
    s.version === s.codeVersion ? String(s.version) : `${s.version} (code ${s.codeVersion}: rebuild pending)`,
    s.checkpoint === '' ? '(start)' : s.checkpoint,
    s.lag === null ? '?' : s.lag.toLocaleString('en-US'),
    s.eventsApplied.toLocaleString('en-US'),
    s.status ?? 'never run',
    heldBy(s),
    s.updatedAt ?? '',
    s.error ? `${s.error}${s.errorEventId ? ` (event ${s.errorEventId})` : ''}` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i === cells.length - 1 ? cell : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  return [format(header), format(widths.map((w) => '-'.repeat(w))), ...rows.map(format)].join('\n');
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds <= 0) return '-';
  if (seconds < 60) return `${Math.ceil(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  return `${minutes} min ${Math.ceil(seconds - minutes * 60)} s`;
}

/**
 * The process holding the projection's lock, since when, and the one it took over from: `b:42 since 12:00:03Z
 * (took over from a:41)`; `nobody (last a:41)` when no process holds it (all stopped, or between a crash and the
 * next process's lock retry).
 */
function heldBy(s: ProjectionStatus): string {
  if (!s.heldBy) return s.lastHolder ? `nobody (last ${s.lastHolder})` : 'nobody';
  if (s.lastHolder !== s.heldBy) return s.heldBy; // it took the lock a moment ago and is starting
  const since = s.heldSince ? ` since ${s.heldSince.slice(11, 19)}Z` : '';
  const from =
    s.previousHolder && s.previousHolder !== s.heldBy ? ` (took over from ${s.previousHolder})` : '';
  return `${s.heldBy}${since}${from}`;
}
