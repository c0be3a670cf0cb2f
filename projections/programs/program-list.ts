import { sql, type Kysely } from "kysely";
import type { ProgramListQuery, ProgramType } from "../../modules/programs";
import type { ReadModels } from "../read-models";

/** A program as the /api answers it (decision 044): the builder's fields, the current schedule and the counts. */
export type ProgramRow = {
  id: string;
  name: string;
  description: string;
  type: ProgramType;
  activity_type: string;
  category_type: string;
  age_category: string;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  members_limit: number | null;
  waitlist: boolean;
  start_date: string;
  end_date: string;
  location: string | null;
  coach_ids: string[];
  points_per_session: number;
  status: "active" | "archived";
  archived_on: string | null;
  copied_from: string | null;
  registered_count: number;
  waitlist_count: number;
  created_date: string;
};

export type ProgramSessionRow = { week_day: number; start_time: string; end_time: string };

const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

const SORT_COLUMN = { created_date: "p.created_at", name: "p.name", start_date: "p.start_date", type: "p.type" } as const;

function rows(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_programs as p")
    .where("p.organization_id", "=", organizationId)
    .select([
      "p.id",
      "p.name",
      "p.description",
      "p.type",
      "p.activity_type",
      "p.category_type",
      "p.age_category",
      "p.age_min",
      "p.age_max",
      "p.genders",
      "p.members_limit",
      "p.waitlist",
      "p.start_date",
      "p.end_date",
      "p.location",
      "p.coach_ids",
      "p.points_per_session",
      "p.archived_on",
      "p.copied_from",
      sql<string>`case when p.archived_on is null then 'active' else 'archived' end`.as("status"),
      sql<number>`(select count(*) from rm_program_registrations r where r.program_id = p.id)::int`.as("registered_count"),
      sql<number>`(select count(*) from rm_program_waitlist w where w.program_id = p.id)::int`.as("waitlist_count"),
      sql<string>`to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("created_date"),
    ]);
}

/**
 * GET /api/program: one page of the organization's programs (active by default), searched by name,
 * sorted (default created_date descending), with the count: `{ data, count, additional_info }`.
 */
export async function programList(db: Kysely<ReadModels>, organizationId: string, q: ProgramListQuery) {
  let query = rows(db, organizationId);
  let counted = db.selectFrom("rm_programs as p").where("p.organization_id", "=", organizationId);
  if (q.status !== "all") {
    query = query.where("p.archived_on", q.status === "active" ? "is" : "is not", null);
    counted = counted.where("p.archived_on", q.status === "active" ? "is" : "is not", null);
  }
  if (q.search) {
    query = query.where("p.name", "ilike", containing(q.search));
    counted = counted.where("p.name", "ilike", containing(q.search));
  }
  const [data, total] = await Promise.all([
    query
      .orderBy(SORT_COLUMN[q.sort.field], q.sort.desc ? "desc" : "asc")
      .orderBy("p.id")
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    counted.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const count = Number(total.n);
  return { data: data as ProgramRow[], count, additional_info: { page: q.page, size: q.size, total_pages: q.size > 0 ? Math.ceil(count / q.size) : 0 } };
}

/** One program of the organization with its current weekly sessions; null when unknown there. */
export async function programById(db: Kysely<ReadModels>, organizationId: string, programId: string): Promise<(ProgramRow & { sessions: ProgramSessionRow[] }) | null> {
  const row = await rows(db, organizationId).where("p.id", "=", programId).executeTakeFirst();
  if (!row) return null;
  const sessions = await db
    .selectFrom("rm_program_schedules")
    .select(["day as week_day", "start_time", "end_time"])
    .where("program_id", "=", programId)
    .where("version", "=", (eb) => eb.selectFrom("rm_program_schedules").select((e) => e.fn.max("version").as("v")).where("program_id", "=", programId))
    .orderBy("day")
    .orderBy("start_time")
    .execute();
  return { ...(row as ProgramRow), sessions };
}

/** A program's registered participants (in order) and its waitlist (in order), ids and dates. */
export async function programRoster(db: Kysely<ReadModels>, organizationId: string, programId: string) {
  const [registered, waitlist] = await Promise.all([
    db
      .selectFrom("rm_program_registrations")
      .select(["participant_id", sql<string>`to_char(registered_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("registered_date")])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .orderBy("registered_at")
      .orderBy("participant_id")
      .execute(),
    db
      .selectFrom("rm_program_waitlist")
      .select(["participant_id", sql<string>`to_char(joined_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`.as("joined_date")])
      .where("organization_id", "=", organizationId)
      .where("program_id", "=", programId)
      .orderBy("position")
      .execute(),
  ]);
  return { registered, waitlist: waitlist.map((w, i) => ({ ...w, position: i + 1 })) };
}
