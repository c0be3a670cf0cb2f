import { sql } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { isAttendanceEvent, type AttendanceEvent, type AttendanceMarked, type DropInAdded } from "../../modules/programs";
import { defineProjection } from "../runner";
import type { ProgramTables } from "./tables";

/**
 * The event types this projection reads, written here rather than imported: the projection is read while
 * modules/programs is still loading (it imports the programs projections for its services), and a value
 * imported from it would not be initialized yet (a projector process failed to start on it). The type
 * keeps the list to the module's events.
 */
const EVENT_TYPES = ["AttendanceMarked", "DropInAdded"] as const satisfies readonly AttendanceEvent["type"][];

const keyOf = (d: { programId: string; date: string; startTime: string; participantId: string }) => `${d.programId}|${d.date}|${d.startTime}|${d.participantId}`;

/** The batch's last event per program, session and participant: one multi-row write per table, later marks winning. */
function lastPerKey<E extends AttendanceMarked | DropInAdded>(events: readonly RecordedEvent<AttendanceEvent>[], type: E["type"]): RecordedEvent<E>[] {
  const last = new Map<string, RecordedEvent<E>>();
  for (const e of events) if (e.type === type) last.set(keyOf(e.data), e as RecordedEvent<E>);
  return [...last.values()];
}

/**
 * Each participant's latest mark of a session, and the sessions' drop-ins (decision 046). Idempotent: a
 * mark is an upsert (replaying it writes the same row), a drop-in inserts once. The marked participants'
 * tallies per program (decision 057) are counted again from their marks, so a replay writes the same.
 */
export const programAttendanceProjection = defineProjection<ProgramTables>({
  name: "program-attendance",
  tables: ["rm_program_attendance", "rm_program_drop_ins", "rm_program_person_tallies"],
  eventTypes: EVENT_TYPES,
  async apply(db, events) {
    const mine = events.filter((e) => isAttendanceEvent(e)) as RecordedEvent<AttendanceEvent>[];
    const marks = lastPerKey<AttendanceMarked>(mine, "AttendanceMarked");
    if (marks.length > 0) {
      await db
        .insertInto("rm_program_attendance")
        .values(
          marks.map((e) => ({
            program_id: e.data.programId,
            organization_id: e.metadata.organizationId ?? "",
            session_date: e.data.date,
            start_time: e.data.startTime,
            participant_id: e.data.participantId,
            status: e.data.status,
            note: e.data.note,
            marked_by: e.data.markedBy,
            marked_at: e.metadata.occurredAt,
          })),
        )
        .onConflict((oc) =>
          oc.columns(["program_id", "session_date", "start_time", "participant_id"]).doUpdateSet((eb) => ({
            status: eb.ref("excluded.status"),
            note: eb.ref("excluded.note"),
            marked_by: eb.ref("excluded.marked_by"),
            marked_at: eb.ref("excluded.marked_at"),
          })),
        )
        .execute();
      const pairs = [...new Map(marks.map((e) => [`${e.data.programId}|${e.data.participantId}`, [e.data.programId, e.data.participantId] as const])).values()];
      await sql`
        insert into rm_program_person_tallies (program_id, participant_id, organization_id, attended, absent, marked)
        select a.program_id, a.participant_id, max(a.organization_id),
          count(*) filter (where a.status in ('present', 'late')), count(*) filter (where a.status = 'absent'), count(*)
        from rm_program_attendance a
        join (select unnest(${pairs.map((p) => p[0])}::text[]) as program_id, unnest(${pairs.map((p) => p[1])}::text[]) as participant_id) k
          on k.program_id = a.program_id and k.participant_id = a.participant_id
        group by a.program_id, a.participant_id
        on conflict (program_id, participant_id) do update
          set attended = excluded.attended, absent = excluded.absent, marked = excluded.marked`.execute(db);
    }
    const dropIns = lastPerKey<DropInAdded>(mine, "DropInAdded");
    if (dropIns.length > 0) {
      await db
        .insertInto("rm_program_drop_ins")
        .values(
          dropIns.map((e) => ({
            program_id: e.data.programId,
            organization_id: e.metadata.organizationId ?? "",
            session_date: e.data.date,
            start_time: e.data.startTime,
            participant_id: e.data.participantId,
            added_by: e.data.addedBy,
            added_at: e.metadata.occurredAt,
          })),
        )
        .onConflict((oc) => oc.columns(["program_id", "session_date", "start_time", "participant_id"]).doNothing())
        .execute();
    }
  },
});
