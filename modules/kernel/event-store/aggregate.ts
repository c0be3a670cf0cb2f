import type { AggregateOptions, AggregateResult, DomainEvent, ReadStreamResult } from "./types";

/** Folds a stream read into state: shared by every adapter. */
export function foldStream<S, E extends DomainEvent>(
  read: ReadStreamResult<E>,
  { evolve, initialState }: AggregateOptions<S, E>,
): AggregateResult<S, E> {
  let state = initialState();
  for (const event of read.events) state = evolve(state, event);
  return { ...read, state };
}
