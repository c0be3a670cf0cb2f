import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_REPORT_HEADER, parseExportCsv, PROGRAM_REPORT_HEADER, PROGRAM_SUMMARY_HEADER } from "../../modules/exports";
import { todayIn } from "../../modules/organizations";
import { addDays, weekdayOf } from "../../modules/programs";
import { DEMO_FLAGGED_PARTICIPANT_IDS, DEMO_VISITOR_PARTICIPANT_IDS } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string; last_name: string; email: string; is_waiver_signed: boolean };
type ExportItem = { id: string; status: string; rows: number | null; download_url: string | null; file_name: string; reason: string | null; kind: string };
type Paged<R> = { data: R[]; count: number };

/**
 * The program and event report exports (decision 054) against the report calls: the CSV's rows are the
 * call's rows, in the call's order, with figures checked by hand on a small fixture (as
 * program-reports.int.test.ts builds it), through the real worker; 403 without the permission, 404 for
 * another organization's or an unknown program or event.
 */
describe("program and event report exports, with the worker, on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient, coach: HttpClient, maple: HttpClient;
  let today: string;
  /** the organization's time zone: it wins over the one a request names (decision 032) */
  let zone: string;
  let programId: string, eventId: string;
  let a: Member, b: Member, c: Member, d: Member;

  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const requestExport = (client: HttpClient, body: unknown) => client.request("POST", "/api/export", { body });
  const finished = async (id: string): Promise<ExportItem> =>
    eventually(
      async () => (await json<{ data: ExportItem[] }>(await admin.request("GET", "/api/export"))).data.find((e) => e.id === id),
      (item) => item !== undefined && item.status !== "Requested",
      { timeoutMs: 30_000, everyMs: 100 },
    ) as Promise<ExportItem>;
  const exported = async (kind: string, filters: Record<string, unknown>): Promise<{ item: ExportItem; rows: string[][] }> => {
    const asked = await json<{ data: { id: string; file_name: string } }>(await requestExport(admin, { kind, filters: { ...filters, timeZone: "UTC" } }), 202);
    const [y, m, dd] = today.split("-");
    expect(asked.data.file_name).toBe(`${kind}-${m}-${dd}-${y}.csv`);
    const item = await finished(asked.data.id);
    expect(item.status, item.reason ?? "").toBe("Completed");
    const file = await admin.request("GET", item.download_url!);
    expect(file.status).toBe(200);
    return { item, rows: await parseExportCsv(Buffer.from(await file.arrayBuffer()).toString("utf8")) };
  };
  const mark = async (date: string, marks: [Member, string][]) =>
    json(await coach.request("PUT", `/api/program/${programId}/session/${date}/06:00/attendance`, { body: { marks: marks.map(([m, status]) => ({ participant_id: m.id, status })) } }));

  beforeAll(async () => {
    app = await startInProcessApp("program-report-exports");
    await clearSignInLimits((await testServices()).redisUrl);
    [admin, coach, maple] = [0, 1, 2].map(() => new HttpClient(app.baseUrl)) as [HttpClient, HttpClient, HttpClient];
    await admin.signIn("admin@northside.demo");
    await coach.signIn("coach@northside.demo");
    await maple.signIn("admin@maple.demo");
    const current = await json<Record<string, unknown> & { time_zone: string; features: Record<string, Record<string, unknown>> }>(await admin.request("GET", "/api/setting/organization"));
    zone = current.time_zone;
    today = todayIn(zone, new Date());
    const cycle = { start: addDays(today, -70), end: addDays(today, 120) };
    const features = { ...current.features, program: { ...current.features.program, is_enabled: true, program_cycle_start: cycle.start, program_cycle_end: cycle.end, has_saturday: true, has_sunday: true } };
    await json(await admin.request("PUT", "/api/setting/organization", { body: { ...current, features } }));
    await eventually(
      async () => json<{ features: { program: { has_sunday: boolean } } }>(await admin.request("GET", "/api/setting/organization")),
      (x) => x.features.program.has_sunday === true,
    );
    const report = await json<{ data: Member[] }>(await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
    const members = report.data.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(m.id));
    [a, b, c, d] = members.slice(10, 14) as [Member, Member, Member, Member];
    const s = [addDays(today, -21), addDays(today, -14), addDays(today, -7), today] as const;
    const body = {
      name: "Export Club",
      type: "registered",
      activity_type: "Other",
      members_limit: 10,
      points_per_session: 5,
      start_date: s[0],
      end_date: cycle.end,
      sessions: [{ week_day: weekdayOf(today), start_time: "06:00", end_time: "07:30" }],
    };
    programId = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/program", { body }))).data.id;
    for (const m of [a, b, c]) await json(await admin.request("POST", `/api/program/${programId}/registration`, { body: { participant_id: m.id } }));
    await json(await coach.request("POST", `/api/program/${programId}/session/${s[0]}/06:00/drop-in`, { body: { participant_id: d.id } }));
    await mark(s[0], [[a, "present"], [b, "late"], [c, "absent"], [d, "present"]]);
    await mark(s[1], [[a, "present"], [b, "excused"], [c, "absent"]]);
    await mark(s[2], [[a, "late"], [b, "present"]]);
    await mark(s[3], [[a, "absent"]]);
    const hour = 3600_000;
    const event = { name: "Export Night", description: "Pizza", start_date: new Date(Date.now() - hour).toISOString(), end_date: new Date(Date.now() + 3 * hour).toISOString(), capacity: 10, location: "Hall", points: 25 };
    eventId = (await json<{ data: { id: string } }>(await admin.request("POST", "/api/appointment/event", { body: event }))).data.id;
    for (const m of [a, b, c]) await json(await admin.request("POST", `/api/appointment/event/${eventId}/registration`, { body: { participant_id: m.id } }));
    await json(await coach.request("PUT", `/api/appointment/event/${eventId}/attendance`, { body: { attendance: [{ participant_id: a.id, status: "present" }, { participant_id: b.id, status: "absent" }] } }));
    // the read models have applied the last marks
    await eventually(
      async () => json<Paged<{ participant_id: string; attendance_count: number; absent_count: number; points: number }>>(await admin.request("GET", `/api/program/${programId}/report`)),
      // the marks applied, and the points they earned on the ledger (another subscriber)
      (r) => r.data.some((row) => row.participant_id === a.id && row.attendance_count === 3 && row.absent_count === 1 && row.points === 15),
    );
    await eventually(
      async () => json<{ event: { attendees: number; absentees: number }; data: { points: number }[] }>(await admin.request("GET", `/api/appointment/event/${eventId}/report`)),
      (r) => r.event.attendees === 1 && r.event.absentees === 1 && r.data.some((row) => row.points === 25),
    );
  }, 180_000);
  afterAll(() => app?.stop());

  it("exports the program report: the call's rows, a's figures by hand", async () => {
    const call = await json<Paged<Record<string, unknown> & { member_id: string }>>(await admin.request("GET", `/api/program/${programId}/report`));
    const { item, rows } = await exported("program-report", { programId });
    expect(rows[0]).toEqual([...PROGRAM_REPORT_HEADER]);
    expect(item.rows).toBe(4);
    expect(rows.slice(1).map((r) => r[1])).toEqual(call.data.map((r) => r.member_id));
    const col = (name: (typeof PROGRAM_REPORT_HEADER)[number]) => PROGRAM_REPORT_HEADER.indexOf(name);
    const rowOf = (m: Member) => rows.find((r) => r[col("Member ID")] === m.member_id)!;
    // a: present, present, late, absent: 3 of 4 sessions, 5 points each
    const ra = rowOf(a);
    expect([ra[col("Program ID")], ra[col("First name")], ra[col("Last name")], ra[col("Email")], ra[col("Program name")]]).toEqual([programId, a.first_name, a.last_name, a.email, "Export Club"]);
    expect([ra[col("Sessions")], ra[col("Attendance count")], ra[col("Attendance percentage")], ra[col("Points")], ra[col("Drop-in")], ra[col("Absent count")]]).toEqual(["4", "3", "75", "15", "No", "1"]);
    // b: late, excused, present: 2 of the 3 sessions not excused
    expect([rowOf(b)[col("Attendance count")], rowOf(b)[col("Attendance percentage")], rowOf(b)[col("Excused count")]]).toEqual(["2", "66.7", "1"]);
    // d: one drop-in session, present
    expect([rowOf(d)[col("Drop-in")], rowOf(d)[col("Attendance percentage")]]).toEqual(["Yes", "100"]);
  });

  it("exports the program summary: every program of the call in its order, 'Export Club' summed by hand", async () => {
    const call = await json<Paged<{ id: string; name: string }>>(await admin.request("GET", "/api/base/program_report?size=1000"));
    const { item, rows } = await exported("program-summary", {});
    expect(rows[0]).toEqual([...PROGRAM_SUMMARY_HEADER]);
    expect(item.rows).toBe(call.count);
    expect(rows.slice(1).map((r) => r[0])).toEqual(call.data.map((r) => r.name));
    const row = rows.find((r) => r[0] === "Export Club")!;
    const col = (name: (typeof PROGRAM_SUMMARY_HEADER)[number]) => row[PROGRAM_SUMMARY_HEADER.indexOf(name)];
    const weekday = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][weekdayOf(today)];
    const start = addDays(today, -21);
    // 4 sessions of 1.5 h; 3 registered; a, b and d attended; c twice and a once absent; 6 attended marks / 4; rosters 13 / 4
    expect([col("Week days"), col("Start date"), col("Members limit"), col("Sessions"), col("Total hours"), col("Total registrants"), col("Total attendees"), col("Total absent"), col("Average attendees"), col("Average total participants"), col("Time zone")]).toEqual([
      weekday,
      `${start.slice(5, 7)}/${start.slice(8, 10)}/${start.slice(0, 4)}`,
      "10",
      "4",
      "6",
      "3",
      "3",
      "3",
      "1.5",
      "3.3",
      zone,
    ]);
  });

  it("exports the event report: the event on each row, a present with 25 points", async () => {
    const call = await json<Paged<{ member_id: string }>>(await admin.request("GET", `/api/appointment/event/${eventId}/report`));
    const { item, rows } = await exported("event-report", { eventId });
    expect(rows[0]).toEqual([...EVENT_REPORT_HEADER]);
    expect(item.rows).toBe(3);
    const col = (name: (typeof EVENT_REPORT_HEADER)[number]) => EVENT_REPORT_HEADER.indexOf(name);
    expect(rows.slice(1).map((r) => r[col("Member ID")])).toEqual(call.data.map((r) => r.member_id));
    expect(rows.slice(1).map((r) => [r[col("Event")], r[col("Attendees")], r[col("Attendance")], r[col("Points")]])).toEqual([
      ["Export Night", "1", "Present", "25"],
      ["Export Night", "1", "Absent", "0"],
      ["Export Night", "1", "", "0"],
    ]);
    expect(rows[1]![col("Start date")]).toMatch(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2} (am|pm)$/);
    expect(rows[1]![col("First name")]).toBe(a.first_name);
  });

  it("refuses without 'export programs and events' (403), and another organization's or an unknown program or event (404)", async () => {
    for (const [kind, filters] of [["program-report", { programId }], ["program-summary", {}], ["event-report", { eventId }]] as const) {
      expect((await requestExport(coach, { kind, filters })).status, kind).toBe(403);
    }
    expect(await json(await requestExport(maple, { kind: "program-report", filters: { programId } }), 404)).toEqual({ code: "PROGRAM_NOT_FOUND", message: "Program not found" });
    expect(await json(await requestExport(maple, { kind: "event-report", filters: { eventId } }), 404)).toEqual({ code: "EVENT_NOT_FOUND", message: "Event not found" });
    expect(await json(await requestExport(admin, { kind: "program-report", filters: { programId: "no-such-program" } }), 404)).toEqual({ code: "PROGRAM_NOT_FOUND", message: "Program not found" });
    expect((await json<{ message: string }>(await requestExport(admin, { kind: "event-report", filters: {} }), 400)).message).toBe("Event is required");
  });
});
