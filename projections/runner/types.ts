import type { Kysely, RawBuilder, Transaction } from "kysely";
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
  /**
   * Optional, for a rebuild on the PostgreSQL event store (decision 122): what `apply` makes of the events in
   * `range`, computed in SQL from the `events` table, so the events never pass through Node. A rebuild calls it
   * range after range in position order, in transactions whose search path finds the shadow tables first, and
   * hands the last position to the projector's own `apply` for the rest. It must leave exactly the tables
   * `apply` would (a test of the projection compares the two).
   */
  rebuildInSql?(db: Kysely<unknown>, range: PositionRange): Promise<void>;
}

/**
 * The events a set-based rebuild reads: positions after `after` through `through`, and `visible`, the
 * condition on the `events` row that the store's `readAll` applies (only transactions older than every one
 * still running: no gap can open behind a position read).
 */
export type PositionRange = { after: number; through: number; visible: RawBuilder<unknown> };

/**
 * What the projector's runner also hands `apply`: the event store, for a projection that sends commands (the
 * attendance points, decision 087). A rebuild into shadow tables hands none: such a projection then sends nothing.
 */
export type ApplyContext = { store: EventStore };

/** A projection with its table types erased, as the runner and the registry hold it. */
export type AnyProjection = Projection<unknown>;

/** Declares a projection against its own tables' types. */
export const defineProjection = <DB>(projection: Projection<DB>): AnyProjection => projection as unknown as AnyProjection;
