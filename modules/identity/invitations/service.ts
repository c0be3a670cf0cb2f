import { DomainError, handleCommand, isUuid, newId, validationError } from "../../kernel";
import { invitationOf, invitationPage, invitedUserById, listUserGroups, renewalRequestedAmong } from "../../../projections/identity";
import { getOrganization } from "../../../projections/organizations";
import { waitForProjection } from "../../../projections/runner";
import { PERMISSIONS as P } from "../access/permissions";
import type { Auth } from "../calls/auth";
import { commandIdOf } from "../calls/row";
import type { Services } from "../calls/services";
import { newToken, tokenHash } from "../sessions/tokens";
import { userStream, type InvitationKind, type UserEvent } from "../users/events";
import { hashPassword, MIN_PASSWORD_LENGTH } from "../users/passwords";
import {
  INVITATION_TTL_MS,
  invitationDecider,
  invitationUserNotFound,
  kindOfLevel,
  TOKEN_EXPIRED,
  wrongInvitationKind,
  type InvitationCommand,
  type InvitationState,
} from "./decide";
import { sendInvitationMail } from "./mail";
import { acceptInvitationSchema, invitationListQuery, type AcceptInvitationInput, type InvitationListQuery } from "./schema";

/** The success messages (spec-1 section 7's '{Entity} successfully …'). */
export const INVITATION_TOASTS = {
  created: "Invitation successfully created",
  resent: "Invitation successfully resent",
  revoked: "Invitation successfully revoked",
} as const;
export const NEW_INVITATION_REQUESTED = "Your organization has been told you would like a new invitation. It will come by e-mail.";

/** Who may invite whom: staff with 'create coach profiles'; participants' accounts with 'create participant profiles'. */
export const mayInvite = (auth: Auth, kind: InvitationKind) =>
  auth.user.permissionIds.includes(kind === "coach" ? P.CAN_CREATE_COACH_PROFILE : P.CAN_CREATE_PARTICIPANT_PROFILE);
export const mayInviteAnyone = (auth: Auth) => mayInvite(auth, "coach") || mayInvite(auth, "participant");
const noPermission = () => new DomainError("FORBIDDEN", "You do not have permission to invite this user", 403);

/** The accept page's path: /user/invite/{id} for staff, /invite/{id} for participants (spec-1 section 2). */
export const acceptPathOf = (kind: InvitationKind, userId: string, token: string) =>
  `${kind === "coach" ? "/user/invite" : "/invite"}/${userId}?${new URLSearchParams({ token }).toString()}`;

const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;

async function runCommand(services: Services, command: InvitationCommand) {
  const result = await handleCommand(services, invitationDecider, userStream(command.data.userId), command);
  if (!result.ok) return result;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "identity", { atLeast: position });
  return result;
}

/** The organization's user to invite (404 otherwise) and the kind of invitation their group takes. */
async function targetOf(services: Services, auth: Auth, userId: string | undefined) {
  const row = userId && isUuid(userId) ? await invitedUserById(services.db, userId) : undefined;
  if (!row || row.organization_id !== auth.organization.id) throw invitationUserNotFound();
  const kind = kindOfLevel(row.role_level);
  if (!kind) throw wrongInvitationKind("coach");
  if (!mayInvite(auth, kind)) throw noPermission();
  return { row, kind };
}

const factsOf = async (services: Services, auth: Auth) => ({
  actor: { userId: auth.user.id, level: auth.subject.level },
  groups: (await listUserGroups(services.db, auth.organization.id)).map((g) => ({ id: g.id, level: g.level })),
});

/**
 * Sends (or sends again) the invitation: a new 256-bit token whose SHA-256 goes in `InvitationSent` (the
 * old token dies), and the mail (the mail context: the absolute accept link and the expiry). A resent request (same
 * idempotency key) sends nothing twice.
 */
async function send(services: Services, auth: Auth, userId: string | undefined, commandId: string) {
  const { row, kind } = await targetOf(services, auth, userId);
  const token = newToken();
  const expiresAt = new Date(services.clock.now().getTime() + INVITATION_TTL_MS).toISOString();
  const result = await runCommand(services, {
    type: "SendInvitation",
    data: { ...(await factsOf(services, auth)), userId: row.id, kind, tokenHash: tokenHash(token), expiresAt },
    metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  if (!result.replayed) {
    await sendInvitationMail(services, {
      organizationId: auth.organization.id,
      organizationName: auth.organization.name,
      to: row.email,
      firstName: row.first_name,
      inviterName: `${auth.user.firstName} ${auth.user.lastName}`.trim() || auth.organization.name,
      role: kind,
      linkPath: acceptPathOf(kind, row.id, token),
      expiresAt,
      dedupeKey: `invitation:${tokenHash(token)}`,
    });
  }
  return invitationOf(services.db, auth.organization.id, row.id, services.clock.now());
}

/** POST /api/invitation: { user_id } → the invitation sent. */
export async function sendInvitationCall(services: Services, auth: Auth, body: { user_id: string }, request: Request) {
  const data = await send(services, auth, body.user_id, commandIdOf(auth, request, bodyKey(body)));
  return { message: INVITATION_TOASTS.created, data };
}

/** PUT /api/invitation/{id}: send again (a new token and expiry; the old link stops working). */
export async function resendInvitationCall(services: Services, auth: Auth, userId: string | undefined, request: Request) {
  const data = await send(services, auth, userId, commandIdOf(auth, request, bodyKey(null)));
  return { message: INVITATION_TOASTS.resent, data };
}

/** DELETE /api/invitation/{id}: the link stops working; the user is Pending again. */
export async function revokeInvitationCall(services: Services, auth: Auth, userId: string | undefined, request: Request) {
  const { row } = await targetOf(services, auth, userId);
  const result = await runCommand(services, {
    type: "RevokeInvitation",
    data: { ...(await factsOf(services, auth)), userId: row.id },
    metadata: { commandId: commandIdOf(auth, request), organizationId: auth.organization.id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  return { message: INVITATION_TOASTS.revoked, data: await invitationOf(services.db, auth.organization.id, row.id, services.clock.now()) };
}

/** GET /api/invitation: `{ data, count }`, newest sent first; only the kinds the caller may invite (staff, participants). */
export async function invitationsOf(services: Services, auth: Auth, query: InvitationListQuery) {
  const kinds = (["coach", "participant"] as const).filter((k) => mayInvite(auth, k));
  const { rows, count } = await invitationPage(services.db, auth.organization.id, { ...query, now: services.clock.now(), kinds });
  return { data: rows.map(({ role_level: _level, ...r }) => r), count, additional_info: {} };
}

/** GET /api/invitation/{id}. */
export async function invitationCall(services: Services, auth: Auth, userId: string | undefined) {
  await targetOf(services, auth, userId);
  const row = await invitationOf(services.db, auth.organization.id, userId ?? "", services.clock.now());
  if (!row) throw new DomainError("INVITATION_NOT_FOUND", "Invitation not found", 404);
  const { role_level: _level, ...data } = row;
  return data;
}

/** The list page's users who asked for a new invitation (shown beside their status; decision 063). */
export async function renewalRequestsAmong(services: Services, auth: Auth, userIds: readonly string[]): Promise<string[]> {
  if (!mayInviteAnyone(auth)) return [];
  return renewalRequestedAmong(services.db, auth.organization.id, userIds.filter(isUuid));
}

/** A form's invite, resend or revoke on the user list (the same services as the calls). */
export async function invitationFormAction(services: Services, auth: Auth, intent: "send" | "revoke", userId: string, commandId: string) {
  if (intent === "revoke") {
    const { row } = await targetOf(services, auth, userId);
    const result = await runCommand(services, {
      type: "RevokeInvitation",
      data: { ...(await factsOf(services, auth)), userId: row.id },
      metadata: { commandId, organizationId: auth.organization.id, actorId: auth.user.id },
    });
    if (!result.ok) throw result.error;
    return INVITATION_TOASTS.revoked;
  }
  const before = await invitationOf(services.db, auth.organization.id, isUuid(userId) ? userId : "", services.clock.now());
  await send(services, auth, userId, commandId);
  return before?.sent_at ? INVITATION_TOASTS.resent : INVITATION_TOASTS.created;
}

// ---- the invitee's side (auth optional) ----

const loadableUrl = (value: unknown) => (typeof value === "string" && /^(https:\/\/|\/(?!\/))/.test(value.trim()) ? value.trim() : null);

async function stateOf(services: Services, userId: string): Promise<InvitationState> {
  const read = await services.store.readStream<UserEvent>(userStream(userId));
  return read.events.reduce(invitationDecider.evolve, invitationDecider.initialState());
}

/** Whether the link's token is still good, as AcceptInvitation would decide it (nothing is written). */
function tokenGood(state: InvitationState, token: string, now: Date): boolean {
  const probe = invitationDecider.decide(
    state,
    { type: "AcceptInvitation", data: { userId: state.exists ? state.userId : "", tokenHash: tokenHash(token), passwordHash: "", firstName: "", lastName: "", phoneNumber: "" }, metadata: { commandId: "probe", organizationId: null, actorId: null } },
    now,
  );
  return !(probe instanceof DomainError);
}

export type InvitationView =
  | { state: "ready"; kind: InvitationKind; organization: { name: string; logoUrl: string | null; logoAlt: string }; person: { first_name: string; last_name: string; phone_number: string; email: string }; minPasswordLength: number }
  | { state: "expired"; organization: { name: string; logoUrl: string | null; logoAlt: string } | null; canAsk: boolean };

/**
 * What /user/invite/{id} and /invite/{id} show: the organization and the person when the token is good; 'Token
 * expired' otherwise (unknown, used, revoked or past its 14 days), never more (no e-mail of an unknown id).
 */
export async function invitationViewOf(services: Services, userId: string, token: string, kind: InvitationKind): Promise<InvitationView> {
  const row = isUuid(userId) ? await invitedUserById(services.db, userId) : undefined;
  if (!row || kindOfLevel(row.role_level) !== kind) return { state: "expired", organization: null, canAsk: false };
  const org = await getOrganization(services.db, row.organization_id);
  if (!org) return { state: "expired", organization: null, canAsk: false };
  const settings = org.settings as { left_sidebar_logo?: unknown; left_sidebar_logo_alt?: unknown };
  const organization = { name: org.name, logoUrl: loadableUrl(settings.left_sidebar_logo), logoAlt: (typeof settings.left_sidebar_logo_alt === "string" && settings.left_sidebar_logo_alt) || `${org.name} Logo` };
  const state = await stateOf(services, row.id);
  if (!token || !tokenGood(state, token, services.clock.now())) return { state: "expired", organization, canAsk: token !== "" && state.exists && !state.hasPassword };
  return { state: "ready", kind, organization, person: { first_name: row.first_name, last_name: row.last_name, phone_number: row.phone_number, email: row.email }, minPasswordLength: MIN_PASSWORD_LENGTH };
}

export type AcceptResult = { ok: true; sessionToken: string; userId: string; organizationId: string } | { ok: false; status: 400; code: "TOKEN_EXPIRED"; message: string };

/**
 * Accepts: the stream decides (the token's hash compared in constant time; used, revoked or expired is
 * 'Token expired'); the password (argon2id) and the profile go in `InvitationAccepted`; the browser's old
 * session ends and a new one opens for the invited user.
 */
export async function acceptInvitation(services: Services, input: AcceptInvitationInput, previousSession: string | undefined): Promise<AcceptResult> {
  const expired = { ok: false as const, status: 400 as const, code: "TOKEN_EXPIRED" as const, message: TOKEN_EXPIRED };
  const row = await invitedUserById(services.db, input.user_id);
  if (!row) return expired;
  // a dead token costs no password hashing (argon2id is the expensive part of a request)
  if (!tokenGood(await stateOf(services, row.id), input.token, services.clock.now())) return expired;
  const result = await runCommand(services, {
    type: "AcceptInvitation",
    data: { userId: row.id, tokenHash: tokenHash(input.token), passwordHash: await hashPassword(input.password), firstName: input.first_name, lastName: input.last_name, phoneNumber: input.phone_number ?? "" },
    metadata: { commandId: newId(), organizationId: row.organization_id, actorId: row.id },
  });
  if (!result.ok) return expired;
  const now = services.clock.now();
  await services.sessions.revoke(previousSession, now);
  const { token } = await services.sessions.create(row.id, row.organization_id, now);
  return { ok: true, sessionToken: token, userId: row.id, organizationId: row.organization_id };
}

/** A dead link asks for a new invitation: recorded for staff to see (GET /api/invitation's renewal_requested_at). */
export async function requestNewInvitation(services: Services, input: { user_id: string; token: string }): Promise<{ message: string }> {
  const row = isUuid(input.user_id) ? await invitedUserById(services.db, input.user_id) : undefined;
  if (row) {
    const result = await runCommand(services, {
      type: "RequestNewInvitation",
      data: { userId: row.id, tokenHash: tokenHash(input.token) },
      metadata: { commandId: newId(), organizationId: row.organization_id, actorId: null },
    });
    if (!result.ok) services.logger.info("new invitation request refused", { userId: row.id, code: result.error.code });
  }
  // the same answer whatever happened: the page does not tell who has an account
  return { message: NEW_INVITATION_REQUESTED };
}

/** POST /api/invitation/accept: the body checked by the accept form's schema (400 naming the field). */
export function parseAccept(body: unknown): AcceptInvitationInput {
  const parsed = acceptInvitationSchema(MIN_PASSWORD_LENGTH).safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error) as DomainError;
  return parsed.data;
}

export { invitationListQuery };
