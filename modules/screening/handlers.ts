import { flagMember } from "../flags";
import { evolveGuardians, guardianIdsOf, guardiansStream, initialGuardianState, type GuardianEvent } from "../family/client";
import { DomainError, handleCommand, idFrom, type Clock, type CommandMetadata, type EventStore } from "../kernel";
import { DEFAULT_TIME_ZONE, loadOrganization, timeZoneOf, todayIn } from "../organizations";
import { loadParticipant } from "../participants";
import type { DailyScreeningCommand, ScreeningActor, ScreeningFacts, SetScreeningQuestions } from "./commands";
import { dailyScreeningDecider, mayFillFor, questionsDecider, type DailyScreeningState, type QuestionsState } from "./decide";
import { dailyScreeningStream, screeningQuestionsStream, type DailyScreeningEvent, type ScreeningQuestion, type ScreeningQuestionsEvent } from "./events";
import { DEFAULT_SCREENING_QUESTIONS } from "./questions";

export type ScreeningDeps = { store: EventStore; clock: Clock };

/** The message and note type of the flag a failed screening raises (spec-2 section 2: the 'Flagged Member' system note). */
export const SCREENING_FLAG = { message: "Flagged Member", noteType: "System Generated", flaggedByName: "System Generated" } as const;

/**
 * The organization's calendar day ('YYYY-MM-DD') at `now`, in its time zone (docs/decisions/032): a
 * decision passes the zone read from the organization's stream, a page the one of its read model.
 */
export const screeningDay = (now: Date, timeZone: string = DEFAULT_TIME_ZONE) => todayIn(timeZone, now);

/** The organization's questions from its stream; the default ones until an admin sets them. */
export async function loadQuestions(store: EventStore, organizationId: string): Promise<ScreeningQuestion[]> {
  const { state } = await store.aggregateStream<QuestionsState, ScreeningQuestionsEvent>(screeningQuestionsStream(organizationId), {
    initialState: questionsDecider.initialState,
    evolve: questionsDecider.evolve,
  });
  return state.questions ?? DEFAULT_SCREENING_QUESTIONS;
}

/** A participant's day of screening, from its stream. */
export async function loadDailyScreening(store: EventStore, participantId: string, day: string): Promise<DailyScreeningState> {
  const { state } = await store.aggregateStream<DailyScreeningState, DailyScreeningEvent>(dailyScreeningStream(participantId, day), {
    initialState: dailyScreeningDecider.initialState,
    evolve: dailyScreeningDecider.evolve,
  });
  return state;
}

/**
 * The check-in gate's screening fact, from the streams (house rule 2): whether the organization
 * requires the daily screening, and whether the participant's screening of the organization's day at
 * `at` (the check-in's time) is filled, that day taken in the time zone of the organization's stream by
 * this server's rules, as a screening's own day is (decision 135: not from the day bounds a device sent,
 * which its own time-zone rules drew). A declined day is not filled; a failed one is filled, and its stop
 * flag blocks instead.
 */
export async function loadScreeningFact(store: EventStore, organizationId: string, participantId: string, at: string | Date): Promise<{ required: boolean; filled: boolean }> {
  const organization = await loadOrganization(store, organizationId);
  const required = organization?.settings.is_daily_screening_form === true;
  if (!required) return { required, filled: false };
  const state = await loadDailyScreening(store, participantId, screeningDay(new Date(at), timeZoneOf(organization?.settings)));
  return { required, filled: state.status === "filled" };
}

/** Replace the organization's questions (admin and above). */
export const setScreeningQuestions = (deps: ScreeningDeps, command: SetScreeningQuestions) =>
  handleCommand(deps, questionsDecider, screeningQuestionsStream(command.metadata.organizationId ?? "none"), command);

/** The facts of a screening decision, and the organization's day at `now` in the zone of its stream. */
async function loadFacts(store: EventStore, organizationId: string, participantId: string, actor: ScreeningActor, now: Date): Promise<ScreeningFacts & { day: string }> {
  const [participant, organization, questions, guardians] = await Promise.all([
    loadParticipant(store, participantId),
    loadOrganization(store, organizationId),
    loadQuestions(store, organizationId),
    store.readStream<GuardianEvent>(guardiansStream(participantId)),
  ]);
  const guardianState = guardians.events.reduce(evolveGuardians, initialGuardianState());
  return {
    day: screeningDay(now, timeZoneOf(organization?.settings)),
    participant: participant
      ? { participantId: participant.participantId, organizationId: participant.organizationId, name: `${participant.firstName} ${participant.lastName}`.trim(), guardianIds: guardianIdsOf(guardianState, participant.parentId), userId: participant.userId }
      : null,
    actor,
    screeningOn: organization?.settings.is_daily_screening_form === true,
    questions,
  };
}

export type ScreeningRequest = { participantId: string; actor: ScreeningActor } & ({ kind: "fill"; answers: unknown } | { kind: "decline" });

export type ScreeningOutcome = { participantId: string; day: string; state: DailyScreeningState; flagged: boolean; position: number };

/**
 * Fill or decline today's screening of a participant: facts from the streams, decide, append. A fill
 * with a 'YES' raises a stop flag through the flags module; the flag id and the flag command's id
 * derive from the screening command id, so a resent screening raises nothing twice.
 */
export async function submitScreening(deps: ScreeningDeps, request: ScreeningRequest, metadata: CommandMetadata & { organizationId: string }): Promise<ScreeningOutcome> {
  const { day, ...facts } = await loadFacts(deps.store, metadata.organizationId, String(request.participantId ?? ""), request.actor, deps.clock.now());
  const participantId = String(request.participantId ?? "");
  const stream = dailyScreeningStream(participantId.trim(), day);
  const command: DailyScreeningCommand =
    request.kind === "fill"
      ? { type: "FillScreening", data: { participantId, day, answers: request.answers, flagId: idFrom(metadata.commandId, "screening-flag", participantId), facts }, metadata }
      : { type: "DeclineScreening", data: { participantId, day, facts }, metadata };
  const result = await handleCommand(deps, dailyScreeningDecider, stream, command);
  if (!result.ok) throw result.error;
  let position = Math.max(0, ...result.events.map((e) => e.position));
  let flagged = false;
  const filled = result.events.find((e) => e.type === "DailyScreeningFilled");
  if (filled && filled.type === "DailyScreeningFilled" && filled.data.failed && filled.data.flagId) {
    const raised = await raiseScreeningFlag(deps, filled.data.participantId, filled.data.flagId, metadata);
    flagged = true;
    position = Math.max(position, raised);
  }
  return { participantId: participantId.trim(), day, state: result.state, flagged, position };
}

/** The stop flag of a failed screening; an active stop flag already there is enough. Returns the event position. */
async function raiseScreeningFlag(deps: ScreeningDeps, participantId: string, flagId: string, metadata: CommandMetadata & { organizationId: string }): Promise<number> {
  const commandId = idFrom("screening-flag", flagId);
  const result = await flagMember(deps, {
    type: "FlagMember",
    data: { flagId, participantId, type: "stop", message: SCREENING_FLAG.message, flaggedByName: SCREENING_FLAG.flaggedByName, noteType: SCREENING_FLAG.noteType },
    metadata: { commandId, organizationId: metadata.organizationId, actorId: metadata.actorId, correlationId: metadata.correlationId ?? metadata.commandId, causationId: metadata.commandId },
  });
  if (result.ok) return Math.max(0, ...result.events.map((e) => e.position));
  if (result.error.code === "FLAG_ALREADY_ACTIVE") return 0;
  throw result.error;
}

/**
 * POST /api/note/flag/screening: make sure today's failed screening of the participant has raised its
 * stop flag (the flag is a second append after the screening's: this call finishes one that was cut
 * short). Nothing is raised twice. Refused when today's screening is not a failed one.
 */
export async function ensureScreeningFlag(deps: ScreeningDeps, participantId: string, actor: ScreeningActor, metadata: CommandMetadata & { organizationId: string }) {
  const { day, ...facts } = await loadFacts(deps.store, metadata.organizationId, participantId, actor, deps.clock.now());
  const p = facts.participant;
  if (!p || p.organizationId !== metadata.organizationId) throw new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
  const allowed = mayFillFor(actor, p);
  if (allowed instanceof DomainError) throw allowed;
  const state = await loadDailyScreening(deps.store, participantId, day);
  if (state.status !== "filled" || !state.failed || !state.flagId) {
    throw new DomainError("SCREENING_NOT_FAILED", `Today's screening of ${p.name} has no YES answer`, 409);
  }
  const position = await raiseScreeningFlag(deps, participantId, state.flagId, metadata);
  return { day, flagId: state.flagId, position };
}
