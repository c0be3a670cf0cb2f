import type { ActionFunctionArgs } from "@remix-run/node";
import { api } from "~/utils/api.server";
import { putToLink } from "~/utils/upload-links.server";

/** PUT the file's bytes to the signed upload link (no session: the signature is the permission). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => putToLink(ctx.services, ctx.params.token ?? "", ctx.request));
