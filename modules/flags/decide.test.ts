import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import type { FlagCommand, FlagMemberInput } from "./commands";
import { flagDecider } from "./decide";
import type { FlagEvent, FlagType } from "./events";
import { deciderSpec } from "../../test/support/decider-spec";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const participantId = "kid-1";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "admin-1" };

const flagged = (flagId: string, type: FlagType, message = "Fever reported by parent this morning"): FlagEvent => ({
  type: "MemberFlagged",
  data: { flagId, participantId, organizationId: orgId, type, message, flaggedBy: "admin-1", flaggedByName: "Adam Northside" },
});
const resolved = (flagId: string, type: FlagType, message = "Cleared by the nurse"): FlagEvent => ({
  type: "MemberFlagResolved",
  data: { flagId, participantId, type, message, resolvedBy: "admin-1" },
});

const flag = (data: Partial<Record<keyof FlagMemberInput, unknown>> = {}): FlagCommand => ({
  type: "FlagMember",
  data: { flagId: "flag-1", participantId, type: "stop", message: "Fever reported by parent this morning", flaggedByName: "Adam Northside", participantFound: true, ...data } as FlagMemberInput,
  metadata,
});
const unflag = (type: unknown = "stop", message: unknown = "Cleared by the nurse"): FlagCommand => ({
  type: "UnflagMember",
  data: { participantId, type, message } as { participantId: string; type: FlagType; message: string },
  metadata,
});

/** given the events so far / when the command / then the events or the error */
const given = deciderSpec(flagDecider, now);

describe("flags: decide FlagMember", () => {
  it("raises a stop flag and a warn flag, with who raised it and a trimmed message", () => {
    given().when(flag({ message: "  Fever reported by parent this morning " })).then([flagged("flag-1", "stop")]);
    given(flagged("flag-1", "stop"))
      .when(flag({ flagId: "flag-2", type: "warn", message: "Allergy action plan updated: check EpiPen" }))
      .then([flagged("flag-2", "warn", "Allergy action plan updated: check EpiPen")]);
  });

  it("keeps the note type when one is given (the screening's System Generated flag); none otherwise", () => {
    given().when(flag({ noteType: "System Generated", message: "Flagged Member" })).then([{ ...flagged("flag-1", "stop", "Flagged Member"), data: { ...flagged("flag-1", "stop", "Flagged Member").data, noteType: "System Generated" } } as FlagEvent]);
    given().when(flag({ noteType: "Automatic" })).thenRefused("VALIDATION", 400);
  });

  it("requires a message and a known type", () => {
    given().when(flag({ message: "  " })).thenRefused("VALIDATION", 400, "Message is required");
    given().when(flag({ message: undefined })).thenRefused("VALIDATION", 400, "Message is required");
    given().when(flag({ type: "red" })).thenRefused("VALIDATION", 400, "Type must be warn or stop");
    given().when(flag({ type: undefined })).thenRefused("VALIDATION", 400, "Type is required");
  });

  it("refuses a participant the handler did not find in the organization", () => {
    given().when(flag({ participantFound: false })).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
    given().when(flag({ participantFound: undefined })).thenRefused("PARTICIPANT_NOT_FOUND", 404);
  });

  it("allows one active flag per type, and a new one after the resolution", () => {
    given(flagged("flag-1", "stop")).when(flag({ flagId: "flag-2" })).thenRefused("FLAG_ALREADY_ACTIVE", 409, "This member already has an active stop flag");
    given(flagged("flag-1", "warn")).when(flag({ flagId: "flag-2", type: "warn" })).thenRefused("FLAG_ALREADY_ACTIVE", 409, "This member already has an active warn flag");
    given(flagged("flag-1", "stop"), resolved("flag-1", "stop")).when(flag({ flagId: "flag-2" })).then([flagged("flag-2", "stop")]);
  });

  it("raises a flag that records an occurrence (a pick-up override) alongside an active one of its type", () => {
    given(flagged("flag-1", "warn")).when(flag({ flagId: "flag-2", type: "warn", alongside: true })).then([flagged("flag-2", "warn")]);
  });
});

describe("flags: decide UnflagMember", () => {
  it("resolves the active flag of the type, with the reason and who resolved it", () => {
    given(flagged("flag-1", "stop"), flagged("flag-2", "warn")).when(unflag("warn", " Plan checked ")).then([resolved("flag-2", "warn", "Plan checked")]);
  });

  it("requires a message, and an active flag of that type", () => {
    given(flagged("flag-1", "stop")).when(unflag("stop", "")).thenRefused("VALIDATION", 400, "Message is required");
    given(flagged("flag-1", "stop")).when(unflag("warn")).thenRefused("FLAG_NOT_FOUND", 404, "This member has no active warn flag");
    given(flagged("flag-1", "stop"), resolved("flag-1", "stop")).when(unflag("stop")).thenRefused("FLAG_NOT_FOUND", 404);
  });
});

describe("flags: evolve", () => {
  it("keeps the active flags in the order raised; a replayed flag is kept once", () => {
    const { state } = given(flagged("flag-1", "stop"), flagged("flag-1", "stop"), flagged("flag-2", "warn"), resolved("flag-1", "stop"));
    expect(state.active.map((f) => [f.flagId, f.type])).toEqual([["flag-2", "warn"]]);
  });
});
