import { sql, type Kysely, type Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { daysOf, isProgramEvent, PROGRAM_EVENT_TYPES, scheduleBounds, type ProgramDetails, type ProgramEvent, type SchedulePlan } from "../../modules/programs";
import { defineProjection } from "../runner";
import type { ProgramTables } from "./tables";

type Db = Kysely<ProgramTables> | Transaction<ProgramTables>;

const detailColumns = (d: ProgramDetails) => ({
  name: d.name,
  description: d.description,
  activity_type: d.activityType,
  category_type: d.categoryType,
  age_category: d.ageCategory,
  age_min: d.ageMin,
  age_max: d.ageMax,
  genders: d.genders,
  members_limit: d.membersLimit,
  waitlist: d.waitlist,
  location: d.location || null,
  coach_ids: d.coachIds,
  points_per_session: d.pointsPerSession,
});

/** The current schedule as the day queries read it: its days, its cycle, its earliest start and latest end. */
const planColumns = (plan: SchedulePlan) => ({
  days: daysOf(plan.sessions),
  start_date: plan.cycleStart,
  end_date: plan.cycleEnd,
  start_time: plan.sessions.map((s) => s.startTime).sort()[0] ?? "00:00",
  end_time: plan.sessions.map((s) => s.endTime).sort().at(-1) ?? "00:00",
});

async function writePlan(db: Db, programId: string, organizationId: string, plan: SchedulePlan): Promise<void> {
  const last = await db.selectFrom("rm_program_schedules").select((eb) => eb.fn.max("version").as("v")).where("program_id", "=", programId).executeTakeFirst();
  const version = last?.v === null || last?.v === undefined ? 0 : Number(last.v) + 1;
  if (plan.sessions.length === 0) return;
  await db
    .insertInto("rm_program_schedules")
    .values(
      plan.sessions.map((s) => ({
        program_id: programId,
        organization_id: organizationId,
        version,
        from_date: plan.from,
        cycle_start: plan.cycleStart,
        cycle_end: plan.cycleEnd,
        day: s.day,
        start_time: s.startTime,
        end_time: s.endTime,
      })),
    )
    .onConflict((oc) => oc.doNothing())
    .execute();
}

async function applyEvent(db: Db, event: RecordedEvent<ProgramEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ProgramCreated": {
      const d = event.data;
      const { startDate, endDate } = scheduleBounds(d.schedule);
      await db
        .insertInto("rm_programs")
        .values({
          id: d.programId,
          organization_id: d.organizationId,
          name: d.name,
          type: d.type,
          schedule_kind: d.schedule.kind,
          days: d.schedule.kind === "weekly" ? d.schedule.days : [],
          dates: d.schedule.kind === "dates" ? d.schedule.dates : [],
          start_date: startDate,
          end_date: endDate,
          start_time: d.startTime,
          end_time: d.endTime,
          location: d.location ?? null,
          created_at: at,
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "ProgramBuilt": {
      const { programId, organizationId, details, plan, copiedFrom } = event.data;
      await db
        .insertInto("rm_programs")
        .values({
          id: programId,
          organization_id: organizationId,
          type: details.type,
          schedule_kind: "weekly",
          dates: [],
          created_at: at,
          copied_from: copiedFrom,
          ...detailColumns(details),
          ...planColumns(plan),
        })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      await writePlan(db, programId, organizationId, plan);
      return;
    }
    case "ProgramEdited":
      await db
        .updateTable("rm_programs")
        .set({ ...detailColumns(event.data.details), type: event.data.details.type, updated_at: at })
        .where("id", "=", event.data.programId)
        .execute();
      return;
    case "ProgramScheduleChanged": {
      const program = await db.selectFrom("rm_programs").select("organization_id").where("id", "=", event.data.programId).executeTakeFirst();
      if (!program) return;
      await db.updateTable("rm_programs").set({ ...planColumns(event.data.plan), updated_at: at }).where("id", "=", event.data.programId).execute();
      await writePlan(db, event.data.programId, program.organization_id, event.data.plan);
      return;
    }
    case "ProgramArchived":
      // no sessions after the day it was archived: the participant dialog stops listing it
      await db
        .updateTable("rm_programs")
        .set((eb) => ({ archived_on: event.data.on, end_date: sql<string>`least(${eb.ref("end_date")}, ${event.data.on}::text)`, updated_at: at }))
        .where("id", "=", event.data.programId)
        .execute();
      return;
    case "ProgramDeleted":
      for (const table of ["rm_program_registrations", "rm_program_waitlist", "rm_program_schedules"] as const) {
        await db.deleteFrom(table).where("program_id", "=", event.data.programId).execute();
      }
      await db.deleteFrom("rm_programs").where("id", "=", event.data.programId).execute();
      return;
    case "ParticipantRegisteredToProgram":
    case "ParticipantPromotedFromWaitlist": {
      const { programId, participantId } = event.data;
      // the organization is the program's: read from the row this projection wrote
      const program = await db.selectFrom("rm_programs").select("organization_id").where("id", "=", programId).executeTakeFirst();
      if (!program) return;
      await db.deleteFrom("rm_program_waitlist").where("program_id", "=", programId).where("participant_id", "=", participantId).execute();
      await db
        .insertInto("rm_program_registrations")
        .values({ program_id: programId, participant_id: participantId, organization_id: program.organization_id, registered_at: at })
        .onConflict((oc) => oc.columns(["program_id", "participant_id"]).doNothing())
        .execute();
      return;
    }
    case "ParticipantWaitlistedForProgram": {
      const { programId, participantId } = event.data;
      const program = await db.selectFrom("rm_programs").select("organization_id").where("id", "=", programId).executeTakeFirst();
      if (!program) return;
      await db
        .insertInto("rm_program_waitlist")
        .values({ program_id: programId, participant_id: participantId, organization_id: program.organization_id, position: event.position, joined_at: at })
        .onConflict((oc) => oc.columns(["program_id", "participant_id"]).doNothing())
        .execute();
      return;
    }
    case "ParticipantLeftProgramWaitlist":
      await db.deleteFrom("rm_program_waitlist").where("program_id", "=", event.data.programId).where("participant_id", "=", event.data.participantId).execute();
      return;
    case "ParticipantUnregisteredFromProgram":
      await db
        .deleteFrom("rm_program_registrations")
        .where("program_id", "=", event.data.programId)
        .where("participant_id", "=", event.data.participantId)
        .execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * One row per program (its schedule flattened into columns a query can filter on) and one per
 * registration. Idempotent by itself: a creation or a registration inserts once.
 */
export const programsProjection = defineProjection<ProgramTables>({
  name: "programs",
  tables: ["rm_programs", "rm_program_registrations", "rm_program_waitlist", "rm_program_schedules"],
  eventTypes: PROGRAM_EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) {
      if (isProgramEvent(event)) await applyEvent(db, event as RecordedEvent<ProgramEvent>);
    }
  },
});
