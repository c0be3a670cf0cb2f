import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { userDailyScreening } from "~/utils/screening.server";

/** POST /api/note/user/daily/screening `{ user_ids }`: users with showScreening and isFlagged, and isScreeningRequested. */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => userDailyScreening(ctx.services, signedIn(ctx), await readJson(ctx.request)));
