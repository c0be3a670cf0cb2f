import { challengeAwardCommand, challengeDecider, challengeProgressStreamId, challengeStreamId, progressDecider, type ChallengeCommand, type ChallengeFields, type ProgressCommand } from "../../modules/challenges";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, todayIn } from "../../modules/organizations";
import { addDays, loadProgram, sessionKey, sessionsBetween } from "../../modules/programs";
import { demoEventAttendees, demoEventId } from "./appointments";
import { demoStatusOf } from "./program-attendance";
import { DEMO_WEEKLY_PROGRAMS } from "./program-builder";
import { pointsDecider, pointsStreamId } from "../../modules/points";
import { demoWeeklyProgramId } from "./program-builder";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; timeZone?: string };

export const demoChallengeId = (organizationId: string, key: "survey" | "attendance" | "staff" | "events") => idFrom("demo", "challenge", organizationId, key);

const everyone = { groupIds: [], programIds: [], ageMin: null, ageMax: null };

/**
 * Four demo challenges (decision 102): one per rule, open from two weeks ago for a month: answer the post survey,
 * come to five Homework Club sessions, and a kindness challenge staff confirm; and (decision 112) "Out and about",
 * eight sessions of any program where an event counts as one, open since before the science museum trip. Some progress and completions, each
 * completion with its points awarded as the app awards them (the same deciders and derived ids). The demo family's
 * children have progress but no completion, so their balances stay as the points seed leaves them.
 */
export async function seedDemoChallenges(deps: Deps, org: Org, generated: readonly string[], children: readonly string[], staff: { adminId: string; coachId: string }, participantIds: readonly string[] = [...generated, ...children]): Promise<void> {
  const today = todayIn(org.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
  const dates = { startsOn: addDays(today, -14), endsOn: addDays(today, 30) };
  const challenges: Record<"survey" | "attendance" | "staff" | "events", ChallengeFields> = {
    survey: { title: "Tell us about your season", description: "Answer the end-of-season survey: it takes five minutes and helps us plan.", image: null, ...dates, audience: everyone, points: 25, rule: { kind: "survey", surveyId: idFrom("demo", "survey", org.id, "post") } },
    attendance: { title: "Homework hero", description: "Come to five Homework Club sessions.", image: null, ...dates, audience: everyone, points: 50, rule: { kind: "attendance", sessions: 5, programId: demoWeeklyProgramId(org.id, "homework-club") } },
    // decision 112: any program, and an event attended counts as one session; open since before the museum trip
    events: { title: "Out and about", description: "Come to eight sessions of any program, or to our events: each event you attend counts as one session.", image: null, startsOn: addDays(today, -28), endsOn: addDays(today, 30), audience: everyone, points: 60, rule: { kind: "attendance", sessions: 8, programId: null } },
    staff: { title: "Kindness champion", description: "Do something kind for someone at the centre; a staff member confirms it.", image: null, ...dates, audience: everyone, points: 40, rule: { kind: "staff" } },
  };
  for (const [key, fields] of Object.entries(challenges) as [keyof typeof challenges, ChallengeFields][]) {
    const challengeId = demoChallengeId(org.id, key);
    const command: ChallengeCommand = { type: "CreateChallenge", data: { organizationId: org.id, challengeId, fields }, metadata: { commandId: idFrom("demo-seed", "challenge", challengeId), organizationId: org.id, actorId: staff.adminId } };
    const created = await handleCommand(deps, challengeDecider, challengeStreamId(challengeId), command);
    if (!created.ok) throw new Error(`seeding challenge ${fields.title}: ${created.error.message}`);
  }
  const progress = async (key: keyof typeof challenges, participantId: string | undefined, commands: (base: { organizationId: string; challengeId: string; participantId: string }) => ProgressCommand["data"][], actorId: string | null) => {
    if (!participantId) return;
    const challengeId = demoChallengeId(org.id, key);
    const base = { organizationId: org.id, challengeId, participantId };
    let completed = false;
    for (const [n, data] of commands(base).entries()) {
      const type = "sessionKey" in data ? "RecordSession" : "CompleteChallenge";
      const command = { type, data, metadata: { commandId: idFrom("demo-seed", "challenge-progress", challengeId, participantId, n), organizationId: org.id, actorId } } as ProgressCommand;
      const result = await handleCommand(deps, progressDecider, challengeProgressStreamId(challengeId, participantId), command);
      if (!result.ok) throw new Error(`seeding challenge progress: ${result.error.message}`);
      completed = result.state.completed;
    }
    if (!completed) return;
    const award = challengeAwardCommand({ ...base, points: challenges[key].points, title: challenges[key].title, actorId });
    const awarded = await handleCommand(deps, pointsDecider, pointsStreamId(participantId), award);
    if (!awarded.ok) throw new Error(`seeding a challenge award: ${awarded.error.message}`);
  };
  const sessions = (count: number) => (base: { organizationId: string; challengeId: string; participantId: string }) =>
    Array.from({ length: count }, (_, k) => ({ ...base, sessionKey: `${demoWeeklyProgramId(org.id, "homework-club")}:${addDays(today, -2 * (k + 1))}:15:30`, attended: true, needed: 5, points: 50 }));
  const complete = (how: "survey" | "staff", points: number) => (base: { organizationId: string; challengeId: string; participantId: string }) => [{ ...base, how, points }];
  // the homework hero: the first child two of five, some generated members on the way, one done
  await progress("attendance", children[0], sessions(2), staff.coachId);
  await progress("attendance", generated[90], sessions(3), staff.coachId);
  await progress("attendance", generated[91], sessions(1), staff.coachId);
  await progress("attendance", generated[92], sessions(5), staff.coachId);
  // out and about (decision 112): three members who were at the science museum trip, with the trip and the program
  // sessions they really attended since the challenge opened, and a regular of the weekly programs; nobody done
  // (a completion would move a balance other tests read), everyone far enough from eight that a test's few marks
  // never complete it
  const sinceOpen = await attendedSessions(deps, org.id, addDays(today, -28), addDays(today, -1));
  const trip = `event:${demoEventId(org.id, "science-museum-trip")}`;
  const busiest = (ids: readonly string[]) => [...ids].sort((a, b) => (sinceOpen.get(b)?.length ?? 0) - (sinceOpen.get(a)?.length ?? 0) || (a < b ? -1 : 1));
  const tripGoers = busiest(demoEventAttendees(participantIds, "science-museum-trip"));
  const outAndAbout = (keys: string[]) => (base: { organizationId: string; challengeId: string; participantId: string }) => keys.map((key) => ({ ...base, sessionKey: key, attended: true, needed: 8, points: 60 }));
  for (const goer of tripGoers.slice(0, 3)) await progress("events", goer, outAndAbout([trip, ...(sinceOpen.get(goer) ?? []).slice(0, 2)]), staff.coachId);
  const regular = busiest(generated.filter((id) => !tripGoers.includes(id)))[0];
  if (regular) await progress("events", regular, outAndAbout((sinceOpen.get(regular) ?? []).slice(0, 4)), staff.coachId);
  // the survey: two members who submitted the post survey (every index but those with i % 5 === 2)
  await progress("survey", generated[70], complete("survey", 25), null);
  await progress("survey", generated[71], complete("survey", 25), null);
  // kindness: confirmed by the coach for one member
  await progress("staff", generated[100], complete("staff", 40), staff.coachId);
}

/** Each member's attended sessions of the weekly demo programs between two days (present or late, as the attendance seed marks them), oldest first. */
async function attendedSessions(deps: Deps, organizationId: string, from: string, to: string): Promise<Map<string, string[]>> {
  const attended = new Map<string, string[]>();
  for (const demo of DEMO_WEEKLY_PROGRAMS) {
    const programId = demoWeeklyProgramId(organizationId, demo.key);
    const program = await loadProgram(deps.store, programId);
    if (!program) continue;
    for (const s of sessionsBetween(programId, program.plans, from, to, program.archivedOn)) {
      const key = sessionKey(programId, s.date, s.startTime);
      for (const id of program.participantIds) {
        const status = demoStatusOf(key, id);
        if (status === "present" || status === "late") attended.set(id, [...(attended.get(id) ?? []), key]);
      }
    }
  }
  return attended;
}
