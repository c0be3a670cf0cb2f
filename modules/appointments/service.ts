import { commandIdOf, type Auth, type Services } from "../identity";
import { idFrom } from "../kernel";
import { eventById, eventList, eventRegistrations } from "../../projections/appointments";
import { waitForProjection } from "../../projections/runner";
import type { EventCommand, EventListQuery } from "./commands";
import { eventNotFound } from "./decide";
import { handleEventCommand } from "./handlers";

/** The generic success messages (spec-1 section 7) and the registration and attendance answers (decision 047). */
export const EVENT_TOASTS = {
  created: "Event successfully created",
  updated: "Event successfully updated",
  deleted: "Event successfully deleted",
  registered: "Registration successfully created",
  unregistered: "Registration successfully deleted",
  attendance: "Attendance successfully updated",
} as const;

const metadataOf = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;

/** Handle, refuse as a DomainError, and wait until the read model shows the change (read your writes). */
async function run(services: Services, command: EventCommand) {
  const result = await handleEventCommand({ store: services.store, clock: services.clock }, command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "appointments", { atLeast: position });
  return result;
}

/** The event of the caller's organization as the calls answer it; 404 for an unknown or foreign one. */
export async function eventOf(services: Services, auth: Auth, eventId: string | undefined) {
  const row = eventId ? await eventById(services.db, auth.organization.id, eventId) : null;
  if (!row) throw eventNotFound();
  return row;
}

const written = async (services: Services, auth: Auth, eventId: string) => (await eventById(services.db, auth.organization.id, eventId)) ?? { id: eventId };

/** GET /api/appointment/event */
export const eventsOf = (services: Services, auth: Auth, query: EventListQuery) => eventList(services.db, auth.organization.id, query, services.clock.now());

/** POST /api/appointment/event: the id derives from the request's idempotency key, so a resend creates it once. */
export async function createEventCall(services: Services, auth: Auth, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  const eventId = idFrom("appointment-event", auth.organization.id, commandId);
  await run(services, { type: "CreateEvent", data: { eventId, organizationId: auth.organization.id, input: body, rules: {} }, metadata: metadataOf(auth, commandId) });
  return { message: EVENT_TOASTS.created, data: await written(services, auth, eventId) };
}

/** PUT /api/appointment/event/{id}: every field, as POST. */
export async function updateEventCall(services: Services, auth: Auth, eventId: string | undefined, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  await run(services, { type: "EditEvent", data: { eventId: eventId ?? "", input: body, rules: {} }, metadata: metadataOf(auth, commandId) });
  return { message: EVENT_TOASTS.updated, data: await written(services, auth, eventId ?? "") };
}

/** DELETE /api/appointment/event/{id}: refused once attendance is recorded. */
export async function deleteEventCall(services: Services, auth: Auth, eventId: string | undefined, request: Request) {
  await run(services, { type: "DeleteEvent", data: { eventId: eventId ?? "" }, metadata: metadataOf(auth, commandIdOf(auth, request)) });
  return { message: EVENT_TOASTS.deleted };
}

/** GET /api/appointment/event/{id}/registration: who is registered, in order, with their attendance. */
export async function eventRosterOf(services: Services, auth: Auth, eventId: string | undefined) {
  await eventOf(services, auth, eventId);
  return eventRegistrations(services.db, auth.organization.id, eventId ?? "");
}

/** POST /api/appointment/event/{id}/registration */
export async function registerToEventCall(services: Services, auth: Auth, eventId: string | undefined, body: { participant_id: string; command_id?: unknown }, request: Request) {
  const commandId = commandIdOf(auth, request, body.command_id);
  await run(services, { type: "RegisterToEvent", data: { eventId: eventId ?? "", participantId: body.participant_id }, metadata: metadataOf(auth, commandId) });
  return { message: EVENT_TOASTS.registered, data: { participant_id: body.participant_id, status: "registered" } };
}

/** DELETE /api/appointment/event/{id}/registration/{participantId} */
export async function unregisterFromEventCall(services: Services, auth: Auth, eventId: string | undefined, participantId: string | undefined, request: Request) {
  await run(services, {
    type: "UnregisterFromEvent",
    data: { eventId: eventId ?? "", participantId: participantId ?? "" },
    metadata: metadataOf(auth, commandIdOf(auth, request)),
  });
  return { message: EVENT_TOASTS.unregistered };
}

/** PUT /api/appointment/event/{id}/attendance: present or absent for registered participants, once it has started. */
export async function eventAttendanceCall(services: Services, auth: Auth, eventId: string | undefined, body: unknown, request: Request) {
  const commandId = commandIdOf(auth, request, bodyKey(body));
  await run(services, { type: "MarkEventAttendance", data: { eventId: eventId ?? "", input: body }, metadata: metadataOf(auth, commandId) });
  return { message: EVENT_TOASTS.attendance, data: await written(services, auth, eventId ?? "") };
}
