import { z } from "zod";
import { checkInOrOut, eligibility, MAX_DAY_HOURS, MAX_DAY_MS, memberCheckInOn, OVERRIDE_REASON_MAX, refusals, type CheckInDeps, type CheckInRequest, type FactSources, type PickUpRequest } from "#modules/check-in";
import { loadActiveFlags } from "#modules/flags";
import { userDecider, userStream, type UserEvent, type UserState } from "#modules/identity";
import { DomainError, type CommandMetadata, type EventStore } from "#modules/kernel";
import { loadParticipant, MEMBER_ID_MIN_LENGTH, normalizeMemberId, pickUpPeople, resolveMemberId } from "#modules/participants";
import { loadScreeningFact } from "#modules/screening";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { commandMetadataOf } from "./idempotency.server";
import { isKiosk } from "#modules/identity";

/** A linked parent's full name, from their user's stream (null: no such user). */
async function parentNameOf(store: EventStore, userId: string): Promise<string | null> {
  const { state } = await store.aggregateStream<UserState, UserEvent>(userStream(userId), { initialState: userDecider.initialState, evolve: userDecider.evolve });
  return state.status === "active" ? `${state.profile.firstName} ${state.profile.lastName}`.trim() : null;
}

/**
 * The facts a check-in decision reads from other streams: the participant, its active stop flag, and
 * the daily screening of the day (modules/screening). For a check-out, the people the child may be
 * released to (the profile's parent or primary contact and pick-up contacts; the parent's name from
 * their user).
 */
export const factSources = (services: AppServices): FactSources => ({
  async participant(participantId, options = {}) {
    const p = await loadParticipant(services.store, participantId);
    const parentName = p?.parentId && options.pickUp ? await parentNameOf(services.store, p.parentId) : null;
    return p
      ? {
          participantId: p.participantId,
          organizationId: p.organizationId,
          memberId: p.memberId,
          firstName: p.firstName,
          lastName: p.lastName,
          status: p.status,
          waiverSigned: p.waiverSigned,
          pickUpPermission: p.pickUpPermission,
          pickUpPeople: options.pickUp ? pickUpPeople({ ...p, parentName }) : [],
        }
      : null;
  },
  // read from the flag stream: a stop flag raised a second ago blocks this check-in (house rule 2)
  stopFlag: async (participantId) => (await loadActiveFlags(services.store, participantId)).stop,
  // today's screening from its stream (the organization's day, in the zone of its stream, at the middle of the check-in's day bounds)
  screening: (organizationId, participantId, day) => loadScreeningFact(services.store, organizationId, participantId, day),
});

export const deps = (services: AppServices): CheckInDeps => ({ store: services.store, clock: services.clock, facts: factSources(services) });

const iso = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .min(1, `${label} is required`)
    .refine((v) => !Number.isNaN(Date.parse(v)), `${label} must be a date and time`);
const optionalText = z.string().trim().max(200, "Pick-up details must be at most 200 characters").optional();
/** An authorised pick-up person's id, as GET /api/participant/{id} lists them in `pick_up_people`. */
const personId = z.string({ error: "Pick Up Person must be an id" }).trim().max(200, "Pick Up Person must be an id").optional();
/** A staff override's reason (docs/decisions/026): required with a typed person, trimmed, bounded. */
const overrideReason = z
  .string({ error: "Override Reason must be text" })
  .trim()
  .max(OVERRIDE_REASON_MAX, `Override Reason must be at most ${OVERRIDE_REASON_MAX} characters`)
  .optional();

const dayBounds = z
  .object({ start: iso("Start"), end: iso("End") })
  .refine((d) => Date.parse(d.end) > Date.parse(d.start), { message: "End must be after Start" })
  .refine((d) => Date.parse(d.end) - Date.parse(d.start) <= MAX_DAY_MS, { message: `A day spans at most ${MAX_DAY_HOURS} hours` });

export const singleSchema = z
  .object({
    memberId: z.string({ error: "Member ID is required" }).trim().min(1, "Member ID is required"),
    type: z.enum(["in", "out"], { error: "Type must be in or out" }),
    time: iso("Time").optional(),
    start: iso("Start"),
    end: iso("End"),
    pick_up_name: optionalText,
    pick_up_contact_number: optionalText,
    pick_up_relationship: optionalText,
    pick_up_person_id: personId,
    override_reason: overrideReason,
    command_id: z.string().trim().min(8).max(100).optional(),
  })
  .and(dayBounds);

export const bulkSchema = z.object({
  type: z.enum(["in", "out"], { error: "Type must be in or out" }),
  data: z
    .array(
      z.object({ participant_id: z.string().uuid("Participant ID must be an id"), check_in_time: iso("Check In Time").optional(), start: iso("Start"), end: iso("End") }).and(dayBounds),
      { error: "Data is required" },
    )
    .min(1, "Data is required")
    .max(200, "At most 200 members at once"),
  command_id: z.string().trim().min(8).max(100).optional(),
});

export const checkOutSchema = z.object({
  check_out_time: iso("Check Out Time").optional(),
  pick_up_name: optionalText,
  pick_up_contact_number: optionalText,
  pick_up_relationship: optionalText,
  pick_up_person_id: personId,
  override_reason: overrideReason,
  start: iso("Start").optional(),
  end: iso("End").optional(),
  command_id: z.string().trim().min(8).max(100).optional(),
});

/** The pick-up fields of a check-out body, for the command (the server fills the person's details from the profile). */
export const pickUpOf = (body: {
  pick_up_person_id?: string;
  pick_up_name?: string;
  pick_up_contact_number?: string;
  pick_up_relationship?: string;
  override_reason?: string;
}): PickUpRequest => ({
  pickUpPersonId: body.pick_up_person_id,
  pickUpName: body.pick_up_name,
  pickUpContactNumber: body.pick_up_contact_number,
  pickUpRelationship: body.pick_up_relationship,
  overrideReason: body.override_reason,
});

/** Where a check-in comes from: the kiosk role is the kiosk, whatever the body says; else staff. */
export const sourceOf = (auth: Auth) => (isKiosk(auth.user.roleLevel) ? ("kiosk" as const) : ("staff" as const));

/** The command id: the kiosk's own (header or body) so a resend is recognised, else a new one. */
export function commandMetadata(auth: Auth, request: Request, bodyId?: string): CommandMetadata & { organizationId: string } {
  return commandMetadataOf(auth, request, bodyId);
}

/** A Member ID to its participant, or the spec-style 404. */
export async function participantIdFor(services: AppServices, memberId: string): Promise<string> {
  const normalized = normalizeMemberId(memberId);
  if (normalized.length < MEMBER_ID_MIN_LENGTH) throw new DomainError("VALIDATION", `Member ID must be at least ${MEMBER_ID_MIN_LENGTH} characters`, 400);
  const id = await resolveMemberId(services.store, normalized);
  if (!id) throw new DomainError("MEMBER_NOT_FOUND", `No member with ID ${normalized}`, 404);
  return id;
}

/**
 * The organization's is_member_check_in_or_out switch (docs/decisions/031): off, no member is checked in
 * or out through any call (single, check-out, bulk, the kiosk's, the eligibility question): 403
 * MEMBER_CHECK_IN_OFF. The same predicate hides the board's buttons and the sidebar's.
 */
export function requireMemberCheckIn(auth: Auth): void {
  if (!memberCheckInOn(auth.organization.settings)) throw refusals.memberCheckInOff();
}

export async function runCheckIn(services: AppServices, auth: Auth, request: CheckInRequest, metadata: CommandMetadata & { organizationId: string }) {
  requireMemberCheckIn(auth);
  const result = await checkInOrOut(deps(services), { ...request, actorName: `${auth.user.firstName} ${auth.user.lastName}`.trim() }, metadata);
  if (!result.ok) throw result.error;
  return result;
}

export function checkEligibility(services: AppServices, auth: Auth, request: CheckInRequest) {
  requireMemberCheckIn(auth);
  return eligibility(deps(services), request, auth.organization.id);
}
