import { z } from "zod";
import { answerSchemas as A, apiRow, commandIdOf, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { memberLookupBody } from "./commands";
import { memberLookupOf, participantDetailOf, participantPhotoResponse } from "./service-detail";
import { participantReportOf } from "./service-list";
import { issueWaiverLink } from "./service-waivers";
import { createParticipantCall, updateParticipantCall } from "./service-write";
import { inviteParticipantCall } from "./service-account";

/** GET /api/participant_report's answer (decision 081): a page of participants through the caller's field policy. */
const PARTICIPANT_REPORT_ANSWER = A.listAnswer(
  z.looseObject({ ...A.personNames, participant_id: z.string(), full_name: z.string(), member_id: z.string().optional(), status: z.string().optional(), photo_url: z.string().nullable().optional() }),
  A.pageInfo,
);

/** GET /api/participant/{id}'s answer (decision 081): what the caller's field policy lets through; a kiosk's reduced view. */
const PARTICIPANT_ANSWER = z.looseObject({
  ...A.personNames,
  participant_id: z.string(),
  full_name: z.string(),
  member_id: z.string().optional(),
  status: z.string().optional(),
  photo_url: z.string().nullable().optional(),
  is_flagged: z.boolean().optional(),
  is_warned: z.boolean().optional(),
  flags: A.listAnswer(z.looseObject({ id: z.string() })).optional(),
  notes: A.listAnswer(z.looseObject({ id: z.string() })).optional(),
  programs_and_events: z.array(z.looseObject({ id: z.string(), name: z.string(), type: z.string() })).optional(),
  check_in_time: z.string().nullable().optional(),
  check_out_time: z.string().nullable().optional(),
  is_reduced_view: z.boolean(),
});

const PARTICIPANT_VIEW = [P.CAN_VIEW_PARTICIPANT_LIST, P.CAN_VIEW_ASSIGNED_ONLY, P.CAN_VIEW_PARTICIPANT_PROFILE] as const;
/** staff who may see participants, and the kiosk (whose permissions are capped to the kiosk four) */
const PARTICIPANT_READ = { auth: "required", level: LEVELS.staff, anyPermission: PARTICIPANT_VIEW, kioskAllowed: true } as const satisfies AccessRule;

/** creating and editing participants (decision 065): 'Create participant profiles' */
const PARTICIPANT_WRITE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_PARTICIPANT_PROFILE] } as const satisfies AccessRule;
const FORM_FIELDS =
  "first_name, last_name, dob (YYYY-MM-DD, not in the future), gender, pick_up_permission; as the organization's registration_fields ask: email, phone_number, contact_name, preferred_contact, address, postal_code, province, school_not_applicable and school_name, medical_conditions, has_epi_pen, has_medications, pronouns, household_income (A-L), birthplace, programme_interest, how_heard; pickup_contacts; status and status_reason (required for Inactive and Alumni)";

const searchParamsOf = (request: Request) => new URL(request.url).searchParams;

/** The participant and waiver calls (spec-1 section 7), rows of the one /api table. */
export const participantsApi: readonly ApiRow[] = [
  apiRow({
    id: "participant-detail",
    method: "GET",
    path: "/api/participant/:id",
    description: "The participant check-in view; a kiosk gets the reduced view.",
    rule: PARTICIPANT_READ,
    answers: { description: "The participant (spec-1 section 3) with the fields the caller's role may see", schema: PARTICIPANT_ANSWER },
    handle: (ctx) => participantDetailOf(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    id: "participant-photo",
    method: "GET",
    path: "/api/participant/:id/photo",
    description: "The participant's registered photo (the bytes), for the lists' photo_url; 404 without one (decision 023).",
    rule: PARTICIPANT_READ,
    answers: { description: "The image, as the type its bytes are", contentType: "image/*" },
    handle: (ctx) => participantPhotoResponse(ctx.services, signedIn(ctx), ctx.params.id),
  }),
  apiRow({
    // no `query` schema: statuses may repeat (statuses=A&statuses=B), which a row's query object cannot carry;
    // the handler reads the whole URL with participantReportQuery
    id: "participant-report",
    method: "GET",
    path: "/api/participant_report",
    description: "The participant list: page, size, statuses, search.",
    rule: PARTICIPANT_READ,
    answers: { description: "{ data, count, additional_info }", schema: PARTICIPANT_REPORT_ANSWER },
    handle: (ctx) => participantReportOf(ctx.services, signedIn(ctx), searchParamsOf(ctx.request)),
  }),
  apiRow({
    id: "participant-by-member-id",
    method: "POST",
    path: "/api/participant/member",
    description: "Fetch a member by Member ID (typed, or scanned at the kiosk).",
    rule: { ...PARTICIPANT_READ, anyPermission: [...PARTICIPANT_VIEW, P.CAN_CHECK_IN_OUT_MEMBERS] },
    body: memberLookupBody,
    answers: { description: "{ id, participant_id, member_id, names, photo_url, status, pick_up_permission, is_waiver_signed, is_flagged, is_warned }" },
    handle: (ctx) => memberLookupOf(ctx.services, signedIn(ctx), ctx.body),
  }),
  apiRow({
    id: "participant-create",
    method: "POST",
    path: "/api/participant",
    description: `Create a participant with a new Member ID: ${FORM_FIELDS}.`,
    rule: PARTICIPANT_WRITE,
    // no body schema here: the schema is the organization's (its registration_fields)
    answers: { description: "{ message: 'Participant successfully created', data: participant }" },
    handle: (ctx) => createParticipantCall(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "participant-update",
    method: "PUT",
    path: "/api/participant/:id",
    description: `Edit a participant (every field, as POST): ${FORM_FIELDS}. Fields the organization does not ask for stay as they are.`,
    rule: PARTICIPANT_WRITE,
    answers: { description: "{ message: 'Participant successfully updated', data: participant }" },
    handle: (ctx) => updateParticipantCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "participant-invitation",
    method: "POST",
    path: "/api/participant/:id/invitation",
    description:
      "Invite the participant to an account of their own (decision 068): a participant of 13 or more, Active, with an e-mail and no account gets a level-1 account in the PARTICIPANT group (no password) linked to them, and a single-use link (14 days) to /invite/{user id}; one who has an account is sent a new link. Resend and revoke: PUT and DELETE /api/invitation/{user_id}.",
    rule: PARTICIPANT_WRITE,
    answers: { description: "{ message: 'Invitation successfully created' (or 'resent'), data: { participant_id, user_id, invitation_status } }" },
    handle: (ctx) => {
      const auth = signedIn(ctx);
      return inviteParticipantCall(ctx.services, auth, ctx.params.id, commandIdOf(auth, ctx.request, (ctx.body as { command_id?: unknown } | null)?.command_id));
    },
  }),
  apiRow({
    id: "waiver-token",
    method: "GET",
    path: "/api/user-detail/waiver-token",
    description:
      "A single-use link to sign a participant's waiver (?participant_id=). The handler asks CAN_SIGN_WAIVER_FOR_PARTICIPANT, admin or organization (spec-1 section 6); a parent, their own children only.",
    rule: { auth: "required" },
    answers: { description: "{ token, expires_at, url } (Cache-Control: no-store)" },
    handle: (ctx) => issueWaiverLink(ctx.services, signedIn(ctx), searchParamsOf(ctx.request)),
  }),
];
