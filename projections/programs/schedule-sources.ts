import type { Kysely } from "kysely";
import type { ScheduledProgram, SchedulePlan } from "../../modules/programs";
import type { ReadModels } from "../read-models";

/**
 * What the schedule is computed from (the Schedule page, decision 048): every program of the organization
 * that can meet between `first` and `last` ('YYYY-MM-DD'), with its schedule. A builder program carries
 * its schedule versions (decision 044: an edit applies from its day on, so past weeks show the sessions
 * that met); a decision-009 program its weekdays or dates and its one time span.
 */
export type ScheduleSource = ScheduledProgram;

export async function scheduleSources(db: Kysely<ReadModels>, organizationId: string, first: string, last: string): Promise<ScheduleSource[]> {
  const programs = await db
    .selectFrom("rm_programs as p")
    .where("p.organization_id", "=", organizationId)
    .where("p.start_date", "<=", last)
    .where("p.end_date", ">=", first)
    .where((eb) => eb.or([eb("p.archived_on", "is", null), eb("p.archived_on", ">=", first)]))
    .select(["p.id", "p.name", "p.type", "p.location", "p.archived_on", "p.schedule_kind", "p.days", "p.dates", "p.start_date", "p.end_date", "p.start_time", "p.end_time"])
    .select((eb) => eb.selectFrom("rm_program_registrations as r").whereRef("r.program_id", "=", "p.id").select(eb.fn.countAll<number>().as("n")).as("registered_count"))
    .orderBy("p.name")
    .orderBy("p.id")
    .execute();
  if (programs.length === 0) return [];
  const rows = await db
    .selectFrom("rm_program_schedules")
    .where("organization_id", "=", organizationId)
    .where(
      "program_id",
      "in",
      programs.map((p) => p.id),
    )
    .select(["program_id", "version", "from_date", "cycle_start", "cycle_end", "day", "start_time", "end_time"])
    .orderBy("program_id")
    .orderBy("version")
    .execute();
  const plans = new Map<string, Map<number, SchedulePlan>>();
  for (const row of rows) {
    const versions = plans.get(row.program_id) ?? new Map<number, SchedulePlan>();
    plans.set(row.program_id, versions);
    const plan = versions.get(row.version) ?? { from: row.from_date, cycleStart: row.cycle_start, cycleEnd: row.cycle_end, sessions: [] };
    versions.set(row.version, plan);
    plan.sessions.push({ day: row.day, startTime: row.start_time, endTime: row.end_time });
  }
  return programs.map((p) => ({
    id: p.id,
    name: p.name,
    type: p.type,
    location: p.location,
    archived_on: p.archived_on,
    plans: [...(plans.get(p.id)?.values() ?? [])],
    legacy: { kind: p.schedule_kind, days: p.days, dates: p.dates, start_date: p.start_date, end_date: p.end_date, start_time: p.start_time, end_time: p.end_time },
    registered_count: Number(p.registered_count ?? 0),
  }));
}

/** Each program's weekly sessions of its newest schedule version (the builder's list), by program id. */
export async function currentSessionsOf(db: Kysely<ReadModels>, organizationId: string): Promise<Map<string, { week_day: number; start_time: string; end_time: string }[]>> {
  const rows = await db
    .selectFrom("rm_program_schedules as s")
    .where("s.organization_id", "=", organizationId)
    .where("s.version", "=", (eb) => eb.selectFrom("rm_program_schedules as v").whereRef("v.program_id", "=", "s.program_id").select((e) => e.fn.max("v.version").as("m")))
    .select(["s.program_id", "s.day", "s.start_time", "s.end_time"])
    .orderBy("s.program_id")
    .orderBy("s.day")
    .orderBy("s.start_time")
    .execute();
  const out = new Map<string, { week_day: number; start_time: string; end_time: string }[]>();
  for (const r of rows) out.set(r.program_id, [...(out.get(r.program_id) ?? []), { week_day: r.day, start_time: r.start_time, end_time: r.end_time }]);
  return out;
}
