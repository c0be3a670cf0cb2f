import { idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, todayIn } from "../../modules/organizations";
import {
  addDays,
  createProgram,
  registerParticipantToProgram,
  type CreateProgramInput,
  type ProgramSchedule,
} from "../../modules/programs";

export type Deps = { store: EventStore; clock: Clock };

const meta = (commandId: string, organizationId: string): CommandMetadata => ({
  commandId,
  organizationId,
  actorId: null,
  correlationId: commandId,
});

/** The demo programs' keys; a program's id derives from its organization and key. */
export const DEMO_PROGRAM_KEYS = ["after-school-club", "open-gym", "saturday-soccer", "museum-trip"] as const;
export type DemoProgramKey = (typeof DEMO_PROGRAM_KEYS)[number];

export const demoProgramId = (organizationId: string, key: DemoProgramKey) => idFrom("demo", "program", organizationId, key);

type DemoProgram = Omit<CreateProgramInput, "programId" | "organizationId">;

/**
 * One of each type, around `today` (the organization's day, 'YYYY-MM-DD'): the weekly ones run from
 * four weeks back to 26 weeks ahead; the museum trip is today and the two weeks after, so the
 * participant dialog shows every colour on a weekday.
 */
export function demoPrograms(today: string): Record<DemoProgramKey, DemoProgram> {
  const weekly = (days: (0 | 1 | 2 | 3 | 4 | 5 | 6)[]): ProgramSchedule => ({
    kind: "weekly",
    days,
    startDate: addDays(today, -28),
    endDate: addDays(today, 182),
  });
  return {
    "after-school-club": {
      name: "After School Club",
      type: "registered",
      schedule: weekly([1, 2, 3, 4, 5]),
      startTime: "15:30",
      endTime: "17:30",
      location: "Room 104",
    },
    "open-gym": { name: "Open Gym", type: "dropin", schedule: weekly([0, 1, 2, 3, 4, 5, 6]), startTime: "18:00", endTime: "20:00", location: "Gymnasium" },
    "saturday-soccer": { name: "Saturday Soccer", type: "event", schedule: weekly([6]), startTime: "10:00", endTime: "12:00", location: "North Field" },
    "museum-trip": {
      name: "Museum Trip",
      type: "partner",
      schedule: { kind: "dates", dates: [today, addDays(today, 7), addDays(today, 14)] },
      startTime: "09:30",
      endTime: "14:00",
      location: "Royal Ontario Museum",
    },
  };
}

/**
 * Which demo programs the participant at `index` (in the list given to `seedDemoPrograms`) is
 * registered to: a fixed pattern, so every run seeds the same registrations. Nobody registers to the
 * drop-in program: it is open to everyone.
 */
export function demoRegistrationsOf(index: number): DemoProgramKey[] {
  const keys: DemoProgramKey[] = [];
  if (index % 3 !== 2) keys.push("after-school-club");
  if (index % 2 === 0) keys.push("saturday-soccer");
  if (index % 2 === 1 || index === 0) keys.push("museum-trip");
  return keys;
}

/**
 * Seeds an organization's demo programs and registers a deterministic subset of `participantIds`.
 * Every id and command id is derived, so two processes seeding at once write it once.
 */
export async function seedDemoPrograms(
  deps: Deps,
  organizationId: string,
  participantIds: readonly string[],
  { timeZone = DEFAULT_TIME_ZONE }: { timeZone?: string } = {},
): Promise<{ programIds: Record<DemoProgramKey, string>; registrations: number }> {
  const programs = demoPrograms(todayIn(timeZone, deps.clock.now()));
  const programIds = {} as Record<DemoProgramKey, string>;
  for (const key of DEMO_PROGRAM_KEYS) {
    const programId = demoProgramId(organizationId, key);
    const commandId = idFrom("demo-seed", "program", programId);
    const result = await createProgram(deps, {
      type: "CreateProgram",
      data: { programId, organizationId, ...programs[key] },
      metadata: meta(commandId, organizationId),
    });
    if (!result.ok) throw new Error(`seeding program ${programs[key].name}: ${result.error.message}`);
    programIds[key] = programId;
  }
  let registrations = 0;
  for (const [index, participantId] of participantIds.entries()) {
    for (const key of demoRegistrationsOf(index)) {
      const programId = programIds[key];
      const commandId = idFrom("demo-seed", "program-registration", programId, participantId);
      const result = await registerParticipantToProgram(deps, {
        type: "RegisterParticipantToProgram",
        data: { programId, participantId },
        metadata: meta(commandId, organizationId),
      });
      if (!result.ok) throw new Error(`seeding registration to ${programs[key].name}: ${result.error.message}`);
      registrations++;
    }
  }
  return { programIds, registrations };
}
