import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { isProgramEvent, PROGRAM_EVENT_TYPES, scheduleBounds, type ProgramEvent } from "../../modules/programs";
import { defineProjection } from "../runner";
import type { ProgramTables } from "./tables";

type Db = Kysely<ProgramTables> | Transaction<ProgramTables>;

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
    case "ParticipantRegisteredToProgram": {
      const { programId, participantId } = event.data;
      // the organization is the program's: read from the row this projection wrote
      const program = await db.selectFrom("rm_programs").select("organization_id").where("id", "=", programId).executeTakeFirst();
      if (!program) return;
      await db
        .insertInto("rm_program_registrations")
        .values({ program_id: programId, participant_id: participantId, organization_id: program.organization_id, registered_at: at })
        .onConflict((oc) => oc.columns(["program_id", "participant_id"]).doNothing())
        .execute();
      return;
    }
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
  tables: ["rm_programs", "rm_program_registrations"],
  eventTypes: PROGRAM_EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) {
      if (isProgramEvent(event)) await applyEvent(db, event as RecordedEvent<ProgramEvent>);
    }
  },
});
