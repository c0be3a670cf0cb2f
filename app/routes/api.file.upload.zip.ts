import type { ActionFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { uploadZipForm } from "~/utils/upload-forms.server";

/** POST /api/file/upload/zip: a multipart form with file and file_type; unpacked by the upload worker (spec-2 sections 4 and 7). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => uploadZipForm(ctx.services, signedIn(ctx), ctx.request));
