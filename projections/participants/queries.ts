import { sql, type Kysely, type Selectable } from "kysely";
import { participantPhotoUrl, photoRowOf } from "../assets";
import type { ReadModels } from "../read-models";
import type { ParticipantTables } from "./tables";
import { coachedBy } from "./assigned";

export type ParticipantRow = Selectable<ParticipantTables["rm_participants"]>;

/** The list and report columns (everything but the plumbing). */
export type ParticipantListRow = Omit<ParticipantRow, "revision" | "updated_date" | "details">;

export const PARTICIPANT_SORTS = ["created_date,desc", "created_date,asc", "full_name,asc", "full_name,desc"] as const;
export type ParticipantSort = (typeof PARTICIPANT_SORTS)[number];
export const DEFAULT_PARTICIPANT_SORT: ParticipantSort = "created_date,desc";

export type ParticipantReportQuery = {
  /** 0-based */
  page?: number;
  size?: number;
  /** Active, Inactive, Alumni; none: every status */
  statuses?: readonly string[];
  /** over first_name, last_name, member_id and full_name, any case */
  search?: string;
  sort?: ParticipantSort;
  /**
   * 'View assigned only' (decision 065): only the participants registered in a program this user coaches
   * (a read across to the programs projection, as the exports' flags column does: decision 033)
   */
  coachId?: string;
};


/** A list row with its photo: the versioned photo url, or null (docs/decisions/023). */
export type ParticipantReportRow = ParticipantListRow & { photo_url: string | null };

export type ParticipantReport = {
  data: ParticipantReportRow[];
  count: number;
  additional_info: { page: number; size: number; total_pages: number };
};

const LIST_COLUMNS = [
  "id",
  "organization_id",
  "member_id",
  "first_name",
  "last_name",
  "full_name",
  "dob",
  "gender",
  "medical_conditions",
  "has_epi_pen",
  "has_medications",
  "school_not_applicable",
  "school_name",
  "contact_name",
  "phone_number",
  "email",
  "preferred_contact",
  "address",
  "parent_id",
  "user_id",
  "pickup_contacts",
  "pick_up_permission",
  "status",
  "status_reason",
  "is_waiver_signed",
  "waiver_signed_at",
  "waiver_signed_by",
  "created_date",
] as const;

/** A search text as an ILIKE pattern: its own %, _ and \ match themselves. */
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list columns, qualified (the report joins rm_assets, which has an organization_id too). */
const QUALIFIED_LIST_COLUMNS = LIST_COLUMNS.map((c) => `rm_participants.${c}` as const);

function filtered(db: Kysely<ReadModels>, organizationId: string, { statuses, search, coachId }: ParticipantReportQuery) {
  let query = db.selectFrom("rm_participants").where("rm_participants.organization_id", "=", organizationId);
  if (coachId) query = query.where(coachedBy(organizationId, coachId));
  if (statuses && statuses.length > 0) query = query.where("rm_participants.status", "in", [...statuses]);
  const text = search?.trim();
  if (text) {
    const pattern = containing(text);
    query = query.where((eb) =>
      eb.or([
        eb("rm_participants.first_name", "ilike", pattern),
        eb("rm_participants.last_name", "ilike", pattern),
        eb("rm_participants.member_id", "ilike", pattern),
        eb("rm_participants.full_name", "ilike", pattern),
      ]),
    );
  }
  return query;
}

/**
 * GET /participant_report and the /participants page: one organization's participants, filtered by
 * status and search, one page (0-based) of `size`, sorted (default created_date descending, spec-1
 * section 9), with the total count: `{ data, count, additional_info }`.
 */
export async function participantReport(db: Kysely<ReadModels>, organizationId: string, query: ParticipantReportQuery = {}): Promise<ParticipantReport> {
  const page = Math.max(0, Math.floor(query.page ?? 0));
  const size = Math.max(1, Math.floor(query.size ?? 10));
  const [field, direction] = (query.sort ?? DEFAULT_PARTICIPANT_SORT).split(",") as ["created_date" | "full_name", "asc" | "desc"];
  // each row's photo in the same query: a LEFT JOIN on the assets read model (its primary key), no N+1
  let rows = filtered(db, organizationId, query)
    .leftJoin("rm_assets", (join) => join.on(photoRowOf(organizationId, "rm_participants.id")))
    .select(QUALIFIED_LIST_COLUMNS)
    .select("rm_assets.updated_at as photo_registered_at");
  rows =
    field === "full_name"
      ? rows.orderBy(sql`lower(rm_participants.full_name)`, direction).orderBy("rm_participants.id", direction)
      : rows.orderBy("rm_participants.created_date", direction).orderBy("rm_participants.id", direction);
  const [data, total] = await Promise.all([
    rows.limit(size).offset(page * size).execute(),
    filtered(db, organizationId, query)
      .select((eb) => eb.fn.countAll<string>().as("n"))
      .executeTakeFirst(),
  ]);
  const count = Number(total?.n ?? 0);
  const withPhotos = data.map(({ photo_registered_at, ...row }) => ({ ...(row as ParticipantListRow), photo_url: participantPhotoUrl(row.id, photo_registered_at) }));
  return { data: withPhotos, count, additional_info: { page, size, total_pages: Math.ceil(count / size) } };
}

/** One participant of the organization, or undefined (another organization's is not found; with `coachId`, one the coach does not coach). */
export async function participantById(db: Kysely<ReadModels>, organizationId: string, id: string, coachId?: string): Promise<ParticipantListRow | undefined> {
  let query = db.selectFrom("rm_participants").select(LIST_COLUMNS).where("organization_id", "=", organizationId).where("id", "=", id);
  if (coachId) query = query.where(coachedBy(organizationId, coachId));
  return (await query.executeTakeFirst()) as ParticipantListRow | undefined;
}

/** The profile's further answers (decision 065) of one participant of the organization, or undefined. */
export async function participantDetailsById(db: Kysely<ReadModels>, organizationId: string, id: string): Promise<Record<string, unknown> | undefined> {
  const row = await db.selectFrom("rm_participants").select("details").where("organization_id", "=", organizationId).where("id", "=", id).executeTakeFirst();
  return row?.details;
}

/** The participant holding a Member ID (pass it normalized: upper-case, 8 characters) in the organization. */
export async function participantByMemberId(db: Kysely<ReadModels>, organizationId: string, memberId: string): Promise<ParticipantReportRow | undefined> {
  const row = await db
    .selectFrom("rm_participants")
    .leftJoin("rm_assets", (join) => join.on(photoRowOf(organizationId, "rm_participants.id")))
    .select(QUALIFIED_LIST_COLUMNS)
    .select("rm_assets.updated_at as photo_registered_at")
    .where("rm_participants.organization_id", "=", organizationId)
    .where("rm_participants.member_id", "=", memberId)
    .executeTakeFirst();
  if (!row) return undefined;
  const { photo_registered_at, ...rest } = row;
  return { ...(rest as ParticipantListRow), photo_url: participantPhotoUrl(rest.id, photo_registered_at) };
}

/** The id of the organization's participant with this id (pass a uuid), or undefined: another organization's is not found. */
export async function participantIdIn(db: Kysely<ReadModels>, organizationId: string, id: string): Promise<string | undefined> {
  const row = await db.selectFrom("rm_participants").select("id").where("id", "=", id).where("organization_id", "=", organizationId).executeTakeFirst();
  return row?.id;
}

/** A participant as the screening sees them: name and whose they are. */
export type ParticipantPerson = { id: string; full_name: string; parent_id: string | null; user_id: string | null; guardian_ids: string[] };

/** A participant's guardians' ids (decision 064: rm_guardians, the registered parent among them while linked). */
const guardianIds = sql<string[]>`coalesce((select array_agg(g.guardian_id::text) from rm_guardians g where g.participant_id = rm_participants.id), '{}')`.as("guardian_ids");

/** The organization's active participants who are this user (their own profile) or their children, by first name. */
export async function ownActiveParticipants(db: Kysely<ReadModels>, organizationId: string, userId: string): Promise<ParticipantPerson[]> {
  return db
    .selectFrom("rm_participants")
    .select(["id", "full_name", "parent_id", "user_id", guardianIds])
    .where("organization_id", "=", organizationId)
    .where("status", "=", "Active")
    .where((eb) =>
      eb.or([
        eb("user_id", "=", userId),
        eb.exists(eb.selectFrom("rm_guardians as g").select("g.participant_id").whereRef("g.participant_id", "=", "rm_participants.id").where("g.guardian_id", "=", userId)),
      ]),
    )
    .orderBy("first_name")
    .execute();
}

/** These participants of the organization (pass uuids; others' are left out), in no order. */
export async function participantsByIds(db: Kysely<ReadModels>, organizationId: string, ids: readonly string[]): Promise<ParticipantPerson[]> {
  return db
    .selectFrom("rm_participants")
    .select(["id", "full_name", "parent_id", "user_id", guardianIds])
    .where("organization_id", "=", organizationId)
    .where("id", "in", [...ids])
    .execute();
}

/** These participants of the organization with their list columns (pass ids; others' are left out), in no order. */
export async function participantRowsByIds(db: Kysely<ReadModels>, organizationId: string, ids: readonly string[]): Promise<ParticipantListRow[]> {
  if (ids.length === 0) return [];
  return (await db
    .selectFrom("rm_participants")
    .select(LIST_COLUMNS)
    .where("organization_id", "=", organizationId)
    .where("id", "in", [...ids])
    .execute()) as ParticipantListRow[];
}
