import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { deleteComment, postComment, putComment } from "~/utils/notes.server";

/** POST (add), PUT (Edit) and DELETE (with the reason as confirmation) /api/note/comment (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const input = await readJson(ctx.request);
    if (ctx.request.method === "POST") return postComment(ctx.services, auth, ctx.request, input);
    if (ctx.request.method === "PUT") return putComment(ctx.services, auth, ctx.request, input);
    return deleteComment(ctx.services, auth, ctx.request, input);
  });
