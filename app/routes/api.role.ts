import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { createUserGroup } from "~/utils/user-groups.server";

/** POST /api/role: create a user group (the generic mutation convention). */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => createUserGroup(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)));
