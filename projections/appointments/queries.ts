import { sql, type Kysely } from "kysely";
import type { EventListQuery } from "../../modules/appointments";
import type { ReadModels } from "../read-models";

/** An event as the /api answers it (decision 047): its fields and its counts. */
export type EventRow = {
  id: string;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  capacity: number | null;
  location: string;
  coach_ids: string[];
  points: number;
  registered_count: number;
  attendees_count: number;
  absent_count: number;
  created_date: string;
};

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
const containing = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const SORT_COLUMN = { created_date: "e.created_at", name: "e.name", start_date: "e.start_at", end_date: "e.end_at" } as const;

const counted = (status: "present" | "absent" | null) =>
  status === null
    ? sql<number>`(select count(*) from rm_appointment_registrations r where r.event_id = e.id)::int`
    : sql<number>`(select count(*) from rm_appointment_registrations r where r.event_id = e.id and r.attendance = ${status})::int`;

function rows(db: Kysely<ReadModels>, organizationId: string) {
  return db
    .selectFrom("rm_appointment_events as e")
    .where("e.organization_id", "=", organizationId)
    .select([
      "e.id",
      "e.name",
      "e.description",
      iso("e.start_at").as("start_date"),
      iso("e.end_at").as("end_date"),
      "e.capacity",
      "e.location",
      "e.coach_ids",
      "e.points",
      counted(null).as("registered_count"),
      counted("present").as("attendees_count"),
      counted("absent").as("absent_count"),
      iso("e.created_at").as("created_date"),
    ]);
}

/**
 * GET /api/appointment/event: one page of the organization's events, searched by name, upcoming (not
 * ended at `now`), past or all, sorted (default created_date descending): `{ data, count, additional_info }`.
 */
export async function eventList(db: Kysely<ReadModels>, organizationId: string, q: EventListQuery, now: Date) {
  let query = rows(db, organizationId);
  let total = db.selectFrom("rm_appointment_events as e").where("e.organization_id", "=", organizationId);
  if (q.search) {
    query = query.where("e.name", "ilike", containing(q.search));
    total = total.where("e.name", "ilike", containing(q.search));
  }
  if (q.when !== "all") {
    query = query.where("e.end_at", q.when === "upcoming" ? ">" : "<=", now);
    total = total.where("e.end_at", q.when === "upcoming" ? ">" : "<=", now);
  }
  const [data, n] = await Promise.all([
    query
      .orderBy(SORT_COLUMN[q.sort.field], q.sort.desc ? "desc" : "asc")
      .orderBy("e.id")
      .limit(q.size)
      .offset(q.page * q.size)
      .execute(),
    total.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  const count = Number(n.n);
  return { data: data as EventRow[], count, additional_info: { page: q.page, size: q.size, total_pages: q.size > 0 ? Math.ceil(count / q.size) : 0 } };
}

/** One event of the organization; null when unknown there (another organization's included). */
export async function eventById(db: Kysely<ReadModels>, organizationId: string, eventId: string): Promise<EventRow | null> {
  return ((await rows(db, organizationId).where("e.id", "=", eventId).executeTakeFirst()) as EventRow | undefined) ?? null;
}

export type EventRegistrationRow = { participant_id: string; registered_date: string; attendance: "present" | "absent" | null };

/** The event's registered participants in the order they registered, with their attendance. */
export async function eventRegistrations(db: Kysely<ReadModels>, organizationId: string, eventId: string, page = 0, size = 1000): Promise<{ data: EventRegistrationRow[]; count: number }> {
  const base = db.selectFrom("rm_appointment_registrations as r").where("r.organization_id", "=", organizationId).where("r.event_id", "=", eventId);
  const [data, n] = await Promise.all([
    base
      .select(["r.participant_id", iso("r.registered_at").as("registered_date"), "r.attendance"])
      .orderBy("r.registered_at")
      .orderBy("r.participant_id")
      .limit(size)
      .offset(page * size)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return { data: data as EventRegistrationRow[], count: Number(n.n) };
}

/** The organization's events that overlap [from, to) (instants): the Schedule's events (decision 048), by start. */
export async function eventsBetween(db: Kysely<ReadModels>, organizationId: string, from: Date, to: Date): Promise<EventRow[]> {
  return rows(db, organizationId).where("e.start_at", "<", to).where("e.end_at", ">", from).orderBy("e.start_at").orderBy("e.name").orderBy("e.id").execute();
}
