import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { participantAudit } from "~/utils/audit.server";

/** GET /api/audit/participant/{id}?at=ISO: the timeline and the state replayed at `at` (decision 021). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => participantAudit(ctx.services, signedIn(ctx), ctx.params.id, new URL(ctx.request.url)));
