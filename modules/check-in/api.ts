import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type ApiRow } from "../identity";
import { boardQuery, bulkCheckInBody, checkInBody, checkOutBody, eligibilityBody } from "./commands";
import { bulkCheckIn, checkIn, checkInEligibility, checkInList, checkOut } from "./service";

/** POST /api/check-in's answer (decision 081): the visit made (or the first answer again, for a repeated Idempotency-Key). */
const CHECK_IN_ANSWER = z.looseObject({
  message: z.string(),
  data: z.looseObject({ id: z.string().nullable(), participant_id: z.string(), type: z.enum(["in", "out"]), replayed: z.boolean(), has_security_code: z.boolean() }),
});

/** A board row as /api/check-in and the live channel carry it (projections/check-in BoardRow); the kiosk's leaves out what its field policy hides. */
export const boardRowAnswer = z.looseObject({
  id: z.string(),
  participant_id: z.string(),
  member_id: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  full_name: z.string(),
  check_in_time: A.isoTime,
  check_out_time: z.string().nullable(),
  pick_up_name: z.string().nullable().optional(),
  pick_up_contact_number: z.string().nullable().optional(),
  pick_up_relationship: z.string().nullable().optional(),
  security_code: z.string().nullable().optional().describe("staff only"),
  photo_url: z.string().nullable(),
});
/** GET /api/check-in's answer (decision 081): today's board, or a page of the JSON export. */
const BOARD_ANSWER = z.union([
  A.listAnswer(boardRowAnswer, z.looseObject({ programs: z.array(z.unknown()), flags: z.unknown() })),
  A.listAnswer(z.looseObject({ id: z.string() }), A.pageInfo),
]);

const CHECK_IN_OUT = [P.CAN_CHECK_IN_OUT_MEMBERS] as const;

/** The check-in calls (spec-1 section 7), rows of the one /api table. The kiosk checks members in and out; bulk is for staff. */
export const checkInApi: readonly ApiRow[] = [
  apiRow({
    id: "check-in-list",
    method: "GET",
    path: "/api/check-in",
    description: "Today's board (type=notYetCheckout) or the paged JSON export (type=export, which also needs CAN_EXPORT_CHECK_IN_MEMBERS).",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_CHECK_IN_MEMBERS, P.CAN_CHECK_IN_OUT_MEMBERS], kioskAllowed: true },
    query: boardQuery,
    answers: { description: "{ data, count, additional_info: { programs, flags } }, or an export page", schema: BOARD_ANSWER },
    handle: (ctx) => checkInList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "check-in",
    method: "POST",
    path: "/api/check-in",
    description: "Check one member in or out by Member ID; a check-in gets the day's security code (decision 036).",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
    body: checkInBody,
    answers: { description: "{ message, data: { id, participant_id, type, replayed, has_security_code } }", schema: CHECK_IN_ANSWER },
    handle: (ctx) => checkIn(ctx.services, signedIn(ctx), ctx.body, ctx),
  }),
  apiRow({
    id: "check-in-bulk",
    method: "POST",
    path: "/api/check-in/bulk",
    description: "Check several members in (or out) at once.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT },
    body: bulkCheckInBody,
    answers: { description: "{ message, data: [{ participant_id, ok, code?, message? }] }" },
    handle: (ctx) => bulkCheckIn(ctx.services, signedIn(ctx), ctx.body, ctx),
  }),
  apiRow({
    id: "check-in-eligibility",
    method: "POST",
    path: "/api/check-in/participant",
    description: "Would this member's check-in or check-out be allowed now? Appends nothing. The kiosk sends the adult's claim_code for a child an adult picks up (decision 036).",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
    body: eligibilityBody,
    answers: { description: "{ allowed: true, participant_id, type, pick_up_choices? } (the choices for the kiosk after a matching claim code), or the refusal" },
    handle: (ctx) => checkInEligibility(ctx.services, signedIn(ctx), ctx.body),
  }),
  apiRow({
    id: "check-out",
    method: "PUT",
    path: "/api/check-in/:id",
    description: "Check a visit out with the pick-up details.",
    rule: { auth: "required", level: LEVELS.staff, anyPermission: CHECK_IN_OUT, kioskAllowed: true },
    body: checkOutBody,
    answers: { description: "{ message, data: { id } }" },
    handle: (ctx) => checkOut(ctx.services, signedIn(ctx), ctx.params.id ?? "", ctx.body, ctx),
  }),
];
