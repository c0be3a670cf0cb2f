import { isUuid } from "../../modules/kernel";
import { participantById } from "../../projections/participants";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { isAdminOrAbove, LEVEL } from "../../modules/identity";

/** The user's group (the notes of 'Who can see this note?' listing it are theirs to follow live). */
async function groupIdOf(services: AppServices, userId: string): Promise<string | null> {
  const row = await services.db.selectFrom("rm_users").select("user_group_id").where("id", "=", userId).executeTakeFirst();
  return row?.user_group_id ?? null;
}

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
      ? await services.db
          .selectFrom("rm_user_groups")
          .select(["id", "name", "display_name"])
          .where("organization_id", "=", organizationId)
          // only staff groups can read notes: participants, parents and the kiosk are not offered
          .where("level", ">=", LEVEL.coach)
          .where("level", "<=", LEVEL.superadmin)
          .orderBy("level", "desc")
          .orderBy("name")
          .execute()
      : [];
  return {
    participant: { id: row.id, full_name: row.full_name, first_name: row.first_name, last_name: row.last_name, member_id: row.member_id, status: row.status },
    viewer: { organizationId, userId: auth.user.id, level, groupId: await groupIdOf(services, auth.user.id) },
    groups: groups.map((g) => ({ id: g.id, name: g.display_name || g.name })),
  };
}
