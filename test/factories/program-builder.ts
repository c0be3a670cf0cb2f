import { idFrom, type Clock, type CommandMetadata, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, todayIn } from "../../modules/organizations";
import { addDays, buildProgram, registerParticipantToProgram, type ProgramBody } from "../../modules/programs";

type Deps = { store: EventStore; clock: Clock };

const meta = (commandId: string, organizationId: string): CommandMetadata => ({ commandId, organizationId, actorId: null, correlationId: commandId });

type WeeklyDemo = { key: string; program: Omit<ProgramBody, "start_date" | "end_date">; /** registrations tried, in a fixed order */ wanted: number };

/**
 * Six weekly programs of the builder (decision 044), weekdays only (the demo organizations offer no
 * Saturday or Sunday), inside the default schedule window 6:00-23:30. Girls Basketball and Coding Club
 * get more registrations than places, so they show a waitlist. None is a drop-in program: nobody
 * registers to those (decision 009), and the check-in board's test relies on it.
 */
export const DEMO_WEEKLY_PROGRAMS: readonly WeeklyDemo[] = [
  {
    key: "homework-club",
    wanted: 22,
    program: { name: "Homework Club", type: "registered", activity_type: "Academic Support", category_type: "Youth", age_category: "Ages 8-14", age_min: 8, age_max: 14, members_limit: 25, location: "Room 104", points_per_session: 5, description: "Quiet study time with tutors on hand.", sessions: [{ week_day: 1, start_time: "15:30", end_time: "17:00" }, { week_day: 3, start_time: "15:30", end_time: "17:00" }] },
  },
  {
    key: "girls-basketball",
    wanted: 16,
    program: { name: "Girls Basketball", type: "registered", activity_type: "Sport", category_type: "Youth", age_category: "Ages 10-17", age_min: 10, age_max: 17, genders: ["Female"], members_limit: 12, location: "Gymnasium", points_per_session: 10, description: "Skills, drills and a game every week.", sessions: [{ week_day: 2, start_time: "17:00", end_time: "18:30" }, { week_day: 4, start_time: "17:00", end_time: "18:30" }] },
  },
  {
    key: "mindful-mondays",
    wanted: 9,
    program: { name: "Mindful Mondays", type: "registered", activity_type: "Mental Wellness Support", category_type: "Teens", age_category: "Ages 12-18", age_min: 12, age_max: 18, members_limit: 15, location: "Quiet Room", points_per_session: 5, description: "Breathing, journaling and talking it through.", sessions: [{ week_day: 1, start_time: "18:00", end_time: "19:00" }] },
  },
  {
    key: "job-ready-teens",
    wanted: 11,
    program: { name: "Job Ready Teens", type: "partner", activity_type: "Employment Support", category_type: "Teens", age_category: "Ages 15-18", age_min: 15, age_max: 18, members_limit: 20, location: "Computer Lab", points_per_session: 10, description: "Résumés, interviews and first jobs, with a local partner.", sessions: [{ week_day: 3, start_time: "18:00", end_time: "20:00" }] },
  },
  {
    key: "open-art-studio",
    wanted: 8,
    program: { name: "Open Art Studio", type: "registered", activity_type: "Other", category_type: "All Ages", members_limit: 30, location: "Art Room", points_per_session: 2, description: "Drop in and make something.", sessions: [{ week_day: 5, start_time: "15:00", end_time: "17:00" }] },
  },
  {
    key: "coding-club",
    wanted: 14,
    program: { name: "Coding Club", type: "registered", activity_type: "Academic Support", category_type: "Youth", age_category: "Ages 9-15", age_min: 9, age_max: 15, members_limit: 10, location: "Computer Lab", points_per_session: 5, description: "Games and websites, one block at a time.", sessions: [{ week_day: 2, start_time: "16:00", end_time: "17:30" }, { week_day: 4, start_time: "16:00", end_time: "17:30" }] },
  },
];

export const demoWeeklyProgramId = (organizationId: string, key: string) => idFrom("demo", "weekly-program", organizationId, key);

/**
 * Seeds an organization's six weekly programs (a cycle from eight weeks back to seventeen weeks ahead)
 * and registers participants in a fixed order per program, skipping those the program refuses (age or
 * gender): past a program's members limit they go to its waitlist. Ids and command ids are derived, so
 * two processes seeding at once write it once.
 */
export async function seedDemoWeeklyPrograms(
  deps: Deps,
  org: { id: string; timeZone?: string },
  participantIds: readonly string[],
  { coachId }: { coachId?: string } = {},
): Promise<{ programs: number; registered: number; waitlisted: number }> {
  const today = todayIn(org.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
  const cycle = { start_date: addDays(today, -56), end_date: addDays(today, 120) };
  let registered = 0;
  let waitlisted = 0;
  for (const [n, demo] of DEMO_WEEKLY_PROGRAMS.entries()) {
    const programId = demoWeeklyProgramId(org.id, demo.key);
    const built = await buildProgram(deps, {
      type: "BuildProgram",
      data: { programId, organizationId: org.id, input: { ...demo.program, ...cycle, coach_ids: coachId ? [coachId] : [] }, rules: {} },
      metadata: meta(idFrom("demo-seed", "weekly-program", programId), org.id),
    });
    if (!built.ok) throw new Error(`seeding program ${demo.program.name}: ${built.error.message}`);
    let placed = 0;
    for (let i = 0; i < participantIds.length && placed < demo.wanted; i++) {
      const participantId = participantIds[(i * 7 + n * 31) % participantIds.length]!;
      const result = await registerParticipantToProgram(deps, {
        type: "RegisterParticipantToProgram",
        data: { programId, participantId },
        metadata: meta(idFrom("demo-seed", "weekly-registration", programId, participantId), org.id),
      });
      if (!result.ok) {
        if (["NOT_ELIGIBLE", "ALREADY_REGISTERED", "ALREADY_WAITLISTED"].includes(result.error.code)) continue;
        throw new Error(`seeding a registration to ${demo.program.name}: ${result.error.message}`);
      }
      placed++;
      if (result.events.some((e) => e.type === "ParticipantWaitlistedForProgram")) waitlisted++;
      else registered++;
    }
  }
  return { programs: DEMO_WEEKLY_PROGRAMS.length, registered, waitlisted };
}
