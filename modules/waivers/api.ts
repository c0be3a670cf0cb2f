import { z } from "zod";
import { answerSchemas as A, apiRow, ADMIN_ONLY, signedIn, type ApiRow } from "../identity";
import { WAIVER_STATUSES, waiverListQuery } from "./schema";

const line = z.looseObject({
  participant_id: z.string(),
  member_id: z.string(),
  name: z.string(),
  status: z.enum(WAIVER_STATUSES),
  status_label: z.string(),
  signed_at: A.isoTime.nullable(),
  signed_by_name: z.string().nullable(),
  waiver_version: z.string().nullable(),
});
const version = z.looseObject({ version_id: z.string(), title: z.string(), body: z.string(), effective_from: A.isoTime.nullable(), current: z.boolean() });
import { publishWaiverVersion, sendWaiverLink, waiverDetail, waiverList, waiverVersionList } from "./service";

/**
 * The Waivers page's calls (decision 100; the generic convention, node `waiver`): admins and the
 * organization account, as the /waivers page (the organization's record of consent and its legal text).
 */
export const waiversApi: readonly ApiRow[] = [
  apiRow({
    id: "waiver-list",
    method: "GET",
    path: "/api/waiver",
    description:
      "The organization's Active members and their waiver: status (all, signed: the current version; unsigned: never; resign: an older version, needs a new signature), search (name or Member ID), page, size (1..100); additional_info has the current version and the count of each status.",
    rule: ADMIN_ONLY,
    query: waiverListQuery,
    answers: {
      description: "{ data, count, additional_info: { current_version, counts, page, size, total_pages } }",
      schema: A.listAnswer(line, z.looseObject({ current_version: z.string(), counts: z.looseObject({ signed: A.count, unsigned: A.count, resign: A.count }) })),
    },
    handle: (ctx) => waiverList(ctx.services, signedIn(ctx), ctx.query),
  }),
  apiRow({
    id: "waiver-version-list",
    method: "GET",
    path: "/api/waiver/version",
    description: "The waiver text's versions, newest first: version_id, title, body, effective_from (null: the built-in text), current, signatures (members whose latest signature names it).",
    rule: ADMIN_ONLY,
    answers: { description: "{ data, count, additional_info: { current_version } }", schema: A.listAnswer(version.extend({ signatures: A.count }), z.looseObject({ current_version: z.string() })) },
    handle: (ctx) => waiverVersionList(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "waiver-version-create",
    method: "POST",
    path: "/api/waiver/version",
    description:
      "Publish a new waiver text { title (1..200), body (20..20 000 characters; blank lines split paragraphs) }, effective now: every member whose signature names an older version needs a new one, and check-in waits for it. The same text as the current one is 409.",
    rule: ADMIN_ONLY,
    answers: { description: "{ message: 'Waiver version successfully created', data: { version_id, title, body, effective_from, current } }", schema: z.looseObject({ message: z.string(), data: version }) },
    handle: (ctx) => publishWaiverVersion(ctx.services, signedIn(ctx), ctx.request, ctx.body),
  }),
  apiRow({
    id: "waiver-detail",
    method: "GET",
    path: "/api/waiver/:participantId",
    description: "One member's waiver status and signature, and where a signing link would be sent (send_to: null when no e-mail address is known). Another organization's member is 404.",
    rule: ADMIN_ONLY,
    answers: {
      description: "{ participant_id, member_id, name, status, status_label, signed_at, signed_by_name, waiver_version, send_to }",
      schema: line.extend({ send_to: z.looseObject({ email: z.string(), name: z.string(), relation: z.string() }).nullable() }),
    },
    handle: (ctx) => waiverDetail(ctx.services, signedIn(ctx), ctx.params.participantId),
  }),
  apiRow({
    id: "waiver-send-link",
    method: "POST",
    path: "/api/waiver/:participantId/send-link",
    description:
      "E-mail a fresh single-use signing link (/sign-waiver/{id}?token=…, 7 days) to the member's parent or guardian, or to an adult member, through the mail queue. Idempotent by Idempotency-Key or command_id: a resend answers the first message. Signed the current version already: 409; no e-mail address known: 400.",
    rule: ADMIN_ONLY,
    answers: {
      description: "{ message: 'Waiver link sent to …', data: { participant_id, to, relation, outbox_id, expires_at, replayed } }",
      schema: z.looseObject({ message: z.string(), data: z.looseObject({ participant_id: z.string(), to: z.string(), relation: z.string(), outbox_id: z.string(), expires_at: A.isoTime, replayed: z.boolean() }) }),
    },
    handle: (ctx) => sendWaiverLink(ctx.services, signedIn(ctx), ctx.request, ctx.params.participantId, ctx.body),
  }),
];
