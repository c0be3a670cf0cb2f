import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challengeProgressStreamId } from "../../modules/challenges";
import { idFrom, type RecordedEvent } from "../../modules/kernel";
import { pointsStreamId } from "../../modules/points";
import { challengeProgressProjection } from "../../projections/challenges";
import { addDays, weekdayOf } from "../../modules/programs";
import type { ReadModels } from "../../projections";
import { demoChallengeId } from "../factories/challenges";
import { DEMO_SURVEY_POINTS } from "../factories/surveys";
import { jsonOf, startAttendanceOrg, type AttendanceMember } from "../support/attendance-org";
import { eventually } from "../support/eventually";
import type { HttpClient } from "../support/http-client";
import { waitForProjections, type InProcessApp } from "../support/in-process-app";

type Failure = { code: string; message: string };
type Progress = { participant_id: string; name: string; sessions: number; needed: number; completed: boolean };
type Challenge = { id: string; title: string; rule: string; points: number; sessions: number | null; archived: boolean; completions: number; progress?: Progress[] };
type Member = AttendanceMember;

const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");
const MAYA = idFrom("demo", "participant", NORTHSIDE, "child", 1);
const POST_SURVEY = idFrom("demo", "survey", NORTHSIDE, "post");

/** Challenges (decision 102) on real PostgreSQL and Redis: the calls, bad input, and completions that award their points once. */
describe("challenges, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let db: Kysely<ReadModels>;
  let admin: HttpClient, coach: HttpClient, maya: HttpClient, maple: HttpClient;
  let today: string;
  let members: Member[];

  const json = jsonOf;
  const balanceOf = async (participantId: string) => (await json<{ balance: number }>(await admin.request("GET", `/api/point/balance?participant_id=${participantId}`))).balance;
  /** a member's challenge entries of one challenge (awards, reversals) */
  const challengeEntries = (participantId: string, challengeId: string) => db.selectFrom("rm_point_entries").selectAll().where("participant_id", "=", participantId).where("source_kind", "=", "challenge").where("source_id", "=", challengeId).execute();
  const base = () => ({ title: "Read three books", description: "", start_date: addDays(today, -1), end_date: addDays(today, 10), points: 30, rule: "staff" });
  const create = async (body: Record<string, unknown>) => (await json<{ message: string; data: Challenge }>(await admin.request("POST", "/api/challenge", { body: { ...base(), ...body } }))).data;

  beforeAll(async () => {
    const org = await startAttendanceOrg("challenges", ["admin@northside.demo", "coach@northside.demo", "child1@northside.demo", "admin@maple.demo"]);
    ({ app, db, today } = org);
    [admin, coach, maya, maple] = org.clients as [HttpClient, HttpClient, HttpClient, HttpClient];
    members = org.members.slice(-12, -6);
    expect(members).toHaveLength(6);
  }, 180_000);
  afterAll(() => app?.stop());

  it("shows the demo challenges: staff see all four, a member her open ones with her progress", async () => {
    const all = await json<{ data: Challenge[]; count: number }>(await admin.request("GET", "/api/challenge"));
    expect(all.data.map((c) => c.rule).sort()).toEqual(["attendance", "attendance", "staff", "survey"]);
    expect(all.data.find((c) => c.id === demoChallengeId(NORTHSIDE, "attendance"))).toMatchObject({ sessions: 5, completions: 1 });
    // decision 112: any program, an event counting as one session; members who were at the museum trip have it in their progress
    const outAndAbout = demoChallengeId(NORTHSIDE, "events");
    expect(all.data.find((c) => c.id === outAndAbout)).toMatchObject({ title: "Out and about", sessions: 8, completions: 0 });
    const events = await json<{ data: { participant_id: string; sessions: number; completed: boolean }[]; count: number }>(await coach.request("GET", `/api/challenge/${outAndAbout}/progress`));
    expect(events.count).toBe(4);
    expect(events.data.every((p) => p.sessions >= 1 && p.sessions <= 4 && !p.completed)).toBe(true);
    // three of them were marked present at the trip (its points awarded by decision 087): it is one of their sessions
    const trip = idFrom("demo", "appointment-event", NORTHSIDE, "science-museum-trip");
    const tripGoers = await db.selectFrom("rm_point_entries").select("participant_id").where("source_kind", "=", "event").where("source_id", "=", trip).where("kind", "=", "award").execute();
    expect(events.data.filter((p) => tripGoers.some((t) => t.participant_id === p.participant_id))).toHaveLength(3);
    for (const p of events.data.filter((x) => tripGoers.some((t) => t.participant_id === x.participant_id))) {
      const { events: progress } = await app.app.core.store.readStream(challengeProgressStreamId(outAndAbout, p.participant_id));
      expect(progress.some((e) => (e.data as { sessionKey?: string }).sessionKey === `event:${trip}`)).toBe(true);
    }
    const mine = await json<{ data: Challenge[] }>(await maya.request("GET", "/api/challenge"));
    const hero = mine.data.find((c) => c.id === demoChallengeId(NORTHSIDE, "attendance"));
    expect(hero?.progress).toEqual([expect.objectContaining({ participant_id: MAYA, sessions: 2, needed: 5, completed: false })]);
    const progress = await json<{ data: { completed: boolean }[]; count: number }>(await coach.request("GET", `/api/challenge/${demoChallengeId(NORTHSIDE, "attendance")}/progress`));
    expect(progress.count).toBe(4);
    expect(progress.data.filter((p) => p.completed)).toHaveLength(1);
  });

  it("creates, reads, updates and archives; bad input is a readable 400, another organization's a 404, a member a 403", async () => {
    const created = await json<{ message: string; data: Challenge }>(await admin.request("POST", "/api/challenge", { body: base() }));
    expect(created.message).toBe("Challenge successfully created");
    const id = created.data.id;
    expect((await json<Challenge>(await coach.request("GET", `/api/challenge/${id}`))).title).toBe("Read three books");
    const updated = await json<{ message: string; data: Challenge }>(await coach.request("PUT", `/api/challenge/${id}`, { body: { ...base(), points: 45 } }));
    expect(updated).toMatchObject({ message: "Challenge successfully updated", data: { points: 45 } });

    const bad = async (body: Record<string, unknown>) => json<Failure>(await admin.request("POST", "/api/challenge", { body: { ...base(), ...body } }), 400);
    expect(await bad({ end_date: addDays(today, -5) })).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("End date must be on or after the start date") });
    expect((await bad({ points: -5 })).message).toContain("Points must be at least 1");
    expect((await bad({ points: 2.5 })).message).toContain("Points must be a whole number");
    expect((await bad({ rule: "attendance", sessions: 0 })).message).toContain("Sessions must be at least 1");
    expect((await bad({ rule: "survey", survey_id: idFrom("no such survey") })).message).toContain("Unknown survey");
    expect((await bad({ rule: "attendance", sessions: 2, program_id: idFrom("no such program") })).message).toContain("Unknown program");
    expect((await bad({ group_ids: [idFrom("no such group")] })).message).toContain("Unknown user group");
    expect((await bad({ start_date: "2026-02-30" })).message).toContain("Start date must be a date");
    // Maple's survey is not Northside's
    expect((await bad({ rule: "survey", survey_id: idFrom("demo", "survey", idFrom("demo", "organization", "maple-street-school"), "post") })).message).toContain("Unknown survey");

    expect(await json<Failure>(await maple.request("GET", `/api/challenge/${id}`), 404)).toMatchObject({ code: "CHALLENGE_NOT_FOUND" });
    expect(await json<Failure>(await maple.request("PUT", `/api/challenge/${id}`, { body: base() }), 404)).toMatchObject({ code: "CHALLENGE_NOT_FOUND" });
    expect(await json<Failure>(await maple.request("POST", `/api/challenge/${id}/confirm`, { body: { participant_ids: [MAYA] } }), 404)).toMatchObject({ code: "CHALLENGE_NOT_FOUND" });
    expect((await maya.request("POST", "/api/challenge", { body: base() })).status).toBe(403);
    expect((await maya.request("POST", `/api/challenge/${id}/confirm`, { body: { participant_ids: [MAYA] } })).status).toBe(403);

    expect((await json<{ message: string }>(await admin.request("DELETE", `/api/challenge/${id}`))).message).toBe("Challenge successfully deleted");
    expect(await json<Failure>(await admin.request("PUT", `/api/challenge/${id}`, { body: base() }), 409)).toMatchObject({ code: "CHALLENGE_ARCHIVED" });
    expect(await json<Failure>(await admin.request("POST", `/api/challenge/${id}/confirm`, { body: { participant_ids: [MAYA] } }), 409)).toMatchObject({ code: "CHALLENGE_ARCHIVED" });
    expect((await json<{ data: Challenge[] }>(await maya.request("GET", "/api/challenge"))).data.some((c) => c.id === id)).toBe(false);
  });

  it("staff confirm a completion: the points move once, with the challenge as the source; confirming again awards nothing", async () => {
    const challenge = await create({ title: "Helped a new member", points: 35 });
    const member = members[0]!.id;
    const before = await balanceOf(member);
    const confirmed = await json<{ message: string; data: { count: number } }>(await coach.request("POST", `/api/challenge/${challenge.id}/confirm`, { body: { participant_ids: [member] } }));
    expect(confirmed.message).toBe("Challenge completion confirmed");
    expect(await balanceOf(member)).toBe(before + 35);
    expect(await challengeEntries(member, challenge.id)).toEqual([expect.objectContaining({ kind: "award", amount: 35, category: "challenge" })]);
    // again, and two at once: nothing twice
    await json(await coach.request("POST", `/api/challenge/${challenge.id}/confirm`, { body: { participant_ids: [member] } }));
    await Promise.all([coach, admin].map(async (c) => json(await c.request("POST", `/api/challenge/${challenge.id}/confirm`, { body: { participant_ids: [member] } }))));
    await waitForProjections(app.baseUrl);
    expect(await balanceOf(member)).toBe(before + 35);
    expect(await challengeEntries(member, challenge.id)).toHaveLength(1);
    expect((await json<Challenge>(await admin.request("GET", `/api/challenge/${challenge.id}`))).completions).toBe(1);
    // a member who is not of the organization: 404; outside the audience: 409 naming them
    expect(await json<Failure>(await coach.request("POST", `/api/challenge/${challenge.id}/confirm`, { body: { participant_ids: [idFrom("nobody")] } }), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    const older = await create({ title: "For the big ones", age_min: 90 });
    expect(await json<Failure>(await coach.request("POST", `/api/challenge/${older.id}/confirm`, { body: { participant_ids: [member] } }), 409)).toMatchObject({ code: "CHALLENGE_NOT_FOR_MEMBER" });
  });

  it("a submitted survey completes its challenge by itself and awards the points once", async () => {
    const challengeId = demoChallengeId(NORTHSIDE, "survey");
    const before = await balanceOf(MAYA);
    await json(await maya.request("PUT", `/api/survey/${POST_SURVEY}/response`, { body: { page: 1, answers: { WB_1: 4, WB_2: 5, WB_3: 3 } } }));
    expect(await challengeEntries(MAYA, challengeId)).toEqual([]);
    await json(await maya.request("PUT", `/api/survey/${POST_SURVEY}/response`, { body: { page: 2, answers: { WB_4: 2, WB_5: 5 }, submit: true } }));
    await waitForProjections(app.baseUrl);
    const entries = await eventually(() => challengeEntries(MAYA, challengeId), (rows) => rows.length > 0);
    expect(entries).toEqual([expect.objectContaining({ kind: "award", amount: 25, category: "challenge" })]);
    await waitForProjections(app.baseUrl);
    // the challenge's 25, and the survey's own points for completing it (decision 111)
    expect(await balanceOf(MAYA)).toBe(before + 25 + DEMO_SURVEY_POINTS);
    const mine = await json<{ data: Challenge[] }>(await maya.request("GET", "/api/challenge"));
    expect(mine.data.find((c) => c.id === challengeId)?.progress).toEqual([expect.objectContaining({ participant_id: MAYA, completed: true })]);
    // staff confirming it as well awards nothing more
    await json(await coach.request("POST", `/api/challenge/${challengeId}/confirm`, { body: { participant_ids: [MAYA] } }));
    await waitForProjections(app.baseUrl);
    expect(await challengeEntries(MAYA, challengeId)).toHaveLength(1);
    expect(await balanceOf(MAYA)).toBe(before + 25 + DEMO_SURVEY_POINTS);
  });

  it("N attended sessions complete an attendance challenge by themselves, edits back and forth count right, and the points come once", async () => {
    const [a, b] = members.slice(1) as [Member, Member];
    const created = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/program", {
        body: { name: "Challenge Club", type: "registered", activity_type: "Other", members_limit: 10, points_per_session: 0, start_date: addDays(today, -7), end_date: addDays(today, 60), sessions: [{ week_day: weekdayOf(today), start_time: "06:00", end_time: "07:00" }, { week_day: weekdayOf(today), start_time: "08:00", end_time: "09:00" }, { week_day: weekdayOf(today), start_time: "10:00", end_time: "11:00" }] },
      }),
    );
    const programId = created.data.id;
    for (const m of [a, b]) await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
    const challenge = await create({ title: "Come three times", rule: "attendance", sessions: 3, program_id: programId, points: 40 });
    const mark = async (time: string, marks: [Member, string][]) => json(await coach.request("PUT", `/api/program/${programId}/session/${today}/${time}/attendance`, { body: { marks: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));
    const progressOf = async (m: Member) => (await json<{ data: (Progress & { participant_id: string })[] }>(await admin.request("GET", `/api/challenge/${challenge.id}/progress?size=100`))).data.find((p) => p.participant_id === m.id);
    const before = await balanceOf(a.id);

    await mark("06:00", [[a, "present"], [b, "present"]]);
    await mark("08:00", [[a, "late"], [b, "absent"]]);
    await waitForProjections(app.baseUrl);
    expect(await eventually(() => progressOf(a), (p) => p?.sessions === 2)).toMatchObject({ sessions: 2, needed: 3, completed: false });
    expect(await progressOf(b)).toMatchObject({ sessions: 1, completed: false });
    // edited back and forth: a's 06:00 goes absent, then present again
    await mark("06:00", [[a, "absent"]]);
    await waitForProjections(app.baseUrl);
    expect(await eventually(() => progressOf(a), (p) => p?.sessions === 1)).toMatchObject({ sessions: 1 });
    await mark("06:00", [[a, "present"]]);
    await mark("10:00", [[a, "present"]]);
    await waitForProjections(app.baseUrl);
    expect(await eventually(() => progressOf(a), (p) => p?.completed === true)).toMatchObject({ completed: true });
    await waitForProjections(app.baseUrl);
    expect(await challengeEntries(a.id, challenge.id)).toEqual([expect.objectContaining({ kind: "award", amount: 40, category: "challenge" })]);
    expect(await balanceOf(a.id)).toBe(before + 40);
    // after completion: more edits change nothing, the points stay, nothing is awarded twice
    await mark("10:00", [[a, "absent"]]);
    await mark("10:00", [[a, "present"]]);
    await waitForProjections(app.baseUrl);
    expect(await challengeEntries(a.id, challenge.id)).toHaveLength(1);
    expect(await balanceOf(a.id)).toBe(before + 40);
    expect(await progressOf(b)).toMatchObject({ sessions: 1, completed: false });

    // the projector reads every mark again, in both orders (a replay, a second delivery): nothing new anywhere
    const store = app.app.core.store;
    const streams = [challengeProgressStreamId(challenge.id, a.id), challengeProgressStreamId(challenge.id, b.id), pointsStreamId(a.id), pointsStreamId(b.id)];
    const revisions = () => Promise.all(streams.map(async (id) => (await store.readStream(id)).currentRevision));
    const held = await revisions();
    const marks = (await Promise.all(["06:00", "08:00", "10:00"].map(async (t) => (await store.readStream(`programsession-${programId}:${today}:${t}`)).events as RecordedEvent[]))).flat();
    expect(marks.length).toBeGreaterThan(5);
    for (const order of [marks, [...marks].reverse()]) await db.transaction().execute((trx) => challengeProgressProjection.apply(trx as never, order, { store }));
    expect(await revisions()).toEqual(held);
  }, 60_000);
});
