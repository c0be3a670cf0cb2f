import type { LoaderFunctionArgs } from "@remix-run/node";
import { api } from "~/utils/api.server";
import { serveFile } from "~/utils/file-serving.server";

/**
 * GET /api/asset/file/{token}/{path}: a stored file by its signed url; a package's files by their path
 * under it (the registry admits 1 to 4 parts). Served by Remix (a splat), through api() for the access rule.
 */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const parts = new URL(ctx.request.url).pathname.split("/").filter(Boolean);
    return serveFile(ctx.services, ctx.auth, decodeURIComponent(parts[3] ?? ""), parts.slice(4).map((p) => decodeURIComponent(p)));
  });
