import { sql, type Kysely } from "kysely";
import type { ProgramType } from "../../modules/programs";
import type { ReadModels } from "../read-models";

/** A weekly session as the registration cards show it. */
export type OptionSession = { week_day: number; start_time: string; end_time: string };

/**
 * A program a parent or participant may register for (decision 052): what the card shows, and counts only
 * (nobody else's name or data).
 */
export type ProgramOption = {
  id: string;
  name: string;
  description: string;
  type: ProgramType;
  location: string | null;
  age_min: number | null;
  age_max: number | null;
  genders: string[];
  members_limit: number | null;
  waitlist: boolean;
  start_date: string;
  end_date: string;
  registered_count: number;
  waitlist_count: number;
  sessions: OptionSession[];
};

/** One of a participant's places: registered, or waiting with their number on the waitlist (1 = next). */
export type ParticipantPlace = {
  program_id: string;
  name: string;
  location: string | null;
  start_date: string;
  end_date: string;
  status: "registered" | "waitlisted";
  /** the waitlist number; null when registered */
  position: number | null;
  sessions: OptionSession[];
  /** a decision-009 program has no weekly sessions: its weekdays or dates and its one time span */
  schedule_kind: "weekly" | "dates";
  days: number[];
  dates: string[];
  start_time: string;
  end_time: string;
};

/** Each program's newest schedule version's weekly sessions, for these programs. */
async function sessionsOf(db: Kysely<ReadModels>, organizationId: string, programIds: readonly string[]): Promise<Map<string, OptionSession[]>> {
  const out = new Map<string, OptionSession[]>();
  if (programIds.length === 0) return out;
  const rows = await db
    .selectFrom("rm_program_schedules as s")
    .where("s.organization_id", "=", organizationId)
    .where("s.program_id", "in", [...programIds])
    .where("s.version", "=", (eb) => eb.selectFrom("rm_program_schedules as v").whereRef("v.program_id", "=", "s.program_id").select((e) => e.fn.max("v.version").as("m")))
    .select(["s.program_id", "s.day", "s.start_time", "s.end_time"])
    .orderBy("s.program_id")
    .orderBy("s.day")
    .orderBy("s.start_time")
    .execute();
  for (const r of rows) out.set(r.program_id, [...(out.get(r.program_id) ?? []), { week_day: r.day, start_time: r.start_time, end_time: r.end_time }]);
  return out;
}

/**
 * The programs open for registration (decision 052): the organization's builder programs (with a weekly
 * schedule) that are not archived, not drop-in (open to all without registering), not ended on `today`,
 * and inside the cycle when the organization has one. By first day, then name.
 */
export async function programOptions(
  db: Kysely<ReadModels>,
  organizationId: string,
  { today, cycleStart, cycleEnd }: { today: string; cycleStart: string | null; cycleEnd: string | null },
): Promise<ProgramOption[]> {
  let query = db
    .selectFrom("rm_programs as p")
    .where("p.organization_id", "=", organizationId)
    .where("p.archived_on", "is", null)
    .where("p.type", "<>", "dropin")
    .where("p.end_date", ">=", today)
    .where((eb) => eb.exists(eb.selectFrom("rm_program_schedules as s").whereRef("s.program_id", "=", "p.id").select("s.program_id")));
  if (cycleStart) query = query.where("p.start_date", ">=", cycleStart);
  if (cycleEnd) query = query.where("p.end_date", "<=", cycleEnd);
  const rows = await query
    .select([
      "p.id",
      "p.name",
      "p.description",
      "p.type",
      "p.location",
      "p.age_min",
      "p.age_max",
      "p.genders",
      "p.members_limit",
      "p.waitlist",
      "p.start_date",
      "p.end_date",
      sql<number>`(select count(*) from rm_program_registrations r where r.program_id = p.id)::int`.as("registered_count"),
      sql<number>`(select count(*) from rm_program_waitlist w where w.program_id = p.id)::int`.as("waitlist_count"),
    ])
    .orderBy("p.start_date")
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  const sessions = await sessionsOf(
    db,
    organizationId,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...r, sessions: sessions.get(r.id) ?? [] }));
}

/**
 * A participant's places in programs that have not ended on `today`: registered, or on a waitlist with
 * their number (counted in the order the waitlist joined). Archived programs are left out.
 */
export async function placesOfParticipant(db: Kysely<ReadModels>, organizationId: string, participantId: string, today: string): Promise<ParticipantPlace[]> {
  const [registered, waiting] = await Promise.all([
    db
      .selectFrom("rm_program_registrations as r")
      .innerJoin("rm_programs as p", "p.id", "r.program_id")
      .where("r.organization_id", "=", organizationId)
      .where("p.organization_id", "=", organizationId)
      .where("r.participant_id", "=", participantId)
      .where("p.archived_on", "is", null)
      .where("p.end_date", ">=", today)
      .select(["p.id as program_id", "p.name", "p.location", "p.start_date", "p.end_date", "p.schedule_kind", "p.days", "p.dates", "p.start_time", "p.end_time"])
      .execute(),
    db
      .selectFrom((eb) =>
        eb
          .selectFrom("rm_program_waitlist as w")
          .where("w.organization_id", "=", organizationId)
          .select(["w.program_id", "w.participant_id", sql<number>`row_number() over (partition by w.program_id order by w.position)::int`.as("position")])
          .as("q"),
      )
      .innerJoin("rm_programs as p", "p.id", "q.program_id")
      .where("q.participant_id", "=", participantId)
      .where("p.organization_id", "=", organizationId)
      .where("p.archived_on", "is", null)
      .where("p.end_date", ">=", today)
      .select(["p.id as program_id", "p.name", "p.location", "p.start_date", "p.end_date", "p.schedule_kind", "p.days", "p.dates", "p.start_time", "p.end_time", "q.position"])
      .execute(),
  ]);
  const places: Omit<ParticipantPlace, "sessions">[] = [
    ...registered.map((r) => ({ ...r, status: "registered" as const, position: null })),
    ...waiting.map((w) => ({ ...w, status: "waitlisted" as const, position: Number(w.position) })),
  ].sort((a, b) => a.start_date.localeCompare(b.start_date) || a.name.localeCompare(b.name));
  const sessions = await sessionsOf(
    db,
    organizationId,
    places.map((p) => p.program_id),
  );
  return places.map((p) => ({ ...p, sessions: sessions.get(p.program_id) ?? [] }));
}
