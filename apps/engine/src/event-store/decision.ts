import type { AnyEvent, Decider } from '#domain/shared/decider.js';
import type { AppendResult } from './event-store.port.js';

/**
 * A decision as features declare it: the streams it decides over (each with the fold of its state), its pure
 * `decide`, and how its answer waits for the read models. The appender (event-appender.ts) carries it out.
 */

/** Who decides and when: the company, the user (null for the system), the instant and the request's correlation. */
export interface Actor {
  companyId: string;
  userId: string | null;
  now: string;
  correlationId?: string;
}

/** What a stream's state is folded with: a decider without its `decide`. */
export type Evolver<S, E extends AnyEvent> = Pick<
  Decider<S, never, E>,
  'evolve' | 'initialState' | 'snapshot'
>;

/** One stream of a multi-stream decision and the fold of its state. */
export interface StreamDecision<S, E extends AnyEvent> {
  stream: string;
  decider: Evolver<S, E>;
}

export const streamDecision = <S, E extends AnyEvent>(
  stream: string,
  decider: Evolver<S, E>,
): StreamDecision<S, E> => ({
  stream,
  decider,
});

export type StateOf<T> = T extends StreamDecision<infer S, any> ? S : never;
export type EventOf<T> = T extends StreamDecision<any, infer E> ? E : never;
export type Decisions = Record<string, StreamDecision<any, any>>;
export type DecideFn<T extends Decisions> = (states: { [K in keyof T]: StateOf<T[K]> }) => {
  [K in keyof T]?: EventOf<T[K]>[];
};
export type DecisionOf<T extends Decisions> = {
  events: { [K in keyof T]: EventOf<T[K]>[] };
  result?: AppendResult;
};

export interface WaitOptions {
  /** false: return without waiting for projections (the caller waits itself, or nobody reads the result). */
  waitForProjections?: boolean;
  /** Names of the projections to wait for; every projection when absent. */
  waitFor?: readonly string[];
}
/**
 * A write declared as data: the streams it decides over (each with its decider), its pure `decide` (events per
 * stream from their states), the group whose decisions may be appended together (group commit), and the read
 * models its answer waits for. `EventAppender.run` carries it out.
 */
export interface Decision<T extends Decisions> {
  streams: T;
  decide: DecideFn<T>;
  /** decisions of one group arriving while one of it is appended are decided in turn and appended at once */
  together?: string;
  /** the projections the answer waits for; every projection when absent */
  waitFor?: readonly string[];
}

/** Declares a decision (typed by its streams). */
export const declareDecision = <T extends Decisions>(decision: Decision<T>): Decision<T> => decision;
