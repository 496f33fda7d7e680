import { execFileSync, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { businessDate } from '#domain/shared/business-date.js';
import { createPool } from '#infra/db/database.js';
import { PostgresEventStore } from '#engine';
import { apiClient } from '../support/http.js';
import { latencySummary, ms, num } from './bench-support.js';
import { check, PASSWORD, setUp, waitForProjections } from './consistency.js';

/**
 * `npm run test:failover`: the highly available cluster (`npm run cluster`; started here when it is not running, and
 * stopped again at the end) loses its leader while FAILOVER_WRITERS staff (default 8) create invoices with stamps and
 * log a payment on each, every command with an Idempotency-Key. After FAILOVER_WARMUP_S seconds (default 10) the
 * leader's postmaster is killed with SIGKILL; Patroni promotes the synchronous standby and HAProxy sends new
 * connections to it. Writers retry what got no answer or a 503 with the same key, and go on FAILOVER_AFTER_S seconds
 * (default 20) after the new leader is found. Then the checks: no acknowledged invoice or payment missing, none
 * applied twice, invoice numbers gapless, no stamp held twice or leaked, every read model equal to its rebuild; no
 * 500; and the recovery time (the longest time without an acknowledged write) within FAILOVER_RTO_S (default 15 s).
 * Exit code 1 when a check fails.
 */

const WRITERS = Number(process.env.FAILOVER_WRITERS ?? 8);
const WARMUP_S = Number(process.env.FAILOVER_WARMUP_S ?? 10);
const AFTER_S = Number(process.env.FAILOVER_AFTER_S ?? 20);
const RTO_TARGET_S = Number(process.env.FAILOVER_RTO_S ?? 15);
/** The failures, in order: `kill` (SIGKILL of the leader's postmaster) and `freeze` (the leader unreachable). */
const ROUNDS = (process.env.FAILOVER_ROUNDS ?? 'kill,freeze')
  .split(',')
  .map((r) => r.trim())
  .filter((r): r is Round['mode'] => r === 'kill' || r === 'freeze');
const ROOT = fileURLToPath(new URL('../../../', import.meta.url)); // dist/test/bench → the repository
const CLUSTER = join(ROOT, 'scripts/cluster.mjs');

interface ClusterInfo {
  dir: string;
  databaseUrl: string;
  appUrl: string;
  appRunning: boolean;
  nodes: { name: string; port: number; rest: number; dataDir: string; config: string }[];
  members: { name: string; role: string; state: string; timeline?: number }[];
}

const log = (line: string) => console.log(`[failover] ${new Date().toISOString().slice(11, 23)} ${line}`);
const sleep = (msToWait: number) => new Promise((resolve) => setTimeout(resolve, msToWait));
const clusterInfo = (): ClusterInfo =>
  JSON.parse(execFileSync(process.execPath, [CLUSTER, 'info'], { encoding: 'utf8' })) as ClusterInfo;

async function leaderOf(info: ClusterInfo): Promise<string | undefined> {
  for (const node of info.nodes) {
    try {
      const response = await fetch(`http://127.0.0.1:${node.rest}/cluster`, {
        signal: AbortSignal.timeout(1000),
      });
      const { members } = (await response.json()) as { members: ClusterInfo['members'] };
      return members.find((m) => m.role === 'leader' && m.state === 'running')?.name;
    } catch {
      // ask the next node
    }
  }
  return undefined;
}

interface Round {
  mode: 'kill' | 'freeze';
  oldLeader: string;
  newLeader: string;
  failedAt: number;
  promotedAt: number;
  gap: number;
  gapFrom: number;
  firstAfter?: number;
}

async function clusterMembers(info: ClusterInfo): Promise<ClusterInfo['members']> {
  for (const node of info.nodes) {
    try {
      const response = await fetch(`http://127.0.0.1:${node.rest}/cluster`, {
        signal: AbortSignal.timeout(1000),
      });
      return ((await response.json()) as { members: ClusterInfo['members'] }).members;
    } catch {
      // ask the next node
    }
  }
  return [];
}

/** Signals a process that may have ended meanwhile (a backend whose client left). */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** The postmaster and every process it started (backends, WAL sender, checkpointer…). */
function postgresProcesses(postmaster: number): number[] {
  const out = [postmaster];
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster) out.push(pid);
    } catch {
      // ended meanwhile
    }
  }
  return out;
}

/**
 * One failure of the leader: `kill` sends SIGKILL to its postmaster (Patroni, configured not to restart a crashed
 * leader in place, hands over at once); `freeze` stops its Patroni and every Postgres process with SIGSTOP, so the
 * node answers nothing — no health check, no renewal of the leader key, no TCP reset — as a node behind a cut network
 * would, until the key expires (ttl) and the synchronous standby takes over; it is woken after AFTER_S and rejoins as
 * a standby.
 */
async function failOver(
  info: ClusterInfo,
  mode: Round['mode'],
  now: () => number,
  acks: number[],
): Promise<Round> {
  const oldLeader = await leaderOf(info);
  const node = info.nodes.find((n) => n.name === oldLeader);
  if (!node) throw new Error('no leader found');
  const postmaster = Number(readFileSync(join(node.dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const failedAt = now();
  const acked = acks.length;
  const frozen: number[] = [];
  if (mode === 'kill') {
    process.kill(postmaster, 'SIGKILL');
    log(
      `killed the leader ${node.name}'s postmaster (pid ${postmaster}) with SIGKILL (${acked} writes acknowledged so far)`,
    );
  } else {
    const patroni = Number(readFileSync(join(info.dir, 'run', `${node.name}.pid`), 'utf8'));
    for (const pid of [patroni, ...postgresProcesses(postmaster)]) {
      frozen.push(pid); // woken in any case, even if this run fails
      signal(pid, 'SIGSTOP');
    }
    log(
      `froze the leader ${node.name}: SIGSTOP of Patroni and ${frozen.length - 1} Postgres processes (${acked} writes acknowledged so far)`,
    );
  }
  let newLeader: string | undefined;
  try {
    while (!newLeader || newLeader === oldLeader) {
      await sleep(200);
      newLeader = await leaderOf(info);
      if (now() - failedAt > 120_000) throw new Error('no new leader in 120 s');
    }
    const promotedAt = now();
    log(`${newLeader} leads (${((promotedAt - failedAt) / 1000).toFixed(1)} s after the failure)`);
    await sleep(AFTER_S * 1000);
    return { mode, oldLeader: node.name, newLeader, failedAt, promotedAt, gap: 0, gapFrom: failedAt };
  } finally {
    for (const pid of frozen) signal(pid, 'SIGCONT');
    if (frozen.length) log(`woke ${node.name}`);
  }
}

async function main(): Promise<void> {
  const startedHere = clusterInfo().members.length === 0;
  log(startedHere ? 'starting the cluster' : 'the cluster is running: restarting its app on this build');
  const started = spawnSync(process.execPath, [CLUSTER, 'start', '--restart-app'], { stdio: 'inherit' });
  if (started.status !== 0) throw new Error('the cluster did not start');
  try {
    process.exitCode = await run(clusterInfo());
  } finally {
    if (startedHere) spawnSync(process.execPath, [CLUSTER, 'stop'], { stdio: 'inherit' });
  }
}

async function run(info: ClusterInfo): Promise<number> {
  const base = info.appUrl;
  const api = apiClient(base);
  const tag = `failover-${randomUUID().slice(0, 8)}`;
  const setup = await setUp(api, WRITERS, log, tag);
  const tokens: string[] = [];
  for (const staff of setup.staff) {
    const signedIn = await api.post('auth/signin', { email: staff.email, password: PASSWORD });
    if (signedIn.status !== 200) throw new Error(`sign-in: ${signedIn.status}`);
    tokens.push(signedIn.body.access_token as string);
  }
  const today = businessDate(new Date().toISOString(), 'America/Chicago');

  const acknowledged: string[] = [];
  const paid: string[] = [];
  /** When each write was acknowledged (ms since the run began): the recovery time is the longest gap. */
  const acks: number[] = [];
  const latencies: number[] = [];
  const counts = {
    sent: 0,
    retries: 0,
    unavailable: 0,
    noAnswer: 0,
    inProgress: 0,
    serverErrors: 0,
    other: 0,
  };
  const others = new Map<string, number>();
  const t0 = performance.now();
  const now = () => performance.now() - t0;
  let stopping = false;

  /** Sends one command until it is answered (same key), and returns its body; undefined for a refusal (4xx). */
  const command = async (token: string, path: string, body: unknown): Promise<any> => {
    const key = randomUUID();
    const began = now();
    counts.sent++;
    for (let attempt = 0; ; attempt++) {
      if (attempt > 0) counts.retries++;
      let status = 0;
      let text = '';
      try {
        const response = await fetch(`${base}/api/v1/${path}`, {
          method: 'POST',
          headers: {
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
            'idempotency-key': key,
          },
          body: JSON.stringify(body),
          signal: AbortSignal.timeout(30_000),
        });
        status = response.status;
        text = await response.text();
      } catch {
        counts.noAnswer++;
      }
      if (status >= 200 && status < 300) {
        acks.push(now());
        latencies.push(now() - began);
        return JSON.parse(text);
      }
      if (status === 503) counts.unavailable++;
      else if (status === 409 && /in progress/.test(text)) counts.inProgress++;
      else if (status >= 500) counts.serverErrors++;
      else if (status !== 0) {
        counts.other++;
        others.set(
          `${status} ${text.slice(0, 120)}`,
          (others.get(`${status} ${text.slice(0, 120)}`) ?? 0) + 1,
        );
        return undefined;
      }
      if (attempt > 600) throw new Error(`${path}: no answer after ${attempt} attempts`);
      await sleep(status === 503 ? 500 : 250);
    }
  };

  const writer = async (n: number) => {
    const token = tokens[n]!;
    for (let cycle = n; !stopping; cycle += WRITERS) {
      const invoice = (await command(token, 'invoice', setup.invoiceBody(cycle))) as
        { id: string } | undefined;
      if (!invoice) continue;
      acknowledged.push(invoice.id);
      const payment = await command(token, `invoice/${invoice.id}/payment`, {
        amount: '5',
        received_at: today,
      });
      if (payment) paid.push(invoice.id);
    }
  };

  const loadBefore = loadavg()[0]!;
  log(`${WRITERS} writers on ${base}; ${cpus().length} CPUs, load ${loadBefore.toFixed(1)}`);
  const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
  await sleep(WARMUP_S * 1000);

  const results: Round[] = [];
  for (const [i, mode] of ROUNDS.entries()) {
    if (i > 0) await sleep(WARMUP_S * 1000);
    results.push(await failOver(info, mode, now, acks));
  }
  stopping = true;
  await Promise.all(writers);
  const loadAfter = loadavg()[0]!;
  const end = now();
  // Each round's recovery time: the longest stretch without an acknowledged write, from its failure to the next
  // round's (or the end of the run).
  for (const [i, round] of results.entries()) {
    const until = results[i + 1]?.failedAt ?? end;
    const times = [
      round.failedAt,
      ...acks.filter((t) => t >= round.failedAt && t < until).sort((a, b) => a - b),
    ];
    for (let k = 1; k < times.length; k++)
      if (times[k]! - times[k - 1]! > round.gap) {
        round.gap = times[k]! - times[k - 1]!;
        round.gapFrom = times[k - 1]!;
      }
    round.firstAfter = times[1];
  }

  const pool = createPool(info.databaseUrl, 4);
  const store = new PostgresEventStore(info.databaseUrl, {}, pool);
  try {
    await waitForProjections(pool, store);
    const checks = await check(pool, store, [setup.companyId], acknowledged, paid);
    const members = { members: await clusterMembers(info) };

    console.log('');
    console.log(
      `Failover: ${WRITERS} writers, ${(end / 1000).toFixed(0)} s, ${cpus().length} CPUs, load average ` +
        `${loadBefore.toFixed(1)} → ${loadAfter.toFixed(1)}`,
    );
    const lat = latencySummary(latencies);
    console.log(
      `${num(counts.sent)} commands (${num(acknowledged.length)} invoices, ${num(paid.length)} payments), ` +
        `${num(counts.retries)} retries with the same key: ${counts.unavailable} answered 503, ${counts.noAnswer} no answer, ` +
        `${counts.inProgress} 'in progress'; time to acknowledge (retries included) p50 ${ms(lat.p50)}, p99 ${ms(lat.p99)}, max ${ms(lat.max)}`,
    );
    for (const round of results)
      console.log(
        `${round.mode === 'kill' ? "SIGKILL of the leader's postmaster" : 'the leader frozen (SIGSTOP of its Patroni and Postgres: unreachable, as behind a cut network)'} ` +
          `at ${(round.failedAt / 1000).toFixed(1)} s: ${round.oldLeader} → ${round.newLeader} in ${((round.promotedAt - round.failedAt) / 1000).toFixed(1)} s; ` +
          `first write acknowledged ${round.firstAfter === undefined ? 'never' : `${((round.firstAfter - round.failedAt) / 1000).toFixed(1)} s`} after it`,
      );
    console.log(`now: ${members.members.map((m) => `${m.name} ${m.role} ${m.state}`).join(', ')}`);
    const lines: [string, boolean][] = [
      [
        `answers other than 2xx, 503 and 'in progress': 500s ${counts.serverErrors}, others ${counts.other}${others.size ? ` (${[...others].map(([k, n]) => `${k} ×${n}`).join(', ')})` : ''}`,
        counts.serverErrors === 0 && counts.other === 0,
      ],
      [
        `acknowledged invoices missing: ${checks.missing}; payments missing: ${checks.paymentsMissing}`,
        checks.missing === 0 && checks.paymentsMissing === 0,
      ],
      [
        `duplicates: invoices stored but never acknowledged ${checks.unacknowledged}, payments logged twice ${checks.paymentsDuplicated}`,
        checks.unacknowledged === 0 && checks.paymentsDuplicated === 0,
      ],
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
      ...results.map((round): [string, boolean] => [
        `recovery time after the ${round.mode === 'kill' ? 'kill' : 'freeze'} (longest time without an acknowledged write): ` +
          `${(round.gap / 1000).toFixed(1)} s, from ${((round.gapFrom - round.failedAt) / 1000).toFixed(1)} s after it (target ≤ ${RTO_TARGET_S} s)`,
        round.gap <= RTO_TARGET_S * 1000 && round.firstAfter !== undefined,
      ]),
    ];
    for (const [line, ok] of lines) console.log(`${ok ? 'ok    ' : 'FAILED'} ${line}`);
    return lines.every(([, ok]) => ok) ? 0 : 1;
  } finally {
    await store.close();
    await pool.end();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
