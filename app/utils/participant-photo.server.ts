import { DomainError, isUuid } from "#modules/kernel";
import { participantPhotoOf } from "#projections/assets";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { storedImageResponse } from "#modules/uploads";

const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
const photoNotFound = () => new DomainError("PHOTO_NOT_FOUND", "This participant has no photo", 404);

/**
 * GET /api/participant/{id}/photo: the bytes of the participant's registered photo (entity participant,
 * property photo_url), for the session's organization only. No such participant here (another
 * organization's included) is 404 PARTICIPANT_NOT_FOUND, as GET /api/participant/{id} answers; a
 * participant without a photo, or whose file is gone or no image, 404 PHOTO_NOT_FOUND. The lists link
 * here with `?v=` (the photo's version), which the answer ignores (docs/decisions/023).
 */
export async function participantPhotoResponse(services: AppServices, auth: Auth, id: string | undefined): Promise<Response> {
  if (!id || !isUuid(id)) throw participantNotFound();
  const organizationId = auth.organization.id;
  const found = await participantPhotoOf(services.db, organizationId, id);
  if (!found) throw participantNotFound();
  if (!found.value) throw photoNotFound();
  return storedImageResponse(services, organizationId, found.value, photoNotFound);
}
