import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RecordedEvent } from "../../modules/kernel";
import { pointsStreamId } from "../../modules/points";
import { addDays, weekdayOf } from "../../modules/programs";
import type { ReadModels } from "../../projections";
import { attendancePointsProjection } from "../../projections/points";
import { jsonOf, startAttendanceOrg, type AttendanceMember } from "../support/attendance-org";
import { eventually } from "../support/eventually";
import type { HttpClient } from "../support/http-client";
import { waitForProjections, type InProcessApp } from "../support/in-process-app";

type Member = AttendanceMember;
type Entry = { id: string; kind: string; amount: number; category: string | null; source_kind: string | null; source_id: string | null; reverses_id: string | null; reversed: boolean };

/** Decision 087: attendance of program sessions and events awards points by itself, once per attendance. */
describe("automatic attendance points on real PostgreSQL (decision 087)", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient;
  let db: Kysely<ReadModels>;
  let members: Member[];
  /** the unregistration tests' own members (decision 118) */
  let org8: Member[];
  let today: string;

  const json = jsonOf;
  /** a member's attendance entries of one source: its awards and their reversals, oldest first */
  const entriesOf = async (participantId: string, source: string) => {
    const rows = (await db.selectFrom("rm_point_entries").selectAll().where("participant_id", "=", participantId).orderBy("created_at").orderBy("id").execute()) as unknown as Entry[];
    const awards = new Set(rows.filter((e) => e.kind === "award" && e.source_id === source).map((e) => e.id));
    return rows.filter((e) => awards.has(e.id) || (e.reverses_id !== null && awards.has(e.reverses_id)));
  };
  /** the awards of a source that stand (not reversed) */
  const standing = async (participantId: string, source: string) => (await entriesOf(participantId, source)).filter((e) => e.kind === "award" && e.source_id === source && !e.reversed);
  /** the awards appear once the attendance points and then the ledger have been projected (a few ms behind) */
  const settled = () => waitForProjections(app.baseUrl, 30_000);
  const standingSoon = (participantId: string, source: string, n: number) => eventually(() => standing(participantId, source), (rows) => rows.length === n);
  const ledgerSoon = (participantId: string, source: string, n: number) => eventually(() => entriesOf(participantId, source), (rows) => rows.length === n);

  beforeAll(async () => {
    const org = await startAttendanceOrg("points-attendance", ["admin@northside.demo", "coach@northside.demo"]);
    ({ app, db, today } = org);
    [admin, coach] = org.clients as [HttpClient, HttpClient];
    members = org.members.slice(-6);
    org8 = org.members.slice(-9, -6);
    expect(org8).toHaveLength(3);
    expect(members).toHaveLength(6);
  }, 180_000);
  afterAll(() => app?.stop());

  it("a program session: present awards its points once, absent takes them back, marked again awards again; a replay of every mark changes nothing", async () => {
    const [a, b] = members as [Member, Member];
    const created = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/program", {
        body: { name: "Points Club", type: "registered", activity_type: "Other", members_limit: 10, points_per_session: 7, start_date: addDays(today, -7), end_date: addDays(today, 60), sessions: [{ week_day: weekdayOf(today), start_time: "06:00", end_time: "07:00" }] },
      }),
    );
    const programId = created.data.id;
    for (const m of [a, b]) await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
    const mark = async (marks: [Member, string][]) => json(await coach.request("PUT", `/api/program/${programId}/session/${today}/06:00/attendance`, { body: { marks: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));
    const session = `${programId}:${today}:06:00`;

    await mark([[a, "present"], [b, "absent"]]);
    await settled();
    expect(await standingSoon(a.id, session, 1)).toMatchObject([{ amount: 7, category: "attendance", source_kind: "session" }]);
    expect(await standing(b.id, session)).toEqual([]);

    // edited back and forth: one standing award at every step
    await mark([[a, "absent"], [b, "late"]]);
    await settled();
    expect(await standingSoon(a.id, session, 0)).toEqual([]);
    expect(await standingSoon(b.id, session, 1)).toHaveLength(1);
    await mark([[a, "present"]]);
    await mark([[a, "late"]]);
    await settled();
    const ledger = await ledgerSoon(a.id, session, 3);
    expect(await standing(a.id, session)).toHaveLength(1);
    // award, reversal, award: the second present and the late earned nothing more
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
      ["award", 7],
      ["reversal", -7],
      ["award", 7],
    ]);

    // the projector reads every mark again (a replay, a second delivery): nothing new on either member's stream
    const store = app.app.core.store;
    const before = await Promise.all([a, b].map(async (m) => (await store.readStream(pointsStreamId(m.id))).currentRevision));
    const marks = (await store.readStream(`programsession-${session}`)).events as RecordedEvent[];
    for (const order of [marks, [...marks].reverse()]) await db.transaction().execute((trx) => attendancePointsProjection.apply(trx as never, order, { store }));
    const after = await Promise.all([a, b].map(async (m) => (await store.readStream(pointsStreamId(m.id))).currentRevision));
    expect(after).toEqual(before);
    // a rebuild (no store handed) sends nothing at all
    await db.transaction().execute((trx) => attendancePointsProjection.apply(trx as never, marks));
    expect(await Promise.all([a, b].map(async (m) => (await store.readStream(pointsStreamId(m.id))).currentRevision))).toEqual(before);
  }, 60_000);

  it("an event: present earns the event's points once, a correction to absent takes them back", async () => {
    const [, , p1, p2, p3] = members as [Member, Member, Member, Member, Member];
    const hour = 3_600_000;
    const body = { name: "Points Night", description: "Games", start_date: new Date(Date.now() - hour).toISOString(), end_date: new Date(Date.now() + 3 * hour).toISOString(), capacity: 10, location: "Hall", points: 25 };
    const event = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/appointment/event", { body }))).data;
    for (const m of [p1, p2, p3]) await json(await admin.request("POST", `/api/appointment/event/${event.id}/registration`, { body: { participant_id: m.id } }));
    const attend = async (marks: [Member, string][]) => json(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));
    await attend([[p1, "present"], [p2, "present"], [p3, "absent"]]);
    await attend([[p2, "present"]]);
    await settled();
    expect(await standingSoon(p1.id, event.id, 1)).toMatchObject([{ amount: 25, source_kind: "event" }]);
    expect(await standingSoon(p2.id, event.id, 1)).toHaveLength(1);
    expect(await standing(p3.id, event.id)).toEqual([]);
    await attend([[p1, "absent"]]);
    await settled();
    expect(await standingSoon(p1.id, event.id, 0)).toEqual([]);
    expect((await ledgerSoon(p1.id, event.id, 2)).map((e) => [e.kind, e.amount])).toEqual([
      ["award", 25],
      ["reversal", -25],
    ]);
  }, 60_000);

  // decision 118: what an unregistration does to attendance points already awarded
  it("a program: a member unregistered keeps the points of the sessions they attended; a later session cannot be marked; a correction to absent takes them back once", async () => {
    const [m] = org8.slice(0, 1) as [Member];
    const created = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/program", {
        body: { name: "Leavers Club", type: "registered", activity_type: "Other", members_limit: 10, points_per_session: 9, start_date: addDays(today, -7), end_date: addDays(today, 60), sessions: [{ week_day: weekdayOf(today), start_time: "07:00", end_time: "07:30" }, { week_day: weekdayOf(today), start_time: "07:30", end_time: "08:00" }] },
      }),
    );
    const programId = created.data.id;
    await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
    const mark = (start: string, status: string) => coach.request("PUT", `/api/program/${programId}/session/${today}/${start}/attendance`, { body: { marks: [{ participant_id: m.id, status }] } });
    const first = `${programId}:${today}:07:00`;
    await json(await mark("07:00", "present"));
    await settled();
    expect(await standingSoon(m.id, first, 1)).toMatchObject([{ amount: 9, source_kind: "session" }]);

    await json(await admin.request("DELETE", `/api/program/${programId}/registration/${m.id}`));
    await settled();
    // the session attended stays attended: its points stand
    expect(await standing(m.id, first)).toHaveLength(1);
    // a session they were never marked in: refused, so nothing can award
    expect(await json<{ code: string }>(await mark("07:30", "present"), 409)).toMatchObject({ code: "NOT_IN_SESSION" });
    await settled();
    expect(await entriesOf(m.id, `${programId}:${today}:07:30`)).toEqual([]);
    // the attended session corrected to absent after the unregistration: taken back, once, with its reason
    await json(await mark("07:00", "absent"));
    await settled();
    const ledger = await ledgerSoon(m.id, first, 2);
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
      ["award", 9],
      ["reversal", -9],
    ]);
    const store = app.app.core.store;
    const before = (await store.readStream(pointsStreamId(m.id))).currentRevision;
    const marks = (await store.readStream(`programsession-${first}`)).events as RecordedEvent[];
    await db.transaction().execute((trx) => attendancePointsProjection.apply(trx as never, [...marks, ...[...marks].reverse()], { store }));
    expect((await store.readStream(pointsStreamId(m.id))).currentRevision).toBe(before);
  }, 60_000);

  it("an event: unregistering a member marked present takes the award back once (the event no longer counts them); registered and marked again, awarded again", async () => {
    const [, m, other] = org8 as [Member, Member, Member];
    const hour = 3_600_000;
    const body = { name: "Leavers Night", description: "Games", start_date: new Date(Date.now() - hour).toISOString(), end_date: new Date(Date.now() + 3 * hour).toISOString(), capacity: 10, location: "Hall", points: 15 };
    const event = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/appointment/event", { body }))).data;
    const register = async (who: Member) => json(await admin.request("POST", `/api/appointment/event/${event.id}/registration`, { body: { participant_id: who.id } }));
    const attend = async (who: Member, status: string) => json(await coach.request("PUT", `/api/appointment/event/${event.id}/attendance`, { body: { attendance: [{ participant_id: who.id, status }] } }));
    await register(m);
    await register(other);
    await attend(m, "present");
    await attend(other, "present");
    await settled();
    expect(await standingSoon(m.id, event.id, 1)).toMatchObject([{ amount: 15, source_kind: "event" }]);
    expect(await standingSoon(other.id, event.id, 1)).toHaveLength(1);

    await json(await admin.request("DELETE", `/api/appointment/event/${event.id}/registration/${m.id}`));
    await settled();
    expect(await standingSoon(m.id, event.id, 0)).toEqual([]);
    const ledger = await ledgerSoon(m.id, event.id, 2);
    expect(ledger.map((e) => [e.kind, e.amount])).toEqual([
      ["award", 15],
      ["reversal", -15],
    ]);
    const reason = await db.selectFrom("rm_point_entries").select("reason").where("id", "=", ledger[1]!.id).executeTakeFirstOrThrow();
    expect(reason.reason).toBe("Unregistered from Leavers Night");
    // the other member's award is theirs
    expect(await standing(other.id, event.id)).toHaveLength(1);

    // every change of the event read again, in both orders: nothing new for either member
    const store = app.app.core.store;
    const revisions = async () => Promise.all([m, other].map(async (x) => (await store.readStream(pointsStreamId(x.id))).currentRevision));
    const before = await revisions();
    const changes = (await store.readStream(`appointment-event-${event.id}`)).events as RecordedEvent[];
    for (const order of [changes, [...changes].reverse()]) await db.transaction().execute((trx) => attendancePointsProjection.apply(trx as never, order, { store }));
    expect(await revisions()).toEqual(before);

    // registered again: no mark, no points; marked present: awarded again, one standing award
    await register(m);
    await settled();
    expect(await standing(m.id, event.id)).toEqual([]);
    await attend(m, "present");
    await settled();
    expect(await standingSoon(m.id, event.id, 1)).toHaveLength(1);
    expect((await ledgerSoon(m.id, event.id, 3)).map((e) => e.kind)).toEqual(["award", "reversal", "award"]);
  }, 60_000);
});
