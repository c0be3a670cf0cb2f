import { DomainError, handleCommand, inTurn, validationError, type Clock, type EventStore, type HandleOptions, type CommandResult } from "../kernel";
import { loadOrganization } from "../organizations";
import { participantInOrganization } from "../participants";
import { staffAmong } from "../programs";
import { eventIdSchema, type EventCommand } from "./commands";
import { eventDecider, eventNotFound, type CreatedEvent, type EventState } from "./decide";
import { appointmentStreamId, type AppointmentEvent } from "./events";

export type EventDeps = {
  store: EventStore;
  clock: Clock;
  /** false: no turns in this process, only the expected revision (as separate processes race); tests use it */
  takeTurns?: boolean;
};
export type EventResult = CommandResult<EventState, AppointmentEvent>;

export const eventOutOfScope = () => new DomainError("ORGANIZATION_SCOPE", "You do not have access to this organization", 403);
export const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** The event as its stream says now; null when unknown or deleted. */
export async function loadEvent(store: EventStore, eventId: string): Promise<CreatedEvent | null> {
  const { state } = await store.aggregateStream<EventState, AppointmentEvent>(appointmentStreamId(eventId), eventDecider);
  return state.status === "created" ? state : null;
}

/**
 * One event stream's commands run one at a time in this process (twenty registrations for the last
 * places append in turn instead of retrying against each other); other processes are kept apart by the
 * append's expected revision (handleCommand decides again on a conflict).
 */

const coachIdsOf = (input: unknown): string[] => {
  const ids = (input as { coach_ids?: unknown } | null)?.coach_ids;
  return Array.isArray(ids) ? ids.filter((x): x is string => typeof x === "string") : [];
};

const outOfScope = (command: EventCommand, organizationId: string) => command.metadata.organizationId !== null && command.metadata.organizationId !== organizationId;

/**
 * Loads `appointment-event-{id}`, decides, appends with the revision read (decided again on a conflict,
 * up to 50 times). A creation needs a registered organization in scope; every other command reads the
 * event first and scopes it by the event's organization (another organization's event: 404, as unknown).
 * The coaches asked for are checked against the users' streams; a participant to register against theirs.
 */
export async function handleEventCommand(deps: EventDeps, command: EventCommand, options?: HandleOptions): Promise<EventResult> {
  const id = eventIdSchema.safeParse(command.data?.eventId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const streamId = appointmentStreamId(id.data);
  let organizationId: string;
  if (command.type === "CreateEvent") {
    organizationId = command.data.organizationId;
    if (outOfScope(command, organizationId)) return { ok: false, error: eventOutOfScope() };
    if (!(await loadOrganization(deps.store, organizationId))) return { ok: false, error: organizationNotFound() };
  } else {
    const event = await loadEvent(deps.store, id.data);
    // from inside an organization, another organization's event is as unknown as a missing one
    if (!event || outOfScope(command, event.organizationId)) return { ok: false, error: eventNotFound() };
    organizationId = event.organizationId;
  }
  let scoped: EventCommand = { ...command, metadata: { ...command.metadata, organizationId } };
  if (command.type === "CreateEvent" || command.type === "EditEvent") {
    const staffIds = await staffAmong(deps.store, organizationId, coachIdsOf(command.data.input));
    scoped = { ...command, data: { ...command.data, rules: { staffIds, ...command.data.rules } }, metadata: scoped.metadata } as EventCommand;
  }
  if (command.type === "RegisterToEvent") {
    const participantId = typeof command.data.participantId === "string" ? command.data.participantId.trim() : "";
    if (participantId && !(await participantInOrganization(deps.store, organizationId, participantId))) return { ok: false, error: participantNotFound() };
  }
  const handle = () => handleCommand(deps, eventDecider, streamId, scoped, { maxRetries: 50, ...options });
  return deps.takeTurns === false ? handle() : inTurn(streamId, handle);
}
