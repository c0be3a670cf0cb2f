import { describe, expect, it } from "vitest";
import {
  addDays,
  formatTime,
  isIsoDate,
  occursOn,
  PROGRAM_TYPE_COLORS,
  PROGRAM_TYPES,
  scheduleBounds,
  weekdayOf,
  type ProgramSchedule,
} from "./schedule";

const weekly: ProgramSchedule = { kind: "weekly", days: [1, 3, 5], startDate: "2026-11-02", endDate: "2026-11-27" };
const dates: ProgramSchedule = { kind: "dates", dates: ["2026-12-12", "2026-11-28"] };

describe("programs: schedule", () => {
  it("knows the weekday of a date, whatever the machine's time zone", () => {
    expect(weekdayOf("2026-11-22")).toBe(0); // Sunday
    expect(weekdayOf("2026-11-23")).toBe(1); // Monday
    expect(weekdayOf("2026-11-28")).toBe(6); // Saturday
  });

  it("meets on the chosen weekdays between the start and end dates, both included", () => {
    expect(occursOn({ schedule: weekly }, "2026-11-02")).toBe(true); // Monday, first day
    expect(occursOn({ schedule: weekly }, "2026-11-04")).toBe(true); // Wednesday
    expect(occursOn({ schedule: weekly }, "2026-11-03")).toBe(false); // Tuesday
    expect(occursOn({ schedule: weekly }, "2026-11-27")).toBe(true); // Friday, last day
    expect(occursOn({ schedule: weekly }, "2026-11-30")).toBe(false); // Monday after the end
    expect(occursOn({ schedule: weekly }, "2026-10-26")).toBe(false); // Monday before the start
  });

  it("meets on listed dates only, and never on a malformed date", () => {
    expect(occursOn({ schedule: dates }, "2026-11-28")).toBe(true);
    expect(occursOn({ schedule: dates }, "2026-12-05")).toBe(false);
    expect(occursOn({ schedule: weekly }, "2026-11-4")).toBe(false);
  });

  it("gives a schedule's first and last day", () => {
    expect(scheduleBounds(weekly)).toEqual({ startDate: "2026-11-02", endDate: "2026-11-27" });
    expect(scheduleBounds(dates)).toEqual({ startDate: "2026-11-28", endDate: "2026-12-12" });
  });

  it("formats program times as h:mm A", () => {
    expect(formatTime("13:05")).toBe("1:05 PM");
    expect(formatTime("09:30")).toBe("9:30 AM");
    expect(formatTime("00:00")).toBe("12:00 AM");
    expect(formatTime("12:00")).toBe("12:00 PM");
    expect(formatTime("23:59")).toBe("11:59 PM");
  });

  it("checks dates and adds days", () => {
    expect(isIsoDate("2028-02-29")).toBe(true);
    expect(isIsoDate("2026-02-29")).toBe(false);
    expect(isIsoDate("2026-11-23T00:00")).toBe(false);
    expect(addDays("2026-12-30", 3)).toBe("2027-01-02");
    expect(addDays("2026-03-01", -1)).toBe("2026-02-28");
  });

  it("has one Radix colour per type", () => {
    expect(Object.keys(PROGRAM_TYPE_COLORS).sort()).toEqual([...PROGRAM_TYPES].sort());
    expect(PROGRAM_TYPE_COLORS).toEqual({ event: "blue", dropin: "green", partner: "orange", registered: "plum" });
  });
});
