import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { dailyState, postDaily } from "~/utils/screening.server";

/** GET /api/note/daily/screening: today's screening state of the user's participants (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => dailyState(ctx.services, signedIn(ctx), new URL(ctx.request.url)));

/** POST /api/note/daily/screening `{ user_id, answers, is_filled }`, or `{ user_id }` alone for a decline. */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => postDaily(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)));
