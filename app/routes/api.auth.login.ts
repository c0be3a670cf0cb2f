import type { ActionFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { api, readJson } from "~/utils/api.server";
import { loginSchema, signIn } from "~/utils/sign-in.server";
import { sessionCookie } from "~/utils/cookies.server";

/** POST /api/auth/login `{ username, password }`: username is the username or the e-mail. */
export const action = (args: ActionFunctionArgs) =>
  api(args, async ({ request, services }) => {
    const input = loginSchema.parse(await readJson(request));
    const result = await signIn(services, { ...input, ip: args.context.clientIp, request });
    if (!result.ok) return json({ code: result.code, message: result.message }, { status: result.status, headers: result.headers });
    return json(result.payload, { headers: { "Set-Cookie": sessionCookie(result.token, services.production) } });
  });
