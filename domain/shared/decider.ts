/** Commands carry everything a decision needs, including time and ids: the domain never reads a clock. */
export interface AnyCommand {
  type: string;
  data: object;
  metadata: CommandMetadata;
}

export interface CommandMetadata {
  companyId: string;
  userId: string | null;
  now: string; // ISO instant
  correlationId?: string;
}

export interface AnyEvent {
  type: string;
  data: object;
}

/**
 * A long-lived stream's state may be kept as a snapshot: the state must then be plain JSON (no Map,
 * Set, Date, undefined or bigint), and `version` names its shape: bump it whenever the shape or the meaning of
 * the state changes, and snapshots of the old shape are ignored and rewritten.
 */
export interface SnapshotPolicy {
  version: number;
}

export type Decider<S, C extends AnyCommand, E extends AnyEvent> = Readonly<{
  decide: (command: C, state: S) => E[];
  evolve: (state: S, event: E) => S;
  initialState: () => S;
  snapshot?: SnapshotPolicy;
}>;

export function fold<S, E extends AnyEvent>(
  decider: Pick<Decider<S, never, E>, 'evolve' | 'initialState'>,
  events: E[],
): S {
  return events.reduce(decider.evolve, decider.initialState());
}

export function assertNever(value: never): never {
  throw new Error(`Unexpected value: ${JSON.stringify(value)}`);
}
