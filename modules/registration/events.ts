import type { Auth, Services } from "../identity";
import { registerToEventCall, unregisterFromEventCall } from "../appointments";
import { timeZoneOf } from "../organizations";
import { eventOptions, eventPlacesOfParticipant } from "../../projections/appointments";
import type { SelfEventRegistrationBody } from "./commands";
import { registrableOf, registrantsOf } from "./family";

/**
 * GET /api/appointment/event/registration/options (decision 052): the events that have not ended (their
 * registrations can still change, decision 047), with counts only; the participants the caller may register.
 */
export async function eventOptionsCall(services: Services, auth: Auth) {
  const participants = await registrantsOf(services, auth);
  const data = await eventOptions(services.db, auth.organization.id, services.clock.now());
  return {
    data,
    count: data.length,
    participants,
    subtitle: auth.organization.settings.features.event.event_subtitle ?? "",
    time_zone: timeZoneOf(auth.organization.settings),
  };
}

/** GET /api/appointment/event/registration/participant/{id}: the participant's registrations to events not ended. */
export async function participantEventsCall(services: Services, auth: Auth, participantId: string | undefined) {
  const participant = await registrableOf(services, auth, participantId);
  const data = await eventPlacesOfParticipant(services.db, auth.organization.id, participant.id, services.clock.now());
  return { participant, data, count: data.length };
}

/** POST /api/appointment/event/registration/participant/{id}: the staff call's decider (capacity, no double, not ended), the caller as actor. */
export async function selfRegisterToEvent(services: Services, auth: Auth, participantId: string | undefined, body: SelfEventRegistrationBody, request: Request) {
  const participant = await registrableOf(services, auth, participantId);
  const answer = await registerToEventCall(services, auth, body.event_id, { participant_id: participant.id, command_id: body.command_id }, request);
  return { ...answer, data: { ...answer.data, event_id: body.event_id } };
}

/** DELETE /api/appointment/event/registration/participant/{id}/{eventId} (until the event ends). */
export async function selfWithdrawFromEvent(services: Services, auth: Auth, participantId: string | undefined, eventId: string | undefined, request: Request) {
  const participant = await registrableOf(services, auth, participantId);
  return unregisterFromEventCall(services, auth, eventId, participant.id, request);
}
