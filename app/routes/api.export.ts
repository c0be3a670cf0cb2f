import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { json } from "@remix-run/node";
import { api, readJson, signedIn } from "~/utils/api.server";
import { exportsFor, requestExportFor } from "~/utils/exports.server";

/** GET /api/export: my exports, newest first, with download links that expire and the progress of running ones. */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const data = await exportsFor(ctx.services, signedIn(ctx));
    return { data, count: data.length, additional_info: {} };
  });

/** POST /api/export `{ kind, filters, command_id }`: request a background export (202; a resend is the same export). */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => json(await requestExportFor(ctx.services, signedIn(ctx), ctx.request, await readJson(ctx.request)), { status: 202 }));
