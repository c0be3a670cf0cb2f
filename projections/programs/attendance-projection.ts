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
 * mark is an upsert (replaying it writes the same row), a drop-in inserts once.
 */
export const programAttendanceProjection = defineProjection<ProgramTables>({
  name: "program-attendance",
  tables: ["rm_program_attendance", "rm_program_drop_ins"],
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
