import type { Kysely } from "kysely";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { CHALLENGE_PROGRESS_CHANGED, CHALLENGES_CHANGED, challengeProgressStreamId, challengeUserTopic } from "../../modules/challenges";
import { idFrom, type RecordedEvent } from "../../modules/kernel";
import { pointsStreamId } from "../../modules/points";
import { addDays, weekdayOf } from "../../modules/programs";
import type { ReadModels } from "../../projections";
import { challengeProgressProjection } from "../../projections/challenges";
import { jsonOf as json, startAttendanceOrg, type AttendanceMember as Member } from "../support/attendance-org";
import { eventually } from "../support/eventually";
import { HttpClient } from "../support/http-client";
import { waitForProjections, type InProcessApp } from "../support/in-process-app";

type Progress = { participant_id: string; sessions: number; needed: number; completed: boolean };
type Ack = { ok: boolean; code?: string };

const NORTHSIDE = idFrom("demo", "organization", "northside-youth-centre");
const MAYA = idFrom("demo", "participant", NORTHSIDE, "child", 1);

/** Decision 112 on real PostgreSQL and Redis: events attended count in attendance challenges, and progress moves live to whom it belongs. */
describe("challenges: events attended, and live progress", () => {
  let app: InProcessApp;
  let db: Kysely<ReadModels>;
  let admin: HttpClient, coach: HttpClient, maya: HttpClient, leo: HttpClient, parent: HttpClient, maple: HttpClient;
  let today: string;
  let members: Member[];
  const sockets: Socket[] = [];

  const userOf = async (client: HttpClient) => (await json<{ user_id: string; organization_id: string }>(await client.request("GET", "/api/user-session"))).user_id;
  async function socketOf(client: HttpClient) {
    const socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` } });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  }
  const subscribe = async (socket: Socket, organizationId: string, topic: string) => (await socket.timeout(5_000).emitWithAck("subscribe", { organizationId, topic })) as Ack;
  const create = async (body: Record<string, unknown>) => (await json<{ data: { id: string } }>(await admin.request("POST", "/api/challenge", { body: { description: "", start_date: addDays(today, -1), end_date: addDays(today, 10), points: 20, ...body } }))).data;
  const progressOf = async (challengeId: string, m: Member) => (await json<{ data: Progress[] }>(await admin.request("GET", `/api/challenge/${challengeId}/progress?size=100`))).data.find((p) => p.participant_id === m.id);
  const awards = (participantId: string, challengeId: string) => db.selectFrom("rm_point_entries").selectAll().where("participant_id", "=", participantId).where("source_kind", "=", "challenge").where("source_id", "=", challengeId).execute();

  beforeAll(async () => {
    const org = await startAttendanceOrg("challenges-live", ["admin@northside.demo", "coach@northside.demo", "child1@northside.demo", "child2@northside.demo", "parent@northside.demo", "admin@maple.demo"]);
    ({ app, db, today } = org);
    [admin, coach, maya, leo, parent, maple] = org.clients as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    members = org.members.slice(-6);
    expect(members).toHaveLength(6);
  }, 180_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.stop();
  });

  it("an event attended counts once in a challenge of any program; a correction to absent takes it back until completion, then the points stand", async () => {
    const [c, d] = members as [Member, Member];
    const anyProgram = await create({ title: "Show up twice", rule: "attendance", sessions: 2, points: 20 });
    const program = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/program", { body: { name: "Event Club", type: "registered", activity_type: "Other", members_limit: 10, points_per_session: 0, start_date: addDays(today, -7), end_date: addDays(today, 60), sessions: [{ week_day: weekdayOf(today), start_time: "06:00", end_time: "07:00" }] } }))).data;
    const ofProgram = await create({ title: "Event Club twice", rule: "attendance", sessions: 2, program_id: program.id });
    const hour = 3_600_000;
    const event = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/appointment/event", { body: { name: "Games Night", description: "", start_date: new Date(Date.now() - hour).toISOString(), end_date: new Date(Date.now() + 3 * hour).toISOString(), capacity: 10, location: "Hall", points: 0 } }))).data;
    for (const m of [c, d]) await json(await admin.request("POST", `/api/appointment/event/${event.id}/registration`, { body: { participant_id: m.id } }));
    await json(await admin.request("POST", `/api/program/${program.id}/registration`, { body: { participant_id: c.id } }));
    const attend = async (marks: [Member, string][]) => json(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));
    const sessions = async (m: Member, n: number) => eventually(() => progressOf(anyProgram.id, m), (p) => (p?.sessions ?? 0) === n);

    await attend([[c, "present"], [d, "present"]]);
    await attend([[d, "absent"]]);
    await waitForProjections(app.baseUrl);
    expect(await sessions(c, 1)).toMatchObject({ sessions: 1, needed: 2, completed: false });
    expect(await sessions(d, 0)).toMatchObject({ sessions: 0, completed: false });
    // the event is not of Event Club: its own challenge counts only its sessions
    expect(await progressOf(ofProgram.id, c)).toBeUndefined();
    // corrected back and forth: counted once at most
    await attend([[c, "absent"]]);
    await waitForProjections(app.baseUrl);
    expect(await sessions(c, 0)).toMatchObject({ sessions: 0 });
    await attend([[c, "present"]]);
    await waitForProjections(app.baseUrl);
    expect(await sessions(c, 1)).toMatchObject({ sessions: 1, completed: false });
    // a program session makes two: completed, the points once
    await json(await coach.request("PUT", `/api/program/${program.id}/session/${today}/06:00/attendance`, { body: { marks: [{ participant_id: c.id, status: "present" }] } }));
    await waitForProjections(app.baseUrl);
    expect(await eventually(() => progressOf(anyProgram.id, c), (p) => p?.completed === true)).toMatchObject({ completed: true });
    expect(await eventually(() => awards(c.id, anyProgram.id), (rows) => rows.length === 1)).toEqual([expect.objectContaining({ kind: "award", amount: 20 })]);
    // after completion a correction takes nothing back
    await attend([[c, "absent"]]);
    await waitForProjections(app.baseUrl);
    expect(await progressOf(anyProgram.id, c)).toMatchObject({ completed: true });
    expect(await awards(c.id, anyProgram.id)).toHaveLength(1);

    // the event's changes read again, in both orders: nothing new anywhere
    const store = app.app.core.store;
    const streams = [challengeProgressStreamId(anyProgram.id, c.id), challengeProgressStreamId(anyProgram.id, d.id), pointsStreamId(c.id)];
    const revisions = () => Promise.all(streams.map(async (id) => (await store.readStream(id)).currentRevision));
    const held = await revisions();
    const changes = (await store.readStream(`appointment-event-${event.id}`)).events as RecordedEvent[];
    for (const order of [changes, [...changes].reverse()]) await db.transaction().execute((trx) => challengeProgressProjection.apply(trx as never, order, { store }));
    expect(await revisions()).toEqual(held);
  }, 90_000);

  it("a user follows only their own progress topic; members and another organization cannot follow staff's or another member's", async () => {
    const [mayaUser, leoUser, parentUser, mapleUser] = (await Promise.all([maya, leo, parent, maple].map(userOf))) as [string, string, string, string];
    const mayaSocket = await socketOf(maya);
    expect(await subscribe(mayaSocket, NORTHSIDE, challengeUserTopic(mayaUser))).toMatchObject({ ok: true });
    // another member's progress (her brother's, her parent's): refused
    expect(await subscribe(mayaSocket, NORTHSIDE, challengeUserTopic(leoUser))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await subscribe(mayaSocket, NORTHSIDE, challengeUserTopic(parentUser))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    // staff's topic is not for members
    expect(await subscribe(mayaSocket, NORTHSIDE, "challenges")).toMatchObject({ ok: false, code: "FORBIDDEN" });
    // another organization's admin: neither Maya's topic in Northside nor in their own organization, nor Northside's staff topic
    const mapleSocket = await socketOf(maple);
    const mapleOrg = (await json<{ organization_id: string }>(await maple.request("GET", "/api/user-session"))).organization_id;
    expect(await subscribe(mapleSocket, NORTHSIDE, challengeUserTopic(mayaUser))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await subscribe(mapleSocket, mapleOrg, challengeUserTopic(mayaUser))).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await subscribe(mapleSocket, NORTHSIDE, "challenges")).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await subscribe(mapleSocket, mapleOrg, challengeUserTopic(mapleUser))).toMatchObject({ ok: true });
    expect(await subscribe(await socketOf(coach), NORTHSIDE, "challenges")).toMatchObject({ ok: true });
  });

  it("a completion reaches the member, their parent and staff at once, and no other member", async () => {
    const [mayaUser, leoUser, parentUser] = (await Promise.all([maya, leo, parent].map(userOf))) as [string, string, string];
    const heard = (socket: Socket, event: string) => {
      const got: unknown[] = [];
      socket.on(event, (payload: unknown) => got.push(payload));
      return got;
    };
    const follow = async (client: HttpClient, topic: string, event: string) => {
      const socket = await socketOf(client);
      expect(await subscribe(socket, NORTHSIDE, topic)).toMatchObject({ ok: true });
      return heard(socket, event);
    };
    const mayaHeard = await follow(maya, challengeUserTopic(mayaUser), CHALLENGE_PROGRESS_CHANGED);
    const parentHeard = await follow(parent, challengeUserTopic(parentUser), CHALLENGE_PROGRESS_CHANGED);
    const leoHeard = await follow(leo, challengeUserTopic(leoUser), CHALLENGE_PROGRESS_CHANGED);
    const staffHeard = await follow(coach, "challenges", CHALLENGES_CHANGED);
    const challenge = await create({ title: "Helped tidy up", rule: "staff" });
    await eventually(async () => staffHeard.length, (n) => n > 0);
    staffHeard.length = 0;
    await json(await coach.request("POST", `/api/challenge/${challenge.id}/confirm`, { body: { participant_ids: [MAYA] } }));
    await eventually(async () => [mayaHeard.length, parentHeard.length, staffHeard.length], (n) => n.every((x) => x > 0));
    expect(mayaHeard).toContainEqual({ challenge_id: challenge.id });
    expect(parentHeard).toContainEqual({ challenge_id: challenge.id });
    expect(staffHeard).toContainEqual({ challenge_id: challenge.id });
    await waitForProjections(app.baseUrl);
    expect(leoHeard).toEqual([]);
  });
});
