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

export type Decider<S, C extends AnyCommand, E extends AnyEvent> = Readonly<{
  decide: (command: C, state: S) => E[];
  evolve: (state: S, event: E) => S;
  initialState: () => S;
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
