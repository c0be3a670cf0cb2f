import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { userFlags } from "~/utils/flags.server";

/** GET /api/note/flag/user?participant_id&type: a participant's flags (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => userFlags(ctx.services, signedIn(ctx), new URL(ctx.request.url)));
