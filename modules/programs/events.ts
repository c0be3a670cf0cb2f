import type { DomainEvent } from "../kernel";
import type { ProgramSchedule, ProgramType } from "./schedule";

/** What a program is: written once by `ProgramCreated` (no edits yet in this minimal module). */
export type ProgramDefinition = {
  programId: string;
  organizationId: string;
  name: string;
  type: ProgramType;
  schedule: ProgramSchedule;
  /** 'HH:mm', in the organization's time zone */
  startTime: string;
  /** 'HH:mm', after startTime (a program does not run past midnight) */
  endTime: string;
  location?: string;
};

/**
 * The events of a program's stream, `program-{id}`. Versioned by type name: a new shape gets a new
 * type. The registration events carry no organization id: it is the program's (and the metadata's).
 */
export type ProgramCreated = DomainEvent<"ProgramCreated", ProgramDefinition>;
export type ParticipantRegisteredToProgram = DomainEvent<"ParticipantRegisteredToProgram", { programId: string; participantId: string }>;
export type ParticipantUnregisteredFromProgram = DomainEvent<"ParticipantUnregisteredFromProgram", { programId: string; participantId: string }>;

export type ProgramEvent = ProgramCreated | ParticipantRegisteredToProgram | ParticipantUnregisteredFromProgram;

export const PROGRAM_EVENT_TYPES = [
  "ProgramCreated",
  "ParticipantRegisteredToProgram",
  "ParticipantUnregisteredFromProgram",
] as const satisfies readonly ProgramEvent["type"][];

export const isProgramEvent = <E extends DomainEvent>(event: E): event is E & ProgramEvent =>
  (PROGRAM_EVENT_TYPES as readonly string[]).includes(event.type);

export const PROGRAM_STREAM_PREFIX = "program-";
export const programStreamId = (programId: string) => `${PROGRAM_STREAM_PREFIX}${programId}`;
