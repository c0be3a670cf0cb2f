import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { downloadExport } from "~/utils/exports.server";

/** GET /api/export/:id/download?expires&signature: the export's file, while the link lasts. */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => downloadExport(ctx.services, signedIn(ctx), ctx.params.id ?? "", new URL(ctx.request.url)));
