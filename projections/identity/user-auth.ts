import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";
import { AUTH_COLUMNS } from "./session-auth";

/**
 * What sessionAuthRow answers for a session, for a user by id in their own organization: an API key acts
 * for the user who created it (decision 078), with no session. Undefined when the user, their group or
 * their organization is gone or deactivated.
 */
export function userAuthRow(db: Kysely<ReadModels>, userId: string) {
  return db
    .selectFrom("rm_users as u")
    .leftJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .innerJoin("rm_organizations as o", (join) => join.on(sql<boolean>`o.id = u.organization_id::text`))
    .select([...AUTH_COLUMNS, "o.name as home_org_name"])
    .where("u.id", "=", userId)
    .where("o.deactivated_at", "is", null)
    .executeTakeFirst();
}
