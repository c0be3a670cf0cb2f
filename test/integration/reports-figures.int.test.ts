import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { newId, type RecordedEvent } from "../../modules/kernel";
import type { ReadModels } from "../../projections";
import { reportsProjection, type ReportFilter } from "../../projections/reports";
import { figuresOf } from "../../modules/reports/figures";
import { reportCsv, type ReportFigures, type ReportName } from "../../modules/reports";
import { testMetadata } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Each built-in dashboard's figures (decisions 092, 093) against figures computed by hand from a small
 * fixture: three members in Toronto (EST, UTC-5 in November; EDT, UTC-4 in October), two programs, two
 * groups. The events go through the reports projection in three batches, as the projector would.
 */
const ORG = newId();
const [A, B, C] = [newId(), newId(), newId()];
const [P1, P2] = [newId(), newId()];
const [GP, GC] = ["group-participant", "group-coach"];
const UB = newId();
let position = 0;

const ev = (type: string, data: Record<string, unknown>, at: string): RecordedEvent =>
  ({ type, data, eventId: newId(), streamId: `s-${type}`, revision: 0, position: ++position, metadata: testMetadata({ organizationId: ORG, occurredAt: at }) }) as RecordedEvent;
const profile = (id: string, gender: string, dob: string, userId: string | null) => ({ participantId: id, organizationId: ORG, gender, dob, userId, firstName: "F", lastName: "L" });
const checkIn = (id: string, at: string) => ev("MemberCheckedIn", { participantId: id, organizationId: ORG, checkInId: newId(), checkInTime: at, source: "kiosk" }, at);
const mark = (program: string, date: string, id: string, status: string) => ev("AttendanceMarked", { programId: program, sessionKey: "k", date, startTime: "16:00", participantId: id, status, markedBy: null, note: null }, `${date}T22:00:00.000Z`);

const SETUP = [
  ev("OrganizationRegistered", { organizationId: ORG, name: "Fixture", type: "other" }, "2026-01-01T00:00:00.000Z"),
  ev("OrganizationSettingsUpdated", { organizationId: ORG, settings: { time_zone: "America/Toronto" } }, "2026-01-01T00:00:01.000Z"),
  ev("UserRegistered", { userId: UB, organizationId: ORG, userGroupId: GC, username: "b", email: "b@x", firstName: "B", lastName: "B", parentId: null, passwordHash: "x" }, "2026-01-02T00:00:00.000Z"),
  ev("ParticipantRegistered", profile(A, "Female", "2015-03-10", null), "2026-01-03T00:00:00.000Z"),
  ev("ParticipantRegistered", profile(B, "Male", "2010-01-01", UB), "2026-01-03T00:00:00.000Z"),
  ev("ParticipantRegistered", profile(C, "Female", "", null), "2026-01-03T00:00:00.000Z"),
  ev("ParticipantRegisteredToProgram", { programId: P1, participantId: A }, "2026-01-04T00:00:00.000Z"),
  ev("ParticipantRegisteredToProgram", { programId: P1, participantId: B }, "2026-01-04T00:00:00.000Z"),
  ev("ParticipantWaitlistedForProgram", { programId: P2, participantId: B }, "2026-01-04T00:00:00.000Z"),
  ev("ParticipantPromotedFromWaitlist", { programId: P2, participantId: B }, "2026-01-05T00:00:00.000Z"),
];
const OCTOBER = [checkIn(B, "2026-10-15T16:00:00.000Z"), checkIn(C, "2026-10-20T14:00:00.000Z")];
const NOVEMBER = [
  checkIn(A, "2026-11-02T14:00:00.000Z"), // Mon 09:00
  checkIn(A, "2026-11-02T20:00:00.000Z"), // Mon 15:00, the same day again
  checkIn(B, "2026-11-02T23:30:00.000Z"), // Mon 18:30
  checkIn(B, "2026-11-03T03:00:00.000Z"), // Mon 22:00 in Toronto, Tuesday in UTC
  checkIn(A, "2026-11-03T15:30:00.000Z"), // Tue 10:30
  mark(P1, "2026-11-02", A, "present"),
  mark(P1, "2026-11-02", B, "absent"),
  mark(P1, "2026-11-02", B, "late"), // replaces the absent mark
  mark(P1, "2026-11-09", A, "absent"),
  mark(P2, "2026-11-03", B, "excused"),
  mark(P2, "2026-11-04", B, "present"),
  ev("MemberFlagged", { flagId: "f1", participantId: A, organizationId: ORG, type: "stop", message: "m", flaggedBy: null, flaggedByName: "x" }, "2026-11-02T15:00:00.000Z"),
  ev("MemberFlagged", { flagId: "f2", participantId: B, organizationId: ORG, type: "warn", message: "m", flaggedBy: null, flaggedByName: "x" }, "2026-11-03T02:00:00.000Z"),
  ev("MemberFlagResolved", { flagId: "f1", participantId: A, type: "stop", message: "ok", resolvedBy: null }, "2026-11-03T16:00:00.000Z"),
  ev("DailyScreeningFilled", { participantId: A, organizationId: ORG, day: "2026-11-02", answers: [], isFilled: true, failed: false, flagId: null, filledBy: null, onBehalf: false }, "2026-11-02T14:01:00.000Z"),
  ev("DailyScreeningFilled", { participantId: B, organizationId: ORG, day: "2026-11-02", answers: [], isFilled: true, failed: true, flagId: "f3", filledBy: null, onBehalf: false }, "2026-11-02T23:31:00.000Z"),
  ev("DailyScreeningDeclined", { participantId: A, organizationId: ORG, day: "2026-11-03", declinedBy: null }, "2026-11-03T15:31:00.000Z"),
  ev("SurveyResponseSubmitted", { surveyId: "s1", organizationId: ORG, participantId: A, version: 1, submittedBy: null }, "2026-11-04T17:00:00.000Z"),
  ev("PointsAwarded", { organizationId: ORG, participantId: A, entryId: "e1", amount: 50, category: "general", reason: "r", source: { kind: "manual", id: null }, awardedBy: null }, "2026-11-02T17:00:00.000Z"),
  ev("PointsAwarded", { organizationId: ORG, participantId: B, entryId: "e2", amount: 30, category: "general", reason: "r", source: { kind: "manual", id: null }, awardedBy: null }, "2026-11-03T17:00:00.000Z"),
  ev("PointsReversed", { organizationId: ORG, participantId: B, entryId: "e3", reversesEntryId: "e2", amount: 10, category: "general", reason: "r", reversedBy: null }, "2026-11-03T18:00:00.000Z"),
  ev("PointsSpent", { organizationId: ORG, participantId: A, entryId: "e4", amount: 20, reason: "r", orderId: "o1", spentBy: null }, "2026-11-04T17:00:00.000Z"),
  ev("PointsRefunded", { organizationId: ORG, participantId: A, entryId: "e5", orderId: "o1", amount: 5, reason: "r", refundedBy: null }, "2026-11-05T17:00:00.000Z"),
];

describe("the built-in dashboards' figures against hand-computed ones", () => {
  let database: TestDatabase;
  let db: Kysely<ReadModels>;
  const names = new Map([
    [P1, "Art Club"],
    [P2, "Basketball"],
  ]);
  const figures = (name: ReportName, over: Partial<ReportFilter> = {}): Promise<ReportFigures> => {
    const f: ReportFilter = { organizationId: ORG, from: "2026-11-01", to: "2026-11-30", bucket: "day", ...over };
    return figuresOf(db, name, f, { from: f.from, to: f.to, bucket: f.bucket, filters: { program_id: null, group_id: null, age_band: null, gender: null } }, names);
  };
  const row = (fig: ReportFigures, key: string, value: string) => fig.rows.find((r) => r[key] === value);
  const total = (fig: ReportFigures, column: string) => fig.rows.reduce((s, r) => s + Number(r[column]), 0);

  beforeAll(async () => {
    database = await createTestDatabase("reports_figures");
    db = database.db as Kysely<ReadModels>;
    // three batches, as the projector would hand them over: the members' state carries across
    for (const batch of [SETUP, OCTOBER, NOVEMBER]) await database.db.transaction().execute((trx) => reportsProjection.apply(trx as never, batch));
  });
  afterAll(() => database?.drop());

  it("attendance: check-ins and members checked in per local day, filtered by program, group, age band and gender", async () => {
    const all = await figures("attendance");
    expect(all.rows).toHaveLength(30);
    expect(row(all, "date", "2026-11-02")).toEqual({ date: "2026-11-02", checkins: 4, members: 2 });
    expect(row(all, "date", "2026-11-03")).toEqual({ date: "2026-11-03", checkins: 1, members: 1 });
    expect(total(all, "checkins")).toBe(5);
    expect(all.summary).toEqual([
      { label: "Check-ins", value: 5 },
      { label: "Average per day", value: 0.2 },
      { label: "Busiest day", value: "2026-11-02" },
    ]);
    expect(all.text).toBe("5 check-ins from 2026-11-01 to 2026-11-30; the busiest day was 2026-11-02 with 4.");
    expect(total(await figures("attendance", { programId: P2 }), "checkins")).toBe(2);
    expect(total(await figures("attendance", { programId: P1 }), "checkins")).toBe(5);
    expect(total(await figures("attendance", { gender: "Female" }), "checkins")).toBe(3);
    expect(total(await figures("attendance", { groupIds: [GC] }), "checkins")).toBe(2);
    // the participant group takes in the members without a login of their own
    expect(total(await figures("attendance", { groupIds: [GP, ""] }), "checkins")).toBe(3);
    expect(total(await figures("attendance", { ageBand: "10-12" }), "checkins")).toBe(3);
    expect(total(await figures("attendance", { ageBand: "16-18", gender: "Male" }), "members")).toBe(1);
    const months = await figures("attendance", { from: "2026-01-01", to: "2026-12-31", bucket: "month" });
    expect(months.rows).toHaveLength(12);
    expect(row(months, "date", "2026-10")).toEqual({ date: "2026-10", checkins: 2, members: 2 });
    expect(row(months, "date", "2026-11")).toEqual({ date: "2026-11", checkins: 5, members: 3 });
  });

  it("attendance by hour of the week, in the organization's zone", async () => {
    const hours = await figures("attendance-hours");
    expect(hours.columns.map((c) => c.key)).toEqual(["weekday", ...Array.from({ length: 14 }, (_, i) => `${String(9 + i).padStart(2, "0")}:00`), "total"]);
    const monday = row(hours, "weekday", "Monday")!;
    expect([monday["09:00"], monday["15:00"], monday["18:00"], monday["22:00"], monday.total]).toEqual([1, 1, 1, 1, 4]);
    expect(row(hours, "weekday", "Tuesday")).toMatchObject({ "10:00": 1, total: 1 });
    expect(row(hours, "weekday", "Sunday")!.total).toBe(0);
    expect(hours.summary).toEqual([
      { label: "Busiest hour", value: "Monday 09:00" },
      { label: "Busiest day", value: "Monday" },
    ]);
  });

  it("members active, new and lapsed per month", async () => {
    const two = await figures("members", { from: "2026-10-01", to: "2026-11-30" });
    expect(two.rows).toEqual([
      { month: "2026-10", active: 2, new: 2, lapsed: 0 },
      { month: "2026-11", active: 2, new: 1, lapsed: 1 },
    ]);
    expect(two.summary).toEqual([
      { label: "Active members", value: 3 },
      { label: "New members", value: 3 },
      { label: "Lapsed members", value: 1 },
    ]);
    const november = await figures("members");
    expect(november.rows).toEqual([{ month: "2026-11", active: 2, new: 1, lapsed: 1 }]);
    expect(november.summary[0]).toEqual({ label: "Active members", value: 2 });
    expect((await figures("members", { programId: P2 })).rows).toEqual([{ month: "2026-11", active: 1, new: 0, lapsed: 0 }]);
  });

  it("program attendance rates: a later mark replaces the earlier one; excused marks are left out of the rate", async () => {
    const programs = await figures("programs");
    expect(programs.rows).toEqual([
      { program: "Art Club", present: 1, late: 1, absent: 1, excused: 0, rate: 66.7 },
      { program: "Basketball", present: 1, late: 0, absent: 0, excused: 1, rate: 100 },
    ]);
    expect(programs.summary).toEqual([
      { label: "Programs with marks", value: 2 },
      { label: "Overall attendance rate (%)", value: 75 },
    ]);
    expect((await figures("programs", { programId: P2 })).rows.map((r) => r.program)).toEqual(["Basketball"]);
    expect((await figures("programs", { to: "2026-11-08" })).rows[0]).toMatchObject({ program: "Art Club", absent: 0, rate: 100 });
  });

  it("flags raised and resolved per local day", async () => {
    const flags = await figures("flags");
    expect(row(flags, "date", "2026-11-02")).toEqual({ date: "2026-11-02", stop_raised: 1, warn_raised: 1, stop_resolved: 0, warn_resolved: 0 });
    expect(row(flags, "date", "2026-11-03")).toEqual({ date: "2026-11-03", stop_raised: 0, warn_raised: 0, stop_resolved: 1, warn_resolved: 0 });
    expect(flags.summary).toEqual([
      { label: "Flags raised", value: 2 },
      { label: "Flags resolved", value: 1 },
    ]);
  });

  it("screening completion against the members checked in", async () => {
    const s = await figures("screening");
    expect(row(s, "date", "2026-11-02")).toEqual({ date: "2026-11-02", checked_in: 2, screened: 2, failed: 1, declined: 0, completion: 100 });
    expect(row(s, "date", "2026-11-03")).toEqual({ date: "2026-11-03", checked_in: 1, screened: 0, failed: 0, declined: 1, completion: 0 });
    expect(s.summary).toEqual([
      { label: "Screenings filled", value: 2 },
      { label: "Failed", value: 1 },
      { label: "Completion (%)", value: 66.7 },
    ]);
  });

  it("survey completions and points earned and spent", async () => {
    const surveys = await figures("surveys");
    expect(row(surveys, "date", "2026-11-04")).toEqual({ date: "2026-11-04", completed: 1 });
    expect(surveys.summary).toEqual([{ label: "Responses submitted", value: 1 }]);
    const points = await figures("points");
    expect(row(points, "date", "2026-11-02")).toEqual({ date: "2026-11-02", earned: 50, spent: 0 });
    expect(row(points, "date", "2026-11-03")).toEqual({ date: "2026-11-03", earned: 20, spent: 0 });
    expect(row(points, "date", "2026-11-05")).toEqual({ date: "2026-11-05", earned: 0, spent: -5 });
    expect(points.summary).toEqual([
      { label: "Points earned", value: 70 },
      { label: "Points spent", value: 15 },
    ]);
  });

  it("writes the CSV from the same columns and rows", async () => {
    const csv = reportCsv(await figures("programs"));
    expect(csv).toBe("Program,Present,Late,Absent,Excused,Attendance rate (%)\r\nArt Club,1,1,1,0,66.7\r\nBasketball,1,0,0,1,100\r\n");
  });
});
