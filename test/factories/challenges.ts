import { challengeAwardCommand, challengeDecider, challengeProgressStreamId, challengeStreamId, progressDecider, type ChallengeCommand, type ChallengeFields, type ProgressCommand } from "../../modules/challenges";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";
import { DEFAULT_TIME_ZONE, todayIn } from "../../modules/organizations";
import { addDays } from "../../modules/programs";
import { pointsDecider, pointsStreamId } from "../../modules/points";
import { demoWeeklyProgramId } from "./program-builder";

type Deps = { store: EventStore; clock: Clock };
type Org = { id: string; timeZone?: string };

export const demoChallengeId = (organizationId: string, key: "survey" | "attendance" | "staff") => idFrom("demo", "challenge", organizationId, key);

const everyone = { groupIds: [], programIds: [], ageMin: null, ageMax: null };

/**
 * Three demo challenges (decision 102), one per rule, open from two weeks ago for a month: answer the post survey,
 * come to five Homework Club sessions, and a kindness challenge staff confirm. Some progress and completions, each
 * completion with its points awarded as the app awards them (the same deciders and derived ids). The demo family's
 * children have progress but no completion, so their balances stay as the points seed leaves them.
 */
export async function seedDemoChallenges(deps: Deps, org: Org, generated: readonly string[], children: readonly string[], staff: { adminId: string; coachId: string }): Promise<void> {
  const today = todayIn(org.timeZone ?? DEFAULT_TIME_ZONE, deps.clock.now());
  const dates = { startsOn: addDays(today, -14), endsOn: addDays(today, 30) };
  const challenges: Record<"survey" | "attendance" | "staff", ChallengeFields> = {
    survey: { title: "Tell us about your season", description: "Answer the end-of-season survey: it takes five minutes and helps us plan.", image: null, ...dates, audience: everyone, points: 25, rule: { kind: "survey", surveyId: idFrom("demo", "survey", org.id, "post") } },
    attendance: { title: "Homework hero", description: "Come to five Homework Club sessions.", image: null, ...dates, audience: everyone, points: 50, rule: { kind: "attendance", sessions: 5, programId: demoWeeklyProgramId(org.id, "homework-club") } },
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
  // the survey: two members who submitted the post survey (every index but those with i % 5 === 2)
  await progress("survey", generated[70], complete("survey", 25), null);
  await progress("survey", generated[71], complete("survey", 25), null);
  // kindness: confirmed by the coach for one member
  await progress("staff", generated[100], complete("staff", 40), staff.coachId);
}
