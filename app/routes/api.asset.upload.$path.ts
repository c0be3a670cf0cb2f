import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { uploadLinkFor } from "~/utils/upload-links.server";

/** GET /api/asset/upload/{path}?file_type&file_sub_path: a signed upload link that expires (spec-2 sections 4 and 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => uploadLinkFor(ctx.services, signedIn(ctx), ctx.params.path ?? "", new URL(ctx.request.url)));
