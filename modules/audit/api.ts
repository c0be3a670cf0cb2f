import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { auditQuery } from "./commands";
import { participantAudit, participantAuditCsv } from "./service";

/** GET /api/audit/participant/{id}'s answer (decision 081). */
const AUDIT_ANSWER = z.looseObject({
  participant: z.looseObject({ id: z.string(), full_name: z.string(), member_id: z.string() }),
  at: A.isoTime,
  timeline: z.array(z.looseObject({})),
  state: z.looseObject({ at: A.isoTime, eventCount: A.count, notes: z.array(z.unknown()), flags: z.array(z.unknown()) }),
});

/**
 * The auditor's replay (issue 5, decision 021): staff levels (2-6) holding 'view audit history', which
 * the admin and organization groups have by default; never the kiosk. Another organization's participant
 * is 404 in the handler.
 */
const AUDITORS = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_VIEW_AUDIT_HISTORY] } as const satisfies AccessRule;

/** The audit calls, rows of the one /api table. */
export const auditApi: readonly ApiRow[] = [
  apiRow({
    id: "audit-participant",
    method: "GET",
    path: "/api/audit/participant/:id",
    description: "A participant's note, comment and flag history: the timeline and the state replayed at ?at= (ISO 8601, default now).",
    rule: AUDITORS,
    query: auditQuery,
    answers: { description: "{ participant, at, timeline, state }", schema: AUDIT_ANSWER },
    handle: (ctx) => participantAudit(ctx.services, signedIn(ctx), ctx.params.id, ctx.query),
  }),
  apiRow({
    id: "audit-participant-csv",
    method: "GET",
    path: "/api/audit/participant/:id/timeline.csv",
    description: "The same timeline as a CSV download (one row per event, cells neutralised against formulas).",
    rule: AUDITORS,
    answers: { description: "The timeline as a CSV attachment", contentType: "text/csv" },
    handle: (ctx) => participantAuditCsv(ctx.services, signedIn(ctx), ctx.params.id),
  }),
];
