import type { Kysely, Transaction } from "kysely";
import type { RecordedEvent } from "../../modules/kernel";
import { isAppointmentEvent, type AppointmentEvent, type EventDetails } from "../../modules/appointments";
import { defineProjection } from "../runner";
import type { AppointmentTables } from "./tables";

/**
 * The event types this projection reads, written here rather than imported: the projection is loaded while
 * modules/appointments may still be loading (its services read this folder's queries), when a value
 * imported from it is not initialized yet. The type keeps the list to the module's events.
 */
const EVENT_TYPES = [
  "AppointmentEventCreated",
  "AppointmentEventEdited",
  "AppointmentEventDeleted",
  "ParticipantRegisteredToEvent",
  "ParticipantUnregisteredFromEvent",
  "EventAttendanceMarked",
] as const satisfies readonly AppointmentEvent["type"][];

type Db = Kysely<AppointmentTables> | Transaction<AppointmentTables>;

const detailColumns = (d: EventDetails) => ({
  name: d.name,
  description: d.description,
  start_at: d.startAt,
  end_at: d.endAt,
  capacity: d.capacity,
  location: d.location,
  coach_ids: d.coachIds,
  points: d.points,
});

async function applyEvent(db: Db, event: RecordedEvent<AppointmentEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "AppointmentEventCreated": {
      const { eventId, organizationId, details } = event.data;
      await db
        .insertInto("rm_appointment_events")
        .values({ id: eventId, organization_id: organizationId, created_at: at, ...detailColumns(details) })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "AppointmentEventEdited":
      await db
        .updateTable("rm_appointment_events")
        .set({ ...detailColumns(event.data.details), updated_at: at })
        .where("id", "=", event.data.eventId)
        .execute();
      return;
    case "AppointmentEventDeleted":
      await db.deleteFrom("rm_appointment_registrations").where("event_id", "=", event.data.eventId).execute();
      await db.deleteFrom("rm_appointment_events").where("id", "=", event.data.eventId).execute();
      return;
    case "ParticipantRegisteredToEvent": {
      const { eventId, participantId } = event.data;
      // the organization is the event's: read from the row this projection wrote
      const row = await db.selectFrom("rm_appointment_events").select("organization_id").where("id", "=", eventId).executeTakeFirst();
      if (!row) return;
      await db
        .insertInto("rm_appointment_registrations")
        .values({ event_id: eventId, participant_id: participantId, organization_id: row.organization_id, registered_at: at })
        .onConflict((oc) => oc.columns(["event_id", "participant_id"]).doNothing())
        .execute();
      return;
    }
    case "ParticipantUnregisteredFromEvent":
      await db.deleteFrom("rm_appointment_registrations").where("event_id", "=", event.data.eventId).where("participant_id", "=", event.data.participantId).execute();
      return;
    case "EventAttendanceMarked":
      for (const mark of event.data.marks) {
        await db
          .updateTable("rm_appointment_registrations")
          .set({ attendance: mark.status, marked_at: at })
          .where("event_id", "=", event.data.eventId)
          .where("participant_id", "=", mark.participantId)
          .execute();
      }
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** One row per event and one per registration with its attendance. Idempotent by itself. */
export const appointmentsProjection = defineProjection<AppointmentTables>({
  name: "appointments",
  tables: ["rm_appointment_events", "rm_appointment_registrations"],
  eventTypes: EVENT_TYPES,
  async apply(db, events) {
    for (const event of events) {
      if (isAppointmentEvent(event)) await applyEvent(db, event as RecordedEvent<AppointmentEvent>);
    }
  },
});
