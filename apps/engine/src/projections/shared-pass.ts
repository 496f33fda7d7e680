import { type StoredEvent } from '../event-store/event-store.port.js';
import { type CheckpointRow } from './projection-checkpoints.sql.js';
import {
  applyEvents,
  beginAndLockCheckpoints,
  commitCheckpoints,
  isTransientDatabaseError,
  ProjectorError,
} from './projection-transaction.js';
import type { ProjectionRunner } from './projection-runner.js';
import type { ProjectionWorker } from './projection-worker.js';

export type PassOutcome = 'done' | 'solo';

/**
 * One batch applied for several projections in one transaction: BEGIN, lock every member's checkpoint row, apply
 * each member's events, advance every checkpoint in one UPDATE, COMMIT — one connection and one commit for all.
 * The members apply side by side on a pipelined connection (`passPool`): their statements go out together, so a
 * pass takes about as many round trips as its longest member, not the sum of all (p95 of invoice creation
 * −8 % to −20 % in alternating runs). Members own disjoint tables, so their order inside the pass does not matter.
 *
 * - A member whose projector throws (not a connection failure) is split off: the transaction is rolled back and
 *   run again at once without it, and it handles the batch alone, where its failure is isolated and recorded as
 *   before (status 'failed', error and event in projection_checkpoints). The others do not wait for that. Others'
 *   statements queued behind a failed one are refused (25P02): the member split off is the one whose error was
 *   its own.
 * - A member whose checkpoint row moved under it (rebuild swap, version change) also goes alone.
 * - A connection failure fails the pass for all its members; each retries (and they meet again in a new pass).
 * - A pass of one member is the solo path itself.
 */
export class SharedPass {
  private readonly members: PassMember[] = [];
  private closed = false;

  constructor(
    private readonly runner: ProjectionRunner,
    private readonly batch: StoredEvent[],
  ) {}

  join(worker: ProjectionWorker, generation: number): Promise<PassOutcome> {
    if (this.closed) return Promise.resolve('solo');
    return new Promise((resolve, reject) => {
      this.members.push({ worker, generation, settle: { resolve, reject } });
    });
  }

  async run(): Promise<void> {
    this.closed = true;
    let members = this.members.filter((m) => {
      if (m.worker.isCurrent(m.generation)) return true;
      m.settle.resolve('solo'); // the solo path sees the stale generation and returns
      return false;
    });
    // Stable lock order: by name.
    members.sort((a, b) => (a.worker.projection.name < b.worker.projection.name ? -1 : 1));
    while (members.length > 1) {
      try {
        const split = await this.attempt(members, true);
        if (!split) return;
        split.settle.resolve('solo');
        members = members.filter((m) => m !== split);
      } catch (error) {
        for (const m of members) m.settle.reject(error);
        return;
      }
    }
    for (const m of members) m.settle.resolve('solo');
  }

  /**
   * One transaction for `members`; returns the member to split off when its projector threw.
   *
   * `optimistic`: the members' statements go out right behind BEGIN and the checkpoint locks, on the part of the
   * batch their own checkpoints give (the rows say the same unless a rebuild swapped tables or a version changed
   * meanwhile), so the lock costs no round trip of its own; the backend runs them after the lock. When a locked row
   * says otherwise, the transaction is rolled back and the pass runs again on what the rows say.
   */
  private async attempt(members: PassMember[], optimistic: boolean): Promise<PassMember | undefined> {
    const outcome = await this.transaction(members, optimistic);
    if (outcome !== 'again') return outcome;
    const second = await this.transaction(members, false);
    if (second === 'again') throw new Error('a shared pass that sends nothing early was sent again'); // never
    return second;
  }

  private async transaction(
    members: PassMember[],
    optimistic: boolean,
  ): Promise<PassMember | 'again' | undefined> {
    const batch = this.batch;
    const last = batch[batch.length - 1]!.checkpoint;
    const client = await this.runner.passPool().connect();
    let broken: unknown;
    let open = false;
    let applying: Promise<PromiseSettledResult<void>[]> | undefined;
    const applyParts = (parts: PassPart[]) =>
      Promise.allSettled(
        parts.map(({ member, apply }) =>
          applyEvents(client, member.worker.projection, apply, member.worker.tables),
        ),
      );
    try {
      open = true; // from here on a failure rolls back (a ROLLBACK with no transaction open only warns)
      const locking = beginAndLockCheckpoints(
        client,
        members.map((m) => m.worker.projection.name),
      );
      const sentEarly = optimistic
        ? members.flatMap((member) => {
            const apply = member.worker.partInPass(batch, member.worker.ownRow());
            return apply === undefined ? [] : [{ member, apply }];
          })
        : undefined;
      if (sentEarly) applying = applyParts(sentEarly);
      const rows = await locking;
      const parts: PassPart[] = [];
      const alone: PassMember[] = [];
      for (const member of members) {
        const apply = member.worker.partInPass(batch, rows.get(member.worker.projection.name));
        if (apply === undefined) alone.push(member);
        else parts.push({ member, apply });
      }
      if (
        sentEarly &&
        (parts.length !== sentEarly.length || parts.some((part, i) => sentEarly[i]!.member !== part.member))
      ) {
        // a row moved under its member: what went out early is not this pass
        await applying;
        await client.query('ROLLBACK');
        open = false;
        return 'again';
      }
      applying ??= applyParts(parts);
      const outcomes = await applying;
      const failures = outcomes.flatMap((outcome, i) =>
        outcome.status === 'rejected' ? [{ member: parts[i]!.member, error: outcome.reason as unknown }] : [],
      );
      if (failures.length > 0) {
        const transient = failures.find(({ error }) => isTransientDatabaseError(error));
        if (transient) throw transient.error;
        await client.query('ROLLBACK');
        open = false;
        // Split off the one at fault (a member refused with 25P02 was taken down by it; split off anyway, it would
        // only go alone and succeed).
        return (failures.find(({ error }) => !abortedByAnother(error)) ?? failures[0]!).member;
      }
      await commitCheckpoints(
        client,
        parts.map(({ member, apply }) => ({
          name: member.worker.projection.name,
          checkpoint: last,
          applied: apply.length,
        })),
      );
      open = false;
      for (const { member, apply } of parts) {
        member.worker.committedInPass(last, apply);
        member.settle.resolve('done');
      }
      for (const member of alone) member.settle.resolve('solo');
      return undefined;
    } catch (error) {
      // statements sent early must have answered before the connection goes back to the pool
      await applying;
      if (isTransientDatabaseError(error)) broken = error;
      else if (open)
        await client.query('ROLLBACK').catch((rollbackError: unknown) => (broken = rollbackError));
      throw error;
    } finally {
      client.release(broken instanceof Error ? broken : undefined);
    }
  }
}

/** What a worker judges of its checkpoint row. */
export type RowState = Pick<CheckpointRow, 'checkpoint' | 'version' | 'status'>;

export interface PassMember {
  worker: ProjectionWorker;
  generation: number;
  settle: Settle;
}

export interface PassPart {
  member: PassMember;
  apply: StoredEvent[];
}

/** A statement refused because another one of the same transaction failed first (in a pipelined pass). */
export function abortedByAnother(error: unknown): boolean {
  const cause = error instanceof ProjectorError ? error.cause : error;
  return (cause as { code?: unknown } | undefined)?.code === '25P02';
}

export interface Settle {
  resolve(outcome: PassOutcome): void;
  reject(error: unknown): void;
}

/**
 * One projection inside a runner: its lock ownership, subscription and batch transactions.
 */
