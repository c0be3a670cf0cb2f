import { CompiledQuery, sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/**
 * Everything a request needs about its visitor in ONE query: the live session (not revoked, not expired),
 * the user, their group and their organization. Every page and /api call runs it first.
 */
export async function sessionAuthRow(db: Kysely<ReadModels>, sessionIdHash: string, now: Date) {
  // built and compiled by Kysely once; its SQL text is then reused with each request's values (the
  // building showed up in the web process's profile: this runs before every call)
  compiledSql ??= compileOnce(db, sessionIdHash, now);
  const { rows } = await db.executeQuery<SessionAuthRow>(CompiledQuery.raw(compiledSql, [sessionIdHash, now]));
  return rows[0];
}

let compiledSql: string | undefined;
function compileOnce(db: Kysely<ReadModels>, sessionIdHash: string, now: Date): string {
  const compiled = sessionQuery(db, sessionIdHash, now).compile();
  if (compiled.parameters.length !== 2 || compiled.parameters[0] !== sessionIdHash) throw new Error("the session query's values changed: update sessionAuthRow");
  return compiled.sql;
}
type SessionAuthRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>["executeTakeFirst"]>>>;

/** The query itself; its only values are the session hash and now, in that order. */
function sessionQuery(db: Kysely<ReadModels>, sessionIdHash: string, now: Date) {
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
    .where("s.expires_at", ">", now);
}
