import { applyFieldPolicy, fieldRoleOfAuth, type Auth, type Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { ageOn } from "../participants";
import { ownActiveParticipants, participantRowsByIds } from "../../projections/participants";
import { registrantOf } from "./access";

/** A participant with a parent registers through them (decision 052): 403 with the reason. */
export const registrationNotAllowed = () =>
  new DomainError("REGISTRATION_NOT_ALLOWED", "Your parent or guardian registers you for programs and events. Ask them, or a staff member.", 403);
/** Another family's child, an unknown id, or an inactive one: as unknown (decision 040's words). */
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/**
 * The participants the caller may register (decision 052), as the chooser shows them through the field
 * policy of the caller's role: a parent's active children (every child they are a guardian of, decision 064), or a participant's own
 * active profile (`user_id` = them); anyone else is refused (403). Sorted by first name.
 */
export async function registrantsOf(services: Services, auth: Auth) {
  const who = registrantOf(auth.user);
  if (!who) throw registrationNotAllowed();
  const people = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  // a participant whose profile has a guardian (a parent linked later, decision 064) registers through them,
  // as one whose account was made with a parent (registrantOf)
  if (who === "self" && people.some((p) => p.user_id === auth.user.id && p.guardian_ids.length > 0)) throw registrationNotAllowed();
  // the scope, said again: a parent's children only; a participant only themself
  const own = people.filter((p) => (who === "parent" ? p.guardian_ids.includes(auth.user.id) : p.user_id === auth.user.id));
  const rows = await participantRowsByIds(
    services.db,
    auth.organization.id,
    own.map((p) => p.id),
  );
  const now = services.clock.now();
  const role = fieldRoleOfAuth(auth);
  return own
    .flatMap((p) => rows.filter((r) => r.id === p.id))
    .map((row) =>
      applyFieldPolicy(role, {
        id: row.id,
        first_name: row.first_name,
        last_name: row.last_name,
        full_name: row.full_name,
        age: row.dob ? ageOn(row.dob, now) : null,
        gender: row.gender || null,
      }),
    );
}

export type Registrable = Awaited<ReturnType<typeof registrantsOf>>[number];

/** One participant the caller may register, or 404 (another family's child reads as an unknown one). */
export async function registrableOf(services: Services, auth: Auth, participantId: string | undefined): Promise<Registrable> {
  const all = await registrantsOf(services, auth);
  const found = participantId && isUuid(participantId) ? all.find((p) => p.id === participantId) : undefined;
  if (!found) throw participantNotFound();
  return found;
}
