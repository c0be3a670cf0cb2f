import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { assetUrlFor } from "~/utils/file-serving.server";

/** GET /api/asset/{value}: a short-lived signed url that serves the stored file (the value URL-encoded). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => assetUrlFor(ctx.services, signedIn(ctx), ctx.params.value ?? ""));
