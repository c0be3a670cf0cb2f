import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../modules/organizations";
import { addDays, weekdayOf } from "../../modules/programs";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { demoWeeklyProgramId } from "../factories/program-builder";
import { programAttendanceProjection } from "../../projections/programs";
import { buildShadow, waitForProjection } from "../../projections/runner";
import { eventually } from "../support/eventually";
import { dumpTables } from "../support/read-model";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; is_waiver_signed: boolean };
type Failure = { code: string; message: string };
type Entry = { participant: { participant_id: string; full_name: string; member_id: string }; registered: boolean; drop_in: boolean; attendance: string | null; checked_in: boolean; offered: string | null };
type Roster = { session: { date: string; start_time: string; can_take_attendance: boolean }; data: Entry[]; count: number };
type SessionRow = { date: string; start_time: string; roster_count: number; present: number; late: number; absent: number; excused: number; unmarked: number };

const ADDRESS = { street_address: "1 Main Street", city: "Toronto", state: "Ontario", postal_code: "M5V 1A1" };
const EVERY_DAY = [0, 1, 2, 3, 4, 5, 6].map((week_day) => ({ week_day, start_time: "06:00", end_time: "23:30" }));

describe("program sessions and attendance over the API on real PostgreSQL (decision 046)", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, parent: HttpClient, kiosk: HttpClient, maple: HttpClient;
  let members: Member[];
  let mapleMember: Member;
  let timeZone: string;
  let today: string;
  let programId: string;
  let a: Member, b: Member, c: Member, d: Member;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const sessionPath = (date: string, start = "06:00", id = programId) => `/api/program/${id}/session/${date}/${start}`;
  const mark = (date: string, marks: [Member | string, string][], client = coach) =>
    client.request("PUT", `${sessionPath(date)}/attendance`, { body: { marks: marks.map(([m, status]) => ({ participant_id: typeof m === "string" ? m : m.id, status })) } });
  const roster = async (date: string, client = coach) => json<Roster>(await client.request("GET", `${sessionPath(date)}/attendance`));
  const entryOf = (r: Roster, m: Member) => r.data.find((e) => e.participant.participant_id === m.id);

  beforeAll(async () => {
    app = await startInProcessApp("attendance");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, parent, kiosk, maple] = [0, 1, 2, 3, 4].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await parent.signIn("parent@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    await maple.signIn("admin@maple.demo");
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown> & { time_zone: string };
    timeZone = current.time_zone;
    today = todayIn(timeZone, new Date());
    const cycle = { start: addDays(today, -70), end: addDays(today, 120) };
    const features = current.features as Record<string, Record<string, unknown>>;
    const settings = {
      ...current,
      address: { ...(current.address as object), ...ADDRESS },
      features: { ...features, program: { ...features.program, is_enabled: true, program_cycle_start: cycle.start, program_cycle_end: cycle.end, has_saturday: true, has_sunday: true } },
    };
    await json(await admin.request("PUT", "/api/setting/organization", { body: settings }));
    await eventually(
      async () => (await (await admin.request("GET", "/api/setting/organization")).json()) as { features: { program: { has_sunday: boolean } } },
      (s) => s.features.program.has_sunday === true,
    );
    const report = await json<{ data: Member[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
    members = report.data.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(m.id));
    mapleMember = (await json<{ data: Member[] }>(await maple.request("GET", "/api/participant_report?page=0&size=10&statuses=Active"))).data[0]!;
    [a, b, c, d] = members.slice(0, 4) as [Member, Member, Member, Member];
    // every day, 06:00 to 23:30: a session yesterday, today and tomorrow whatever the day
    const created = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/program", {
        body: { name: "Every Day Club", type: "registered", activity_type: "Other", start_date: cycle.start, end_date: cycle.end, sessions: EVERY_DAY },
      }),
    );
    programId = created.data.id;
    for (const m of [a, b, c]) await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
  }, 180_000);
  afterAll(() => app?.stop());

  it("lists the last eight weeks of sessions, marks a roster and counts it", async () => {
    const yesterday = addDays(today, -1);
    const sessions = await json<{ data: SessionRow[]; count: number; additional_info: { from: string; to: string } }>(await coach.request("GET", `/api/program/${programId}/sessions`));
    expect(sessions.additional_info).toEqual({ from: addDays(today, -55), to: today, today });
    expect(sessions.count).toBe(56);
    expect(sessions.data[0]).toMatchObject({ date: today, start_time: "06:00", roster_count: 3, unmarked: 3 });
    const before = await roster(yesterday);
    expect(before.data.map((e) => [e.participant.participant_id, e.registered, e.attendance]).sort()).toEqual([a, b, c].map((m) => [m.id, true, null]).sort());
    const done = await json<{ message: string; updated: number }>(await mark(yesterday, [[a, "present"], [b, "late"], [c, "absent"]]));
    expect(done).toEqual({ message: "Attendance successfully updated", updated: 3 });
    const after = await roster(yesterday);
    expect([a, b, c].map((m) => entryOf(after, m)?.attendance)).toEqual(["present", "late", "absent"]);
    const counted = await json<{ data: SessionRow[] }>(await coach.request("GET", `/api/program/${programId}/sessions?from=${yesterday}&to=${yesterday}`));
    expect(counted.data).toEqual([expect.objectContaining({ date: yesterday, present: 1, late: 1, absent: 1, excused: 0, unmarked: 0, roster_count: 3 })]);
  });

  it("appends nothing for a re-mark of the same status, and the change only", async () => {
    const date = addDays(today, -2);
    await json(await mark(date, [[a, "present"], [b, "present"]]));
    const stream = `programsession-${programId}:${date}:06:00`;
    const length = (await app.app.core.store.readStream(stream)).events.length;
    expect(await json(await mark(date, [[a, "present"], [b, "present"]]))).toEqual({ message: "Attendance successfully updated", updated: 0 });
    expect((await app.app.core.store.readStream(stream)).events.length).toBe(length);
    expect((await json<{ updated: number }>(await mark(date, [[a, "present"], [b, "excused"]]))).updated).toBe(1);
    expect(entryOf(await roster(date), b)?.attendance).toBe("excused");
  });

  it("refuses a session after today, and a day the schedule never had", async () => {
    const tomorrow = addDays(today, 1);
    const future = await json<Failure>(await mark(tomorrow, [[a, "present"]]), 409);
    expect(future).toEqual({ code: "SESSION_IN_FUTURE", message: `Attendance cannot be taken before the session's day: this session is on ${tomorrow}` });
    expect((await json<Failure>(await coach.request("POST", `${sessionPath(tomorrow)}/drop-in`, { body: { participant_id: d.id } }), 409)).code).toBe("SESSION_IN_FUTURE");
    expect((await json<Failure>(await mark(addDays(today, -80), [[a, "present"]]), 404)).code).toBe("SESSION_NOT_FOUND");
    expect((await json<Failure>(await coach.request("GET", `${sessionPath(addDays(today, -1), "07:00")}/attendance`), 404)).code).toBe("SESSION_NOT_FOUND");
    expect((await json<Failure>(await coach.request("GET", `${sessionPath("yesterday")}/attendance`), 400)).message).toBe("Date must be a date like 2026-11-23");
  });

  it("refuses an unregistered member with nothing applied, then takes them as a drop-in and marks them", async () => {
    const date = addDays(today, -3);
    const refused = await json<Failure>(await mark(date, [[a, "absent"], [d, "present"]]), 409);
    expect(refused).toEqual({ code: "NOT_IN_SESSION", message: `Participant ${d.id} is neither registered to this program nor a drop-in of this session` });
    expect(entryOf(await roster(date), a)?.attendance).toBeNull();
    const added = await json<{ message: string; data: { participant_id: string } }>(await coach.request("POST", `${sessionPath(date)}/drop-in`, { body: { member_id: d.member_id } }));
    expect(added).toEqual({ message: "Drop-in successfully created", data: { participant_id: d.id, drop_in: true } });
    expect(entryOf(await roster(date), d)).toMatchObject({ registered: false, drop_in: true, attendance: null });
    await json(await mark(date, [[d, "present"]]));
    expect(entryOf(await roster(date), d)?.attendance).toBe("present");
    // one session only: the day before, they are nobody's drop-in
    expect(entryOf(await roster(addDays(today, -4)), d)).toBeUndefined();
    expect((await json<Failure>(await coach.request("POST", `${sessionPath(date)}/drop-in`, { body: { participant_id: a.id } }), 409)).code).toBe("ALREADY_REGISTERED");
  });

  it("answers 403 without the permission, 404 for another organization's program or participant, 400 for a bad status", async () => {
    const date = addDays(today, -5);
    expect((await json<Failure>(await mark(date, [[a, "present"]], parent), 403)).code).toBe("FORBIDDEN");
    expect((await kiosk.request("GET", `${sessionPath(date)}/attendance`)).status).toBe(403);
    expect((await parent.request("POST", `${sessionPath(date)}/drop-in`, { body: { participant_id: d.id } })).status).toBe(403);
    expect((await parent.request("GET", `/api/program/${programId}/sessions`)).status).toBe(403);
    for (const response of [
      await maple.request("GET", `/api/program/${programId}/sessions`),
      await maple.request("GET", `${sessionPath(date)}/attendance`),
      await mark(date, [[a, "present"]], maple),
      await maple.request("POST", `${sessionPath(date)}/drop-in`, { body: { participant_id: d.id } }),
    ]) {
      expect((await json<Failure>(response, 404)).code).toBe("PROGRAM_NOT_FOUND");
    }
    expect((await json<Failure>(await mark(date, [[mapleMember.id, "present"]]), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    expect((await json<Failure>(await coach.request("POST", `${sessionPath(date)}/drop-in`, { body: { participant_id: mapleMember.id } }), 404)).code).toBe("PARTICIPANT_NOT_FOUND");
    const bad = await json<Failure>(await mark(date, [[a, "here"]]), 400);
    expect(bad).toEqual({ code: "VALIDATION", message: "Status must be present, absent, late or excused" });
    const many = Array.from({ length: 501 }, (_, i) => ({ participant_id: `p${i}`, status: "present" }));
    expect((await json<Failure>(await coach.request("PUT", `${sessionPath(date)}/attendance`, { body: { marks: many } }), 400)).message).toBe("Marks can list at most 500 participants at once");
    expect(entryOf(await roster(date), a)?.attendance).toBeNull();
  });

  it("offers a member checked in on the board during the session as present", async () => {
    const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
    const visit = await json<{ data: { id: string } }>(await coach.request("POST", "/api/check-in", { body: { ...day, memberId: a.member_id, type: "in" } }));
    expect(visit.data.id).toBeTruthy();
    // the session runs 06:00-23:30 today: a visit begun now overlaps it unless it is past 23:30 here
    const clock = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date());
    const during = clock < "23:30";
    const seen = await eventually(
      () => roster(today),
      (r) => entryOf(r, a)?.checked_in === during,
    );
    expect(entryOf(seen, a)).toMatchObject({ checked_in: during, offered: during ? "present" : null, attendance: null });
    expect(entryOf(seen, b)).toMatchObject({ checked_in: false, offered: null });
    // marked: the mark stands, nothing more is offered
    await json(await mark(today, [[a, "late"]]));
    expect(entryOf(await roster(today), a)).toMatchObject({ attendance: "late", offered: null });
  });

  it("keeps past sessions and their attendance when the schedule is edited", async () => {
    const yesterday = addDays(today, -1);
    const other = (weekdayOf(today) + 3) % 7;
    const cycle = { start: addDays(today, -70), end: addDays(today, 120) };
    const edit = await admin.request("PUT", `/api/program/${programId}`, {
      body: { name: "Every Day Club", type: "registered", activity_type: "Other", start_date: cycle.start, end_date: cycle.end, sessions: [{ week_day: other, start_time: "10:00", end_time: "11:00" }] },
    });
    expect((await json<{ message: string }>(edit)).message).toBe("Program successfully updated");
    const kept = await roster(yesterday);
    expect([a, b, c].map((m) => entryOf(kept, m)?.attendance)).toEqual(["present", "late", "absent"]);
    const sessions = await json<{ data: SessionRow[] }>(await coach.request("GET", `/api/program/${programId}/sessions?from=${addDays(today, -3)}&to=${addDays(today, 7)}`));
    expect(sessions.data.find((s) => s.date === yesterday)).toMatchObject({ start_time: "06:00", present: 1, late: 1, absent: 1 });
    // from today on, the new version's: no 06:00 session today, one on the new week day at 10:00
    expect(sessions.data.filter((s) => s.date >= today).map((s) => [weekdayOf(s.date), s.start_time])).toEqual([[other, "10:00"]]);
    expect((await json<Failure>(await mark(today, [[a, "present"]]), 404)).code).toBe("SESSION_NOT_FOUND");
    // a mark of a past session is still taken after the edit
    expect((await json<{ updated: number }>(await mark(yesterday, [[c, "excused"]]))).updated).toBe(1);
  });

  it("refuses a coach whose group lost 'take attendance' and 'add drop-in participants' (403), who still sees the roster", async () => {
    type Group = { id: string; name: string; icon: string; level: number; permission_ids: string[] };
    const groups = (await json<{ data: Group[] }>(await admin.request("GET", "/api/user/role"))).data;
    const group = groups.find((g) => g.name === "COACH")!;
    const put = (permission_ids: string[]) => admin.request("PUT", `/api/role/${group.id}`, { body: { name: group.name, icon: group.icon, level: group.level, permission_ids } });
    const date = addDays(today, -6);
    await json(await put(group.permission_ids.filter((p) => p !== "CAN_TAKE_ATTENDANCE" && p !== "CAN_ADD_DROP_IN_PARTICIPANTS")));
    try {
      // until the group's change reaches the sessions, a mark for tomorrow is refused with 409 (nothing written)
      await eventually(
        async () => (await mark(addDays(today, 1), [[a, "present"]])).status,
        (status) => status === 403,
      );
      expect((await json<Failure>(await mark(date, [[a, "present"]]), 403)).code).toBe("FORBIDDEN");
      expect((await coach.request("POST", `${sessionPath(date)}/drop-in`, { body: { participant_id: d.id } })).status).toBe(403);
      expect(entryOf(await roster(date), a)?.attendance).toBeNull();
    } finally {
      await json(await put(group.permission_ids));
    }
  });

  it("seeds the demo's weekly programs with eight weeks of marks, mostly present, and drop-ins", async () => {
    const orgId = ((await (await admin.request("GET", "/api/setting/organization")).json()) as { id?: string; organization_id?: string }).id;
    const demo = (await json<{ data: { id: string; name: string }[] }>(await admin.request("GET", "/api/program?size=100&search=Homework"))).data.find((p) => p.name === "Homework Club")!;
    if (orgId) expect(demo.id).toBe(demoWeeklyProgramId(orgId, "homework-club"));
    const sessions = await json<{ data: SessionRow[] }>(await coach.request("GET", `/api/program/${demo.id}/sessions`));
    const past = sessions.data.filter((s) => s.date < today);
    expect(past.length).toBeGreaterThanOrEqual(14);
    const sum = (k: keyof SessionRow) => past.reduce((n, s) => n + (s[k] as number), 0);
    const marked = sum("present") + sum("late") + sum("absent") + sum("excused");
    expect(marked).toBeGreaterThan(200);
    expect(sum("present") / marked).toBeGreaterThan(0.7);
    expect(sum("present") / marked).toBeLessThan(0.9);
    expect(sum("late") + sum("absent") + sum("excused")).toBeGreaterThan(0);
    // drop-ins: some session's roster is larger than the registered members
    expect(Math.max(...past.map((s) => s.roster_count))).toBeGreaterThan(Math.min(...past.map((s) => s.roster_count)));
  });
  it("replays: a rebuild of the attendance read model from the session streams ends where the live one is", async () => {
    const { db, store } = app.app.core;
    expect(await waitForProjection(app.app.core, "program-attendance", { atLeast: await store.lastCommittedPosition() })).toBe(true);
    await buildShadow({ db, store, projection: programAttendanceProjection, schema: "attendance_expected" });
    const tables = programAttendanceProjection.tables;
    // dumpTables orders by the first column (the program) only: sort each table's rows whole
    const dump = async (schema: string) => Object.entries(await dumpTables(db, schema, tables)).map(([table, rows]) => [table, rows.map((r) => JSON.stringify(r)).sort()] as const);
    const live = await dump("public");
    expect(live.flatMap(([, rows]) => rows).length).toBeGreaterThan(1000);
    expect(live).toEqual(await dump("attendance_expected"));
  });
});
