import { isUuid } from "#modules/kernel";
import { staffGroupsOf, userGroupIdOf } from "#projections/identity";
import { participantById } from "#projections/participants";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { isAdminOrAbove } from "#modules/identity";

/** The user's group (the notes of 'Who can see this note?' listing it are theirs to follow live). */
const groupIdOf = (services: AppServices, userId: string): Promise<string | null> => userGroupIdOf(services.db, userId);

/**
 * /participants/{id}: the participant's header and what the Notes tab needs (who looks, and the user
 * groups of the admins' 'Who can see this note?' picker). Another organization's participant, or no
 * such participant, is null (the page answers 404).
 */
export async function participantPageOf(services: AppServices, auth: Auth, id: string | undefined) {
  if (!id || !isUuid(id)) return null;
  const organizationId = auth.organization.id;
  const row = await participantById(services.db, organizationId, id);
  if (!row) return null;
  const level = auth.user.roleLevel;
  const groups =
    isAdminOrAbove(level)
      ? await staffGroupsOf(services.db, organizationId)
      : [];
  return {
    participant: { id: row.id, full_name: row.full_name, first_name: row.first_name, last_name: row.last_name, member_id: row.member_id, status: row.status },
    viewer: { organizationId, userId: auth.user.id, level, groupId: await groupIdOf(services, auth.user.id) },
    groups: groups.map((g) => ({ id: g.id, name: g.display_name || g.name })),
  };
}
