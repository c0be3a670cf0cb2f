import { describe, expect, it } from "vitest";
import { attendancePercentage, fsaOf } from "./report";
import { meanAge, sessionsToDate } from "./report-summary";
import type { ScheduledProgram } from "./week-schedule";

const weekly = (plans: ScheduledProgram["plans"], archived_on: string | null = null): ScheduledProgram => ({
  id: "p1",
  name: "Club",
  type: "registered",
  location: null,
  archived_on,
  plans,
  legacy: { kind: "weekly", days: [], dates: [], start_date: "2026-01-01", end_date: "2026-12-31", start_time: "15:00", end_time: "16:00" },
  registered_count: 0,
});

describe("the program reports' figures (decision 050)", () => {
  it("rounds the attendance percentage to one decimal, caps it at 100 and answers 0 when nothing is counted", () => {
    expect(attendancePercentage(2, 3)).toBe(66.7);
    expect(attendancePercentage(3, 4)).toBe(75);
    expect(attendancePercentage(2, 1)).toBe(100);
    expect(attendancePercentage(0, 0)).toBe(0);
  });

  it("takes the forward sortation area from a written postal code, '' when there is none", () => {
    expect(fsaOf("1 Main Street, Toronto, ON M5V 1A1")).toBe("M5V");
    expect(fsaOf("1 Main Street")).toBe("");
  });

  it("means the known ages only", () => {
    expect(meanAge([10, 11, null, 12])).toBe(11);
    expect(meanAge([10, 11])).toBe(10.5);
    expect(meanAge([null])).toBeNull();
  });

  it("counts the sessions and hours up to today across schedule versions, and the current version's weekdays", () => {
    // Mondays 15:00-16:30 from 2026-11-02; from 2026-11-16 Tuesdays and Thursdays 15:00-16:00
    const plans = [
      { from: "2026-11-02", cycleStart: "2026-11-02", cycleEnd: "2026-12-31", sessions: [{ day: 1 as const, startTime: "15:00", endTime: "16:30" }] },
      { from: "2026-11-16", cycleStart: "2026-11-02", cycleEnd: "2026-12-31", sessions: [{ day: 4 as const, startTime: "15:00", endTime: "16:00" }, { day: 2 as const, startTime: "15:00", endTime: "16:00" }] },
    ];
    // Mondays 2, 9 (1.5 h each); Tuesdays 17, 24 and Thursdays 19, 26 (1 h each), today Thursday 26
    expect(sessionsToDate(weekly(plans), "2026-11-26")).toEqual({ sessions: 6, hours: 7, weekDays: [2, 4] });
    expect(sessionsToDate(weekly(plans, "2026-11-20"), "2026-11-26")).toMatchObject({ sessions: 4, hours: 5 });
  });
});
