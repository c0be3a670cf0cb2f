import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { getNote } from "~/utils/notes.server";

/** GET /api/note_report/{note_id}: one note (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => getNote(ctx.services, signedIn(ctx), ctx.params.noteId));
