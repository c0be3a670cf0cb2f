import type { LoaderFunctionArgs } from "@remix-run/node";
import { api, signedIn } from "~/utils/api.server";
import { participantPhotoResponse } from "~/utils/participant-photo.server";

/**
 * GET /api/participant/{id}/photo: the participant's photo, authorized by the session (docs/decisions/023).
 * `$id_` keeps this route beside GET /api/participant/{id} rather than nested under it.
 */
export const loader = (args: LoaderFunctionArgs) => api(args, async (ctx) => participantPhotoResponse(ctx.services, signedIn(ctx), ctx.params.id));
