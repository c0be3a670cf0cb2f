import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, PERMISSIONS as P, signedIn, type AccessRule, type ApiRow } from "../identity";
import { downloadQuery, exportRequestBody } from "./commands";
import { downloadExport, exportList, requestExportFor } from "./service";

/** An export as the list and the live channel carry it (projections/exports ExportRow). */
export const exportRowAnswer = z.looseObject({
  id: z.string(),
  kind: z.string(),
  filters: z.record(z.string(), z.unknown()),
  file_name: z.string(),
  status: z.string(),
  rows: z.number().int().nullable(),
  bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  reason: z.string().nullable(),
  requested_by: z.string(),
  requested_at: A.isoTime,
  finished_at: z.string().nullable(),
});
/** What the worker publishes while it writes a file, and the list's `progress`. */
export const exportProgressAnswer = z.looseObject({ id: z.string().optional(), rows: A.count, total: A.count, percent: z.number().min(0).max(100) });
/** GET /api/export's answer (decision 081). */
const EXPORTS_ANSWER = A.listAnswer(exportRowAnswer.extend({ download_url: z.string().nullable(), progress: exportProgressAnswer.nullable() }));

/** Staff holding an export permission; the handlers then ask the permission of the export's kind. */
const EXPORTERS = { auth: "required", level: LEVELS.staff, anyPermission: [P.CAN_EXPORT_CHECK_IN_MEMBERS, P.CAN_EXPORT_PARTICIPANT_PROFILE, P.CAN_EXPORT_PROGRAMS_AND_EVENTS, P.CAN_EXPORT_COACH_PROFILE, P.CAN_EXPORT_SURVEY_RESULTS] } as const satisfies AccessRule;

/** The background export calls (spec-2 sections 2, 7 and 8; decision 014), rows of the one /api table. */
export const exportsApi: readonly ApiRow[] = [
  apiRow({
    id: "export-list",
    method: "GET",
    path: "/api/export",
    description: "My exports, newest first, with their status, progress, size, rows and a download link that expires.",
    rule: EXPORTERS,
    answers: { description: "{ data: [export with download_url and progress], count, additional_info }", schema: EXPORTS_ANSWER },
    handle: (ctx) => exportList(ctx.services, signedIn(ctx)),
  }),
  apiRow({
    id: "export-request",
    method: "POST",
    path: "/api/export",
    description: "Request a background export (kind check-ins, participants, flag-history (note and flag history), program-report, program-summary, event-report, user-list, parent-list, survey-report, survey-evaluation or bundle, with filters); the kind's export permission is checked.",
    rule: EXPORTERS,
    body: exportRequestBody,
    answers: { status: 202, description: "{ message, data: { id, status, file_name, replayed } } (a resend is the same export)" },
    handle: async (ctx) => Response.json(await requestExportFor(ctx.services, signedIn(ctx), ctx.body, ctx.request), { status: 202 }),
  }),
  apiRow({
    id: "export-download",
    method: "GET",
    path: "/api/export/:id/download",
    description: "The export's file, by a signed link that expires, for people of its organization with its export permission.",
    rule: EXPORTERS,
    query: downloadQuery,
    answers: { description: "The file (CSV or zip) as an attachment", contentType: "text/csv" },
    handle: (ctx) => downloadExport(ctx.services, signedIn(ctx), ctx.params.id ?? "", ctx.query),
  }),
];
