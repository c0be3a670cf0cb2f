import { z } from "zod";
import { ADMIN_ONLY } from "./access/rules";
import { apiRow, signedIn, type ApiRow } from "./calls/row";
import { loginSchema, userRolesQuery } from "./commands";
import { healthAnswer } from "./health";
import { csrfTokenOf, logIn, logOut, sessionOf, userSessionOf } from "./sessions/session-calls";
import { userGroupInput } from "./user-groups/schema";
import { createUserGroup, deleteUserGroup, updateUserGroup, userRoles } from "./user-groups/service";
import { staffUserApi } from "./users/staff-api";
import { invitationApi } from "./invitations/api";
import { ownProfileApi } from "./users/profile-api";

/** GET /api/auth/csrf's answer (decision 081). */
const CSRF_ANSWER = z.looseObject({ csrf: z.string().min(1) });

/** GET /api/user-session's answer (decision 081). */
const USER_SESSION = z.looseObject({ user_id: z.string(), organization_id: z.string(), role_level: z.number().int(), expires_at: z.string() });

const ANYONE = { auth: "optional", kioskAllowed: true } as const;
const SIGNED_IN_OR_KIOSK = { auth: "required", kioskAllowed: true } as const;

/** Identity's calls (spec-1 section 7, spec-2 "Session and organization"): sessions, user groups and health (the inbox is communications', decision 073). */
export const identityApi: readonly ApiRow[] = [
  apiRow({
    id: "auth-csrf",
    method: "GET",
    path: "/api/auth/csrf",
    description: "Obtain the CSRF value.",
    rule: ANYONE,
    answers: { description: "{ csrf }, set in an HttpOnly cookie the first time", schema: CSRF_ANSWER },
    handle: (ctx) => csrfTokenOf(ctx.services, ctx.request),
  }),
  apiRow({
    id: "auth-session",
    method: "GET",
    path: "/api/auth/session",
    description: "The session, or none.",
    rule: ANYONE,
    answers: { description: "{ user, organization }, both null without a session" },
    handle: (ctx) => sessionOf(ctx.auth),
  }),
  apiRow({
    id: "auth-login",
    method: "POST",
    path: "/api/auth/login",
    description: "Sign in. Optional rather than none: signing in again over a session replaces it.",
    rule: ANYONE,
    body: loginSchema,
    answers: { description: "{ user, organization }, and the session cookie" },
    handle: (ctx) => logIn(ctx.services, ctx.body, ctx.request, ctx.clientIp),
  }),
  apiRow({
    id: "auth-logout",
    method: "POST",
    path: "/api/auth/logout",
    description: "Sign out; harmless without a session.",
    rule: ANYONE,
    answers: { description: "{ message }, and the session cookie cleared" },
    handle: (ctx) => logOut(ctx.services, ctx.request),
  }),
  apiRow({
    id: "user-session",
    method: "GET",
    path: "/api/user-session",
    description: "The user-session record.",
    rule: SIGNED_IN_OR_KIOSK,
    answers: { description: "{ user_id, organization_id, role_level, expires_at }", schema: USER_SESSION },
    handle: (ctx) => userSessionOf(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "user-roles",
    method: "GET",
    path: "/api/user/role",
    description: "User groups for pickers and the sidebar.",
    rule: SIGNED_IN_OR_KIOSK,
    query: userRolesQuery,
    answers: { description: "{ data, count, additional_info }" },
    handle: (ctx) => userRoles(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "role-create",
    method: "POST",
    path: "/api/role",
    description: "Create a user group.",
    rule: ADMIN_ONLY,
    body: userGroupInput,
    answers: { description: "{ message, data: { id }, position }" },
    handle: (ctx) => createUserGroup(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "role-update",
    method: "PUT",
    path: "/api/role/:id",
    description: "Change a user group.",
    rule: ADMIN_ONLY,
    answers: { description: "{ message, data: { id }, position }" },
    // no body schema here: an unknown group is a 404 before its body is looked at
    handle: (ctx) => updateUserGroup(ctx.services, signedIn(ctx), ctx.request, ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "role-delete",
    method: "DELETE",
    path: "/api/role/:id",
    description: "Delete a user group.",
    rule: ADMIN_ONLY,
    answers: { description: "{ message, data: { id }, position }" },
    handle: (ctx) => deleteUserGroup(ctx.services, signedIn(ctx), ctx.request, ctx.params.id),
  }),
  apiRow({
    id: "health",
    method: "GET",
    path: "/api/health",
    description: "Liveness and readiness.",
    rule: ANYONE,
    answers: { description: "The health report; 503 when a part is down" },
    handle: (ctx) => healthAnswer(ctx.services),
  }),
  // the staff user lists (decision 061)
  ...staffUserApi,
  // invitations (decision 063)
  ...invitationApi,
  ...ownProfileApi,
];
