import type { DomainEvent } from "../kernel";

export const FLAG_TYPES = ["stop", "warn"] as const;
/** stop: blocks check-in and check-out (red); warn: a yellow reminder, 'Take Caution' (spec-2 section 4). */
export type FlagType = (typeof FLAG_TYPES)[number];

export type MemberFlaggedData = {
  flagId: string;
  participantId: string;
  organizationId: string;
  type: FlagType;
  message: string;
  flaggedBy: string | null;
  flaggedByName: string;
  /**
   * The note the flag shows as (spec-2 section 1). Absent means "Manual Flag" for a stop flag and
   * "Manual Warn Flag" for a warn flag; the daily screening raises "System Generated" ('Flagged Member').
   */
  noteType?: FlagNoteType;
};

export const FLAG_NOTE_TYPES = ["Manual Flag", "Manual Warn Flag", "System Generated"] as const;
export type FlagNoteType = (typeof FLAG_NOTE_TYPES)[number];

export type MemberFlagResolvedData = {
  flagId: string;
  participantId: string;
  type: FlagType;
  /** the reason given on the 'Resolve Flag' dialog */
  message: string;
  resolvedBy: string | null;
};

/** The events of a participant's flag stream, `flags-{participantId}`. Versioned by type name. */
export type MemberFlagged = DomainEvent<"MemberFlagged", MemberFlaggedData>;
export type MemberFlagResolved = DomainEvent<"MemberFlagResolved", MemberFlagResolvedData>;

export type FlagEvent = MemberFlagged | MemberFlagResolved;

export const FLAG_EVENT_TYPES = ["MemberFlagged", "MemberFlagResolved"] as const satisfies readonly FlagEvent["type"][];

export const isFlagEvent = <E extends DomainEvent>(event: E): event is E & FlagEvent => (FLAG_EVENT_TYPES as readonly string[]).includes(event.type);

export const FLAG_STREAM_PREFIX = "flags-";
export const flagStreamId = (participantId: string) => `${FLAG_STREAM_PREFIX}${participantId}`;
