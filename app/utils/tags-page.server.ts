import { checkInTags, type CheckInTags } from "#modules/check-in";
import { isDomainError } from "#modules/kernel";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";

/** The tags of a visit for /check-in/tags/{id} (docs/decisions/036), or null: not found for this viewer (404). */
export async function tagsPageOf(services: AppServices, auth: Auth, checkInId: string | undefined): Promise<CheckInTags | null> {
  try {
    return await checkInTags(services, auth, checkInId ?? "");
  } catch (error) {
    if (isDomainError(error) && error.status === 404) return null;
    throw error;
  }
}
