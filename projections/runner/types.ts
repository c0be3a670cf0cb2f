import type { Kysely, Transaction } from "kysely";
import type { EventStore, LiveMessageLike, RecordedEvent } from "./deps";

/**
 * A read model: the tables it owns and how a batch of events changes them. `apply` runs inside the
 * transaction that also moves the checkpoint; it gets a handle whose unqualified table names resolve
 * to the live tables, or to a rebuild's shadow tables.
 */
export interface Projection<DB = unknown> {
  readonly name: string;
  /** tables in the public schema that this projection alone writes; a rebuild recreates them */
  readonly tables: readonly string[];
  /** event types it reads; omit to receive every event */
  readonly eventTypes?: readonly string[];
  apply(db: Kysely<DB> | Transaction<DB>, events: RecordedEvent[], context?: ApplyContext): Promise<LiveMessageLike[] | void>;
}

/**
 * What the projector's runner also hands `apply`: the event store, for a projection that sends commands (the
 * attendance points, decision 087). A rebuild into shadow tables hands none: such a projection then sends nothing.
 */
export type ApplyContext = { store: EventStore };

/** A projection with its table types erased, as the runner and the registry hold it. */
export type AnyProjection = Projection<unknown>;

/** Declares a projection against its own tables' types. */
export const defineProjection = <DB>(projection: Projection<DB>): AnyProjection => projection as unknown as AnyProjection;
