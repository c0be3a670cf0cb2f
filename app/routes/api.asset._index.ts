import type { ActionFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { registerAssetFor } from "~/utils/upload-forms.server";

/** PUT /api/asset (entity, property, entity_id, value): register a stored path against an entity (spec-2 section 7). */
export const action = (args: ActionFunctionArgs) => api(args, async (ctx) => registerAssetFor(ctx.services, signedIn(ctx), ctx.request));
