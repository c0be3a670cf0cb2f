import type { Auth, Services } from "../identity";
import { timeZoneOf, wallTimeOf } from "../organizations";
import { eventById } from "../../projections/appointments";
import { coachChoicesOf } from "../../projections/identity";

/**
 * The event form's data (decision 056): the organization's time zone (the form's start and end are its
 * wall-clock times), the staff it may name as coaches, and the event being edited with its times as the
 * form shows them. Null `editing` for a new event, or when the id is not (or no longer) the organization's.
 */
export async function eventBuilderOf(services: Pick<Services, "db">, auth: Auth, edit: string) {
  const organizationId = auth.organization.id;
  const timeZone = timeZoneOf(auth.organization.settings);
  const row = edit !== "new" ? await eventById(services.db, organizationId, edit) : null;
  // the coach picker: Active staff, and those the edited event already names (decision 070)
  const staff = await coachChoicesOf(services.db, organizationId, row?.coach_ids ?? []);
  const editing = row
    ? {
        id: row.id,
        name: row.name,
        description: row.description,
        start: wallTimeOf(timeZone, new Date(row.start_date)),
        end: wallTimeOf(timeZone, new Date(row.end_date)),
        capacity: row.capacity,
        location: row.location,
        coach_ids: row.coach_ids,
        points: row.points,
        registered_count: row.registered_count,
      }
    : null;
  return { timeZone, staff: staff.map((s) => ({ id: s.id, name: `${s.first_name} ${s.last_name}`.trim(), role: s.status === "Active" ? s.role : `${s.role}, ${s.status}` })), editing };
}

export type EventBuilder = Awaited<ReturnType<typeof eventBuilderOf>>;
export type EditedEvent = NonNullable<EventBuilder["editing"]>;
