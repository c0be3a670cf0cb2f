import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../../identity";
import { announcementListQuery } from "./schema";
import { announcementOf, announcementsOf, audienceCountCall, retractAnnouncementCall, saveAnnouncementCall, sendAnnouncementCall, smsStatusCall } from "./service";

/** GET /api/communication's answer (decision 081): the organization's announcements, newest change first. */
const LIST_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    kind: z.enum(["announcement", "newsletter"]),
    subject: z.string(),
    status: z.enum(["draft", "scheduled", "sending", "sent", "retracted"]),
    channels: z.array(z.enum(["INTERNAL", "EMAIL", "SMS"])),
    recipient_count: z.number().int().nullable(),
    updated_at: A.isoTime,
  }),
);

/** An attached file as a reader gets it (decision 107): a signed url that expires, null when the file is gone. */
export const ATTACHMENT_ANSWER = z.object({ path: z.string(), name: z.string(), content_type: z.string(), bytes: z.number().int().nonnegative(), url: z.string().nullable() });

/** One announcement as the calls answer it (its other fields: audience, body, schedule, retraction...). */
const ANNOUNCEMENT = z.looseObject({
  id: z.string(),
  kind: z.enum(["announcement", "newsletter"]),
  subject: z.string(),
  status: z.enum(["draft", "scheduled", "sending", "sent", "retracted"]),
  channels: z.array(z.enum(["INTERNAL", "EMAIL", "SMS"])),
  attachments: z.array(ATTACHMENT_ANSWER).max(5),
});
/** A change's answer: the toast's words and the announcement as it now stands. */
const CHANGED = z.looseObject({ message: z.string(), data: ANNOUNCEMENT });
const DETAIL = ANNOUNCEMENT.extend({ deliveries: z.array(z.looseObject({})), delivery_tally: z.looseObject({}), delivery_count: z.number().int() });
const COUNT = z.object({ data: z.object({ count: z.number().int() }) });

/** Twilio's status callbacks: no session; the request's signature is the permission (decision 108). */
const TWILIO = { auth: "optional" } as const satisfies AccessRule;

/** 'Create communications', in a school organization with the communication feature on (spec-1 section 2, as the page). */
const COMPOSE = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_CREATE_COMMUNICATIONS], features: ["communication"], organizationTypes: ["school"] } as const satisfies AccessRule;

/**
 * Announcements (decision 088; node `communication`, the generic convention): list, one with its deliveries, a draft
 * created or changed, the audience's live count, send (now or scheduled) and retract. No DELETE: a sent announcement
 * is retracted with a reason.
 */
export const announcementsApi: readonly ApiRow[] = [
  apiRow({
    id: "communication-list",
    method: "GET",
    path: "/api/communication",
    description: "The organization's announcements, newest change first: status (draft, scheduled, sending, sent, retracted), page, size.",
    rule: COMPOSE,
    query: announcementListQuery,
    answers: { description: "{ data, count }", schema: LIST_ANSWER },
    handle: (ctx) => announcementsOf(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "communication-audience",
    method: "POST",
    path: "/api/communication/audience",
    description: "How many people an audience reaches now: { group_ids, program_ids, event_ids, flag_types (stop, warn), user_ids }; active accounts, each once.",
    rule: COMPOSE,
    answers: { description: "{ data: { count } }", schema: COUNT },
    handle: (ctx) => audienceCountCall(ctx.services, signedIn(ctx), ctx.body),
  }),
  apiRow({
    id: "communication-detail",
    method: "GET",
    path: "/api/communication/:id",
    description: "One announcement and its deliveries per recipient and channel (queued, sent, delivered, read, skipped, failed with reason, cancelled), with their tally; page, size.",
    rule: COMPOSE,
    answers: { description: "The announcement, deliveries, delivery_tally, delivery_count", schema: DETAIL },
    handle: (ctx) => announcementOf(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
  apiRow({
    id: "communication-create",
    method: "POST",
    path: "/api/communication",
    description: "A draft: kind (announcement, newsletter), subject (≤ 150), body (rich text, sanitized to an allow-list; ≤ 5000 characters of text), audience, channels (the organization's sending_methods; SMS ≤ 10 segments).",
    rule: COMPOSE,
    answers: { description: "{ message: 'Draft saved', data }", schema: CHANGED },
    handle: (ctx) => saveAnnouncementCall(ctx.services, signedIn(ctx), undefined, ctx.body, ctx.request),
  }),
  apiRow({
    id: "communication-update",
    method: "PUT",
    path: "/api/communication/:id",
    description: "Changes a draft (the same fields as creating one); a scheduled or sent announcement is 409.",
    rule: COMPOSE,
    answers: { description: "{ message: 'Draft saved', data }", schema: CHANGED },
    handle: (ctx) => saveAnnouncementCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "communication-send",
    method: "POST",
    path: "/api/communication/:id/send",
    description: "Sends the draft now, or at send_at (ISO date-time, not in the past): one command, then one job per recipient and channel.",
    rule: COMPOSE,
    answers: { description: "{ message: 'Communication sent' | 'Communication scheduled', data }", schema: CHANGED },
    handle: (ctx) => sendAnnouncementCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "communication-retract",
    method: "POST",
    path: "/api/communication/:id/retract",
    description: "Retracts a scheduled or sent announcement with a reason (required, ≤ 500) that stays visible: unsent deliveries are cancelled, inbox copies withdrawn.",
    rule: COMPOSE,
    answers: { description: "{ message: 'Communication retracted', data }", schema: CHANGED },
    handle: (ctx) => retractAnnouncementCall(ctx.services, signedIn(ctx), ctx.params.id, ctx.body, ctx.request),
  }),
  apiRow({
    id: "sms-status",
    method: "POST",
    path: "/api/sms/status",
    description: "Twilio's status callback for a text message (decision 108): a form with MessageSid, MessageStatus and ErrorCode, signed by X-Twilio-Signature (checked with TWILIO_AUTH_TOKEN; 403 otherwise, 404 while Twilio is not configured). Delivered, undelivered and failed settle the delivery.",
    rule: TWILIO,
    formBody: true,
    answers: { description: "{ message: 'Status recorded', data: { settled } }", schema: z.object({ message: z.string(), data: z.object({ settled: z.number().int() }) }) },
    handle: (ctx) => smsStatusCall(ctx.services, ctx.request, ctx.body),
  }),
];
