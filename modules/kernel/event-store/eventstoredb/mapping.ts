import { ANY, NO_STREAM, START, STREAM_EXISTS } from "@eventstore/db-client";
import type {
  AppendExpectedRevision, CurrentRevision, Position, ReadPosition, ReadRevision,
} from "@eventstore/db-client";
import type { DomainEvent, EventData, EventMetadata, ExpectedRevision, RecordedEvent } from "../types";

/**
 * Pure translations between the port's vocabulary and @eventstore/db-client's.
 *
 * Positions: the port speaks of one number per event. EventStoreDB addresses a record in $all by
 * { commit, prepare }. Events written through the gRPC API (implicit transactions) get
 * commit === prepare === the record's own log position, so the commit position alone names an event,
 * is unique and strictly increases in $all order. (Only legacy explicit TCP transactions share one
 * commit position between several events; this adapter never writes those.)
 */

/** The port's expected revision as the client spells it. */
export const toAppendExpectedRevision = (expected: ExpectedRevision): AppendExpectedRevision => {
  switch (expected) {
    case "no_stream":
      return NO_STREAM;
    case "stream_exists":
      return STREAM_EXISTS;
    case "any":
      return ANY;
    default:
      if (!Number.isSafeInteger(expected) || expected < 0) {
        throw new RangeError(`expectedRevision must be a revision >= 0 or a named expectation, got ${expected}`);
      }
      return BigInt(expected);
  }
};

/** A stream's revision as reported by the client (in WrongExpectedVersionError): -1 when there is no stream. */
export const fromCurrentRevision = (current: CurrentRevision | undefined): number =>
  typeof current === "bigint" ? Number(current) : -1;

/** Where a forward stream read starts: revision 0 is the stream's start. */
export const toReadRevision = (revision: number): ReadRevision => {
  if (!Number.isSafeInteger(revision) || revision < 0) {
    throw new RangeError(`fromRevision must be an integer >= 0, got ${revision}`);
  }
  return revision === 0 ? START : BigInt(revision);
};

/**
 * Where a forward read of $all starts for "events after `position`". The server's forward read is
 * inclusive, so the caller must drop the event whose position equals `position` (see isAfter).
 * 0 means "from the beginning" (no event sits at log position 0: the log opens with an epoch record).
 */
export const toReadPosition = (position: number): ReadPosition => {
  if (!Number.isSafeInteger(position) || position < 0) {
    throw new RangeError(`position must be an integer >= 0, got ${position}`);
  }
  if (position === 0) return START;
  const p = BigInt(position);
  return { commit: p, prepare: p };
};

/** The port's number for a client position: the commit position; 0 when the server did not send one. */
export const toPositionNumber = (position: Position | undefined): number => {
  if (!position) return 0;
  const commit = Number(position.commit);
  // servers before 22.6 answer stream reads with no (or an "unset" max-uint64) position
  return Number.isSafeInteger(commit) && commit >= 0 ? commit : 0;
};

/** True for an event past `cursor` in $all order: drops the inclusive start of a forward read. */
export const isAfter = (position: number, cursor: number): boolean => position > cursor;

/** EventStoreDB's own events ($metadata, $>, $statsCollected, $ProjectionCheckpoint...): never ours. */
export const isSystemEventType = (type: string): boolean => type.startsWith("$");

/** The part of the client's recorded event this adapter reads (both its JSON and binary variants fit). */
export type ClientRecordedEvent = {
  id: string;
  type: string;
  streamId: string;
  revision: bigint;
  data: unknown;
  metadata: unknown;
  position?: Position;
};

/**
 * A client event as the port's RecordedEvent. This adapter writes JSON events only (jsonEvent), so
 * data and metadata come back parsed; an event written by someone else as binary keeps its bytes.
 */
export const toRecordedEvent = <E extends DomainEvent = DomainEvent>(event: ClientRecordedEvent): RecordedEvent<E> =>
  ({
    type: event.type,
    data: event.data as EventData,
    eventId: event.id,
    metadata: event.metadata as EventMetadata,
    streamId: event.streamId,
    revision: Number(event.revision),
    position: toPositionNumber(event.position),
  }) as RecordedEvent<E>;
