import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { postFlagScreening } from "~/utils/screening.server";

/** POST /api/note/flag/screening `{ user_id }`: the stop flag of today's failed screening (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => postFlagScreening(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)));
