import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { getNoteFilters } from "~/utils/notes.server";

/** GET /api/note/filter/{userId}: the filter options of a participant's notes (spec-2 section 7). */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => getNoteFilters(ctx.services, signedIn(ctx), ctx.params.userId));
