import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../read-models";

/** An event a parent or participant may register for (decision 052): its card, and counts only. */
export type EventOption = {
  id: string;
  name: string;
  description: string;
  start_date: string;
  end_date: string;
  capacity: number | null;
  location: string;
  registered_count: number;
};

/** One of a participant's event registrations. */
export type EventPlace = { event_id: string; name: string; location: string; start_date: string; end_date: string };

const iso = (column: string) => sql<string>`to_char(${sql.ref(column)} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The organization's events that have not ended at `now` (their registrations can still change: decision 047), by start. */
export async function eventOptions(db: Kysely<ReadModels>, organizationId: string, now: Date): Promise<EventOption[]> {
  return db
    .selectFrom("rm_appointment_events as e")
    .where("e.organization_id", "=", organizationId)
    .where("e.end_at", ">", now)
    .select([
      "e.id",
      "e.name",
      "e.description",
      iso("e.start_at").as("start_date"),
      iso("e.end_at").as("end_date"),
      "e.capacity",
      "e.location",
      sql<number>`(select count(*) from rm_appointment_registrations r where r.event_id = e.id)::int`.as("registered_count"),
    ])
    .orderBy("e.start_at")
    .orderBy("e.name")
    .orderBy("e.id")
    .execute();
}

/** A participant's registrations to events that have not ended at `now`, by start. */
export async function eventPlacesOfParticipant(db: Kysely<ReadModels>, organizationId: string, participantId: string, now: Date): Promise<EventPlace[]> {
  return db
    .selectFrom("rm_appointment_registrations as r")
    .innerJoin("rm_appointment_events as e", "e.id", "r.event_id")
    .where("r.organization_id", "=", organizationId)
    .where("e.organization_id", "=", organizationId)
    .where("r.participant_id", "=", participantId)
    .where("e.end_at", ">", now)
    .select(["e.id as event_id", "e.name", "e.location", iso("e.start_at").as("start_date"), iso("e.end_at").as("end_date")])
    .orderBy("e.start_at")
    .orderBy("e.name")
    .execute();
}
