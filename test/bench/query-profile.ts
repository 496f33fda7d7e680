import pg from 'pg';

/** What a statement is, by its text (the event store's and the runner's statements are recognisable). */
function kindOf(text: string): string {
  if (text.includes('append_events')) return 'event append';
  if (/FROM events WHERE stream_id/.test(text)) return 'stream read';
  if (/FROM events\s+WHERE \(transaction_id, position\) >/.test(text) && text.includes('pg_snapshot_xmin'))
    return 'subscription read';
  if (text.includes('SELECT EXISTS (SELECT 1 FROM events')) return 'subscription pending check';
  if (text.includes('pg_notify')) return 'notify';
  if (text.includes('projection_checkpoints')) return 'projection checkpoint';
  if (/^\s*(BEGIN|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/i.test(text)) return 'transaction control';
  return 'other';
}

export interface QueryProfile {
  statements: number;
  byKind: Record<string, number>;
  /** The most frequent statements of kind 'other' (their first 70 characters), for the log. */
  topOther: [string, number][];
  /** Commits of the database (pg_stat_database.xact_commit: every statement outside a transaction is one). */
  commits: number;
  /** WAL fsyncs of the whole server (pg_stat_io, object 'wal'). */
  walFsyncs: number;
}

/** PGSTAT_IDLE_INTERVAL (10 s) and a margin. */
const STATS_SETTLE_MS = 11_000;

async function serverCounters(url: string): Promise<{ commits: number; walFsyncs: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    // Statistics are cumulative per backend until flushed: force ours out first.
    await client.query('SELECT pg_stat_force_next_flush()').catch(() => {});
    const { rows } = await client.query(
      `SELECT (SELECT xact_commit FROM pg_stat_database WHERE datname = current_database())::bigint AS commits,
              (SELECT coalesce(sum(fsyncs), 0) FROM pg_stat_io WHERE object = 'wal')::bigint AS fsyncs`,
    );
    return { commits: Number(rows[0].commits), walFsyncs: Number(rows[0].fsyncs) };
  } finally {
    await client.end();
  }
}

/**
 * Counts the statements every pg client of this process sends (the API runs in the bench's process), by kind, and
 * the database's commits and the server's WAL fsyncs, from `start` to `stop` (each waits 11 s for the server's
 * statistics to settle).
 */
export async function profileQueries(url: string): Promise<{ stop(): Promise<QueryProfile> }> {
  const byKind: Record<string, number> = {};
  const others = new Map<string, number>();
  const original = pg.Client.prototype.query;
  const patched = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string } | undefined;
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    // A simple-protocol message may carry several statements; count each.
    for (const statement of text.split(/;\s*(?=\S)/)) {
      const kind = kindOf(statement);
      byKind[kind] = (byKind[kind] ?? 0) + 1;
      if (kind === 'other') {
        const head = statement.replace(/\s+/g, ' ').trim().slice(0, 70);
        others.set(head, (others.get(head) ?? 0) + 1);
      }
    }
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  };
  // A backend flushes its statistics at most once a second when it goes idle, else within 10 s: let the work before
  // the window reach the counters first, and the window's own after it.
  await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
  const before = await serverCounters(url);
  pg.Client.prototype.query = patched as typeof original;
  return {
    async stop() {
      pg.Client.prototype.query = original;
      await new Promise((resolve) => setTimeout(resolve, STATS_SETTLE_MS));
      const after = await serverCounters(url);
      return {
        statements: Object.values(byKind).reduce((a, b) => a + b, 0),
        byKind,
        topOther: [...others]
          .sort((a, b) => b[1] - a[1])
          .slice(0, Number(process.env.BENCH_PROFILE_TOP ?? 12)),
        commits: after.commits - before.commits,
        walFsyncs: after.walFsyncs - before.walFsyncs,
      };
    },
  };
}

/** `12.0 statements (3.0 stream read, …), 4.0 commits, 1.1 WAL fsyncs` per unit. */
export function describeProfile(profile: QueryProfile, units: number, unit: string): string {
  const per = (n: number) => (n / units).toFixed(1);
  const kinds = Object.entries(profile.byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, n]) => `${per(n)} ${kind}`)
    .join(', ');
  return `per ${unit}: ${per(profile.statements)} statements (${kinds}), ${per(profile.commits)} commits, ${per(profile.walFsyncs)} WAL fsyncs`;
}

/** BENCH_PG_STATEMENTS=1: the server preloads pg_stat_statements (see run.ts) and parts print their top statements. */
export const PG_STATEMENTS = process.env.BENCH_PG_STATEMENTS === '1';

/** The server settings that BENCH_PG_STATEMENTS needs (planning time tracked too). */
export const PG_STATEMENTS_SETTINGS = PG_STATEMENTS
  ? ['shared_preload_libraries=pg_stat_statements', 'pg_stat_statements.track_planning=on']
  : [];

/**
 * With BENCH_PG_STATEMENTS=1, where the database's time went from `start` to `stop`: the 25 statements that took
 * the most planning plus execution time, each with its calls, planning and execution time per unit (execution time
 * is wall time: it includes lock waits). Without it, nothing. Finds a statement whose plan went wrong, or one
 * planned on every call that could be prepared.
 */
export async function pgStatements(
  url: string,
): Promise<{ stop(units: number, unit: string): Promise<string[]> }> {
  if (!PG_STATEMENTS) return { stop: async () => [] };
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  await client.query('SELECT pg_stat_statements_reset()');
  return {
    async stop(units, unit) {
      try {
        const { rows } = await client.query<{
          calls: string;
          plan: number;
          exec: number;
          max: number;
          query: string;
        }>(
          `SELECT calls, total_plan_time AS plan, total_exec_time AS exec, max_exec_time AS max,
                  left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
             FROM pg_stat_statements WHERE dbid = (SELECT oid FROM pg_database WHERE datname = current_database())
            ORDER BY total_plan_time + total_exec_time DESC LIMIT 25`,
        );
        const per = (value: number) => `${((value * 1000) / units).toFixed(0).padStart(5)} µs`;
        return [
          `pg_stat_statements per ${unit}: calls, planning, execution (max ms), statement`,
          ...rows.map(
            (row) =>
              `${(Number(row.calls) / units).toFixed(2).padStart(6)} × ${per(row.plan)} ${per(row.exec)} (${row.max.toFixed(1)})  ${row.query}`,
          ),
        ];
      } finally {
        await client.end();
      }
    },
  };
}
