import type { AnyCommand, AnyEvent, Decider } from './decider.js';
import { DomainError } from './domain-error.js';

/** given(events).when(command).then(events) / .thenThrows(message) — the shape of every domain test. */
export function deciderSpec<S, C extends AnyCommand, E extends AnyEvent>(decider: Decider<S, C, E>) {
  return (given: E[]) => ({
    when: (command: C) => {
      const run = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()));
      return {
        then: (expected: E[]) => expect(run()).toEqual(expected),
        thenThrows: (message: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(DomainError);
          expect((thrown as DomainError).message).toBe(message);
        },
      };
    },
  });
}
