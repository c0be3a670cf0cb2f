import { applyFieldPolicy, fieldRoleOfAuth, type Auth, type FieldRole, type Services } from "../identity";
import { ageOn, postalCodeOf } from "../participants";
import { eventById, eventRegistrations, type EventRow } from "../../projections/appointments";
import { participantRowsByIds } from "../../projections/participants";
import { attendancePointsOf } from "../../projections/points";
import type { EventReportQuery } from "./commands";
import { eventOf } from "./service";

/** The event of the report: its name, start_date, end_date and attendees (spec-2 section 3, 'Event report'). */
export const eventSummaryOf = (event: EventRow) => ({
  id: event.id,
  name: event.name,
  start_date: event.start_date,
  end_date: event.end_date,
  attendees: event.attendees_count,
  absentees: event.absent_count,
  registered: event.registered_count,
  points: event.points,
});

/**
 * One page of an event's report rows: one row per registered participant (the member fields through the
 * reader's role's field policy, postal_code among them, the points the event gave them and their
 * attendance). The call and the CSV export (decision 054) both read it.
 */
export async function eventReportPage(db: Services["db"], viewer: { organizationId: string; role: FieldRole }, event: EventRow, page: number, size: number) {
  const { organizationId, role } = viewer;
  const registrations = await eventRegistrations(db, organizationId, event.id, page, size);
  const people = new Map((await participantRowsByIds(db, organizationId, registrations.data.map((r) => r.participant_id))).map((p) => [p.id, p]));
  // what the ledger holds from this event (a reversed award not counted)
  const earned = await attendancePointsOf(db, organizationId, [...people.keys()], { kind: "event", eventId: event.id });
  const onDay = new Date(event.start_date);
  const data = registrations.data.flatMap((r) => {
    const p = people.get(r.participant_id);
    if (!p) return [];
    const person = applyFieldPolicy(role, {
      id: p.id,
      member_id: p.member_id,
      first_name: p.first_name,
      last_name: p.last_name,
      full_name: p.full_name,
      dob: p.dob,
      age: ageOn(p.dob, onDay),
      gender: p.gender,
      email: p.email,
      phone_number: p.phone_number,
      contact_name: p.contact_name,
      medical_conditions: p.medical_conditions,
      postal_code: postalCodeOf(p.address),
    });
    return [{ ...person, attendance: r.attendance, points: earned.get(r.participant_id) ?? 0 }];
  });
  return { data, count: registrations.count };
}
export type EventReportRow = Awaited<ReturnType<typeof eventReportPage>>["data"][number];

/**
 * GET /api/appointment/event/{id}/report (spec-2 section 3, 'Event report'): a page of the rows, and the
 * event's name, start_date, end_date and attendees (the participants marked present).
 */
export async function eventReportOf(services: Services, auth: Auth, eventId: string | undefined, q: EventReportQuery) {
  const event = await eventOf(services, auth, eventId);
  const { data, count } = await eventReportPage(services.db, { organizationId: auth.organization.id, role: fieldRoleOfAuth(auth) }, event, q.page, q.size);
  return {
    data,
    count,
    additional_info: { page: q.page, size: q.size, total_pages: q.size > 0 ? Math.ceil(count / q.size) : 0 },
    event: eventSummaryOf(event),
  };
}

/** /events/{id}/report (decision 054): the event and a page of its rows; null for an unknown event or another organization's (404). */
export async function eventReportScreen(services: Services, auth: Auth, eventId: string | undefined, q: { page: number; size: number }) {
  const event = eventId ? await eventById(services.db, auth.organization.id, eventId) : null;
  if (!event) return null;
  const { data, count } = await eventReportPage(services.db, { organizationId: auth.organization.id, role: fieldRoleOfAuth(auth) }, event, q.page - 1, q.size);
  return { event: { ...eventSummaryOf(event), location: event.location }, rows: data, count, page: q.page, size: q.size, totalPages: Math.ceil(count / q.size) };
}
