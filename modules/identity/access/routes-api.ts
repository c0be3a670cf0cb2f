import { ADMIN_ONLY } from "./rules";
import type { ApiRoute } from "./route-types";

/** The /api calls of the identity module (spec-1 section 7, spec-2 "Session and organization"). */
export const API_ROUTES = [
  {
    id: "auth-csrf",
    method: "GET",
    path: "/api/auth/csrf",
    description: "Obtain the CSRF value.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-session",
    method: "GET",
    path: "/api/auth/session",
    description: "The session, or none.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-login",
    method: "POST",
    path: "/api/auth/login",
    description: "Sign in. Optional rather than none: signing in again over a session replaces it.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "auth-logout",
    method: "POST",
    path: "/api/auth/logout",
    description: "Sign out; harmless without a session.",
    rule: { auth: "optional", kioskAllowed: true },
  },
  {
    id: "user-session",
    method: "GET",
    path: "/api/user-session",
    description: "The user-session record.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "organization-settings-read",
    method: "GET",
    path: "/api/setting/organization",
    description: "Organization information.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "organization-settings-update",
    method: "PUT",
    path: "/api/setting/organization",
    description: "Change organization settings.",
    rule: ADMIN_ONLY,
  },
  {
    id: "user-roles",
    method: "GET",
    path: "/api/user/role",
    description: "User groups for pickers and the sidebar.",
    rule: { auth: "required", kioskAllowed: true },
  },
  {
    id: "role-create",
    method: "POST",
    path: "/api/role",
    description: "Create a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "role-update",
    method: "PUT",
    path: "/api/role/:id",
    description: "Change a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "role-delete",
    method: "DELETE",
    path: "/api/role/:id",
    description: "Delete a user group.",
    rule: ADMIN_ONLY,
  },
  {
    id: "message-inbox",
    method: "GET",
    path: "/api/message/inbox",
    description: "Inbox messages; the unread count drives the badge.",
    rule: { auth: "required" },
  },
  {
    id: "health",
    method: "GET",
    path: "/api/health",
    description: "Liveness and readiness.",
    rule: { auth: "optional", kioskAllowed: true },
  },
] as const satisfies readonly ApiRoute[];
