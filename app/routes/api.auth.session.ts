import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/utils/api.server";
import { sessionPayload } from "~/utils/session-payload.server";

/** GET /api/auth/session: the signed-in user and organization, or `{ user: null }`. */
export const loader = (args: LoaderFunctionArgs) => api(args, async ({ auth }) => (auth ? sessionPayload(auth) : { user: null, organization: null }));
