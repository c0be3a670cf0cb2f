import { LEVELS } from "../access/rules";
import { PERMISSIONS as P } from "../access/permissions";
import type { AccessRule } from "../access/types";
import { apiRow, signedIn, type ApiRow } from "../calls/row";
import { createStaffUserCall, deleteStaffUserCall, staffUserOf, staffUsersOf, updateStaffUserCall } from "./service-user-list";
import { staffUserSchema, userListQuery } from "./staff-schema";

/** Staff who view coach profiles or the coach list, or create them (spec-1 section 6). */
const USER_READ = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_COACH_PROFILE, P.CAN_VIEW_COACH_LIST, P.CAN_CREATE_COACH_PROFILE] } as const satisfies AccessRule;
/** Staff with 'create coach profiles'; the level rules are the decider's (decision 061). */
const USER_WRITE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_COACH_PROFILE] } as const satisfies AccessRule;

const FIELDS = "first_name, last_name, email (unique), phone_number, user_group_id (a staff group at or below your level), status (Active, Inactive, Alumni), status_reason (required for Inactive and Alumni)";

/** The staff user lists' calls (spec-1 section 7's generic convention, node `user`; decision 061). */
export const staffUserApi: readonly ApiRow[] = [
  apiRow({
    id: "user-list",
    method: "GET",
    path: "/api/user",
    description: "The organization's staff users, paged: search (first and last name, e-mail, username), sort (created_date, first_name, last_name, email, username, status; asc or desc; default created_date desc), page, size, role_id (one user group), status.",
    rule: USER_READ,
    query: userListQuery,
    answers: { description: "{ data, count, additional_info }; each user with the caller's role's fields (decision 027)" },
    handle: (ctx) => staffUsersOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "user-create",
    method: "POST",
    path: "/api/user",
    description: `Create a staff user, with no password (invitation Pending): ${FIELDS}.`,
    rule: USER_WRITE,
    body: staffUserSchema,
    answers: { description: "{ message: 'User successfully created', data: user }" },
    handle: (ctx) => createStaffUserCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "user-detail",
    method: "GET",
    path: "/api/user/:id",
    description: "One staff user of the organization.",
    rule: USER_READ,
    answers: { description: "The user, with the caller's role's fields" },
    handle: (ctx) => staffUserOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "user-update",
    method: "PUT",
    path: "/api/user/:id",
    description: `Edit a staff user (every field, as POST): ${FIELDS}. Nobody changes their own group or status.`,
    rule: USER_WRITE,
    // no body schema here: an unknown user is a 404 before its body is looked at
    answers: { description: "{ message: 'User successfully updated', data: user }" },
    handle: (ctx) => updateStaffUserCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "user-delete",
    method: "DELETE",
    path: "/api/user/:id",
    description: "Deactivate a staff user: status Inactive, reason 'Deactivated'. Accounts are never erased (their events stay); an Inactive user cannot sign in.",
    rule: USER_WRITE,
    answers: { description: "{ message: 'User successfully deactivated', data: user }" },
    handle: (ctx) => deleteStaffUserCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.request),
  }),
];
