import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow, type Services } from "../identity";
import { requestListQuery } from "./schema";
import { approveRequest, declineRequest, requestCall, requestsOf, submitRequest } from "./service";

/** GET /api/request's answer (decision 081). */
const REQUESTS_ANSWER = A.listAnswer(
  z.looseObject({
    ...A.personNames,
    kind: z.enum(["member", "parent", "teacher"]),
    status: z.enum(["Pending", "Approved", "Declined"]),
    email: z.string(),
    created_date: A.isoTime,
    decided_at: z.string().nullable(),
  }),
);

/** Staff who create coach or participant profiles; which of the two a request needs is the service's (by its kind). */
const DECIDE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_COACH_PROFILE, P.CAN_CREATE_PARTICIPANT_PROFILE] } as const satisfies AccessRule;
/** The requester has no account (public forms, spec-1 section 2); the CSRF rules of every cookie-less POST apply. */
const PUBLIC = { auth: "optional" } as const satisfies AccessRule;

async function submit(services: Services, request: Request, body: unknown, clientIp: string, form: "member" | "teacher"): Promise<Response> {
  const organizationId = new URL(request.url).searchParams.get("organization");
  const outcome = await submitRequest(services, { organizationId, form, body, clientIp });
  if (outcome.ok) return Response.json({ message: outcome.message });
  const headers: Record<string, string> = outcome.retryAfterSeconds ? { "Retry-After": String(outcome.retryAfterSeconds) } : {};
  return Response.json({ code: outcome.code, message: outcome.message, ...(outcome.fieldErrors ? { fieldErrors: outcome.fieldErrors } : {}) }, { status: outcome.status, headers });
}

/**
 * Membership requests (decision 066; the generic convention, node `request`): the public submits, the staff list,
 * one request, and approve / decline as actions on it. No PUT or DELETE: a request is the requester's words,
 * decided once and kept.
 */
export const requestsApi: readonly ApiRow[] = [
  apiRow({
    id: "request-list",
    method: "GET",
    path: "/api/request",
    description: "The organization's membership requests, paged: page, size, status (Pending, Approved, Declined), search (names, e-mail, the child's name). Newest first; only the kinds the caller may decide (teacher: 'create coach profiles'; member and parent: 'create participant profiles').",
    rule: DECIDE,
    query: requestListQuery,
    answers: { description: "{ data, count, additional_info }", schema: REQUESTS_ANSWER },
    handle: (ctx) => requestsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "request-create",
    method: "POST",
    path: "/api/request",
    description:
      "A public membership request (?organization={id}): kind (member or parent), first_name, last_name, email, phone_number, birth_date and gender (member), child_first_name, child_last_name, child_birth_date, child_gender (parent), message. 5 per 10 minutes per address (429). Always the same thank-you for a valid request.",
    rule: PUBLIC,
    answers: { description: "{ message }" },
    handle: (ctx) => submit(ctx.services, ctx.request, ctx.body, ctx.clientIp, "member"),
  }),
  apiRow({
    id: "request-create-teacher",
    method: "POST",
    path: "/api/request/teacher",
    description: "A public teacher membership request (?organization={id}, school organizations only, 404 otherwise): first_name, last_name, email, phone_number, school_role, message. 5 per 10 minutes per address (429).",
    rule: PUBLIC,
    answers: { description: "{ message }" },
    handle: (ctx) => submit(ctx.services, ctx.request, ctx.body, ctx.clientIp, "teacher"),
  }),
  apiRow({
    id: "request-detail",
    method: "GET",
    path: "/api/request/:id",
    description: "One membership request.",
    rule: DECIDE,
    answers: { description: "The request" },
    handle: (ctx) => requestCall(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "request-approve",
    method: "POST",
    path: "/api/request/:id/approve",
    description: "Approve a pending request: the account is made and invited (teacher: a coach; parent: a parent account and the child), a member's participant profile is made; the requester is told by e-mail. Once only (409).",
    rule: DECIDE,
    answers: { description: "{ message: 'Request successfully approved', data }" },
    handle: (ctx) => approveRequest(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "request-decline",
    method: "POST",
    path: "/api/request/:id/decline",
    description: "Decline a pending request with a reason (required, at most 500 characters); the requester is told by e-mail. Once only (409).",
    rule: DECIDE,
    answers: { description: "{ message: 'Request successfully declined', data }" },
    handle: (ctx) => declineRequest(ctx.services, signedIn(ctx), ctx.params.id, ctx.body),
  }),
];
