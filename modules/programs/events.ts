import type { DomainEvent } from "../kernel";
import type { ProgramSchedule, ProgramType } from "./schedule";
import type { SchedulePlan, WeeklySession } from "./sessions";

/** What a program was under decision 009: written once by the legacy `ProgramCreated`. */
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

/** A program as the builder describes it (decision 044); the schedule is kept apart, in versions. */
export type ProgramDetails = {
  name: string;
  description: string;
  type: ProgramType;
  activityType: string;
  categoryType: string;
  ageCategory: string;
  ageMin: number | null;
  ageMax: number | null;
  /** the genders it is for; empty: everyone */
  genders: string[];
  /** null: no limit */
  membersLimit: number | null;
  /** whether a full program keeps a waitlist */
  waitlist: boolean;
  location: string;
  coachIds: string[];
  /** points per attended session; 0: none */
  pointsPerSession: number;
};

/** The schedule part of a program: its cycle and weekly sessions. */
export type ProgramScheduleInput = { cycleStart: string; cycleEnd: string; sessions: WeeklySession[] };

type Ids = { programId: string; participantId: string };

/**
 * The events of a program's stream, `program-{id}`. Versioned by type name: a new shape gets a new
 * type. The registration events carry no organization id: it is the program's (and the metadata's).
 */
export type ProgramCreated = DomainEvent<"ProgramCreated", ProgramDefinition>;
export type ProgramBuilt = DomainEvent<
  "ProgramBuilt",
  { programId: string; organizationId: string; details: ProgramDetails; plan: SchedulePlan; copiedFrom: string | null }
>;
export type ProgramEdited = DomainEvent<"ProgramEdited", { programId: string; details: ProgramDetails }>;
/** a new schedule version, applying from `plan.from` (the organization's day of the edit) */
export type ProgramScheduleChanged = DomainEvent<"ProgramScheduleChanged", { programId: string; plan: SchedulePlan }>;
/** no sessions after `on`, no new registrations */
export type ProgramArchived = DomainEvent<"ProgramArchived", { programId: string; on: string }>;
export type ProgramDeleted = DomainEvent<"ProgramDeleted", { programId: string }>;
export type ParticipantRegisteredToProgram = DomainEvent<"ParticipantRegisteredToProgram", Ids>;
export type ParticipantUnregisteredFromProgram = DomainEvent<"ParticipantUnregisteredFromProgram", Ids>;
export type ParticipantWaitlistedForProgram = DomainEvent<"ParticipantWaitlistedForProgram", Ids>;
export type ParticipantPromotedFromWaitlist = DomainEvent<"ParticipantPromotedFromWaitlist", Ids>;
export type ParticipantLeftProgramWaitlist = DomainEvent<"ParticipantLeftProgramWaitlist", Ids>;

export type ProgramEvent =
  | ProgramCreated
  | ProgramBuilt
  | ProgramEdited
  | ProgramScheduleChanged
  | ProgramArchived
  | ProgramDeleted
  | ParticipantRegisteredToProgram
  | ParticipantUnregisteredFromProgram
  | ParticipantWaitlistedForProgram
  | ParticipantPromotedFromWaitlist
  | ParticipantLeftProgramWaitlist;

export const PROGRAM_EVENT_TYPES = [
  "ProgramCreated",
  "ProgramBuilt",
  "ProgramEdited",
  "ProgramScheduleChanged",
  "ProgramArchived",
  "ProgramDeleted",
  "ParticipantRegisteredToProgram",
  "ParticipantUnregisteredFromProgram",
  "ParticipantWaitlistedForProgram",
  "ParticipantPromotedFromWaitlist",
  "ParticipantLeftProgramWaitlist",
] as const satisfies readonly ProgramEvent["type"][];

export const isProgramEvent = <E extends DomainEvent>(event: E): event is E & ProgramEvent =>
  (PROGRAM_EVENT_TYPES as readonly string[]).includes(event.type);

export const PROGRAM_STREAM_PREFIX = "program-";
export const programStreamId = (programId: string) => `${PROGRAM_STREAM_PREFIX}${programId}`;

/**
 * A participant's places in programs (`programmember-{participantId}`), for the organization's
 * max_no_of_programs: written by the handler after each registration change of the program's stream.
 */
export type MemberPlaceTaken = DomainEvent<"MemberProgramPlaceTaken", { participantId: string; programId: string; cycleStart: string; cycleEnd: string }>;
export type MemberPlaceReleased = DomainEvent<"MemberProgramPlaceReleased", { participantId: string; programId: string }>;
export type MemberPlaceEvent = MemberPlaceTaken | MemberPlaceReleased;
export const memberPlacesStreamId = (participantId: string) => `programmember-${participantId}`;
