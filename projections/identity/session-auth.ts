import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/**
 * Everything a request needs about its visitor in ONE query: the live session (not revoked, not expired),
 * the user, their group and their organization. Every page and /api call runs it first.
 */
export async function sessionAuthRow(db: Kysely<ReadModels>, sessionIdHash: string, now: Date) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("rm_users as u", "u.id", "s.user_id")
    .leftJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    // rm_organizations keeps ids as text, the sessions table as uuid
    .innerJoin("rm_organizations as o", (join) => join.on(sql<boolean>`o.id = s.organization_id::text`))
    .select([
      "u.id",
      "u.organization_id",
      "u.username",
      "u.email",
      "u.first_name",
      "u.last_name",
      "u.parent_id",
      "u.status",
      "g.name as role_name",
      "g.display_name as role_display_name",
      "g.level as role_level",
      "g.scheme as role_scheme",
      "g.permission_ids",
      "o.id as org_id",
      "o.name as org_name",
      "o.type as org_type",
      "o.main_color as org_main_color",
      "o.settings as org_settings",
    ])
    .where("s.id_hash", "=", sessionIdHash)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    .executeTakeFirst();
}
