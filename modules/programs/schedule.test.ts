import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import {
  addDays,
  formatTime,
  isIsoDate,
  occursOn,
  PROGRAM_TYPE_COLORS,
  PROGRAM_TYPES,
  scheduleBounds,
  todayIn,
  weekdayOf,
  DEFAULT_TIME_ZONE,
  type ProgramSchedule,
} from "./schedule";

dayjs.extend(utc);
dayjs.extend(timezone);

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

  it("takes today in a time zone, Toronto by default", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/Toronto");
    const lateEvening = new Date("2026-11-24T03:30:00.000Z"); // 22:30 on the 23rd in Toronto (EST)
    expect(todayIn(DEFAULT_TIME_ZONE, lateEvening)).toBe("2026-11-23");
    expect(todayIn("UTC", lateEvening)).toBe("2026-11-24");
    expect(todayIn(DEFAULT_TIME_ZONE, new Date("2026-07-01T03:59:00.000Z"))).toBe("2026-06-30"); // EDT
  });

  it("takes the same day as dayjs's tz() every 5 h 13 min through a year, across DST changes, in five zones", () => {
    const zones = ["America/Toronto", "America/Vancouver", "Europe/London", "Australia/Sydney", "Asia/Kolkata"];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 5 * 3600_000 + 13 * 60_000) {
      for (const zone of zones) expect(todayIn(zone, new Date(t))).toBe(dayjs(t).tz(zone).format("YYYY-MM-DD"));
    }
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
