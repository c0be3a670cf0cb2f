import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { participantDetailOf } from "~/utils/participants-api.server";

/** GET /api/participant/{id}: the participant check-in view (spec-1 sections 3 and 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => participantDetailOf(ctx.services, signedIn(ctx), ctx.params.id));
