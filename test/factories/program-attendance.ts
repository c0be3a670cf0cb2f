import { DomainError, idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, startOfDayIn, todayIn } from "../../modules/organizations";
import {
  addDays,
  ATTENDANCE_STATUSES,
  loadProgram,
  programSessionStreamId,
  sessionDecider,
  sessionKey,
  sessionsBetween,
  type AttendanceCommand,
  type AttendanceEvent,
  type AttendanceStatus,
  type SessionFacts,
} from "../../modules/programs";
import { DEMO_WEEKLY_PROGRAMS, demoWeeklyProgramId } from "./program-builder";

type Deps = { store: EventStore; clock: Clock };

/** A status from an id, the same every run: about 80% present, 8% late, 7% absent, 5% excused. */
export function demoStatusOf(...parts: string[]): AttendanceStatus {
  const bucket = parseInt(idFrom("demo-attendance", ...parts).slice(0, 8), 16) % 100;
  return bucket < 80 ? "present" : bucket < 88 ? "late" : bucket < 95 ? "absent" : ATTENDANCE_STATUSES[3];
}

/** Which sessions get a drop-in: about one in four, the same every run. */
const hasDropIn = (key: string) => parseInt(idFrom("demo-drop-in", key).slice(0, 8), 16) % 4 === 0;

/**
 * The demo's attendance (decision 046): for each weekly demo program, every session of the past eight
 * weeks up to yesterday marked for the members registered now, and about one session in four gets a
 * drop-in, marked present. Each session's events come from the session's decider (pure, from an empty
 * stream) and are appended in one batch to its stream, the sessions of a program side by side. Event ids
 * are derived: a second run appends nothing new.
 */
export async function seedDemoAttendance(
  deps: Deps,
  org: { id: string; timeZone?: string },
  participantIds: readonly string[],
  { coachId }: { coachId?: string } = {},
): Promise<{ sessions: number; marks: number; dropIns: number }> {
  const today = todayIn(org.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
  const totals = { sessions: 0, marks: 0, dropIns: 0 };
  for (const [n, demo] of DEMO_WEEKLY_PROGRAMS.entries()) {
    const done = await seedProgramAttendance(deps, org, demoWeeklyProgramId(org.id, demo.key), participantIds, { from: addDays(today, -56), to: addDays(today, -1), coachId, salt: n });
    totals.sessions += done.sessions;
    totals.marks += done.marks;
    totals.dropIns += done.dropIns;
  }
  return totals;
}

/**
 * One program's sessions from `from` to `to` (inclusive) marked for the members registered now, about one
 * session in four with a drop-in (chosen among `participantIds` not in the program). Also the benchmark's
 * year of attendance (test/bench/programs.ts).
 */
export async function seedProgramAttendance(
  deps: Deps,
  org: { id: string; timeZone?: string },
  programId: string,
  participantIds: readonly string[],
  { from, to, coachId, salt = 0 }: { from: string; to: string; coachId?: string; salt?: number },
): Promise<{ sessions: number; marks: number; dropIns: number }> {
  const timeZone = org.timeZone ?? DEFAULT_TIME_ZONE;
  const today = todayIn(timeZone, deps.clock.now());
  const totals = { sessions: 0, marks: 0, dropIns: 0 };
  const program = await loadProgram(deps.store, programId);
  if (!program) return totals;
  const taken = new Set([...program.participantIds, ...program.waitlist]);
  const visitors = participantIds.filter((id) => !taken.has(id));
  const facts: SessionFacts = { organizationId: org.id, today, plans: program.plans, archivedOn: program.archivedOn, registered: program.participantIds, inOrganization: visitors };
  const sessions = sessionsBetween(programId, program.plans, from, to, program.archivedOn);
  await Promise.all(
    sessions.map(async (s, i) => {
      const key = sessionKey(programId, s.date, s.startTime);
      const commandId = idFrom("demo-seed", "attendance", key);
      const metadata: CommandMetadata = { commandId, organizationId: org.id, actorId: coachId ?? null, correlationId: commandId };
      const ids = { programId, date: s.date, startTime: s.startTime };
      const list = program.participantIds.map((id) => ({ participant_id: id, status: demoStatusOf(key, id) }));
      const visitor = visitors.length > 0 && hasDropIn(key) ? visitors[(i * 13 + salt * 17) % visitors.length]! : null;
      const commands: AttendanceCommand[] = [];
      if (visitor) {
        commands.push({ type: "AddDropIn", data: { ...ids, participantId: visitor, facts }, metadata });
        list.push({ participant_id: visitor, status: "present" });
      }
      if (list.length > 0) commands.push({ type: "MarkAttendance", data: { ...ids, input: { marks: list }, facts }, metadata });
      let state = sessionDecider.initialState();
      const events: AttendanceEvent[] = [];
      for (const command of commands) {
        const decided = sessionDecider.decide(state, command, deps.clock.now());
        if (decided instanceof DomainError) throw new Error(`seeding the attendance of ${programId} on ${s.date}: ${decided.message}`);
        for (const e of decided) state = sessionDecider.evolve(state, e);
        events.push(...decided);
      }
      if (events.length === 0) return;
      const stream = programSessionStreamId(key);
      // marked as the session ended
      const occurredAt = new Date(startOfDayIn(timeZone, s.date).getTime() + minutes(s.endTime) * 60_000).toISOString();
      await deps.store.appendToStream<AttendanceEvent>(
        stream,
        events.map((e, index) => ({ ...e, eventId: idFrom(commandId, stream, index), metadata: { ...metadata, correlationId: commandId, causationId: null, occurredAt } })),
        { expectedRevision: "any" },
      );
      totals.sessions++;
      totals.marks += list.length;
      if (visitor) totals.dropIns++;
    }),
  );
  return totals;
}

const minutes = (time: string) => {
  const [h = 0, m = 0] = time.split(":").map(Number);
  return h * 60 + m;
};
