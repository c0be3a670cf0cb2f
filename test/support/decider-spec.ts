import { expect } from "vitest";
import { DomainError, type Command, type Decider, type DomainEvent } from "../../modules/kernel";

/**
 * given the events so far / when the command / then the events or the refusal: one helper for every
 * module's decide tests, with no database.
 */
export function deciderSpec<S, C extends Command, E extends DomainEvent>(decider: Decider<S, C, E>, now: Date) {
  return function given(...events: E[]) {
    const state = events.reduce<S>(decider.evolve, decider.initialState());
    return {
      state,
      when: (command: C) => {
        const outcome = decider.decide(state, command, now);
        return {
          then: (expected: E[]) => expect(outcome).toEqual(expected),
          thenRefused: (code: string, status: number, message?: string) => {
            expect(outcome).toBeInstanceOf(DomainError);
            const error = outcome as DomainError;
            expect({ code: error.code, status: error.status }).toEqual({ code, status });
            if (message !== undefined) expect(error.message).toBe(message);
            return error;
          },
        };
      },
    };
  };
}
