import { z } from "zod";
import { apiRow, LEVEL, LEVELS, signedIn, type AccessRule, type ApiRow } from "../../identity";
import { idempotencyKeyFrom } from "../../kernel";
import { enterOrganizationCall, leaveOrganizationCall } from "./entering";
import { createGranterCall, deactivateGranterCall, editGranterCall, grantersOf } from "./granters";
import { approveOrganizationRequest, createOrganizationCall, deactivateOrganizationCall, reactivateOrganizationCall, editOrganizationCall, declineOrganizationRequest, organizationRequestsOf, organizationsOf, submitOrganizationRequest } from "./service";

const GRANTERS = { auth: "required", level: LEVELS.granter } as const satisfies AccessRule;
const SUPERADMIN = { auth: "required", level: { equal: [LEVEL.superadmin] } } as const satisfies AccessRule;

export const ORGANIZATION_REQUEST_STATUSES = ["Pending", "Approved", "Declined"] as const;

/** GET /api/organization-request: paged (page from 0), searched by name, filtered by status. */
export const organizationRequestListQuery = z.object({
  page: z.coerce.number({ error: "page must be a number" }).int("page must be a whole number").min(0, "page must be 0 or more").max(100_000, "page is too large").default(0),
  size: z.coerce.number({ error: "size must be a number" }).int("size must be a whole number").min(1, "size must be between 1 and 1000").max(1000, "size must be between 1 and 1000").default(10),
  status: z.enum(ORGANIZATION_REQUEST_STATUSES, { error: `status must be one of ${ORGANIZATION_REQUEST_STATUSES.join(", ")}` }).optional(),
  search: z.string().max(200, "search must be at most 200 characters").optional(),
});

/** GET /api/organization: paged (page from 0), searched by name. */
export const organizationListQuery = z.object({
  page: organizationRequestListQuery.shape.page,
  size: organizationRequestListQuery.shape.size,
  search: organizationRequestListQuery.shape.search,
});

/** The organization requests' calls (decision 067), rows of the one /api table. */
export const organizationRequestsApi: readonly ApiRow[] = [
  apiRow({
    id: "organization-request-create",
    method: "POST",
    path: "/api/organization-request",
    description: "Request a new organization (public; limited per client address).",
    rule: { auth: "optional" },
    formBody: true,
    answers: { description: "{ message, id }" },
    // the request command validates the body (its schema's first problem is the 400's message)
    handle: (ctx) =>
      submitOrganizationRequest(ctx.services, ctx.body, ctx.clientIp, idempotencyKeyFrom(ctx.request.headers.get("idempotency-key"), (ctx.body as { command_id?: unknown } | null)?.command_id)),
  }),
  apiRow({
    id: "organization-request-list",
    method: "GET",
    path: "/api/organization-request",
    description: "Organization requests (granters and superadmins).",
    rule: GRANTERS,
    query: organizationRequestListQuery,
    answers: { description: "{ data, count }" },
    handle: (ctx) => organizationRequestsOf(ctx.services, signedIn(ctx), { page: ctx.query.page + 1, page_size: ctx.query.size, status: ctx.query.status, search: ctx.query.search }),
  }),
  apiRow({
    id: "organization-request-approve",
    method: "PUT",
    path: "/api/organization-request/:id/approve",
    description: "Approve an organization request: creates the organization, its user groups and its invited organization account.",
    rule: GRANTERS,
    answers: { description: "{ message, organization_id }" },
    handle: (ctx) => approveOrganizationRequest(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "organization-request-decline",
    method: "PUT",
    path: "/api/organization-request/:id/decline",
    description: "Decline an organization request with a reason.",
    rule: GRANTERS,
    body: z.object({ reason: z.unknown().optional() }),
    answers: { description: "{ message }" },
    handle: (ctx) => declineOrganizationRequest(ctx.services, signedIn(ctx), ctx.params.id, ctx.body.reason),
  }),
  apiRow({
    id: "organization-list",
    method: "GET",
    path: "/api/organization",
    description: "Organizations: every one for a superadmin, those they granted for a granter.",
    rule: GRANTERS,
    query: organizationListQuery,
    answers: { description: "{ data, count }" },
    handle: (ctx) => organizationsOf(ctx.services, signedIn(ctx), { page: ctx.query.page + 1, size: ctx.query.size, search: ctx.query.search }),
  }),
  apiRow({
    id: "organization-delete",
    method: "DELETE",
    path: "/api/organization/:id",
    description: "Deactivate an organization: its users can no longer sign in (a superadmin, not their own; a granter, those they granted).",
    rule: GRANTERS,
    answers: { description: "{ message }" },
    handle: (ctx) => deactivateOrganizationCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "organization-create",
    method: "POST",
    path: "/api/organization",
    description: "Create an organization (the request form's fields): it is approved at once, its organization account invited.",
    rule: GRANTERS,
    formBody: true,
    answers: { description: "{ message, data: { id } }" },
    handle: (ctx) =>
      createOrganizationCall(ctx.services, signedIn(ctx), ctx.body, idempotencyKeyFrom(ctx.request.headers.get("idempotency-key"), (ctx.body as { command_id?: unknown } | null)?.command_id)),
  }),
  apiRow({
    id: "organization-update",
    method: "PUT",
    path: "/api/organization/:id",
    description: "Edit an organization: name, type, address, support e-mail.",
    rule: GRANTERS,
    answers: { description: "{ message }" },
    handle: (ctx) => editOrganizationCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "organization-reactivate",
    method: "PUT",
    path: "/api/organization/:id/reactivate",
    description: "Reactivate a deactivated organization: its users can sign in again (a superadmin any; a granter, those they granted).",
    rule: GRANTERS,
    answers: { description: "{ message }" },
    handle: (ctx) => reactivateOrganizationCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "organization-enter",
    method: "POST",
    path: "/api/organization/:id/enter",
    description: "A superadmin enters another organization: their session acts in it until they leave (decision 069).",
    rule: SUPERADMIN,
    answers: { description: "{ message, data: { organization_id } }" },
    handle: (ctx) => enterOrganizationCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "organization-leave",
    method: "POST",
    path: "/api/organization/leave",
    description: "A superadmin inside another organization goes back to their own.",
    rule: SUPERADMIN,
    answers: { description: "{ message, data: { organization_id } }" },
    handle: (ctx) => leaveOrganizationCall(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "granter-list",
    method: "GET",
    path: "/api/granter",
    description: "Granter accounts of every organization (superadmin).",
    rule: SUPERADMIN,
    query: organizationListQuery,
    answers: { description: "{ data, count }" },
    handle: (ctx) => grantersOf(ctx.services, signedIn(ctx), { page: ctx.query.page + 1, size: ctx.query.size, search: ctx.query.search }),
  }),
  apiRow({
    id: "granter-create",
    method: "POST",
    path: "/api/granter",
    description: "Create a granter account (level 5) in the superadmin's organization, invited by e-mail.",
    rule: SUPERADMIN,
    formBody: true,
    answers: { description: "{ message, data: { id } }" },
    handle: (ctx) => createGranterCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "granter-update",
    method: "PUT",
    path: "/api/granter/:id",
    description: "Edit a granter account: first and last name, e-mail (unique across sign-ins), phone.",
    rule: SUPERADMIN,
    answers: { description: "{ message }" },
    handle: (ctx) => editGranterCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body),
  }),
  apiRow({
    id: "granter-delete",
    method: "DELETE",
    path: "/api/granter/:id",
    description: "Deactivate a granter account.",
    rule: SUPERADMIN,
    answers: { description: "{ message }" },
    handle: (ctx) => deactivateGranterCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
];
