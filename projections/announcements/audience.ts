import { sql, type Kysely } from "kysely";
import type { Audience } from "../../modules/communications";
import { LEVEL } from "../../modules/identity";
import type { ReadModels } from "../read-models";

/** A recipient as the fan-out needs them: their account, e-mail and a phone number for SMS (or null). */
export type AudienceMember = { id: string; email: string; phone: string | null };

/**
 * The people an audience names (decision 088): members of the user groups; the participants registered to the
 * programs or events, and those with an unresolved flag of the types, each as their own account or else their
 * parent's; and the people chosen by name. Active accounts of the organization only, never the kiosk; each once.
 * A phone number is the participant profile's own, else the phone of a child's profile the account is parent of.
 */
function audienceQuery(db: Kysely<ReadModels>, organizationId: string, a: Audience) {
  const none = ["00000000-0000-0000-0000-000000000000"];
  const list = (values: string[]) => sql`${values.length ? values : none}::text[]`;
  const person = sql`coalesce(p.user_id, p.parent_id)`;
  return sql<{ id: string }>`
    select u.id::text as id from rm_users u where u.organization_id = ${organizationId}::uuid and u.user_group_id::text = any(${list(a.group_ids)})
    union select ${person}::text from rm_program_registrations r join rm_participants p on p.id::text = r.participant_id
      where r.organization_id = ${organizationId} and r.program_id = any(${list(a.program_ids)})
    union select ${person}::text from rm_appointment_registrations r join rm_participants p on p.id::text = r.participant_id
      where r.organization_id = ${organizationId} and r.event_id = any(${list(a.event_ids)})
    union select ${person}::text from rm_flags f join rm_participants p on p.id::text = f.participant_id
      where f.organization_id = ${organizationId} and f.status = 'Active' and f.type = any(${list(a.flag_types)})
    union select u.id::text from rm_users u where u.organization_id = ${organizationId}::uuid and u.id::text = any(${list(a.user_ids)})`;
}

const eligible = (organizationId: string) => sql`u.organization_id = ${organizationId}::uuid and u.status = 'Active' and g.level between ${LEVEL.participant} and ${LEVEL.superadmin}`;

/** How many people the audience reaches now (the compose form's live count). */
export async function countAudience(db: Kysely<ReadModels>, organizationId: string, audience: Audience): Promise<number> {
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (${audienceQuery(db, organizationId, audience)}) a
    join rm_users u on u.id::text = a.id join rm_user_groups g on g.id = u.user_group_id
    where ${eligible(organizationId)}`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The audience's people, in a stable order. */
export async function resolveAudience(db: Kysely<ReadModels>, organizationId: string, audience: Audience): Promise<AudienceMember[]> {
  const { rows } = await sql<AudienceMember>`
    select u.id::text as id, u.email,
      nullif(coalesce(
        (select nullif(own.phone_number, '') from rm_participants own where own.user_id = u.id limit 1),
        (select nullif(child.phone_number, '') from rm_participants child where child.parent_id = u.id order by child.id limit 1)
      ), '') as phone
    from (${audienceQuery(db, organizationId, audience)}) a
    join rm_users u on u.id::text = a.id join rm_user_groups g on g.id = u.user_group_id
    where ${eligible(organizationId)}
    order by u.id`.execute(db);
  return rows;
}

export type AudienceOption = { id: string; label: string };

/** What an audience is built from: the organization's user groups (not the kiosk), programs and recent or coming events. */
export async function audienceOptions(db: Kysely<ReadModels>, organizationId: string, now: Date): Promise<{ groups: AudienceOption[]; programs: AudienceOption[]; events: AudienceOption[] }> {
  const since = new Date(now.getTime() - 90 * 24 * 60 * 60 * 1000);
  const [groups, programs, events] = await Promise.all([
    db.selectFrom("rm_user_groups").select(["id", "display_name as label"]).where("organization_id", "=", organizationId).where("level", "<=", LEVEL.superadmin).orderBy("level", "desc").orderBy("display_name").execute(),
    db.selectFrom("rm_programs").select(["id", "name as label"]).where("organization_id", "=", organizationId).orderBy("name").limit(500).execute(),
    db.selectFrom("rm_appointment_events").select(["id", "name as label", "start_at"]).where("organization_id", "=", organizationId).where("start_at", ">=", since).orderBy("start_at").limit(500).execute(),
  ]);
  return {
    groups: groups.map((g) => ({ id: String(g.id), label: g.label })),
    programs: programs.map((p) => ({ id: p.id, label: p.label })),
    events: events.map((e) => ({ id: e.id, label: `${e.label} (${new Date(e.start_at).toISOString().slice(0, 10)})` })),
  };
}

/** The names of the people an audience names one by one (the draft's form shows them). */
export async function peopleNamed(db: Kysely<ReadModels>, organizationId: string, userIds: string[]): Promise<{ id: string; name: string; role: string }[]> {
  if (userIds.length === 0) return [];
  const { rows } = await sql<{ id: string; name: string; role: string }>`
    select u.id::text as id, u.first_name || ' ' || u.last_name as name, g.display_name as role
    from rm_users u join rm_user_groups g on g.id = u.user_group_id
    where u.organization_id = ${organizationId}::uuid and u.id::text = any(${userIds}::text[])
    order by u.last_name, u.first_name`.execute(db);
  return rows;
}
