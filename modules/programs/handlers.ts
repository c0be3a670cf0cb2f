import { actingAsMetadata, DomainError, handleCommand, idFrom, inTurn, validationError, type Clock, type CommandMetadata, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import { isStaff, userDecider, userGroupDecider, userGroupStream, userStream, type UserEvent, type UserGroupEvent, type UserGroupState, type UserState } from "../identity";
import { loadOrganization, timeZoneOf, todayIn, type RegisteredOrganization } from "../organizations";
import { ageOn, loadParticipant } from "../participants";
import {
  programIdSchema,
  type ArchiveProgram,
  type BuildProgram,
  type CreateProgram,
  type DeleteProgram,
  type EditProgram,
  type ProgramCommand,
  type ProgramRules,
  type RegisterParticipantToProgram,
  type RegistrationFacts,
  type UnregisterParticipantFromProgram,
} from "./commands";
import { programDecider, programNotFound, type CreatedProgram, type ProgramState } from "./decide";
import { memberPlacesStreamId, programStreamId, type MemberPlaceEvent, type ProgramEvent } from "./events";
import { isIsoDate } from "./schedule";

export type ProgramDeps = {
  store: EventStore;
  clock: Clock;
  /**
   * Whether a participant exists in an organization, read from its stream (house rule 2). Optional:
   * without it the legacy registration does not check the participant.
   */
  participantInOrganization?: (organizationId: string, participantId: string) => Promise<boolean>;
  /** false: no turns in this process, only the expected revision (as separate processes race); tests use it */
  takeTurns?: boolean;
};
export type ProgramResult = CommandResult<ProgramState, ProgramEvent>;

export const programOutOfScope = () => new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);
export const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** Command scope (house rule 5): a command sent from inside an organization acts on that organization only. */
const outOfScope = (command: ProgramCommand, organizationId: string) =>
  command.metadata.organizationId !== null && command.metadata.organizationId !== organizationId;

const scopedTo = <C extends ProgramCommand>(command: C, organizationId: string): C => ({
  ...command,
  metadata: { ...command.metadata, organizationId },
});

/** The program as its stream says now, for decisions here and in other modules; null when unknown or deleted. */
export async function loadProgram(store: EventStore, programId: string): Promise<CreatedProgram | null> {
  const { state } = await store.aggregateStream<ProgramState, ProgramEvent>(programStreamId(programId), {
    initialState: programDecider.initialState,
    evolve: programDecider.evolve,
  });
  return state.status === "created" ? state : null;
}

/**
 * One program stream's commands run one at a time in this process: fifty registrations for the last
 * places then append in turn instead of retrying against each other. Other processes are kept apart by
 * the append's expected revision (handleCommand decides again on a conflict).
 */

const RETRIES = { maxRetries: 50 } as const;

/** The organization's program settings as rules (spec-1 section 3); cycle dates only when they are dates. */
export function programRulesOf(org: Pick<RegisteredOrganization, "settings">): ProgramRules & { maxPrograms: number; timeZone: string } {
  const p = org.settings.features.program;
  return {
    cycleStart: isIsoDate(p.program_cycle_start) ? p.program_cycle_start : null,
    cycleEnd: isIsoDate(p.program_cycle_end) ? p.program_cycle_end : null,
    scheduleStart: p.program_schedule_start,
    scheduleEnd: p.program_schedule_end,
    hasSaturday: p.has_saturday,
    hasSunday: p.has_sunday,
    maxPrograms: p.max_no_of_programs,
    timeZone: timeZoneOf(org.settings),
  };
}

/** The ids among `ids` that are staff users (coach and above, not the kiosk) of the organization, from their streams. */
export async function staffAmong(store: EventStore, organizationId: string, ids: readonly string[]): Promise<string[]> {
  const staff: string[] = [];
  for (const id of ids.slice(0, 50)) {
    if (typeof id !== "string" || id.trim() === "") continue;
    const { state: user } = await store.aggregateStream<UserState, UserEvent>(userStream(id.trim()), userDecider);
    if (user.status !== "active" || user.profile.organizationId !== organizationId) continue;
    const { state: group } = await store.aggregateStream<UserGroupState, UserGroupEvent>(userGroupStream(user.profile.userGroupId), userGroupDecider);
    if (group.status === "active" && isStaff(group.level)) staff.push(id.trim());
  }
  return staff;
}

const coachIdsOf = (input: unknown): string[] => {
  const ids = (input as { coach_ids?: unknown } | null)?.coach_ids;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
};

/**
 * Loads `program-{id}`, decides, appends with the revision read (handleCommand decides again on a
 * conflict). A creation needs a registered organization in scope; every other command reads the program
 * first to scope it by the program's organization (another organization's program: 404, as unknown).
 */
export async function handleProgramCommand(deps: ProgramDeps, command: ProgramCommand, options?: HandleOptions): Promise<ProgramResult> {
  const id = programIdSchema.safeParse(command.data?.programId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const streamId = programStreamId(id.data);
  if (command.type === "CreateProgram" || command.type === "BuildProgram") {
    const organizationId = command.data.organizationId;
    if (typeof organizationId !== "string" || organizationId.trim() === "") {
      return handleCommand(deps, programDecider, streamId, command, options); // decide reports the field
    }
    if (outOfScope(command, organizationId)) return { ok: false, error: programOutOfScope() };
    const org = await loadOrganization(deps.store, organizationId);
    if (!org) return { ok: false, error: organizationNotFound() };
    if (command.type === "CreateProgram") return handleCommand(deps, programDecider, streamId, scopedTo(command, organizationId), options);
    const staffIds = await staffAmong(deps.store, organizationId, coachIdsOf(command.data.input));
    const rules = { ...programRulesOf(org), staffIds, ...command.data.rules };
    return inTurn(streamId, () => handleCommand(deps, programDecider, streamId, scopedTo({ ...command, data: { ...command.data, rules } }, organizationId), options));
  }
  const program = await loadProgram(deps.store, id.data);
  if (!program) return { ok: false, error: programNotFound() };
  const { organizationId } = program;
  // from inside an organization, another organization's program is as unknown as a missing one
  if (outOfScope(command, organizationId)) return { ok: false, error: programNotFound() };
  const org = await loadOrganization(deps.store, organizationId);
  const rules = org ? programRulesOf(org) : null;
  const today = todayIn(rules?.timeZone ?? "UTC", deps.clock.now());
  let scoped: ProgramCommand = scopedTo(command, organizationId);
  switch (command.type) {
    case "EditProgram": {
      const staffIds = await staffAmong(deps.store, organizationId, coachIdsOf(command.data.input));
      scoped = { ...command, data: { ...command.data, rules: { ...(rules ?? {}), staffIds, ...command.data.rules }, today }, metadata: scoped.metadata };
      break;
    }
    case "ArchiveProgram":
    case "DeleteProgram":
      scoped = { ...command, data: { ...command.data, today }, metadata: scoped.metadata };
      break;
    case "RegisterParticipantToProgram": {
      const participantId = typeof command.data.participantId === "string" ? command.data.participantId.trim() : "";
      if (participantId && deps.participantInOrganization && !(await deps.participantInOrganization(organizationId, participantId))) {
        return { ok: false, error: participantNotFound() };
      }
      // a decision-009 program (legacy) keeps its rules: no capacity, eligibility or cycle limit
      if (command.data.facts === undefined && participantId && rules && !program.legacy) {
        const facts = await registrationFacts(deps.store, program, participantId, rules, today);
        if (facts instanceof DomainError) return { ok: false, error: facts };
        scoped = { ...command, data: { ...command.data, participantId, facts }, metadata: scoped.metadata };
      }
      break;
    }
    default:
      break;
  }
  const handle = () => handleCommand(deps, programDecider, streamId, scoped, { ...RETRIES, ...options });
  const result = deps.takeTurns === false ? await handle() : await inTurn(streamId, handle);
  if (result.ok) await recordPlaces(deps, program, result.events, command.metadata);
  return result;
}

/** The participant's age and gender, and the places they hold this cycle (their ledger stream). */
async function registrationFacts(
  store: EventStore,
  program: CreatedProgram,
  participantId: string,
  rules: ProgramRules & { maxPrograms: number },
  today: string,
): Promise<RegistrationFacts | DomainError> {
  const participant = await loadParticipant(store, participantId);
  if (!participant || participant.organizationId !== program.organizationId) return participantNotFound();
  const firstDay = program.plans[program.plans.length - 1]?.cycleStart ?? today;
  const onDay = firstDay > today ? firstDay : today;
  const age = ageOn(participant.dob, new Date(`${onDay}T12:00:00.000Z`));
  const places = await placesOf(store, participantId);
  const inCycle = [...places.entries()].filter(
    ([programId, p]) => programId !== program.programId && (!rules.cycleStart || !rules.cycleEnd || (p.cycleStart >= rules.cycleStart && p.cycleEnd <= rules.cycleEnd)),
  );
  return { age, gender: participant.gender || null, placesThisCycle: inCycle.length, maxPrograms: rules.maxPrograms };
}

/** A participant's places now: program id -> the program's cycle when the place was taken. */
export async function placesOf(store: EventStore, participantId: string): Promise<Map<string, { cycleStart: string; cycleEnd: string }>> {
  const { events } = await store.readStream<MemberPlaceEvent>(memberPlacesStreamId(participantId));
  const places = new Map<string, { cycleStart: string; cycleEnd: string }>();
  for (const e of events) {
    if (e.type === "MemberProgramPlaceTaken") places.set(e.data.programId, { cycleStart: e.data.cycleStart, cycleEnd: e.data.cycleEnd });
    else places.delete(e.data.programId);
  }
  return places;
}

/**
 * After a registration change: the participants' ledgers follow the program's stream (a place taken for
 * a registration or a waitlisting, released when they leave). Event ids derive from the command, so a
 * resend writes nothing new.
 */
async function recordPlaces(deps: ProgramDeps, program: CreatedProgram, events: readonly ProgramEvent[], meta: CommandMetadata): Promise<void> {
  const plan = program.plans[program.plans.length - 1];
  for (const event of events) {
    let change: MemberPlaceEvent | null = null;
    const { programId } = program;
    if (event.type === "ParticipantRegisteredToProgram" || event.type === "ParticipantWaitlistedForProgram") {
      change = { type: "MemberProgramPlaceTaken", data: { participantId: event.data.participantId, programId, cycleStart: plan?.cycleStart ?? "", cycleEnd: plan?.cycleEnd ?? "" } };
    } else if (event.type === "ParticipantUnregisteredFromProgram" || event.type === "ParticipantLeftProgramWaitlist") {
      change = { type: "MemberProgramPlaceReleased", data: { participantId: event.data.participantId, programId } };
    }
    if (!change) continue;
    const stream = memberPlacesStreamId(change.data.participantId);
    await deps.store.appendToStream<MemberPlaceEvent>(
      stream,
      [
        {
          ...change,
          eventId: idFrom(meta.commandId, stream, programId, change.type),
          metadata: {
            organizationId: program.organizationId,
            actorId: meta.actorId,
            commandId: meta.commandId,
            correlationId: meta.correlationId ?? meta.commandId,
            causationId: meta.causationId ?? null,
            occurredAt: deps.clock.now().toISOString(),
            ...actingAsMetadata(),
          },
        },
      ],
      { expectedRevision: "any" },
    );
  }
}

export const createProgram = (deps: ProgramDeps, command: CreateProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);
export const buildProgram = (deps: ProgramDeps, command: BuildProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);
export const editProgram = (deps: ProgramDeps, command: EditProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);
export const archiveProgram = (deps: ProgramDeps, command: ArchiveProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);
export const deleteProgram = (deps: ProgramDeps, command: DeleteProgram, options?: HandleOptions) => handleProgramCommand(deps, command, options);

export const registerParticipantToProgram = (deps: ProgramDeps, command: RegisterParticipantToProgram, options?: HandleOptions) =>
  handleProgramCommand(deps, command, options);

export const unregisterParticipantFromProgram = (deps: ProgramDeps, command: UnregisterParticipantFromProgram, options?: HandleOptions) =>
  handleProgramCommand(deps, command, options);
