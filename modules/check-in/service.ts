import { loadActiveFlags } from "../flags";
import { applyFieldPolicy, commandMetadataOf, type HeaderSource, fieldRoleOfAuth, isKiosk, PERMISSIONS, roleFlags, userDecider, userStream, type Auth, type Services, type UserEvent, type UserState } from "../identity";
import { DomainError, idFrom, isDomainError, type CommandMetadata, type EventStore } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { loadParticipant, MEMBER_ID_MIN_LENGTH, normalizeMemberId, pickUpPeople, resolveMemberId } from "../participants";
import { loadScreeningFact } from "../screening";
import { boardForDay, checkInExportPage, visitById } from "../../projections/check-in";
import { activeFlagsOf } from "../../projections/flags";
import { programsWithMembersOn } from "../../projections/programs";
import { waitForProjection } from "../../projections/runner";
import { CHECK_IN_TEXT, MAX_DAY_MS, mayCheckMembersInOut, memberCheckInOn, securityCodesOn, travelsIndependently, type CheckInViewer } from "./client";
import type { BoardQuery, BulkCheckInBody, CheckInBody, CheckOutBody, EligibilityBody } from "./commands";
import { refusals } from "./decide";
import { checkInOrOut, eligibility, type CheckInDeps, type CheckInRequest } from "./handlers";
import type { PickUpRequest } from "./pick-up-rule";
import type { FactSources } from "./rules-context";
import { withClaimAttempts } from "./claim-attempts";
import { currentWaiverVersionId, signedVersionOf } from "../participants";

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
export const factSources = (services: Pick<Services, "store">): FactSources => ({
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
          // decision 100: a signature of an older waiver text asks for a new one, and blocks until then
          waiverSigned: p.waiverSigned && signedVersionOf(p.waiverVersion) === (await currentWaiverVersionId(services.store, p.organizationId)),
          pickUpPermission: p.pickUpPermission,
          pickUpPeople: options.pickUp ? pickUpPeople({ ...p, parentName }) : [],
        }
      : null;
  },
  // read from the flag stream: a stop flag raised a second ago blocks this check-in (house rule 2)
  stopFlag: async (participantId) => (await loadActiveFlags(services.store, participantId)).stop,
  // the screening from its stream: the organization's day (in the zone of its stream) at the check-in's time (decision 135)
  screening: (organizationId, participantId, at) => loadScreeningFact(services.store, organizationId, participantId, at),
});

export const checkInDeps = (services: Pick<Services, "store" | "clock">): CheckInDeps => ({ store: services.store, clock: services.clock, facts: factSources(services) });

/** The pick-up fields of a check-out body, for the command (the server fills the person's details from the profile). */
export const pickUpOf = (body: {
  pick_up_person_id?: string;
  pick_up_name?: string;
  pick_up_contact_number?: string;
  pick_up_relationship?: string;
  override_reason?: string;
  claim_code?: string;
}): PickUpRequest & { claimCode?: string } => ({
  pickUpPersonId: body.pick_up_person_id,
  pickUpName: body.pick_up_name,
  pickUpContactNumber: body.pick_up_contact_number,
  pickUpRelationship: body.pick_up_relationship,
  overrideReason: body.override_reason,
  claimCode: body.claim_code,
});

/** The organization's security codes (docs/decisions/036): its time zone names the code's day; undefined when off. */
export const securityCodesOf = (auth: Auth) =>
  securityCodesOn(auth.organization.settings) ? { timeZone: timeZoneOf(auth.organization.settings) } : undefined;

/** Where a check-in comes from: the kiosk role is the kiosk, whatever the body says; else staff. */
export const sourceOf = (auth: Auth) => (isKiosk(auth.user.roleLevel) ? ("kiosk" as const) : ("staff" as const));

/** A Member ID to its participant, or the spec-style 404. */
export async function participantIdFor(services: Pick<Services, "store">, memberId: string): Promise<string> {
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

/** One decision and its events, by the signed-in user; a refusal is thrown as its DomainError. */
export async function runCheckIn(services: Services, auth: Auth, request: CheckInRequest, metadata: CommandMetadata & { organizationId: string }) {
  requireMemberCheckIn(auth);
  const claimCode = request.source === "kiosk" ? request.claimCode : undefined;
  return withClaimAttempts(services, auth.organization.id, request.participantId, claimCode, async () => {
    const result = await checkInOrOut(
      checkInDeps(services),
      { ...request, actorName: `${auth.user.firstName} ${auth.user.lastName}`.trim(), securityCodes: securityCodesOf(auth) },
      metadata,
    );
    if (!result.ok) throw result.error;
    return result;
  });
}

const isUuid = (id: string) => /^[0-9a-f-]{36}$/i.test(id);

/**
 * The day's board (members not yet checked out; `all=true` adds those who left) with the day's programs,
 * each with its registered members, and the members with an active flag; or the paged JSON export
 * (CAN_EXPORT_CHECK_IN_MEMBERS). Rows carry the fields the caller's role may see (decision 027: the
 * kiosk gets no pick-up details).
 */
export async function checkInList(services: Services, auth: Auth, q: BoardQuery) {
  const role = fieldRoleOfAuth(auth);
  if (q.type === "export") {
    if (!auth.user.permissionIds.includes("CAN_EXPORT_CHECK_IN_MEMBERS")) throw new DomainError("FORBIDDEN", "You do not have permission to export check-ins.", 403);
    const page = await checkInExportPage(services.db, auth.organization.id, q.page, q.size);
    return { ...page, data: page.data.map((row) => applyFieldPolicy(role, row)) };
  }
  const middle = new Date((Date.parse(q.start) + Date.parse(q.end)) / 2);
  const [data, programs, flags] = await Promise.all([
    boardForDay(services.db, auth.organization.id, { start: q.start, end: q.end, search: q.search, notYetCheckedOut: q.all !== "true" }),
    programsWithMembersOn(services.db, auth.organization.id, todayIn(timeZoneOf(auth.organization.settings), middle)),
    activeFlagsOf(services.db, auth.organization.id),
  ]);
  return { data: data.map((row) => applyFieldPolicy(role, row)), count: data.length, additional_info: { programs, flags } };
}

/**
 * One member in or out by Member ID. A child an adult picks up is released only to a person of their
 * list, by id, or by staff to someone else with an override reason (docs/decisions/026); never from the kiosk.
 */
export async function checkIn(services: Services, auth: Auth, body: CheckInBody, request: HeaderSource) {
  requireMemberCheckIn(auth);
  const participantId = await participantIdFor(services, body.memberId);
  const result = await runCheckIn(
    services,
    auth,
    { participantId, type: body.type, time: body.time, dayStart: new Date(body.start).toISOString(), dayEnd: new Date(body.end).toISOString(), source: sourceOf(auth), ...pickUpOf(body) },
    commandMetadataOf(auth, request, body.command_id),
  );
  const event = result.events.find((e) => e.type === "MemberCheckedIn" || e.type === "MemberCheckedOut");
  const data = event?.data as { checkInId: string; firstName: string; lastName: string } | undefined;
  // the kiosk opens the tags of the visit it just made (docs/decisions/036): it needs the id and whether there is a code
  const coded = event?.type === "MemberCheckedIn" && !!event.data.securityCode;
  return {
    message: CHECK_IN_TEXT.done(data?.firstName ?? "Member", body.type),
    data: { id: data?.checkInId ?? null, participant_id: participantId, type: body.type, replayed: result.replayed, has_security_code: coded },
  };
}

/** A visit checked out by its id, with the pick-up details (docs/decisions/026). */
export async function checkOut(services: Services, auth: Auth, id: string, body: CheckOutBody, request: HeaderSource) {
  requireMemberCheckIn(auth);
  const find = () => (isUuid(id) ? visitById(services.db, auth.organization.id, id) : Promise.resolve(undefined));
  let visit = await find();
  // a check-in made a moment ago may not be on the board yet: wait for the board to catch up once
  if (!visit && isUuid(id) && (await waitForProjection(services, "check-in", { timeoutMs: 2_000 }))) visit = await find();
  if (!visit) throw new DomainError("NOT_FOUND", "Check-in not found", 404);
  const day = { start: body.start ?? visit.check_in_time, end: body.end ?? new Date(Date.parse(visit.check_in_time) + MAX_DAY_MS).toISOString() };
  await runCheckIn(
    services,
    auth,
    {
      participantId: visit.participant_id,
      type: "out",
      checkInId: visit.id,
      time: body.check_out_time,
      dayStart: new Date(day.start).toISOString(),
      dayEnd: new Date(day.end).toISOString(),
      source: sourceOf(auth),
      ...pickUpOf(body),
    },
    commandMetadataOf(auth, request, body.command_id),
  );
  return { message: CHECK_IN_TEXT.done(visit.first_name, "out"), data: { id: visit.id } };
}

/** Several members in (or out): each its own decision; the answer lists who was done and who was refused, with the reason. */
export async function bulkCheckIn(services: Services, auth: Auth, body: BulkCheckInBody, request: HeaderSource) {
  // switched off, the whole call is refused (not each member in the answer's list)
  requireMemberCheckIn(auth);
  const base = commandMetadataOf(auth, request, body.command_id);
  const results = [];
  for (const item of body.data) {
    try {
      const result = await runCheckIn(
        services,
        auth,
        { participantId: item.participant_id, type: body.type, time: item.check_in_time, dayStart: new Date(item.start).toISOString(), dayEnd: new Date(item.end).toISOString(), source: "bulk" },
        { ...base, commandId: idFrom(base.commandId, item.participant_id) },
      );
      results.push({ participant_id: item.participant_id, ok: true, replayed: result.replayed });
    } catch (error) {
      if (!isDomainError(error)) throw error;
      results.push({ participant_id: item.participant_id, ok: false, code: error.code, message: error.message });
    }
  }
  const done = results.filter((r) => r.ok).length;
  return { message: `${done} of ${results.length} ${body.type === "in" ? "checked in" : "checked out"}`, data: results };
}

/** May this member be checked in (or out) now? Appends nothing; a refusal is thrown as its DomainError. */
export async function checkInEligibility(services: Services, auth: Auth, input: EligibilityBody) {
  requireMemberCheckIn(auth);
  const participantId = await participantIdFor(services, input.memberId);
  const source = sourceOf(auth);
  const claimCode = source === "kiosk" ? input.claim_code : undefined;
  const { facts } = await withClaimAttempts(services, auth.organization.id, participantId, claimCode, async () => {
    const answer = await eligibility(
      checkInDeps(services),
      {
        participantId,
        type: input.type,
        dayStart: new Date(input.start).toISOString(),
        dayEnd: new Date(input.end).toISOString(),
        source,
        securityCodes: securityCodesOf(auth),
        claimCode: input.claim_code,
      },
      auth.organization.id,
    );
    if (answer.decision instanceof DomainError) throw answer.decision;
    return answer;
  });
  const p = facts.participant;
  // the kiosk learns who may collect the child only from the holder of the matching claim tag, and then
  // only names and relationships (docs/decisions/036): the adult chooses themselves from this list
  const claimed = source === "kiosk" && input.type === "out" && !!input.claim_code && !!p && !travelsIndependently(p.pickUpPermission);
  const choices = claimed ? { pick_up_choices: p.pickUpPeople.map((x) => ({ id: x.id, name: x.name, relationship: x.relationship })) } : {};
  return { allowed: true, participant_id: participantId, type: input.type, ...choices };
}

/**
 * What /check-in needs to know about the organization and the viewer; the rows and the participants
 * come from the /api calls in the browser (the board is live).
 */
export function checkInViewerOf(auth: Auth): CheckInViewer {
  const flags = roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName });
  const has = (permission: string) => auth.user.permissionIds.includes(permission);
  const { settings } = auth.organization;
  return {
    organizationId: auth.organization.id,
    organizationName: auth.organization.name,
    isKiosk: flags.isKiosk,
    screeningRequired: settings.is_daily_screening_form === true,
    // the switch that shows 'Check Users In/Out' also governs checking in from this page
    canCheckInOut: mayCheckMembersInOut({ hasPermission: has(PERMISSIONS.CAN_CHECK_IN_OUT_MEMBERS), settings }),
    // spec-1 section 6, dialog actions
    canSignWaiver: has(PERMISSIONS.CAN_SIGN_WAIVER_FOR_PARTICIPANT) || flags.isAdmin || flags.isOrganization,
    canFillScreening: flags.isAdmin || flags.isOrganization || flags.isCoach,
    securityCodes: securityCodesOn(settings),
  };
}
