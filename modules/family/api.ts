import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { parentListQuery, parentSchema } from "./parent-schema";
import { createParentCall, linkChildCall, parentOf, parentsOf, unlinkChildCall } from "./parents";

/** GET /api/parent's answer (decision 081): through the caller's field policy. */
const PARENTS_ANSWER = A.listAnswer(
  z.looseObject({ ...A.personNames, status: z.string().optional(), children: z.array(z.looseObject({ id: z.string(), full_name: z.string(), relationship: z.string().nullable().optional() })) }),
);

/** Staff with 'Manage parents' (spec-1 section 4, the /user/parent page's rule). */
const MANAGE_PARENT = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_MANAGE_PARENT] } as const satisfies AccessRule;

/** The parents' calls (decision 064): the list with children, a new parent, linking and unlinking a child. */
export const familyApi: readonly ApiRow[] = [
  apiRow({
    id: "parent-list",
    method: "GET",
    path: "/api/parent",
    description: "The organization's parents, paged (page from 0, size default 10), searched (search: the parent's name or e-mail, a child's name), by last name; each with their children.",
    rule: MANAGE_PARENT,
    query: parentListQuery,
    answers: { description: "{ data: [{ id, first_name, last_name, email, phone_number, status, created_date, children: [{ id, full_name, member_id, relationship }] }], count }, through the caller's field policy", schema: PARENTS_ANSWER },
    handle: (ctx) => parentsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "parent-create",
    method: "POST",
    path: "/api/parent",
    description: "Create a parent account in the organization's PARENT group (no password: invitation Pending, as staff users): first_name, last_name, email (unique), phone_number.",
    rule: MANAGE_PARENT,
    body: parentSchema,
    answers: { description: "{ message: 'Parent successfully created', data: parent }" },
    handle: (ctx) => createParentCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "parent-detail",
    method: "GET",
    path: "/api/parent/:id",
    description: "One parent of the organization with their children; another organization's, or a user who is not a parent, is 404.",
    rule: MANAGE_PARENT,
    answers: { description: "The parent with their children, through the caller's field policy" },
    handle: (ctx) => parentOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "parent-child-link",
    method: "POST",
    path: "/api/parent/:id/child",
    description: "Link a participant to this parent as their child (a child may have several guardians): participant_id, relationship (optional). 409 ALREADY_LINKED; another organization's parent or participant is 404.",
    rule: MANAGE_PARENT,
    // no body schema here: another organization's parent is a 404 before its body is looked at
    answers: { description: "{ message: 'Child successfully linked', data: parent }" },
    handle: (ctx) => linkChildCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "parent-child-unlink",
    method: "DELETE",
    path: "/api/parent/:id/child/:childId",
    description: "Unlink a child from this parent (the child's last guardian may be unlinked). A pair not linked is 404.",
    rule: MANAGE_PARENT,
    answers: { description: "{ message: 'Child successfully unlinked', data: parent }" },
    handle: (ctx) => unlinkChildCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.params.childId, ctx.request),
  }),
];

