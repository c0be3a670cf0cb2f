import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { getNoteComments } from "~/utils/notes.server";

/** GET /api/note_comment_report?note_id=: a note's comments (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => getNoteComments(ctx.services, signedIn(ctx), new URL(ctx.request.url)));
