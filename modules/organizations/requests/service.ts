import { findUserByLogin } from "../../../projections/identity";
import { getOrganization, grantedOrganization, organizationListPage, organizationNameTaken, organizationRequestById, organizationRequestPage, type OrganizationRequestRow } from "../../../projections/organizations";
import { waitForProjection } from "../../../projections/runner";
import {
  acceptPathOf,
  applyFieldPolicy,
  defaultUserGroups,
  fieldRoleOfAuth,
  DEFAULT_SCHEME,
  handleStaffUserCommand,
  handleUserGroupCommand,
  hit,
  LEVEL,
  invitationDecider,
  INVITATION_TTL_MS,
  newToken,
  tokenHash,
  userStream,
  type Auth,
  type FieldRole,
  type GroupFact,
  type Services,
} from "../../identity";
import { DomainError, handleCommand, idFrom, isUuid, newId, validationError, REDIS_DOWN_RETRY_AFTER_SECONDS, withinRedisDeadline, type CommandMetadata } from "../../kernel";
import { queueMail } from "../../mail";
import { handleOrganizationCommand, registerOrganization, updateOrganizationSettings } from "../handlers";
import { defaultSettings } from "../settings";
import { POSTAL_CODE_MESSAGE, postalCodeFits } from "./postal";
import { nameTaken, organizationRequestDecided, organizationRequestDecider, organizationRequestNotFound, organizationRequestStream, type OrganizationRequestCommand } from "./decide";
import { editOrganizationSchema, ORGANIZATION_REQUEST_TOASTS, ORGANIZATION_TOASTS, type OrganizationRequestDetails } from "./schema";

/** Organization requests per client address (decision 067): each writes an event, so they are limited. */
export const ORGANIZATION_REQUEST_LIMIT = { requests: 20, windowSeconds: 60 * 60 } as const;

const tooMany = (retryAfterSeconds: number) =>
  new DomainError("RATE_LIMITED", "Too many organization requests. Please wait a while and try again.", 429, { retryAfterSeconds });

async function withinLimit(services: Services, ip: string): Promise<void> {
  const { requests, windowSeconds } = ORGANIZATION_REQUEST_LIMIT;
  let allowed: boolean;
  let retryAfter: number;
  try {
    const result = await withinRedisDeadline(hit(services.redis, `rollcall:ratelimit:organization-request:ip:${ip}`, requests, windowSeconds));
    allowed = result.allowed;
    retryAfter = result.retryAfterSeconds;
  } catch {
    throw new DomainError("UNAVAILABLE", "Organization requests are unavailable right now. Please try again in a minute.", 503, { retryAfterSeconds: REDIS_DOWN_RETRY_AFTER_SECONDS });
  }
  if (!allowed) throw tooMany(retryAfter);
}

async function run(services: Services, command: OrganizationRequestCommand) {
  const result = await handleCommand(services, organizationRequestDecider, organizationRequestStream(command.data.requestId), command);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "organization-requests", { atLeast: position });
  return result;
}

const EMAIL_IN_USE = "This e-mail is already in use";
const emailInUse = () => new DomainError("EMAIL_IN_USE", EMAIL_IN_USE, 409, { fieldErrors: { contact_email: [EMAIL_IN_USE] } });

/**
 * POST /api/organization-request (public, decision 067): limited per client address; a filled honeypot
 * (`website`) is answered as a success and writes nothing. A name an organization (or a pending request)
 * holds is a 409 on `name`; a contact e-mail that already signs in somewhere is a 409 on `contact_email`.
 */
export async function submitOrganizationRequest(services: Services, body: unknown, ip: string, idempotencyKey: string | null): Promise<{ message: string; id?: string }> {
  await withinLimit(services, ip);
  const input = (body ?? {}) as Record<string, unknown>;
  if (typeof input.website === "string" && input.website.trim() !== "") return { message: ORGANIZATION_REQUEST_TOASTS.created };
  const name = typeof input.name === "string" ? input.name : "";
  const email = typeof input.contact_email === "string" ? input.contact_email.trim() : "";
  if (email && (await findUserByLogin(services.db, email))) throw emailInUse();
  const requestId = idempotencyKey ? idFrom("organization-request", ip, idempotencyKey) : newId();
  await run(services, {
    type: "SubmitOrganizationRequest",
    data: { requestId, input: body, nameTaken: name.trim() !== "" && (await organizationNameTaken(services.db, name)) },
    metadata: { commandId: idFrom(requestId, "submit"), organizationId: null, actorId: null },
  });
  return { message: ORGANIZATION_REQUEST_TOASTS.created, id: requestId };
}

/** A request as the /api and the page show it (snake_case; the contact person is the future organization account). */
export function organizationRequestView(row: OrganizationRequestRow, role: FieldRole) {
  const d = row.details;
  // the contact person as the caller's role may see a person (decision 027): first and last name, e-mail, phone
  const contact = applyFieldPolicy(role, { first_name: d.contact_first_name, last_name: d.contact_last_name, email: d.contact_email, phone_number: d.contact_phone });
  return {
    id: row.id,
    name: row.name,
    type: row.type,
    status: row.status,
    reason: row.reason,
    organization_id: row.organization_id,
    street_address: d.street_address,
    city: d.city,
    state: d.state,
    postal_code: d.postal_code,
    contact_first_name: contact.first_name,
    contact_last_name: contact.last_name,
    ...("email" in contact ? { contact_email: contact.email } : {}),
    ...("phone_number" in contact ? { contact_phone: contact.phone_number } : {}),
    created_at: new Date(row.created_at).toISOString(),
  };
}
export type OrganizationRequestView = ReturnType<typeof organizationRequestView>;

export async function organizationRequestsOf(services: Services, auth: Auth, query: { page: number; page_size: number; status?: "Pending" | "Approved" | "Declined" | undefined; search?: string | undefined }) {
  const { data, count } = await organizationRequestPage(services.db, { page: query.page, pageSize: query.page_size, status: query.status, search: query.search });
  const role = fieldRoleOfAuth(auth);
  return { data: data.map((row) => organizationRequestView(row, role)), count };
}

/** The ids an approval gives (derived from the request's, so a retry reaches the same organization and account). */
export const approvalIdsOf = (requestId: string) => ({
  organizationId: idFrom("organization-request", requestId, "organization"),
  accountUserId: idFrom("organization-request", requestId, "account"),
});

/**
 * Approves a request (decision 067), as a granter or superadmin: registers the organization with its defaults
 * and the request's address, creates its default user groups, creates the organization account (a staff
 * user of its ORGANIZATION group, no password), invites it (the 'organization-request-approved' mail carries
 * the invitation's link) and last marks the request Approved. Every step is a command on its own aggregate
 * with an id derived from the request's: a retry after a failure replays the steps already done and finishes
 * the rest. An invitation a failed attempt recorded but never mailed (its token is gone) is sent again.
 */
export async function approveOrganizationRequest(services: Services, auth: Auth, requestId: string | undefined) {
  const row = requestId && (await organizationRequestById(services.db, requestId));
  if (!row || !requestId) throw organizationRequestNotFound();
  const { organizationId, accountUserId } = approvalIdsOf(requestId);
  const state = (await services.store.aggregateStream(organizationRequestStream(requestId), organizationRequestDecider)).state;
  if (!state.exists) throw organizationRequestNotFound();
  if (state.status === "Approved") return { message: ORGANIZATION_REQUEST_TOASTS.approved, organization_id: organizationId };
  const d = state.details;
  const meta = (step: string, organization: string | null = organizationId): CommandMetadata => ({
    commandId: idFrom("organization-request", requestId, step),
    organizationId: organization,
    actorId: auth.user.id,
    correlationId: idFrom("organization-request", requestId, "approve"),
  });
  // refused before anything is written: a declined request, the name taken since, the contact's e-mail signing in elsewhere
  if (state.status !== "Pending") throw organizationRequestDecided();
  if (await organizationNameTaken(services.db, d.name, { requestId, organizationId })) throw nameTaken();
  const holder = await findUserByLogin(services.db, d.contact_email);
  if (holder && holder.id !== accountUserId) throw emailInUse();

  const token = await carryOutApproval(services, { requestId, details: d, actor: { userId: auth.user.id, level: auth.subject.level } });
  await queueMail(services, {
    organizationId,
    to: d.contact_email,
    kind: "organization-request-approved",
    data: { firstName: d.contact_first_name, link: acceptPathOf("coach", accountUserId, token) },
    brand: { organizationName: d.name },
    dedupeKey: `organization-request-approved:${tokenHash(token)}`,
  });
  await run(services, { type: "ApproveOrganizationRequest", data: { requestId, organizationId, accountUserId, nameTaken: false }, metadata: meta("approved", null) });
  await waitForProjection(services, "organizations", { atLeast: await services.store.lastCommittedPosition() });
  await waitForProjection(services, "identity", { atLeast: await services.store.lastCommittedPosition() });
  return { message: ORGANIZATION_REQUEST_TOASTS.approved, organization_id: organizationId };
}

/**
 * The approval's writes, on the event store alone (the demo seed runs them too): the organization with its
 * defaults and the request's address and contact e-mail as its support e-mail, its default user groups (made
 * as the platform makes them, at superadmin level, as the seed does: a granter approves an organization whose
 * SUPERADMIN group is above its own level), its organization account and its invitation. Each step's command
 * id derives from the request's id, so a second run replays what is done and does the rest. Answers the
 * invitation's token for the mail's link (a replayed invitation, whose token is lost, is sent again).
 */
export async function carryOutApproval(
  deps: { store: Services["store"]; clock: Services["clock"] },
  input: { requestId: string; details: OrganizationRequestDetails; actor: { userId: string; level: number } },
): Promise<string> {
  const { requestId, details: d, actor } = input;
  const { organizationId, accountUserId } = approvalIdsOf(requestId);
  const meta = (step: string, organization: string | null = organizationId): CommandMetadata => ({
    commandId: idFrom("organization-request", requestId, step),
    organizationId: organization,
    actorId: actor.userId,
    correlationId: idFrom("organization-request", requestId, "approve"),
  });
  const registered = await registerOrganization(deps, { type: "RegisterOrganization", data: { organizationId, name: d.name, type: d.type }, metadata: meta("register", null) });
  if (!registered.ok) throw registered.error;
  const defaults = defaultSettings(d.name, d.type);
  const settings = {
    ...defaults,
    support_email: d.contact_email,
    address: { ...defaults.address, street_address: d.street_address, city: d.city, state: d.state, postal_code: d.postal_code },
  };
  const settled = await updateOrganizationSettings(deps, { type: "UpdateOrganizationSettings", data: { organizationId, settings }, metadata: meta("settings", null) });
  if (!settled.ok) throw settled.error;

  const groups: (GroupFact & { key: string })[] = [];
  for (const group of defaultUserGroups(d.type)) {
    const userGroupId = idFrom("user-group", organizationId, group.key);
    const created = await handleUserGroupCommand(deps, {
      type: "CreateUserGroup",
      data: {
        userGroupId,
        organizationId,
        name: group.name,
        displayName: group.displayName,
        level: group.level,
        icon: group.icon,
        scheme: DEFAULT_SCHEME,
        permissionIds: [...group.permissionIds],
        actor: { level: LEVEL.superadmin, organizationId },
      },
      metadata: meta(`group:${group.key}`),
    });
    if (!created.ok) throw created.error;
    groups.push({ id: userGroupId, level: group.level, key: group.key });
  }
  const organizationGroup = groups.find((g) => g.key === "organization")!;
  const facts = { actor: { userId: actor.userId, level: actor.level }, groups: groups.map(({ id, level }) => ({ id, level })) };
  const account = await handleStaffUserCommand(deps, {
    type: "CreateStaffUser",
    data: {
      ...facts,
      userId: accountUserId,
      input: {
        first_name: d.contact_first_name,
        last_name: d.contact_last_name,
        email: d.contact_email,
        phone_number: d.contact_phone,
        user_group_id: organizationGroup.id,
        status: "Active",
      },
    },
    metadata: meta("account"),
  });
  if (!account.ok) throw account.error;
  return invite(deps, { userId: accountUserId, facts, meta: meta("invite") });
}

type Invite = { userId: string; facts: { actor: { userId: string; level: number }; groups: GroupFact[] }; meta: CommandMetadata };

/** The organization account's invitation (its token); a replayed one (an earlier run's, its token lost) is sent again with a new token. */
async function invite(deps: { store: Services["store"]; clock: Services["clock"] }, i: Invite): Promise<string> {
  const send = async (commandId: string) => {
    const token = newToken();
    const expiresAt = new Date(deps.clock.now().getTime() + INVITATION_TTL_MS).toISOString();
    const result = await handleCommand(deps, invitationDecider, userStream(i.userId), {
      type: "SendInvitation",
      data: { ...i.facts, userId: i.userId, kind: "coach", tokenHash: tokenHash(token), expiresAt },
      metadata: { ...i.meta, commandId },
    });
    if (!result.ok) throw result.error;
    return { replayed: result.replayed === true, token };
  };
  const first = await send(i.meta.commandId);
  return first.replayed ? (await send(newId())).token : first.token;
}

/** Declines a pending request with its reason (a granter or superadmin). */
export async function declineOrganizationRequest(services: Services, auth: Auth, requestId: string | undefined, reason: unknown, commandId?: string) {
  if (!requestId || !(await organizationRequestById(services.db, requestId))) throw organizationRequestNotFound();
  await run(services, {
    type: "DeclineOrganizationRequest",
    data: { requestId, reason },
    metadata: { commandId: commandId ?? idFrom("organization-request", requestId, "decline"), organizationId: null, actorId: auth.user.id },
  });
  return { message: ORGANIZATION_REQUEST_TOASTS.declined };
}

export const isRequestId = (id: string | undefined): id is string => typeof id === "string" && isUuid(id);

/**
 * GET /api/organization and /organization (decision 067): a superadmin sees every organization; a granter
 * those whose request they approved.
 */
export async function organizationsOf(services: Services, auth: Auth, query: { page: number; size: number; search?: string | undefined }) {
  const grantedBy = auth.subject.level >= LEVEL.superadmin ? undefined : auth.user.id;
  return organizationListPage(services.db, { page: query.page, pageSize: query.size, search: query.search, grantedBy });
}

export const ORGANIZATION_DEACTIVATED = "Organization successfully deactivated";

/**
 * DELETE /api/organization/:id (decision 067): deactivates an organization; its users are signed out and cannot
 * sign in. A superadmin may deactivate any but their own; a granter those they granted; anyone else's is 404.
 */
export async function deactivateOrganizationCall(services: Services, auth: Auth, organizationId: string | undefined) {
  const row = organizationId ? await getOrganization(services.db, organizationId) : undefined;
  if (!row || !organizationId) throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  if (auth.subject.level < LEVEL.superadmin && !(await grantedOrganization(services.db, organizationId, auth.user.id))) {
    throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  }
  // one's own, or the one a superadmin is inside now (decision 069)
  if (organizationId === auth.organization.id || organizationId === auth.actingAs?.homeOrganizationId) {
    throw new DomainError("OWN_ORGANIZATION", "You cannot deactivate your own organization, nor the one you are in", 409);
  }
  const result = await handleOrganizationCommand(services, {
    type: "DeactivateOrganization",
    data: { organizationId },
    // keyed by the revision read: a resend is answered once, and a deactivation after a reactivation is a new one
    metadata: { commandId: idFrom("deactivate-organization", organizationId, String(row.revision)), organizationId: null, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const last = result.events[result.events.length - 1];
  if (last) await waitForProjection(services, "organizations", { atLeast: last.position });
  return { message: ORGANIZATION_DEACTIVATED };
}

export const ORGANIZATION_REACTIVATED = "Organization successfully reactivated";

/**
 * PUT /api/organization/:id/reactivate (decision 069): a deactivated organization's users may sign in again. The
 * same callers as deactivating (a superadmin any; a granter those they granted; anyone else's is 404); an
 * active one is answered the same and nothing is written.
 */
export async function reactivateOrganizationCall(services: Services, auth: Auth, organizationId: string | undefined) {
  const row = organizationId ? await getOrganization(services.db, organizationId) : undefined;
  if (!row || !organizationId) throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  if (auth.subject.level < LEVEL.superadmin && !(await grantedOrganization(services.db, organizationId, auth.user.id))) {
    throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  }
  const result = await handleOrganizationCommand(services, {
    type: "ReactivateOrganization",
    data: { organizationId },
    metadata: { commandId: idFrom("reactivate-organization", organizationId, String(row.revision)), organizationId: null, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const last = result.events[result.events.length - 1];
  if (last) await waitForProjection(services, "organizations", { atLeast: last.position });
  return { message: ORGANIZATION_REACTIVATED };
}

/**
 * POST /api/organization (decision 067): a granter or superadmin creates an organization with the request form's
 * fields. It is a request submitted and approved at once by the caller (the same path, the same checks, the same
 * invited organization account), so the granter who created it sees it as theirs.
 */
export async function createOrganizationCall(services: Services, auth: Auth, body: unknown, idempotencyKey: string | null) {
  const input = (body ?? {}) as Record<string, unknown>;
  const name = typeof input.name === "string" ? input.name : "";
  const email = typeof input.contact_email === "string" ? input.contact_email.trim() : "";
  const requestId = idempotencyKey ? idFrom("organization-create", auth.user.id, idempotencyKey) : newId();
  const existing = await organizationRequestById(services.db, requestId);
  if (!existing) {
    if (email && (await findUserByLogin(services.db, email))) throw emailInUse();
    await run(services, {
      type: "SubmitOrganizationRequest",
      data: { requestId, input: { ...input, website: undefined }, nameTaken: name.trim() !== "" && (await organizationNameTaken(services.db, name)) },
      metadata: { commandId: idFrom(requestId, "submit"), organizationId: null, actorId: auth.user.id },
    });
  }
  const approved = await approveOrganizationRequest(services, auth, requestId);
  return { message: ORGANIZATION_TOASTS.created, data: { id: approved.organization_id } };
}

/** PUT /api/organization/:id (decision 067): name, type, address, support e-mail; a granter only theirs (else 404). */
export async function editOrganizationCall(services: Services, auth: Auth, organizationId: string | undefined, body: unknown) {
  const row = organizationId ? await getOrganization(services.db, organizationId) : undefined;
  if (!row || !organizationId) throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  if (auth.subject.level < LEVEL.superadmin && !(await grantedOrganization(services.db, organizationId, auth.user.id))) {
    throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  }
  const parsed = editOrganizationSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const e = parsed.data;
  if (e.name !== undefined && e.name.toLowerCase() !== row.name.toLowerCase() && (await organizationNameTaken(services.db, e.name, { organizationId }))) throw nameTaken();
  const address = { ...row.settings.address, ...pick(e, ["street_address", "city", "state", "postal_code"]) };
  if (!postalCodeFits(address.state, address.postal_code)) {
    throw new DomainError("VALIDATION", POSTAL_CODE_MESSAGE, 400, { fieldErrors: { postal_code: [POSTAL_CODE_MESSAGE] } });
  }
  const settings = { ...row.settings, ...pick(e, ["name", "type", "support_email"]), address };
  const result = await updateOrganizationSettings(services, {
    type: "UpdateOrganizationSettings",
    data: { organizationId, settings },
    metadata: { commandId: newId(), organizationId: null, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const last = result.events[result.events.length - 1];
  if (last) await waitForProjection(services, "organizations", { atLeast: last.position });
  return { message: ORGANIZATION_TOASTS.updated };
}

const pick = <T extends object, K extends keyof T>(value: T, keys: readonly K[]): Partial<Pick<T, K>> =>
  Object.fromEntries(keys.filter((k) => value[k] !== undefined).map((k) => [k, value[k]])) as Partial<Pick<T, K>>;
