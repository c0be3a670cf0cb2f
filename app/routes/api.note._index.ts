import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { deleteNote, getNotes, postNote, putNote } from "~/utils/notes.server";

/** GET /api/note?user_id&filter_id&sort&search&page&size: a participant's notes, paged (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => getNotes(ctx.services, signedIn(ctx), new URL(ctx.request.url)));

/** POST (create), PUT (Edit, Archive, Restore) and DELETE /api/note (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const input = await readJson(ctx.request);
    if (ctx.request.method === "POST") return postNote(ctx.services, auth, ctx.request, input);
    if (ctx.request.method === "PUT") return putNote(ctx.services, auth, ctx.request, input);
    return deleteNote(ctx.services, auth, ctx.request, input);
  });
