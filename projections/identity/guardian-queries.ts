import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

const PARENT_GROUP = "PARENT";
const PARTICIPANT_LEVEL = 1;
const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Is this user a guardian of this participant, in this organization (decision 064). */
export async function isGuardianOf(db: Kysely<ReadModels>, organizationId: string, guardianId: string, participantId: string): Promise<boolean> {
  const row = await db
    .selectFrom("rm_guardians")
    .select("participant_id")
    .where("organization_id", "=", organizationId)
    .where("guardian_id", "=", guardianId)
    .where("participant_id", "=", participantId)
    .executeTakeFirst();
  return row !== undefined;
}

/** A user of the organization as a would-be guardian: their name and whether their group is the parents' one. */
export async function guardianCandidate(db: Kysely<ReadModels>, userId: string) {
  return db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select(["u.id", "u.organization_id", "u.first_name", "u.last_name", "g.name as group_name", "g.level as group_level"])
    .where("u.id", "=", userId)
    .executeTakeFirst();
}

/** A participant as a would-be child: organization, name and the parent they were registered with. */
export async function childCandidate(db: Kysely<ReadModels>, participantId: string) {
  return db.selectFrom("rm_participants").select(["id", "organization_id", "full_name", "parent_id"]).where("id", "=", participantId).executeTakeFirst();
}

export const isParentGroup = (group: { group_name: string; group_level: number }) => group.group_name === PARENT_GROUP && group.group_level === PARTICIPANT_LEVEL;

export type ParentRow = { id: string; first_name: string; last_name: string; email: string; phone_number: string; status: string; created_date: string };
export type ChildOfParent = { guardian_id: string; id: string; first_name: string; last_name: string; full_name: string; member_id: string; relationship: string | null };

/**
 * The organization's parents (users of its PARENT group), searched over first and last name, the full
 * name, e-mail and their children's names; by last then first name; with the total.
 */
export async function parentsPage(db: Kysely<ReadModels>, organizationId: string, filter: { search: string; page: number; size: number; id?: string; children?: "with" | "without" }) {
  let query = db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .where("u.organization_id", "=", organizationId)
    .where("g.name", "=", PARENT_GROUP)
    .where("g.level", "=", PARTICIPANT_LEVEL);
  if (filter.id) query = query.where("u.id", "=", filter.id);
  if (filter.children) {
    const linked = sql<boolean>`exists (select 1 from rm_guardians c where c.guardian_id = u.id)`;
    query = query.where(filter.children === "with" ? linked : sql<boolean>`not ${linked}`);
  }
  const search = filter.search.trim();
  if (search) {
    const like = likeOf(search);
    query = query.where((eb) =>
      eb.or([
        eb("u.first_name", "ilike", like),
        eb("u.last_name", "ilike", like),
        eb(sql<string>`u.first_name || ' ' || u.last_name`, "ilike", like),
        eb("u.email", "ilike", like),
        eb.exists(
          eb
            .selectFrom("rm_guardians as k")
            .innerJoin("rm_participants as p", "p.id", "k.participant_id")
            .select("k.participant_id")
            .whereRef("k.guardian_id", "=", "u.id")
            .where("p.full_name", "ilike", like),
        ),
      ]),
    );
  }
  const [rows, total] = await Promise.all([
    query
      .select(["u.id", "u.first_name", "u.last_name", "u.email", "u.phone_number", "u.status", sql<string>`to_char(u.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("created_date")])
      .orderBy(sql`lower(u.last_name)`)
      .orderBy(sql`lower(u.first_name)`)
      .orderBy("u.id")
      .limit(filter.size)
      .offset(filter.page * filter.size)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as("count")).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as ParentRow[], count: Number(total.count) };
}

/** The children of these guardians (in the organization), by first name. */
export async function childrenOfGuardians(db: Kysely<ReadModels>, organizationId: string, guardianIds: readonly string[]): Promise<ChildOfParent[]> {
  if (guardianIds.length === 0) return [];
  return db
    .selectFrom("rm_guardians as k")
    .innerJoin("rm_participants as p", "p.id", "k.participant_id")
    .select(["k.guardian_id", "p.id", "p.first_name", "p.last_name", "p.full_name", "p.member_id", "k.relationship"])
    .where("k.organization_id", "=", organizationId)
    .where("k.guardian_id", "in", [...guardianIds])
    .orderBy("p.first_name")
    .orderBy("p.id")
    .execute();
}

/** A participant's guardians (in the organization), the first linked first. */
export async function guardiansOfParticipant(db: Kysely<ReadModels>, organizationId: string, participantId: string) {
  return db
    .selectFrom("rm_guardians as k")
    .innerJoin("rm_users as u", "u.id", "k.guardian_id")
    .select(["u.id", "u.first_name", "u.last_name", "u.email", "u.phone_number", "k.relationship"])
    .where("k.organization_id", "=", organizationId)
    .where("k.participant_id", "=", participantId)
    .orderBy("k.linked_at")
    .orderBy("u.id")
    .execute();
}
