import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { participantAuditCsv } from "~/utils/audit.server";

/** GET /api/audit/participant/{id}/timeline.csv: the timeline as a CSV file (decision 021). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => participantAuditCsv(ctx.services, signedIn(ctx), ctx.params.id));
