/** given(events) / when(command) / then(events or error): a decider tested with no database. */
import { expect } from 'vitest';
import { foldEvents, type Decider } from '../../src/decider';

export function specFor<Command, Event, State>(decider: Decider<Command, Event, State>) {
  return (given: readonly Event[]) => ({
    when: (command: Command) => {
      const run = () => decider.decide(command, foldEvents(decider, given));
      return {
        then: (expected: Event[]) => expect(run()).toEqual(expected),
        thenThrows: (errorClass: new (...args: never[]) => Error, message?: string) => {
          let thrown: unknown;
          try {
            run();
          } catch (error) {
            thrown = error;
          }
          expect(thrown).toBeInstanceOf(errorClass);
          if (message !== undefined) expect((thrown as Error).message).toBe(message);
          return thrown as Error;
        },
      };
    },
  });
}
