import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { issueWaiverLink } from "~/utils/waivers.server";

/** GET /api/user-detail/waiver-token?participant_id={id}: `{ token, expires_at, url }` (spec-1 section 7). */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => issueWaiverLink(ctx.services, signedIn(ctx), new URL(ctx.request.url).searchParams));
