import type { Auth, Services } from "../identity";
import { timeZoneOf } from "../organizations";
import { dateIn, mayExport, mayRegister, peopleOf, STAFF_PAGE_SIZES, type RosterPerson } from "../programs";
import { staffUsersOf } from "../../projections/identity";
import { eventById, eventList, eventRegistrations, type EventRow } from "../../projections/appointments";
import { registerToEventCall, unregisterFromEventCall } from "./service";

/** An event as a card of /events shows it: when (in the organization's zone), where, coaches and figures. */
export type StaffEvent = Pick<EventRow, "id" | "name" | "location" | "capacity" | "registered_count" | "attendees_count" | "start_date" | "end_date"> & {
  when: string;
  coaches: string[];
  ended: boolean;
};

export type StaffEventsPage = {
  when: "upcoming" | "past";
  search: string;
  page: number;
  size: number;
  count: number;
  totalPages: number;
  events: StaffEvent[];
  selected: {
    event: StaffEvent & { description: string };
    registered: (RosterPerson & { attendance: "present" | "absent" | null })[];
  } | null;
  missing: boolean;
  canRegister: boolean;
  canExport: boolean;
};

const whole = (value: string | null | undefined, fallback: number, max: number) => {
  const n = Number(value);
  return value && Number.isInteger(n) && n >= 0 && n <= max ? n : fallback;
};

/**
 * 'Sat, 12/05/2026, 10:00 AM – 3:00 PM', or over several days 'Thu, 12/17/2026, 9:00 AM – Sat, 12/19/2026,
 * 4:00 PM', on the organization's clock (dates MM/DD/YYYY and times h:mm A, spec-1 section 9).
 */
export function eventWhen(timeZone: string) {
  const day = new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "short",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  });
  const time = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hour: "numeric",
    minute: "2-digit",
    hour12: true,
  });
  return (startIso: string, endIso: string) => {
    const start = new Date(startIso);
    const end = new Date(endIso);
    const sameDay = day.format(start) === day.format(end);
    return sameDay ? `${day.format(start)}, ${time.format(start)} – ${time.format(end)}` : `${day.format(start)}, ${time.format(start)} – ${day.format(end)}, ${time.format(end)}`;
  };
}

/**
 * The staff's /events page (decision 053): upcoming events (soonest first) or past ones (latest first),
 * searched by name, paged; each with its dates, location, coaches, capacity and registered count; and
 * the event chosen in the URL with its registered members in the order they registered.
 */
export async function staffEventsPageOf(
  services: Pick<Services, "db" | "clock">,
  auth: Auth,
  asked: {
    search?: string | null;
    when?: string | null;
    page?: string | null;
    size?: string | null;
    event?: string | null;
  }
): Promise<StaffEventsPage> {
  const organizationId = auth.organization.id;
  const when = asked.when === "past" ? "past" : "upcoming";
  const search = (asked.search ?? "").trim().slice(0, 200);
  const sizeAsked = whole(asked.size, 10, 80);
  const size = (STAFF_PAGE_SIZES as readonly number[]).includes(sizeAsked) ? sizeAsked : 10;
  const page = whole(asked.page, 0, 100_000);
  const now = services.clock.now();
  const [list, staff, chosen] = await Promise.all([
    eventList(
      services.db,
      organizationId,
      {
        search,
        when,
        page,
        size,
        sort: { field: "start_date", desc: when === "past" },
      },
      now
    ),
    staffUsersOf(services.db, organizationId),
    asked.event ? eventById(services.db, organizationId, asked.event) : Promise.resolve(null),
  ]);
  const timeZone = timeZoneOf(auth.organization.settings);
  const label = eventWhen(timeZone);
  const names = new Map(staff.map((s) => [s.id, `${s.first_name} ${s.last_name}`.trim()]));
  const card = (e: EventRow): StaffEvent => ({
    id: e.id,
    name: e.name,
    location: e.location,
    capacity: e.capacity,
    registered_count: e.registered_count,
    attendees_count: e.attendees_count,
    start_date: e.start_date,
    end_date: e.end_date,
    when: label(e.start_date, e.end_date),
    coaches: e.coach_ids.map((id) => names.get(id)).filter((n): n is string => Boolean(n)),
    ended: Date.parse(e.end_date) <= now.getTime(),
  });
  let selected: StaffEventsPage["selected"] = null;
  if (chosen) {
    const registrations = await eventRegistrations(services.db, organizationId, chosen.id);
    const people = await peopleOf(
      services,
      auth,
      registrations.data.map((r) => r.participant_id)
    );
    const day = dateIn(timeZone);
    selected = {
      event: { ...card(chosen), description: chosen.description },
      registered: registrations.data.map((r) => ({
        participant_id: r.participant_id,
        ...(people.get(r.participant_id) ?? {
          member_id: "",
          full_name: "Unknown participant",
        }),
        date: day(r.registered_date),
        attendance: r.attendance,
      })),
    };
  }
  return {
    when,
    search,
    page,
    size,
    count: list.count,
    totalPages: list.additional_info.total_pages,
    events: list.data.map(card),
    selected,
    missing: Boolean(asked.event) && !chosen,
    canRegister: mayRegister(auth),
    canExport: mayExport(auth),
  };
}

/** Register from /events: the answer (or the refusal, thrown: full, ended, already registered) and who it was. */
export async function staffRegisterToEvent(services: Services, auth: Auth, eventId: string, participantId: string, commandId: string | undefined, request: Request) {
  const answer = await registerToEventCall(services, auth, eventId, { participant_id: participantId, command_id: commandId }, request);
  return {
    message: answer.message,
    name: (await peopleOf(services, auth, [participantId])).get(participantId)?.full_name ?? "",
  };
}

/** Remove from /events. */
export async function staffUnregisterFromEvent(services: Services, auth: Auth, eventId: string, participantId: string, request: Request) {
  const name = (await peopleOf(services, auth, [participantId])).get(participantId)?.full_name ?? "";
  const answer = await unregisterFromEventCall(services, auth, eventId, participantId, request);
  return { message: answer.message, name };
}
