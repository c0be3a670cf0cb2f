import type { ActionFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { uploadFileForm } from "~/utils/upload-forms.server";

/** POST /api/file/upload: a multipart form with file (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => uploadFileForm(ctx.services, signedIn(ctx), ctx.request));
