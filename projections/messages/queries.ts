import { sql, type Kysely } from "kysely";
import { LEVEL } from "../../modules/identity";
import type { Attachment } from "../../modules/communications";
import type { ReadModels } from "../read-models";

const likeOf = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A person as the inbox's rules need them (decision 073): level, status, date of birth when a participant, guardians. */
export type PersonRow = { id: string; organization_id: string; status: string; level: number; group_name: string; dob: string | null; guardian_ids: string[] };

/**
 * These users with their group's level, the date of birth of the participant profile their account is (if any), and
 * their guardians: the profile's linked guardians (decision 064) and the parent the account was registered with.
 */
export async function peopleForMessages(db: Kysely<ReadModels>, userIds: readonly string[]): Promise<PersonRow[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .leftJoin("rm_participants as p", "p.user_id", "u.id")
    .select([
      "u.id",
      "u.organization_id",
      "u.status",
      "g.level",
      "g.name as group_name",
      "p.dob",
      sql<string[]>`array_remove(array(select k.guardian_id::text from rm_guardians k where k.participant_id = p.id) || array[u.parent_id::text], null)`.as("guardian_ids"),
    ])
    .where("u.id", "in", [...userIds])
    .execute();
  return rows.map((r) => ({ ...r, id: String(r.id), organization_id: String(r.organization_id), guardian_ids: [...new Set(r.guardian_ids)] }));
}

export type InboxRow = {
  id: string;
  subject: string;
  preview: string;
  last_message_at: string;
  last_author_name: string | null;
  message_count: number;
  unread: number;
  is_read: boolean;
  status: "Active" | "Archived";
  with_names: string;
};

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** A user's conversations, newest message first: Active or Archived, read or unread, searched by subject or last message. */
export async function inboxPage(
  db: Kysely<ReadModels>,
  userId: string,
  filter: { archived: boolean; isRead?: boolean; search: string; page: number; size: number },
): Promise<{ rows: InboxRow[]; count: number }> {
  let base = db
    .selectFrom("rm_thread_members as m")
    .innerJoin("rm_threads as t", "t.id", "m.thread_id")
    .where("m.user_id", "=", userId)
    .where("m.archived", "=", filter.archived);
  if (filter.isRead === false) base = base.where("m.unread", ">", 0);
  if (filter.isRead === true) base = base.where("m.unread", "=", 0);
  const search = filter.search.trim();
  if (search) base = base.where((eb) => eb.or([eb("t.subject", "ilike", likeOf(search)), eb("t.preview", "ilike", likeOf(search))]));
  const [rows, total] = await Promise.all([
    base
      .leftJoin("rm_users as a", (j) => j.on(sql`a.id::text`, "=", sql.ref("t.last_author_id")))
      .select([
        "t.id",
        "t.subject",
        "t.preview",
        iso("m.last_message_at").as("last_message_at"),
        sql<string | null>`case when a.id is null then null else trim(a.first_name || ' ' || a.last_name) end`.as("last_author_name"),
        "t.message_count",
        "m.unread",
        sql<boolean>`m.unread = 0`.as("is_read"),
        sql<"Active" | "Archived">`case when m.archived then 'Archived' else 'Active' end`.as("status"),
        sql<string>`coalesce((select string_agg(trim(u.first_name || ' ' || u.last_name), ', ' order by o.reason, u.last_name) from rm_thread_members o join rm_users u on u.id::text = o.user_id where o.thread_id = t.id and o.user_id <> ${userId}), '')`.as("with_names"),
      ])
      .orderBy("m.last_message_at", "desc")
      .orderBy("t.id")
      .limit(filter.size)
      .offset(filter.page * filter.size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirst(),
  ]);
  return { rows: rows as InboxRow[], count: Number(total?.n ?? 0) };
}

/** How many conversations in a user's inbox have unread messages (the badge). */
export async function unreadThreadCount(db: Kysely<ReadModels>, userId: string): Promise<number> {
  const row = await db
    .selectFrom("rm_thread_members")
    .select((eb) => eb.fn.countAll<string>().as("n"))
    .where("user_id", "=", userId)
    .where("unread", ">", 0)
    .where("archived", "=", false)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export type ThreadMemberRow = { user_id: string; name: string; reason: string; for_name: string | null };
/** `attachments`: an announcement's inbox copy's files (decision 107); a retracted message's are withheld like its words */
export type MessageRow = { id: string; author_id: string; author_name: string; body: string | null; attachments: Attachment[]; posted_at: string; retracted_at: string | null; retract_reason: string | null };

/** One conversation as its member sees it (undefined when they are not a member): the members and the messages, oldest first. */
export async function threadForMember(db: Kysely<ReadModels>, organizationId: string, threadId: string, userId: string) {
  const head = await db
    .selectFrom("rm_thread_members as m")
    .innerJoin("rm_threads as t", "t.id", "m.thread_id")
    .select(["t.id", "t.subject", "m.unread", sql<"Active" | "Archived">`case when m.archived then 'Archived' else 'Active' end`.as("status")])
    .where("m.thread_id", "=", threadId)
    .where("m.user_id", "=", userId)
    .where("t.organization_id", "=", organizationId)
    .executeTakeFirst();
  if (!head) return undefined;
  const [members, messages] = await Promise.all([
    db
      .selectFrom("rm_thread_members as m")
      .leftJoin("rm_users as u", (j) => j.on(sql`u.id::text`, "=", sql.ref("m.user_id")))
      .leftJoin("rm_users as f", (j) => j.on(sql`f.id::text`, "=", sql.ref("m.for_user_id")))
      .select([
        "m.user_id",
        sql<string>`coalesce(trim(u.first_name || ' ' || u.last_name), 'Former member')`.as("name"),
        "m.reason",
        sql<string | null>`case when f.id is null then null else trim(f.first_name || ' ' || f.last_name) end`.as("for_name"),
      ])
      .where("m.thread_id", "=", threadId)
      .orderBy("m.reason")
      .orderBy("u.last_name")
      .execute(),
    db
      .selectFrom("rm_messages as g")
      .leftJoin("rm_users as u", (j) => j.on(sql`u.id::text`, "=", sql.ref("g.author_id")))
      .select([
        "g.id",
        "g.author_id",
        sql<string>`coalesce(trim(u.first_name || ' ' || u.last_name), 'Former member')`.as("author_name"),
        // a retracted message's words stay in its stream for auditors; members see the reason
        sql<string | null>`case when g.retracted_at is null then g.body else null end`.as("body"),
        sql<Attachment[]>`case when g.retracted_at is null then g.attachments else '[]'::jsonb end`.as("attachments"),
        iso("g.posted_at").as("posted_at"),
        sql<string | null>`case when g.retracted_at is null then null else to_char(g.retracted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') end`.as("retracted_at"),
        "g.retract_reason",
      ])
      .where("g.thread_id", "=", threadId)
      .orderBy("g.posted_at")
      .orderBy("g.id")
      .execute(),
  ]);
  return { ...head, members: members as ThreadMemberRow[], messages: messages as MessageRow[] };
}

export type RecipientRow = { id: string; first_name: string; last_name: string; role_display_name: string; level: number };

/** Who may be written to, by name: active members of the organization (staff only when asked), never the kiosk. */
export async function messageRecipients(db: Kysely<ReadModels>, organizationId: string, filter: { search: string; staffOnly: boolean; excludeId: string; limit: number }): Promise<RecipientRow[]> {
  let query = db
    .selectFrom("rm_users as u")
    .innerJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    .select(["u.id", "u.first_name", "u.last_name", "g.display_name as role_display_name", "g.level"])
    .where("u.organization_id", "=", organizationId)
    .where("u.status", "=", "Active")
    .where("u.id", "<>", filter.excludeId)
    .where("g.level", ">=", filter.staffOnly ? LEVEL.coach : LEVEL.participant)
    .where("g.level", "<=", LEVEL.superadmin);
  const search = filter.search.trim();
  if (search) query = query.where(sql<string>`lower(u.first_name || ' ' || u.last_name)`, "like", `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`);
  const rows = await query.orderBy("u.last_name").orderBy("u.first_name").limit(filter.limit).execute();
  return rows.map((r) => ({ ...r, id: String(r.id) }));
}
