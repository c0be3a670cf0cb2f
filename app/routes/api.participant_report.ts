import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { participantReportOf } from "~/utils/participants-api.server";

/** GET /api/participant_report: page, size, statuses, search over names and Member ID (spec-1 section 7). */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => participantReportOf(ctx.services, signedIn(ctx), new URL(ctx.request.url).searchParams));
