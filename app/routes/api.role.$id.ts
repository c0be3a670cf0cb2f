import type { ActionFunctionArgs } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { deleteUserGroup, updateUserGroup } from "~/utils/user-groups.server";

/** PUT /api/role/{id} updates a user group, DELETE /api/role/{id} deletes it. */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    if (ctx.request.method === "DELETE") return deleteUserGroup(ctx.services, auth, ctx.request, ctx.params.id);
    return updateUserGroup(ctx.services, auth, ctx.request, ctx.params.id, await readJson(ctx.request));
  });
