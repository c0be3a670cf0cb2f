import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, signedIn, type ApiRow } from "../identity";
import { flagRequestBody, flagUserQuery } from "./commands";
import { flagOrUnflag, userFlags } from "./service";

/** GET /api/note/flag/user's answer (decision 081): the participant's flags of one type, newest first. */
const FLAGS_ANSWER = A.listAnswer(
  z.looseObject({
    id: z.string(),
    participant_id: z.string(),
    type: z.enum(["stop", "warn"]),
    status: z.enum(["Active", "Resolved"]),
    message: z.string(),
    flagged_by_name: z.string(),
    flagged_at: A.isoTime,
    resolution_message: z.string().nullable(),
    resolved_at: z.string().nullable(),
  }),
);

/** Staff, levels 2-6; not the kiosk. */
const STAFF = { auth: "required", level: LEVELS.staff } as const;

/** The flag calls (spec-2 section 7, "Notes, comments and flags"), rows of the one /api table. */
export const flagsApi: readonly ApiRow[] = [
  apiRow({
    id: "note-flag",
    method: "POST",
    path: "/api/note/flag",
    description: "Flag a member (type warn or stop) or resolve the flag (action Flag or Unflag), with a required message.",
    rule: STAFF,
    body: flagRequestBody,
    answers: { description: "{ message, position }" },
    handle: (ctx) => flagOrUnflag(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "note-flag-user",
    method: "GET",
    path: "/api/note/flag/user",
    description: "A participant's flags (?participant_id=&type=).",
    rule: STAFF,
    query: flagUserQuery,
    answers: { description: "{ data, count }", schema: FLAGS_ANSWER },
    handle: (ctx) => userFlags(ctx.services, signedIn(ctx), ctx.query),
  }),
];
