import type { LoaderFunctionArgs } from "@remix-run/node";
import { applySelfPolicy } from "#modules/identity";
import { api, signedIn } from "~/utils/api.server";

/** GET /api/user-session: the user-session record. */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const session = await ctx.services.sessions.load(auth.token, ctx.services.clock.now());
    // the caller's own record (decision 027's self view)
    return applySelfPolicy({
      user_id: auth.user.id,
      organization_id: auth.organization.id,
      role_level: auth.user.roleLevel,
      expires_at: session?.expiresAt.toISOString() ?? null,
    });
  });
