import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { todayIn } from "../../modules/organizations";
import { ageOn } from "../../modules/participants";
import { addDays, fsaOf, weekdayOf } from "../../modules/programs";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { DEMO_WEEKLY_PROGRAMS } from "../factories/program-builder";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; is_waiver_signed: boolean; dob: string; address: string };
type ReportRow = Record<string, unknown> & { participant_id: string; drop_in: boolean; attendance_count: number; attendance_percentage: number; sessions: number; points: number };
type Report = { data: ReportRow[]; count: number; additional_info: { program: { id: string; name: string }; sessions_to_date: number } };
type SummaryRow = Record<string, unknown> & {
  id: string;
  name: string;
  sessions: number;
  total_hours: number;
  total_registrant_count: number;
  total_attendees_count: number;
  total_absent_count: number;
  avg_attendees_count: number;
  avg_total_participant: number;
  mean_age: number | null;
  members_limit: number | null;
  week_day: string;
};
type Summary = { data: SummaryRow[]; count: number };

const ADDRESS = { street_address: "1 Main Street", city: "Toronto", state: "Ontario", postal_code: "M5V 1A1" };

describe("the program reports over the API on real PostgreSQL (decision 050)", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, parent: HttpClient, kiosk: HttpClient, maple: HttpClient;
  let today: string;
  let programId: string;
  let a: Member, b: Member, c: Member, d: Member;
  /** the four sessions up to today: three weeks ago, two, one, and today (one weekly session on today's weekday) */
  let s: [string, string, string, string];

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const mark = async (date: string, marks: [Member, string][]) =>
    json(await coach.request("PUT", `/api/program/${programId}/session/${date}/06:00/attendance`, { body: { marks: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));

  beforeAll(async () => {
    app = await startInProcessApp("program-reports");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, parent, kiosk, maple] = [0, 1, 2, 3, 4].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await parent.signIn("parent@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    await maple.signIn("admin@maple.demo");
    const current = (await (await admin.request("GET", "/api/setting/organization")).json()) as Record<string, unknown> & { time_zone: string };
    today = todayIn(current.time_zone, new Date());
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
      (x) => x.features.program.has_sunday === true,
    );
    const report = await json<{ data: Member[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
    const members = report.data.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(m.id));
    [a, b, c, d] = members.slice(0, 4) as [Member, Member, Member, Member];
    s = [addDays(today, -21), addDays(today, -14), addDays(today, -7), today];
    const created = await json<{ data: { id: string } }>(
      await admin.request("POST", "/api/program", {
        body: {
          name: "Report Club",
          type: "registered",
          activity_type: "Other",
          members_limit: 10,
          points_per_session: 5,
          start_date: s[0],
          end_date: cycle.end,
          sessions: [{ week_day: weekdayOf(today), start_time: "06:00", end_time: "07:30" }],
        },
      }),
    );
    programId = created.data.id;
    for (const m of [a, b, c]) await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
    // d joins the first session only, as a drop-in
    await json(await coach.request("POST", `/api/program/${programId}/session/${s[0]}/06:00/drop-in`, { body: { participant_id: d.id } }));
    await mark(s[0], [[a, "present"], [b, "late"], [c, "absent"], [d, "present"]]);
    await mark(s[1], [[a, "present"], [b, "excused"], [c, "absent"]]);
    await mark(s[2], [[a, "late"], [b, "present"]]);
    await mark(s[3], [[a, "absent"]]);
  }, 180_000);
  afterAll(() => app?.stop());

  const reportOf = async (client = admin, query = "") =>
    eventually(
      async () => json<Report>(await client.request("GET", `/api/program/${programId}/report${query}`)),
      // the projection has applied the last mark, and the ledger holds the points the marks earned (another subscriber)
      (r) => r.data.some((row) => row.participant_id === a.id && row.attendance_count === 3 && row.absent_count === 1) && r.data.reduce((sum, row) => sum + row.points, 0) === 30,
    );

  it("answers each registered member and the drop-in who attended, with the figures computed by hand", async () => {
    const report = await reportOf();
    expect(report.count).toBe(4);
    expect(report.additional_info.sessions_to_date).toBe(4);
    expect(report.additional_info.program).toMatchObject({ id: programId, name: "Report Club" });
    expect(report.data.map((r) => [r.participant_id, r.drop_in])).toEqual([
      [a.id, false],
      [b.id, false],
      [c.id, false],
      [d.id, true],
    ]);
    const byId = new Map(report.data.map((r) => [r.participant_id, r]));
    // a: present, present, late, absent -> 3 of 4
    expect(byId.get(a.id)).toMatchObject({ sessions: 4, attendance_count: 3, attendance_percentage: 75, points: 15, program_name: "Report Club", program_id: programId });
    // b: late, excused, present, unmarked -> 2 of the 3 sessions not excused
    expect(byId.get(b.id)).toMatchObject({ attendance_count: 2, attendance_percentage: 66.7, excused_count: 1, points: 10 });
    // c: absent, absent, unmarked, unmarked -> 0
    expect(byId.get(c.id)).toMatchObject({ attendance_count: 0, attendance_percentage: 0, absent_count: 2, points: 0 });
    // d: one drop-in session, present -> 1 of 1
    expect(byId.get(d.id)).toMatchObject({ attendance_count: 1, attendance_percentage: 100 });
    for (const m of [a, b, c, d]) {
      const row = byId.get(m.id)!;
      expect(row).toMatchObject({ member_id: m.member_id, fsa: fsaOf(m.address), age: ageOn(m.dob, new Date(`${today}T12:00:00Z`)), household_income: "", race: "" });
      expect(Object.keys(row)).toEqual(expect.arrayContaining(["username", "first_name", "last_name", "email", "contact_name", "phone_number", "gender", "specific_gender", "specific_race", "medical_conditions"]));
    }
    const second = await json<Report>(await admin.request("GET", `/api/program/${programId}/report?page=1&size=3`));
    expect(second).toMatchObject({ count: 4, data: [expect.objectContaining({ participant_id: d.id })] });
    const beyond = await json<Report>(await admin.request("GET", `/api/program/${programId}/report?page=5&size=3`));
    expect(beyond).toMatchObject({ count: 4, data: [] });
  });

  it("sums the program in the summary, by hand", async () => {
    await reportOf();
    const summary = await json<Summary>(await admin.request("GET", "/api/base/program_report?size=1000"));
    const row = summary.data.find((r) => r.id === programId)!;
    const ages = [a, b, c].map((m) => ageOn(m.dob, new Date(`${today}T12:00:00Z`))).filter((x): x is number => x !== null);
    expect(row).toMatchObject({
      name: "Report Club",
      week_day: String(weekdayOf(today)),
      members_limit: 10,
      start_date: s[0],
      sessions: 4,
      // 4 sessions of 1.5 hours
      total_hours: 6,
      total_registrant_count: 3,
      // a, b and the drop-in d attended at least once
      total_attendees_count: 3,
      // c twice, a once
      total_absent_count: 3,
      // present + late: a 3, b 2, d 1 = 6 over 4 sessions
      avg_attendees_count: 1.5,
      // rosters: 3 registered x 4 sessions + d once = 13 over 4 sessions = 3.25
      avg_total_participant: 3.3,
      mean_age: ages.length ? Math.round((ages.reduce((x, y) => x + y, 0) / ages.length) * 10) / 10 : null,
    });
    expect(summary.data.map((r) => r.name)).toEqual([...summary.data.map((r) => r.name)].sort((x, y) => x.toLowerCase().localeCompare(y.toLowerCase())));
    const page = await json<Summary>(await admin.request("GET", "/api/base/program_report?page=0&size=2"));
    expect(page.count).toBe(summary.count);
    expect(page.data).toHaveLength(2);
  });

  it("has a row with sane figures for each demo program", async () => {
    const summary = await json<Summary>(await admin.request("GET", "/api/base/program_report?size=1000"));
    for (const demo of DEMO_WEEKLY_PROGRAMS) {
      const row = summary.data.find((r) => r.name === demo.program.name);
      expect(row, demo.program.name).toBeDefined();
      const perSession = demo.program.sessions.map((x) => (Number(x.end_time.slice(0, 2)) * 60 + Number(x.end_time.slice(3)) - Number(x.start_time.slice(0, 2)) * 60 - Number(x.start_time.slice(3))) / 60);
      expect(row!.week_day).toBe([...new Set(demo.program.sessions.map((x) => x.week_day))].sort().join(","));
      expect(row!.sessions, demo.program.name).toBeGreaterThan(0);
      expect(row!.total_hours).toBeGreaterThanOrEqual(row!.sessions * Math.min(...perSession) - 0.01);
      expect(row!.total_hours).toBeLessThanOrEqual(row!.sessions * Math.max(...perSession) + 0.01);
      expect(row!.total_registrant_count).toBeGreaterThan(0);
      expect(row!.total_registrant_count).toBeLessThanOrEqual(demo.program.members_limit ?? Infinity);
      expect(row!.avg_attendees_count).toBeLessThanOrEqual(row!.avg_total_participant);
      expect(row!.avg_total_participant).toBeGreaterThanOrEqual(row!.total_registrant_count);
      if (row!.mean_age !== null) expect(row!.mean_age).toBeGreaterThan(0);
    }
  });

  it("is for exporters only: 403 for a coach, a parent and the kiosk; another organization's program is 404", async () => {
    for (const client of [coach, parent, kiosk]) {
      expect((await client.request("GET", `/api/program/${programId}/report`)).status).toBe(403);
      expect((await client.request("GET", "/api/base/program_report")).status).toBe(403);
    }
    const other = await json<{ code: string }>(await maple.request("GET", `/api/program/${programId}/report`), 404);
    expect(other.code).toBe("PROGRAM_NOT_FOUND");
    const summary = await json<Summary>(await maple.request("GET", "/api/base/program_report?size=1000"));
    expect(summary.data.map((r) => r.id)).not.toContain(programId);
    expect((await json<{ code: string; message: string }>(await admin.request("GET", "/api/base/program_report?size=5000"), 400)).message).toBe("Size must be at most 1000");
  });
  it("reads points from the ledger: an attendance award reversed leaves the column, whatever attended x points says", async () => {
    await reportOf();
    const ledger = await json<{ data: { id: string; kind: string; category: string; source_kind: string | null; source_id: string | null }[] }>(await admin.request("GET", `/api/point?participant_id=${a.id}&category=attendance&size=100`));
    const award = ledger.data.find((e) => e.kind === "award" && e.source_kind === "session" && e.source_id?.startsWith(`${programId}:`));
    expect(award, "an attendance award of the program's sessions").toBeDefined();
    await json(await admin.request("POST", `/api/point/${award!.id}/reverse`, { body: { reason: "Marked by mistake" } }));
    const after = await eventually(
      async () => json<Report>(await admin.request("GET", `/api/program/${programId}/report`)),
      (r) => r.data.find((row) => row.participant_id === a.id)?.points !== 15,
    );
    // attendance unchanged (3 of 4), points one session fewer
    expect(after.data.find((row) => row.participant_id === a.id)).toMatchObject({ attendance_count: 3, points: 10 });
  });
});
