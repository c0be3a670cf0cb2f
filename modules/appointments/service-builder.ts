import type { Auth, Services } from "../identity";
import { timeZoneOf, wallTimeOf } from "../organizations";
import { eventById } from "../../projections/appointments";
import { staffUsersOf } from "../../projections/identity";

/**
 * The event form's data (decision 056): the organization's time zone (the form's start and end are its
 * wall-clock times), the staff it may name as coaches, and the event being edited with its times as the
 * form shows them. Null `editing` for a new event, or when the id is not (or no longer) the organization's.
 */
export async function eventBuilderOf(services: Pick<Services, "db">, auth: Auth, edit: string) {
  const organizationId = auth.organization.id;
  const timeZone = timeZoneOf(auth.organization.settings);
  const [staff, row] = await Promise.all([staffUsersOf(services.db, organizationId), edit !== "new" ? eventById(services.db, organizationId, edit) : Promise.resolve(null)]);
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
  return { timeZone, staff: staff.map((s) => ({ id: s.id, name: `${s.first_name} ${s.last_name}`.trim(), role: s.role })), editing };
}

export type EventBuilder = Awaited<ReturnType<typeof eventBuilderOf>>;
export type EditedEvent = NonNullable<EventBuilder["editing"]>;
