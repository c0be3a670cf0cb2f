import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { postFlag } from "~/utils/flags.server";

/** POST /api/note/flag `{ user_id, message, type: warn|stop, action: Flag|Unflag }` (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => postFlag(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)));
