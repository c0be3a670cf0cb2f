import { DomainError, validationError, type Decider } from "../kernel";
import {
  createProgramSchema,
  programRegistrationSchema,
  programSchema,
  type BuildProgram,
  type EditProgram,
  type ProgramCommand,
  type RegisterParticipantToProgram,
  type UnregisterParticipantFromProgram,
} from "./commands";
import type { ProgramDefinition, ProgramDetails, ProgramEvent } from "./events";
import { scheduleBounds, type Weekday } from "./schedule";
import type { SchedulePlan } from "./sessions";

export type CreatedProgram = {
  status: "created";
  programId: string;
  organizationId: string;
  details: ProgramDetails;
  /** the schedule versions, in the order they were written (decision 044) */
  plans: SchedulePlan[];
  /** the legacy program of decision 009, when it was created so (its dated schedule lives there) */
  legacy: ProgramDefinition | null;
  /** the day it was archived: no sessions after it, no new registrations */
  archivedOn: string | null;
  /** the participants registered now, in the order they registered */
  participantIds: readonly string[];
  /** the participants waiting, in the order they joined the waitlist */
  waitlist: readonly string[];
  /** whether anyone ever registered or waited (a deletion is refused then) */
  everUsed: boolean;
};

export type ProgramState = { status: "none" } | { status: "deleted"; programId: string } | CreatedProgram;

export const initialProgramState = (): ProgramState => ({ status: "none" });

export const programNotFound = () => new DomainError("PROGRAM_NOT_FOUND", "Program not found", 404);
export const programAlreadyExists = () => new DomainError("PROGRAM_ALREADY_EXISTS", "Program already exists", 409);
export const alreadyRegistered = () => new DomainError("ALREADY_REGISTERED", "This participant is already registered to this program", 409);
export const alreadyWaitlisted = () => new DomainError("ALREADY_WAITLISTED", "This participant is already on the waitlist of this program", 409);
export const notRegistered = () => new DomainError("NOT_REGISTERED", "This participant is not registered to this program", 404);
export const programArchived = () => new DomainError("PROGRAM_ARCHIVED", "This program is archived", 409);
export const programFull = () => new DomainError("PROGRAM_FULL", "This program is full.", 409);
export const programInUse = () =>
  new DomainError("PROGRAM_IN_USE", "This program has registrations or past sessions. Archive it instead.", 409);
export const notEligible = (reason: string) => new DomainError("NOT_ELIGIBLE", reason, 409);
export const programLimitReached = (max: number) =>
  new DomainError("PROGRAM_LIMIT_REACHED", `This participant is registered to ${max} program${max === 1 ? "" : "s"} this cycle, the most allowed.`, 409);

/** The details a legacy program (decision 009) reads as: no limit, everyone, no coaches, no points. */
function legacyDetails(d: ProgramDefinition): ProgramDetails {
  return {
    name: d.name,
    description: "",
    type: d.type,
    activityType: "Other",
    categoryType: "",
    ageCategory: "",
    ageMin: null,
    ageMax: null,
    genders: [],
    membersLimit: null,
    waitlist: false,
    location: d.location ?? "",
    coachIds: [],
    pointsPerSession: 0,
  };
}

function legacyPlan(d: ProgramDefinition): SchedulePlan {
  const { startDate, endDate } = scheduleBounds(d.schedule);
  const days: Weekday[] = d.schedule.kind === "weekly" ? d.schedule.days : [];
  return { from: startDate, cycleStart: startDate, cycleEnd: endDate, sessions: days.map((day) => ({ day, startTime: d.startTime, endTime: d.endTime })) };
}

const without = (ids: readonly string[], id: string) => ids.filter((x) => x !== id);

export function evolve(state: ProgramState, event: ProgramEvent): ProgramState {
  switch (event.type) {
    case "ProgramCreated":
      return {
        status: "created",
        programId: event.data.programId,
        organizationId: event.data.organizationId,
        details: legacyDetails(event.data),
        plans: [legacyPlan(event.data)],
        legacy: event.data,
        archivedOn: null,
        participantIds: [],
        waitlist: [],
        everUsed: false,
      };
    case "ProgramBuilt":
      return {
        status: "created",
        programId: event.data.programId,
        organizationId: event.data.organizationId,
        details: event.data.details,
        plans: [event.data.plan],
        legacy: null,
        archivedOn: null,
        participantIds: [],
        waitlist: [],
        everUsed: false,
      };
    case "ProgramDeleted":
      return { status: "deleted", programId: event.data.programId };
    default:
      break;
  }
  if (state.status !== "created") return state;
  switch (event.type) {
    case "ProgramEdited":
      return { ...state, details: event.data.details };
    case "ProgramScheduleChanged":
      return { ...state, plans: [...state.plans, event.data.plan] };
    case "ProgramArchived":
      return { ...state, archivedOn: event.data.on };
    case "ParticipantRegisteredToProgram":
      if (state.participantIds.includes(event.data.participantId)) return state;
      return { ...state, participantIds: [...state.participantIds, event.data.participantId], everUsed: true };
    case "ParticipantPromotedFromWaitlist":
      return {
        ...state,
        participantIds: [...without(state.participantIds, event.data.participantId), event.data.participantId],
        waitlist: without(state.waitlist, event.data.participantId),
      };
    case "ParticipantWaitlistedForProgram":
      if (state.waitlist.includes(event.data.participantId)) return state;
      return { ...state, waitlist: [...state.waitlist, event.data.participantId], everUsed: true };
    case "ParticipantUnregisteredFromProgram":
      return { ...state, participantIds: without(state.participantIds, event.data.participantId) };
    case "ParticipantLeftProgramWaitlist":
      return { ...state, waitlist: without(state.waitlist, event.data.participantId) };
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** The waiting participants that fit in the places free under `limit`, first come first. */
function promotions(programId: string, registered: number, waitlist: readonly string[], limit: number | null): ProgramEvent[] {
  const free = limit === null ? waitlist.length : Math.max(0, limit - registered);
  return waitlist.slice(0, free).map((participantId) => ({ type: "ParticipantPromotedFromWaitlist", data: { programId, participantId } }));
}

const list = (items: readonly string[]) => (items.length <= 1 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`);

/** Why a participant may not join a program (decision 044), or null. */
export function eligibilityRefusal(details: ProgramDetails, facts: { age: number | null; gender: string | null }): DomainError | null {
  const { ageMin, ageMax, genders } = details;
  if (ageMin !== null || ageMax !== null) {
    const range = ageMin !== null && ageMax !== null ? `ages ${ageMin} to ${ageMax}` : ageMin !== null ? `ages ${ageMin} and up` : `ages up to ${ageMax}`;
    if (facts.age === null) return notEligible(`This program is for ${range}; the participant has no date of birth on file.`);
    if ((ageMin !== null && facts.age < ageMin) || (ageMax !== null && facts.age > ageMax))
      return notEligible(`This program is for ${range}; the participant is ${facts.age}.`);
  }
  if (genders.length > 0) {
    if (!facts.gender) return notEligible(`This program is for ${list(genders)} participants; the participant has no gender on file.`);
    if (!genders.includes(facts.gender)) return notEligible(`This program is for ${list(genders)} participants.`);
  }
  return null;
}

function decideBuild(state: ProgramState, command: BuildProgram): ProgramEvent[] | DomainError {
  if (state.status !== "none") return programAlreadyExists();
  const parsed = programSchema(command.data.rules).safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  const { details, schedule } = parsed.data;
  const { programId, organizationId } = command.data;
  return [
    {
      type: "ProgramBuilt",
      data: { programId, organizationId, details, plan: { from: schedule.cycleStart, ...schedule }, copiedFrom: command.data.copiedFrom ?? null },
    },
  ];
}

const sameSchedule = (plan: SchedulePlan | undefined, s: Omit<SchedulePlan, "from">) =>
  !!plan && plan.cycleStart === s.cycleStart && plan.cycleEnd === s.cycleEnd && JSON.stringify(plan.sessions) === JSON.stringify(s.sessions);

function decideEdit(state: CreatedProgram, command: EditProgram): ProgramEvent[] | DomainError {
  if (state.archivedOn) return programArchived();
  const parsed = programSchema({ ...command.data.rules, registeredCount: state.participantIds.length }).safeParse(command.data.input);
  if (!parsed.success) return validationError(parsed.error);
  const { details, schedule } = parsed.data;
  const { programId } = state;
  const events: ProgramEvent[] = [];
  if (JSON.stringify(details) !== JSON.stringify(state.details)) events.push({ type: "ProgramEdited", data: { programId, details } });
  if (!sameSchedule(state.plans[state.plans.length - 1], schedule)) {
    // today's and later sessions follow the new version; the days before keep the version they met under
    const from = command.data.today > schedule.cycleStart ? command.data.today : schedule.cycleStart;
    events.push({ type: "ProgramScheduleChanged", data: { programId, plan: { from, ...schedule } } });
  }
  if (details.membersLimit !== state.details.membersLimit) events.push(...promotions(programId, state.participantIds.length, state.waitlist, details.membersLimit));
  return events;
}

function decideRegister(state: CreatedProgram, command: RegisterParticipantToProgram): ProgramEvent[] | DomainError {
  if (state.archivedOn) return programArchived();
  const parsed = programRegistrationSchema.safeParse(command.data);
  if (!parsed.success) return validationError(parsed.error);
  const { participantId } = parsed.data;
  if (state.participantIds.includes(participantId)) return alreadyRegistered();
  if (state.waitlist.includes(participantId)) return alreadyWaitlisted();
  const facts = command.data.facts;
  if (facts) {
    const refusal = eligibilityRefusal(state.details, facts);
    if (refusal) return refusal;
    if (facts.maxPrograms > 0 && facts.placesThisCycle >= facts.maxPrograms) return programLimitReached(facts.maxPrograms);
  }
  const ids = { programId: state.programId, participantId };
  const limit = state.details.membersLimit;
  if (limit === null || state.participantIds.length < limit) return [{ type: "ParticipantRegisteredToProgram", data: ids }];
  if (!state.details.waitlist) return programFull();
  return [{ type: "ParticipantWaitlistedForProgram", data: ids }];
}

function decideUnregister(state: CreatedProgram, command: UnregisterParticipantFromProgram): ProgramEvent[] | DomainError {
  const parsed = programRegistrationSchema.safeParse(command.data);
  if (!parsed.success) return validationError(parsed.error);
  const ids = { programId: state.programId, participantId: parsed.data.participantId };
  if (state.waitlist.includes(ids.participantId)) return [{ type: "ParticipantLeftProgramWaitlist", data: ids }];
  if (!state.participantIds.includes(ids.participantId)) return notRegistered();
  const left = without(state.participantIds, ids.participantId);
  return [
    { type: "ParticipantUnregisteredFromProgram", data: ids },
    ...(state.archivedOn ? [] : promotions(state.programId, left.length, state.waitlist, state.details.membersLimit)),
  ];
}

/**
 * Pure: a missing (or deleted) program is 404 and a second creation 409 first, then bad input (400
 * VALIDATION, every field's messages in details.fieldErrors), then the rules of decision 044.
 */
export function decide(state: ProgramState, command: ProgramCommand, _now: Date): ProgramEvent[] | DomainError {
  switch (command.type) {
    case "CreateProgram": {
      if (state.status !== "none") return programAlreadyExists();
      const parsed = createProgramSchema.safeParse(command.data);
      if (!parsed.success) return validationError(parsed.error);
      const { location, ...program } = parsed.data;
      return [{ type: "ProgramCreated", data: location === undefined ? program : { ...program, location } }];
    }
    case "BuildProgram":
      return decideBuild(state, command);
    default:
      break;
  }
  if (state.status !== "created") return programNotFound();
  switch (command.type) {
    case "EditProgram":
      return decideEdit(state, command);
    case "ArchiveProgram":
      if (state.archivedOn) return programArchived();
      return [{ type: "ProgramArchived", data: { programId: state.programId, on: command.data.today } }];
    case "DeleteProgram": {
      const firstDay = state.plans[0]?.cycleStart ?? "";
      if (state.everUsed || state.participantIds.length > 0 || state.waitlist.length > 0 || firstDay <= command.data.today) return programInUse();
      return [{ type: "ProgramDeleted", data: { programId: state.programId } }];
    }
    case "RegisterParticipantToProgram":
      return decideRegister(state, command);
    case "UnregisterParticipantFromProgram":
      return decideUnregister(state, command);
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const programDecider: Decider<ProgramState, ProgramCommand, ProgramEvent> = {
  initialState: initialProgramState,
  evolve,
  decide,
};
