import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { memberLookupOf } from "~/utils/participants-api.server";

/** POST /api/participant/member `{ member_id }`: fetch a member by Member ID (the kiosk's scan). */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => memberLookupOf(ctx.services, signedIn(ctx), await readJson(ctx.request)));
