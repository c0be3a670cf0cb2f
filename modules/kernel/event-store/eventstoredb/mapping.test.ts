import { ANY, NO_STREAM, START, STREAM_EXISTS } from "@eventstore/db-client";
import { describe, expect, it } from "vitest";
import {
  fromCurrentRevision,
  isAfter,
  isSystemEventType,
  toAppendExpectedRevision,
  toPositionNumber,
  toReadPosition,
  toReadRevision,
  toRecordedEvent,
} from "./mapping";

describe("toAppendExpectedRevision", () => {
  it("maps the named expectations to the client's constants", () => {
    expect(toAppendExpectedRevision("no_stream")).toBe(NO_STREAM);
    expect(toAppendExpectedRevision("stream_exists")).toBe(STREAM_EXISTS);
    expect(toAppendExpectedRevision("any")).toBe(ANY);
  });

  it("maps a revision to a bigint", () => {
    expect(toAppendExpectedRevision(0)).toBe(0n);
    expect(toAppendExpectedRevision(41)).toBe(41n);
  });

  it("refuses a revision that is not one", () => {
    expect(() => toAppendExpectedRevision(-1)).toThrow(RangeError);
    expect(() => toAppendExpectedRevision(1.5)).toThrow(RangeError);
  });
});

describe("fromCurrentRevision", () => {
  it("reads the stream's revision, -1 when there is no stream", () => {
    expect(fromCurrentRevision(7n)).toBe(7);
    expect(fromCurrentRevision(NO_STREAM)).toBe(-1);
    expect(fromCurrentRevision(undefined)).toBe(-1);
  });
});

describe("toReadRevision", () => {
  it("starts at the stream's start for 0, else at the revision", () => {
    expect(toReadRevision(0)).toBe(START);
    expect(toReadRevision(3)).toBe(3n);
    expect(() => toReadRevision(-1)).toThrow(RangeError);
  });
});

describe("positions", () => {
  it("reads $all from its start for 0, else from { commit, prepare } at the position", () => {
    expect(toReadPosition(0)).toBe(START);
    expect(toReadPosition(1234)).toEqual({ commit: 1234n, prepare: 1234n });
    expect(() => toReadPosition(-5)).toThrow(RangeError);
  });

  it("turns a client position into its commit position", () => {
    expect(toPositionNumber({ commit: 1234n, prepare: 1234n })).toBe(1234);
    expect(toPositionNumber(undefined)).toBe(0);
    expect(toPositionNumber({ commit: 18446744073709551615n, prepare: 18446744073709551615n })).toBe(0);
  });

  it("drops the inclusive start of a forward read", () => {
    expect(isAfter(100, 100)).toBe(false);
    expect(isAfter(99, 100)).toBe(false);
    expect(isAfter(101, 100)).toBe(true);
  });
});

describe("isSystemEventType", () => {
  it("knows EventStoreDB's own events by their '$' prefix", () => {
    expect(isSystemEventType("$metadata")).toBe(true);
    expect(isSystemEventType("$>")).toBe(true);
    expect(isSystemEventType("$statsCollected")).toBe(true);
    expect(isSystemEventType("ParticipantCheckedIn")).toBe(false);
  });
});

describe("toRecordedEvent", () => {
  it("maps a client event to the port's recorded event", () => {
    const metadata = {
      organizationId: "org-1",
      actorId: "user-1",
      commandId: "cmd-1",
      correlationId: "cmd-1",
      causationId: null,
      occurredAt: "2024-05-01T10:00:00.000Z",
    };
    const recorded = toRecordedEvent({
      id: "0b8e4c1e-8a36-4d8b-9a3e-2f4f1c3b2a10",
      type: "NoteAdded",
      streamId: "note-1",
      revision: 2n,
      data: { text: "hello" },
      metadata,
      position: { commit: 5120n, prepare: 5120n },
    });
    expect(recorded).toEqual({
      type: "NoteAdded",
      data: { text: "hello" },
      eventId: "0b8e4c1e-8a36-4d8b-9a3e-2f4f1c3b2a10",
      metadata,
      streamId: "note-1",
      revision: 2,
      position: 5120,
    });
  });
});
