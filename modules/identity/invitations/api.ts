import { LEVELS } from "../access/rules";
import { PERMISSIONS as P } from "../access/permissions";
import type { AccessRule } from "../access/types";
import { apiRow, signedIn, type ApiRow } from "../calls/row";
import type { Services } from "../calls/services";
import { cookieOf, SESSION_COOKIE, sessionCookie } from "../sessions/cookies";
import { acceptInvitation, invitationCall, invitationsOf, parseAccept, requestNewInvitation, resendInvitationCall, revokeInvitationCall, sendInvitationCall } from "./service";
import { invitationListQuery, requestNewInvitationSchema, sendInvitationBody } from "./schema";

/** Staff who create coach or participant profiles; which of the two a user needs is the service's (by the user's group). */
const INVITE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_COACH_PROFILE, P.CAN_CREATE_PARTICIPANT_PROFILE] } as const satisfies AccessRule;
/** The invitee has no account yet (auth optional, spec-1 section 2); the CSRF rules of every cookie-less POST apply. */
const INVITEE = { auth: "optional" } as const satisfies AccessRule;

async function accept(services: Services, body: unknown, request: Request): Promise<Response> {
  const input = parseAccept(body);
  const result = await acceptInvitation(services, input, cookieOf(request, SESSION_COOKIE));
  if (!result.ok) return Response.json({ code: result.code, message: result.message }, { status: result.status });
  return Response.json({ message: "Invitation accepted" }, { headers: { "Set-Cookie": sessionCookie(result.sessionToken, services.production) } });
}

/** Invitations' calls (decision 063; spec-1 section 7's generic convention, node `invitation`). */
export const invitationApi: readonly ApiRow[] = [
  apiRow({
    id: "invitation-list",
    method: "GET",
    path: "/api/invitation",
    description: "The organization's invitations (every user with an invitation status), paged: page, size, status (Pending, Invited, Expired, Accepted). Newest sent first.",
    rule: INVITE,
    query: invitationListQuery,
    answers: { description: "{ data, count, additional_info }; each with user_id, names, e-mail, kind, status, expires_at, sent_at, sent_count, renewal_requested_at" },
    handle: (ctx) => invitationsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "invitation-create",
    method: "POST",
    path: "/api/invitation",
    description: "Invite a user by e-mail: user_id. A new single-use link (14 days) goes to their e-mail; an earlier link stops working. Staff need 'create coach profiles', participants 'create participant profiles'; nobody invites above their own level.",
    rule: INVITE,
    body: sendInvitationBody,
    answers: { description: "{ message: 'Invitation successfully created', data: invitation }" },
    handle: (ctx) => sendInvitationCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "invitation-detail",
    method: "GET",
    path: "/api/invitation/:id",
    description: "One invitation, by the invited user's id.",
    rule: INVITE,
    answers: { description: "The invitation" },
    handle: (ctx) => invitationCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "invitation-resend",
    method: "PUT",
    path: "/api/invitation/:id",
    description: "Send the invitation again (by the invited user's id): a new link and expiry; the old link stops working.",
    rule: INVITE,
    answers: { description: "{ message: 'Invitation successfully resent', data: invitation }" },
    handle: (ctx) => resendInvitationCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
  apiRow({
    id: "invitation-revoke",
    method: "DELETE",
    path: "/api/invitation/:id",
    description: "Revoke the invitation (by the invited user's id): its link stops working; the user is Pending again.",
    rule: INVITE,
    answers: { description: "{ message: 'Invitation successfully revoked', data: invitation }" },
    handle: (ctx) => revokeInvitationCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
  apiRow({
    id: "invitation-accept",
    method: "POST",
    path: "/api/invitation/accept",
    description: "Accept an invitation: user_id, token (from the link), first_name, last_name, phone_number, password, confirmPassword. Once only; an unknown, used, revoked or expired token is 400 'Token expired'. Signs the person in (a new session).",
    rule: INVITEE,
    // no body schema here: the password minimum is the server's (parsed in the handler, 400 naming the field)
    answers: { description: "{ message: 'Invitation accepted' }, and the new session's cookie" },
    handle: (ctx) => accept(ctx.services, ctx.body, ctx.request),
  }),
  apiRow({
    id: "invitation-request-new",
    method: "POST",
    path: "/api/invitation/request-new",
    description: "A dead invitation link asks for a new one: user_id, token. Recorded for staff (renewal_requested_at); the answer is the same whatever the link.",
    rule: INVITEE,
    body: requestNewInvitationSchema,
    answers: { description: "{ message }" },
    handle: (ctx) => requestNewInvitation(ctx.services, ctx.body),
  }),
];
