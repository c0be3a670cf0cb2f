import { describe, expect, it } from "vitest";
import { DomainError, type CommandMetadata } from "../kernel";
import { decidePoints, pointsDecider, type PointsEvent, type PointsState } from "../points";
import { inChallengeAudience } from "./audience";
import { challengeAwardCommand, challengeDecider, decideChallenge, decideProgress, progressDecider, type ChallengeCommand, type ProgressCommand, type ProgressState } from "./decide";
import type { ChallengeEvent, ChallengeFields, ChallengeProgressEvent } from "./events";
import { challengeInputSchema } from "./schema";

const org = "org-1";
const c = "challenge-1";
const p = "member-1";
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: org, actorId: "coach-1" };
const fields: ChallengeFields = { title: "Come five times", description: "", image: null, startsOn: "2026-11-01", endsOn: "2026-11-30", audience: { groupIds: [], programIds: [], ageMin: null, ageMax: null }, points: 50, rule: { kind: "attendance", sessions: 3, programId: null } };
const codeOf = (r: unknown) => (r instanceof DomainError ? r.code : "ok");

const session = (key: string, attended: boolean, needed = 3): ProgressCommand => ({ type: "RecordSession", data: { organizationId: org, challengeId: c, participantId: p, sessionKey: key, attended, needed, points: 50 }, metadata });
const complete = (how: "survey" | "staff"): ProgressCommand => ({ type: "CompleteChallenge", data: { organizationId: org, challengeId: c, participantId: p, how, points: 50 }, metadata });
/** given a state, when these commands one after another: the state and every event decided */
function play(commands: ProgressCommand[], state: ProgressState = progressDecider.initialState()) {
  const all: ChallengeProgressEvent[] = [];
  for (const command of commands) {
    const result = decideProgress(state, command);
    if (result instanceof DomainError) throw result;
    all.push(...result);
    state = result.reduce(progressDecider.evolve, state);
  }
  return { state, events: all };
}

describe("a challenge (decision 102)", () => {
  it("is created once, refuses an end before its start, bad points or no sessions, and cannot change once archived", () => {
    const create: ChallengeCommand = { type: "CreateChallenge", data: { organizationId: org, challengeId: c, fields }, metadata };
    const created = decideChallenge(challengeDecider.initialState(), create) as ChallengeEvent[];
    expect(created).toEqual([expect.objectContaining({ type: "ChallengeCreated", data: expect.objectContaining({ title: "Come five times", points: 50 }) })]);
    const state = created.reduce(challengeDecider.evolve, challengeDecider.initialState());
    expect(decideChallenge(state, create)).toEqual([]);
    const bad = (f: Partial<ChallengeFields>) => codeOf(decideChallenge(challengeDecider.initialState(), { ...create, data: { ...create.data, fields: { ...fields, ...f } } }));
    expect(bad({ endsOn: "2026-10-31" })).toBe("VALIDATION");
    expect(bad({ points: 2.5 })).toBe("VALIDATION");
    expect(bad({ points: -1 })).toBe("VALIDATION");
    expect(bad({ rule: { kind: "attendance", sessions: 0, programId: null } })).toBe("VALIDATION");
    const archived = (decideChallenge(state, { type: "ArchiveChallenge", data: { organizationId: org, challengeId: c }, metadata }) as ChallengeEvent[]).reduce(challengeDecider.evolve, state);
    expect(codeOf(decideChallenge(archived, { type: "UpdateChallenge", data: { organizationId: org, challengeId: c, fields }, metadata }))).toBe("CHALLENGE_ARCHIVED");
    expect(codeOf(decideChallenge(state, { type: "UpdateChallenge", data: { organizationId: "org-2", challengeId: c, fields }, metadata }))).toBe("CHALLENGE_NOT_FOUND");
  });

  it("counts distinct attended sessions, follows edits back and forth, and completes at the number needed", () => {
    const { state, events } = play([session("s1", true), session("s1", true), session("s2", true), session("s2", false), session("s2", true)]);
    expect(Object.keys(state.sessions)).toEqual(["s1", "s2"]);
    expect(state.completed).toBe(false);
    expect(events.map((e) => e.type === "ChallengeProgressRecorded" && e.data.count)).toEqual([1, 2, 1, 2]);
    const done = play([session("s3", true)], state);
    expect(done.events.map((e) => e.type)).toEqual(["ChallengeProgressRecorded", "ChallengeCompleted"]);
    expect(done.state).toMatchObject({ completed: true, points: 50 });
    // completed stays completed: a later edit or a confirmation records nothing
    expect(play([session("s3", false), session("s4", true), complete("staff")], done.state).events).toEqual([]);
  });

  it("completes once by a survey or by staff, whichever comes first", () => {
    const first = play([complete("survey")]);
    expect(first.events).toEqual([expect.objectContaining({ type: "ChallengeCompleted", data: expect.objectContaining({ how: "survey", points: 50, completedBy: "coach-1" }) })]);
    expect(play([complete("staff"), complete("survey")], first.state).events).toEqual([]);
  });

  it("awards its points once per challenge and member: the same ids however often the completion is sent", () => {
    const a = challengeAwardCommand({ organizationId: org, challengeId: c, participantId: p, points: 50, title: "Come five times", actorId: null });
    const b = challengeAwardCommand({ organizationId: org, challengeId: c, participantId: p, points: 50, title: "Come five times", actorId: "coach-9" });
    expect(a.metadata.commandId).toBe(b.metadata.commandId);
    expect(a.data).toMatchObject({ category: "challenge", source: { kind: "challenge", id: c }, amount: 50 });
    expect((a.data as { entryId: string }).entryId).toBe((b.data as { entryId: string }).entryId);
    const other = challengeAwardCommand({ organizationId: org, challengeId: "challenge-2", participantId: p, points: 50, title: "x", actorId: null });
    expect(other.metadata.commandId).not.toBe(a.metadata.commandId);
    // the points stream takes it once: a second award of the same challenge (even under another id) appends nothing
    let ledger: PointsState = pointsDecider.initialState();
    const once = decidePoints(ledger, a) as PointsEvent[];
    expect(once).toHaveLength(1);
    ledger = once.reduce(pointsDecider.evolve, ledger);
    expect(decidePoints(ledger, b)).toEqual([]);
    expect(decidePoints(ledger, { ...a, data: { ...a.data, entryId: "another" } } as typeof a)).toEqual([]);
    expect(ledger.balance).toBe(50);
  });
});

describe("events attended count as sessions (decision 112)", () => {
  it("an event counts once, however often it is marked present; a correction to absent takes it back before completion", () => {
    const { state, events } = play([session("program:a", true), session("event:e1", true), session("event:e1", true)]);
    expect(events.map((e) => e.type)).toEqual(["ChallengeProgressRecorded", "ChallengeProgressRecorded"]);
    expect(Object.keys(state.sessions)).toEqual(["program:a", "event:e1"]);
    const corrected = play([session("event:e1", false)], state);
    expect(corrected.events).toEqual([expect.objectContaining({ type: "ChallengeProgressRecorded", data: expect.objectContaining({ sessionKey: "event:e1", attended: false, count: 1 }) })]);
    expect(corrected.state.completed).toBe(false);
  });
  it("the event completing the challenge makes it stand: a later correction to absent takes nothing back", () => {
    const { state, events } = play([session("program:a", true), session("program:b", true), session("event:e1", true)]);
    expect(events.at(-1)).toMatchObject({ type: "ChallengeCompleted", data: { how: "attendance", points: 50 } });
    expect(decideProgress(state, session("event:e1", false))).toEqual([]);
    expect(state.completed).toBe(true);
  });
});

describe("a challenge's audience and input", () => {
  const member = { groupId: "g-participants", programIds: ["prog-1"], dob: "2014-05-01" };
  it("takes everyone when empty, else each part set must match", () => {
    const open = { groupIds: [], programIds: [], ageMin: null, ageMax: null };
    expect(inChallengeAudience(open, member, "2026-11-27")).toBe(true);
    expect(inChallengeAudience({ ...open, groupIds: ["g-other"] }, member, "2026-11-27")).toBe(false);
    expect(inChallengeAudience({ ...open, groupIds: ["g-participants"], programIds: ["prog-1", "prog-2"] }, member, "2026-11-27")).toBe(true);
    expect(inChallengeAudience({ ...open, programIds: ["prog-2"] }, member, "2026-11-27")).toBe(false);
    expect(inChallengeAudience({ ...open, ageMin: 12, ageMax: 12 }, member, "2026-11-27")).toBe(true);
    expect(inChallengeAudience({ ...open, ageMin: 13 }, member, "2026-11-27")).toBe(false);
    expect(inChallengeAudience({ ...open, ageMax: 18 }, { ...member, dob: null }, "2026-11-27")).toBe(false);
  });
  it("reads bad input as readable messages", () => {
    const base = { title: "Read", start_date: "2026-11-01", end_date: "2026-11-30", points: 10, rule: "staff" };
    const problems = (body: Record<string, unknown>) => {
      const r = challengeInputSchema.safeParse({ ...base, ...body });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(problems({})).toEqual([]);
    expect(problems({ end_date: "2026-10-01" })).toEqual(["End date must be on or after the start date"]);
    expect(problems({ points: -3 })).toEqual(["Points must be at least 1"]);
    expect(problems({ points: 1.5 })).toEqual(["Points must be a whole number"]);
    expect(problems({ rule: "attendance", sessions: 0 })).toContain("Sessions must be at least 1");
    expect(problems({ rule: "attendance" })).toEqual(["Sessions must be a whole number of at least 1"]);
    expect(problems({ rule: "survey" })).toEqual(["Choose the survey to complete"]);
    expect(problems({ start_date: "2026-02-30" })).toEqual(["Start date must be a date like 2026-11-23"]);
  });
});
