import { handleEventCommand, type EventBody, type EventCommand } from "../../modules/appointments";
import { idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, startOfDayIn, todayIn } from "../../modules/organizations";
import { addDays } from "../../modules/programs";

type Deps = { store: EventStore; clock: Clock };

const HOUR = 3_600_000;
const meta = (commandId: string, organizationId: string): CommandMetadata => ({ commandId, organizationId, actorId: null, correlationId: commandId });
const at = (date: Date): Clock => ({ now: () => date });

type DemoEvent = {
  key: string;
  /** days from today of the first and last day, and the local hours on them */
  days: [number, number];
  hours: [number, number];
  event: Omit<EventBody, "start_date" | "end_date" | "coach_ids">;
  registrations: number;
  /** how many of the registered are marked present (the rest absent); null: no attendance (not started) */
  present: number | null;
};

/**
 * Three events per demo organization (decision 047): a one-day trip three weeks ago with its registrations
 * and attendance, a three-day camp three weeks ahead, full to its capacity, and a movie night in ten days
 * with places left.
 */
export const DEMO_EVENTS: readonly DemoEvent[] = [
  {
    key: "science-museum-trip",
    days: [-21, -21],
    hours: [10, 15],
    event: { name: "Science Museum Trip", description: "A day at the science museum, lunch included.", capacity: 15, location: "Science Centre", points: 20 },
    registrations: 12,
    present: 10,
  },
  {
    key: "winter-camp",
    days: [21, 23],
    hours: [9, 16],
    event: { name: "Winter Camp", description: "Three days of snow games, crafts and cocoa.", capacity: 8, location: "Camp Kawartha", points: 50 },
    registrations: 8,
    present: null,
  },
  {
    // places left, so a parent's Event Registration has something to register for on first start (decision 052)
    key: "family-movie-night",
    days: [10, 10],
    hours: [18, 21],
    event: { name: "Family Movie Night", description: "A film on the big screen, popcorn included. Families welcome.", capacity: 30, location: "Main Hall", points: 10 },
    registrations: 9,
    present: null,
  },
];

export const demoEventId = (organizationId: string, key: string) => idFrom("demo", "appointment-event", organizationId, key);

async function seeded(deps: Deps, command: EventCommand, what: string) {
  const result = await handleEventCommand(deps, command);
  if (!result.ok) throw new Error(`seeding ${what}: ${result.error.message}`);
  return result;
}

/**
 * Seeds an organization's demo events. Each command runs on a clock of its own moment (registrations a
 * week before the event, attendance an hour after its start), so the past event's history reads as it
 * would have happened. Ids and command ids are derived: a second run writes nothing new.
 */
export async function seedDemoEvents(deps: Deps, org: { id: string; timeZone?: string }, participantIds: readonly string[], { coachId }: { coachId?: string } = {}) {
  const zone = org.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(zone, deps.clock.now());
  for (const [n, demo] of DEMO_EVENTS.entries()) {
    const eventId = demoEventId(org.id, demo.key);
    const start = new Date(startOfDayIn(zone, addDays(today, demo.days[0])).getTime() + demo.hours[0] * HOUR);
    const end = new Date(startOfDayIn(zone, addDays(today, demo.days[1])).getTime() + demo.hours[1] * HOUR);
    const before = { ...deps, clock: at(new Date(Math.min(deps.clock.now().getTime(), start.getTime() - 7 * 24 * HOUR))) };
    const input = { ...demo.event, start_date: start.toISOString(), end_date: end.toISOString(), coach_ids: coachId ? [coachId] : [] };
    await seeded(before, { type: "CreateEvent", data: { eventId, organizationId: org.id, input, rules: {} }, metadata: meta(idFrom("demo-seed", "event", eventId), org.id) }, demo.event.name);
    const chosen = Array.from({ length: demo.registrations }, (_, i) => participantIds[(i * 13 + n * 41 + 3) % participantIds.length]!);
    for (const participantId of new Set(chosen)) {
      const commandId = idFrom("demo-seed", "event-registration", eventId, participantId);
      await seeded(before, { type: "RegisterToEvent", data: { eventId, participantId }, metadata: meta(commandId, org.id) }, `a registration to ${demo.event.name}`);
    }
    if (demo.present === null) continue;
    const present = demo.present;
    const marks = [...new Set(chosen)].map((participant_id, i) => ({ participant_id, status: i < present ? "present" : "absent" }));
    const during = { ...deps, clock: at(new Date(start.getTime() + HOUR)) };
    const commandId = idFrom("demo-seed", "event-attendance", eventId);
    await seeded(during, { type: "MarkEventAttendance", data: { eventId, input: { attendance: marks } }, metadata: meta(commandId, org.id) }, `the attendance of ${demo.event.name}`);
  }
  return { events: DEMO_EVENTS.length };
}

/**
 * Who a demo event's attendance marked present (the same choice `seedDemoEvents` makes): empty for an event not
 * taken yet. The demo challenges give these members the event in their progress (decision 112).
 */
export function demoEventAttendees(participantIds: readonly string[], key: string): string[] {
  const n = DEMO_EVENTS.findIndex((e) => e.key === key);
  const demo = DEMO_EVENTS[n];
  if (!demo || demo.present === null) return [];
  const chosen = Array.from({ length: demo.registrations }, (_, i) => participantIds[(i * 13 + n * 41 + 3) % participantIds.length]!);
  return [...new Set(chosen)].slice(0, demo.present);
}
