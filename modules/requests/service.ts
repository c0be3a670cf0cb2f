import { applyFieldPolicy, createParentUser, participantUserIdFor, createStaffUserCall, fieldRoleOfAuth, hit, invitationFormAction, PERMISSIONS as P, type Auth, type Services } from "../identity";
import { DomainError, handleCommand, idFrom, isUuid, newId, REDIS_DOWN_RETRY_AFTER_SECONDS, validationError, withinRedisDeadline } from "../kernel";
import { queueMail } from "../mail";
import { timeZoneOf, todayIn } from "../organizations";
import { ADULT_PICK_UP, inviteParticipantAccount, loadParticipant, participantAccountRefusal, participantProfileSchema, registerParticipant } from "../participants";
import { findUserByLogin, listUserGroups } from "../../projections/identity";
import { getOrganization, type OrganizationRow } from "../../projections/organizations";
import { hasPendingRequest, requestById, requestPage, type RequestRow } from "../../projections/requests";
import { waitForProjection } from "../../projections/runner";
import { requestDecider, requestNotFound, type RequestCommand } from "./decide";
import { requestStreamId, type RequestKind, type RequestSubmittedData } from "./events";
import { declineRequestSchema, HONEYPOT_FIELD, memberRequestSchema, REQUEST_TOASTS, requestListQuery, teacherRequestSchema, type RequestListQuery } from "./schema";

/** Public submissions per client address (decision 066): each writes an event and a mail. */
export const REQUEST_RATE_LIMIT = { requests: 5, windowSeconds: 10 * 60 } as const;

export const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
export const notASchool = () => new DomainError("ORGANIZATION_NOT_FOUND", "Teacher requests are taken by school organizations only", 404);
const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to decide this request", 403);

/** Which permission a kind of request needs: a teacher's account is a coach's; a member or a child is a participant. */
export const permissionForKind = (kind: RequestKind) => (kind === "teacher" ? P.CAN_CREATE_COACH_PROFILE : P.CAN_CREATE_PARTICIPANT_PROFILE);
export const kindsFor = (auth: Auth): RequestKind[] => (["member", "parent", "teacher"] as const).filter((k) => auth.user.permissionIds.includes(permissionForKind(k)));
export const mayDecideRequests = (auth: Auth) => kindsFor(auth).length > 0;

/** The organization a public form names (`?organization={id}`), with whether it is a school; undefined when none. */
export async function requestOrganizationOf(services: Services, id: string | null | undefined): Promise<OrganizationRow | undefined> {
  if (!id || !isUuid(id)) return undefined;
  return getOrganization(services.db, id);
}

/** The organization's date today (a birth date after it is refused). */
export const organizationToday = (services: Services, organization: OrganizationRow) => todayIn(timeZoneOf(organization.settings), services.clock.now());

/** Counts one public submission from this address; 429 past the limit, 503 when Redis cannot count. */
export async function requestRateLimit(services: Services, ip: string): Promise<{ allowed: true } | { allowed: false; status: 429 | 503; retryAfterSeconds: number; message: string }> {
  try {
    const result = await withinRedisDeadline(hit(services.redis, `rollcall:ratelimit:membership-request:ip:${ip}`, REQUEST_RATE_LIMIT.requests, REQUEST_RATE_LIMIT.windowSeconds));
    if (result.allowed) return { allowed: true };
    return { allowed: false, status: 429, retryAfterSeconds: result.retryAfterSeconds, message: REQUEST_TOASTS.tooMany };
  } catch {
    return { allowed: false, status: 503, retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS, message: "Requests cannot be taken right now. Please try again in a minute." };
  }
}

export type SubmitOutcome = { ok: true; message: string } | { ok: false; status: 400 | 404 | 429 | 503; code: string; message: string; fieldErrors?: Record<string, string[]>; retryAfterSeconds?: number };

/**
 * A public membership request (decision 066). The organization is named by id; a teacher request needs a
 * school. Bad input is 400 naming the field (nothing counted); a valid one counts against the address's limit.
 * A filled honeypot, an e-mail that has an account or a pending request here: the same thank-you, nothing
 * recorded, so the form tells nobody who has an account. Otherwise RequestSubmitted and the
 * 'membership-request-received' mail.
 */
export async function submitRequest(services: Services, input: { organizationId: string | null | undefined; form: "member" | "teacher"; body: unknown; clientIp: string }): Promise<SubmitOutcome> {
  const organization = await requestOrganizationOf(services, input.organizationId);
  if (!organization) return { ok: false, status: 404, ...codeOf(organizationNotFound()) };
  if (input.form === "teacher" && organization.type !== "school") return { ok: false, status: 404, ...codeOf(notASchool()) };
  const schema = input.form === "teacher" ? teacherRequestSchema : memberRequestSchema(organizationToday(services, organization));
  const parsed = schema.safeParse(input.body ?? {});
  if (!parsed.success) {
    const error = validationError(parsed.error);
    return { ok: false, status: 400, code: error.code, message: error.message, fieldErrors: (error.details as { fieldErrors?: Record<string, string[]> } | undefined)?.fieldErrors };
  }
  const limit = await requestRateLimit(services, input.clientIp);
  if (!limit.allowed) return { ok: false, status: limit.status, code: limit.status === 429 ? "TOO_MANY_REQUESTS" : "UNAVAILABLE", message: limit.message, retryAfterSeconds: limit.retryAfterSeconds };
  const form = parsed.data as Record<string, string | undefined>;
  const thanks = { ok: true as const, message: REQUEST_TOASTS.submitted };
  if (form[HONEYPOT_FIELD]) return thanks;
  const email = (form.email ?? "").trim().toLowerCase();
  if ((await findUserByLogin(services.db, email)) || (await hasPendingRequest(services.db, organization.id, email))) return thanks;

  const requestId = newId();
  const kind: RequestKind = input.form === "teacher" ? "teacher" : form.kind === "parent" ? "parent" : "member";
  const data: RequestSubmittedData = {
    requestId,
    organizationId: organization.id,
    kind,
    firstName: form.first_name!.trim(),
    lastName: form.last_name!.trim(),
    email,
    phone: form.phone_number?.trim() ?? "",
    message: form.message?.trim() ?? "",
    birthDate: kind === "member" ? (form.birth_date ?? null) : null,
    gender: kind === "member" ? (form.gender ?? null) : null,
    child: kind === "parent" ? { firstName: form.child_first_name!.trim(), lastName: form.child_last_name!.trim(), birthDate: form.child_birth_date!, gender: form.child_gender! } : null,
    schoolRole: kind === "teacher" ? (form.school_role?.trim() ?? null) : null,
  };
  await run(services, { type: "SubmitRequest", data, metadata: { commandId: requestId, organizationId: organization.id, actorId: null } });
  await queueMail(services, { organizationId: organization.id, to: email, kind: "membership-request-received", data: { firstName: data.firstName }, dedupeKey: `membership-request-received:${requestId}` });
  return thanks;
}

const codeOf = (error: DomainError) => ({ code: error.code, message: error.message });

async function run(services: Services, command: RequestCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, requestDecider, requestStreamId(command.data.requestId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "requests", { atLeast: position });
  return result;
}

/** A request as staff see it: the requester's contact details through the caller's field policy (decision 027). */
export function visibleRequest(auth: Auth, row: RequestRow) {
  const role = fieldRoleOfAuth(auth);
  const { first_name, last_name, email, phone_number, dob, gender, child, ...request } = row;
  return {
    ...request,
    ...applyFieldPolicy(role, { first_name, last_name, email, phone_number, dob, gender }),
    child: child && applyFieldPolicy(role, child),
  };
}
const visible = visibleRequest;

/** GET /api/request: `{ data, count, additional_info }`, newest first; only the kinds the caller may decide. */
export async function requestsOf(services: Services, auth: Auth, query: RequestListQuery) {
  const { rows, count } = await requestPage(services.db, auth.organization.id, { ...query, kinds: kindsFor(auth) });
  return { data: rows.map((r) => visible(auth, r)), count, additional_info: {} };
}

/** The organization's request the caller may decide: 404 for another organization's or a malformed id, 403 for a kind they may not decide. */
async function requestFor(services: Services, auth: Auth, id: string | undefined): Promise<RequestRow> {
  const row = id && isUuid(id) ? await requestById(services.db, auth.organization.id, id) : undefined;
  if (!row) throw requestNotFound();
  if (!auth.user.permissionIds.includes(permissionForKind(row.kind))) throw forbidden();
  return row;
}

/** GET /api/request/{id}. */
export async function requestCall(services: Services, auth: Auth, id: string | undefined) {
  return visible(auth, await requestFor(services, auth, id));
}

/** The refusal a decision would get now (decided already, not found), before anything is created. */
async function refusalOf(services: Services, command: RequestCommand) {
  const { state } = await services.store.aggregateStream(requestStreamId(command.data.requestId), { initialState: requestDecider.initialState, evolve: requestDecider.evolve });
  const decided = requestDecider.decide(state, command, services.clock.now());
  if (decided instanceof DomainError) throw decided;
}

/** A call's stand-in request carrying no idempotency key: the step's key goes in the body's command_id. */
const stepRequest = () => new Request("http://localhost/api/request");

/**
 * Approve (decision 066): makes the account and sends the invitation, then records RequestApproved. Every step's
 * id derives from the request's, so an approval retried after a failure redoes nothing twice. A teacher: a staff
 * user in the COACH group, invited (coach). A parent: a parent user (PARENT group), their child registered as a
 * participant with the parent as guardian, the parent invited. A member: the participant profile and, when they may
 * have one (13 or more: decision 068), their own account (PARTICIPANT group) linked to it and invited; told by
 * 'membership-request-approved'. The invitation mail goes through the outbox (decision 059): a mail that fails is
 * retried, the approval stands.
 */
export async function approveRequest(services: Services, auth: Auth, id: string | undefined) {
  const row = await requestFor(services, auth, id);
  const key = (step: string) => idFrom("membership-request", row.id, step);
  const metadata = (step: string) => ({ commandId: key(step), organizationId: auth.organization.id, actorId: auth.user.id });
  const approve = (userId: string | null, participantId: string | null): RequestCommand => ({ type: "ApproveRequest", data: { requestId: row.id, userId, participantId }, metadata: metadata("approve") });
  await refusalOf(services, approve(null, null));

  // the participant's profile is checked first: nothing is made when it would be refused
  const child = row.kind === "parent" ? row.child : null;
  const base = { email: row.email, phoneNumber: row.phone_number, pickUpPermission: ADULT_PICK_UP, schoolNotApplicable: true };
  const profile =
    row.kind === "member"
      ? { ...base, firstName: row.first_name, lastName: row.last_name, dob: row.dob ?? "", gender: row.gender ?? "" }
      : child
        ? { ...base, firstName: child.first_name, lastName: child.last_name, dob: child.dob, gender: child.gender }
        : null;
  if (profile) {
    const checked = participantProfileSchema.safeParse(profile);
    if (!checked.success) throw validationError(checked.error);
  }

  // a member of 13 or more gets their own account (decision 068): an e-mail taken meanwhile is refused before the
  // profile is made (the parent's and teacher's paths make the account first)
  const today = todayIn(timeZoneOf(auth.organization.settings), services.clock.now());
  const ownAccount = row.kind === "member" && profile !== null && !participantAccountRefusal({ ...profile, status: "Active", userId: null }, today);
  if (ownAccount) {
    const holder = await findUserByLogin(services.db, row.email);
    if (holder && holder.id !== participantUserIdFor(auth.organization.id, key("account"))) throw new DomainError("EMAIL_IN_USE", "This e-mail is already in use", 409, { fieldErrors: { email: ["This e-mail is already in use"] } });
  }

  let userId: string | null = null;
  let participantId: string | null = null;
  const person = { first_name: row.first_name, last_name: row.last_name, email: row.email, phone_number: row.phone_number || undefined };
  if (row.kind === "teacher") {
    const coach = (await listUserGroups(services.db, auth.organization.id)).find((g) => g.name === "COACH");
    if (!coach) throw new DomainError("USER_GROUP_NOT_FOUND", "User group not found", 404);
    const created = await createStaffUserCall(services, auth, { ...person, user_group_id: coach.id, status: "Active", command_id: key("account") }, stepRequest());
    userId = (created.data as { id: string }).id;
  } else if (row.kind === "parent") {
    userId = await createParentUser(services, auth, { ...person, command_id: key("account") }, stepRequest());
  }
  if (profile) {
    participantId = idFrom("membership-request-participant", row.id);
    const registered = await registerParticipant(
      { store: services.store, clock: services.clock },
      { ...profile, ...(row.kind === "parent" ? { parentId: userId } : {}), organizationId: auth.organization.id, participantId },
      metadata("participant"),
    );
    if (!registered.ok) throw registered.error;
    const position = Math.max(0, ...registered.events.map((e) => e.position));
    if (position > 0) await waitForProjection(services, "participants", { atLeast: position });
  }
  // a member of 13 or more gets their own account, linked and invited (decision 068); younger: the profile only
  if (ownAccount && participantId) {
    const participant = await loadParticipant(services.store, participantId);
    if (!participant) throw requestNotFound();
    userId = (await inviteParticipantAccount(services, auth, participant, { account: key("account"), link: key("account-link"), invitation: key("invitation") })).userId;
  } else if (userId) await invitationFormAction(services, auth, "send", userId, key("invitation"));
  await run(services, approve(userId, participantId));
  await queueMail(services, { organizationId: auth.organization.id, to: row.email, kind: "membership-request-approved", data: { firstName: row.first_name }, dedupeKey: `membership-request-approved:${row.id}` });
  return { message: REQUEST_TOASTS.approved, data: visible(auth, (await requestById(services.db, auth.organization.id, row.id))!) };
}

/** Decline with a reason (required, at most 500 characters): recorded, and 'membership-request-declined' tells the requester. */
export async function declineRequest(services: Services, auth: Auth, id: string | undefined, body: unknown) {
  const row = await requestFor(services, auth, id);
  const parsed = declineRequestSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  await run(services, { type: "DeclineRequest", data: { requestId: row.id, reason: parsed.data.reason }, metadata: { commandId: idFrom("membership-request", row.id, "decline"), organizationId: auth.organization.id, actorId: auth.user.id } });
  await queueMail(services, { organizationId: auth.organization.id, to: row.email, kind: "membership-request-declined", data: { firstName: row.first_name, reason: parsed.data.reason }, dedupeKey: `membership-request-declined:${row.id}` });
  return { message: REQUEST_TOASTS.declined, data: visible(auth, (await requestById(services.db, auth.organization.id, row.id))!) };
}

/**
 * What a public form's page needs: the organization it names (its id and name), today there (the birth dates'
 * limit), or why there is no form: an unknown organization, or a teacher form for one that is not a school.
 */
export async function requestFormPageOf(services: Services, organizationId: string | null, form: "member" | "teacher") {
  const organization = await requestOrganizationOf(services, organizationId);
  if (!organization) return { ok: false as const, title: "Organization not found", message: "This link does not name an organization that takes requests. Ask the organization for its membership request link." };
  if (form === "teacher" && organization.type !== "school") return { ok: false as const, title: "Teacher requests are not taken here", message: `${organization.name} is not a school organization, so it does not take teacher requests.` };
  return { ok: true as const, organization: { id: organization.id, name: organization.name }, today: organizationToday(services, organization) };
}

/** The /requests page's list, read leniently from the address (a bad page or size falls back); Pending by default. */
export async function requestsPageOf(services: Services, auth: Auth, params: URLSearchParams) {
  const raw = Object.fromEntries([...params].filter(([k]) => ["page", "size", "search", "status"].includes(k)));
  const status = raw.status === "all" ? undefined : (raw.status ?? "Pending");
  const parsed = requestListQuery.safeParse({ ...raw, status });
  const query: RequestListQuery = parsed.success ? parsed.data : { status: "Pending", page: 0, size: 10 };
  const list = await requestsOf(services, auth, query);
  return { query, ...list, totalPages: Math.max(1, Math.ceil(list.count / query.size)) };
}

/** The /requests page's Approve and Decline (the same services as the calls); answers the toast's text. */
export async function requestFormAction(services: Services, auth: Auth, form: FormData): Promise<string> {
  const id = String(form.get("id") ?? "");
  if (form.get("intent") === "approve") return (await approveRequest(services, auth, id)).message;
  if (form.get("intent") === "decline") return (await declineRequest(services, auth, id, { reason: String(form.get("reason") ?? "") })).message;
  throw new DomainError("VALIDATION", "Intent must be approve or decline", 400);
}
