import dayjs from "dayjs";
import timezone from "dayjs/plugin/timezone";
import utc from "dayjs/plugin/utc";
import { describe, expect, it } from "vitest";
import {
  canonicalTimeZone,
  dayBoundsIn,
  DEFAULT_TIME_ZONE,
  isTimeZone,
  NORTH_AMERICAN_TIME_ZONES,
  startOfDayIn,
  timeZoneLabel,
  timeZoneOf,
  timeZoneOptions,
  todayIn,
  instantOfWallTime,
  wallTimeOf,
} from "./time-zone";

dayjs.extend(utc);
dayjs.extend(timezone);

describe("organization time zone: names", () => {
  it("knows IANA names in any case, stores them in their listed spelling, and refuses the rest", () => {
    expect(DEFAULT_TIME_ZONE).toBe("America/Toronto");
    expect(canonicalTimeZone("America/Vancouver")).toBe("America/Vancouver");
    expect(canonicalTimeZone(" america/vancouver ")).toBe("America/Vancouver");
    expect(canonicalTimeZone("America/Atikokan")).toBe("America/Atikokan");
    expect(canonicalTimeZone("US/Pacific")).toBe("America/Los_Angeles");
    expect(canonicalTimeZone("UTC")).toBe("UTC");
    for (const bad of ["Mars/Olympus", "Toronto", "+05:00", "-0800", "", " ", "America/Vancouver; drop", "a".repeat(80), 5, null, undefined]) {
      expect(isTimeZone(bad), String(bad)).toBe(false);
    }
  });

  it("reads a missing or unknown stored zone as the default", () => {
    expect(timeZoneOf(undefined)).toBe("America/Toronto");
    expect(timeZoneOf({})).toBe("America/Toronto");
    expect(timeZoneOf({ time_zone: "Mars/Olympus" })).toBe("America/Toronto");
    expect(timeZoneOf({ time_zone: "America/Vancouver" })).toBe("America/Vancouver");
  });

  it("lists Canada and the United States first, then every other zone by name, keeping the current one", () => {
    const options = timeZoneOptions("America/Toronto", ["Europe/London", "America/Vancouver", "Asia/Tokyo", "America/Toronto", "UTC"]);
    const northAmerican = options.filter((o) => o.group === "Canada and the United States").map((o) => o.value);
    expect(northAmerican).toEqual([...NORTH_AMERICAN_TIME_ZONES]);
    expect(options.slice(northAmerican.length).map((o) => o.value)).toEqual(["Asia/Tokyo", "Europe/London", "UTC"]);
    expect(timeZoneOptions("Asia/Calcutta", ["Asia/Kolkata"]).filter((o) => o.group === "Other time zones").map((o) => o.value)).toEqual(["Asia/Calcutta", "Asia/Kolkata"]);
    for (const zone of NORTH_AMERICAN_TIME_ZONES) expect(isTimeZone(zone), zone).toBe(true);
  });

  it("labels a zone with its offset at the moment", () => {
    expect(timeZoneLabel("America/Vancouver", new Date("2026-11-24T06:30:00.000Z"))).toBe("America/Vancouver (UTC-08:00)");
    expect(timeZoneLabel("America/Vancouver", new Date("2026-07-01T12:00:00.000Z"))).toBe("America/Vancouver (UTC-07:00)");
    expect(timeZoneLabel("America/St_Johns", new Date("2026-11-24T06:30:00.000Z"))).toBe("America/St Johns (UTC-03:30)");
    expect(timeZoneLabel("UTC")).toBe("UTC (UTC+00:00)");
  });
});

describe("organization time zone: days", () => {
  it("takes today in the zone: around midnight UTC Vancouver is still on the day before Toronto", () => {
    const late = new Date("2026-11-24T06:30:00.000Z"); // 01:30 on the 24th in Toronto, 22:30 on the 23rd in Vancouver
    expect(todayIn("America/Toronto", late)).toBe("2026-11-24");
    expect(todayIn("America/Vancouver", late)).toBe("2026-11-23");
    expect(todayIn("UTC", late)).toBe("2026-11-24");
    expect(todayIn("America/Toronto", new Date("2026-07-01T03:59:00.000Z"))).toBe("2026-06-30"); // EDT
  });

  it("bounds the day from one local midnight to the next", () => {
    const late = new Date("2026-11-24T06:30:00.000Z");
    expect(dayBoundsIn("America/Toronto", late)).toEqual({ start: "2026-11-24T05:00:00.000Z", end: "2026-11-25T05:00:00.000Z" });
    expect(dayBoundsIn("America/Vancouver", late)).toEqual({ start: "2026-11-23T08:00:00.000Z", end: "2026-11-24T08:00:00.000Z" });
    expect(dayBoundsIn("Asia/Kolkata", late)).toEqual({ start: "2026-11-23T18:30:00.000Z", end: "2026-11-24T18:30:00.000Z" });
  });

  it("makes the days the clocks change 23 and 25 hours long", () => {
    // Sydney leaves summer time at 03:00 on 2026-04-05: that day starts at 00:00 AEDT (+11)
    expect(dayBoundsIn("Australia/Sydney", new Date("2026-04-05T12:00:00.000Z")).start).toBe("2026-04-04T13:00:00.000Z");
    // 2026-03-08 and 2026-11-01: DST starts and ends in Canada and the United States
    expect(dayBoundsIn("America/Vancouver", new Date("2026-03-08T20:00:00.000Z"))).toEqual({ start: "2026-03-08T08:00:00.000Z", end: "2026-03-09T07:00:00.000Z" });
    expect(dayBoundsIn("America/Vancouver", new Date("2026-11-01T20:00:00.000Z"))).toEqual({ start: "2026-11-01T07:00:00.000Z", end: "2026-11-02T08:00:00.000Z" });
    expect(dayBoundsIn("America/Toronto", new Date("2026-03-08T04:59:00.000Z"))).toEqual({ start: "2026-03-07T05:00:00.000Z", end: "2026-03-08T05:00:00.000Z" });
    expect(dayBoundsIn("America/Toronto", new Date("2026-03-08T05:00:00.000Z"))).toEqual({ start: "2026-03-08T05:00:00.000Z", end: "2026-03-09T04:00:00.000Z" });
    expect(todayIn("America/Toronto", new Date("2026-11-01T05:30:00.000Z"))).toBe("2026-11-01"); // 01:30 EDT, before the change back
    expect(todayIn("America/Vancouver", new Date("2026-11-01T07:30:00.000Z"))).toBe("2026-11-01");
  });

  it("starts a day whose midnight the clocks skip at the first instant it has", () => {
    // Santiago moves its clocks from 00:00 to 01:00 on 2026-09-06: the day starts at 01:00 local (04:00Z)
    expect(startOfDayIn("America/Santiago", "2026-09-06").toISOString()).toBe("2026-09-06T04:00:00.000Z");
    expect(todayIn("America/Santiago", startOfDayIn("America/Santiago", "2026-09-06"))).toBe("2026-09-06");
    expect(todayIn("America/Santiago", new Date(startOfDayIn("America/Santiago", "2026-09-06").getTime() - 1))).toBe("2026-09-05");
  });

  it("agrees with dayjs's day and bounds it by local midnights every 5 h 13 min through a year, across DST changes, in five zones", () => {
    const zones = ["America/Toronto", "America/Vancouver", "Europe/London", "Australia/Sydney", "Asia/Kolkata"];
    for (let t = Date.UTC(2026, 0, 1); t < Date.UTC(2027, 0, 1); t += 5 * 3600_000 + 13 * 60_000) {
      for (const zone of zones) {
        const local = dayjs(t).tz(zone);
        expect(todayIn(zone, new Date(t))).toBe(local.format("YYYY-MM-DD"));
        const bounds = dayBoundsIn(zone, new Date(t));
        // local midnight (dayjs's startOf("day") is an hour off on some days the clocks change: not the reference here)
        expect(new Intl.DateTimeFormat("en-GB", { timeZone: zone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(bounds.start))).toBe("00:00");
        expect(todayIn(zone, new Date(Date.parse(bounds.start) - 1))).not.toBe(local.format("YYYY-MM-DD"));
        expect(Date.parse(bounds.start) <= t && t < Date.parse(bounds.end)).toBe(true);
        expect(todayIn(zone, new Date(Date.parse(bounds.end) - 1))).toBe(local.format("YYYY-MM-DD"));
        expect(todayIn(zone, new Date(bounds.end))).not.toBe(local.format("YYYY-MM-DD"));
      }
    }
  }, 60_000); // ~8,400 comparisons with dayjs-tz: seconds on a quiet machine, more beside other test files
});

describe("organization time zone: wall-clock times (the event form's date-times)", () => {
  it("reads a datetime-local value in the zone and shows an instant back the same way, across the year", () => {
    expect(instantOfWallTime("America/Toronto", "2026-12-05T10:00")?.toISOString()).toBe("2026-12-05T15:00:00.000Z");
    expect(instantOfWallTime("America/Toronto", "2026-07-05T10:00")?.toISOString()).toBe("2026-07-05T14:00:00.000Z");
    expect(instantOfWallTime("America/Vancouver", "2026-12-31T23:30")?.toISOString()).toBe("2027-01-01T07:30:00.000Z");
    for (const zone of ["America/Toronto", "America/Vancouver", "America/St_Johns", "UTC"]) {
      for (let day = 0; day < 365; day += 7) {
        const wall = new Date(Date.UTC(2026, 0, 1 + day, 9, 45)).toISOString().slice(0, 16);
        const instant = instantOfWallTime(zone, wall)!;
        expect(wallTimeOf(zone, instant), `${zone} ${wall}`).toBe(wall);
        expect(instant.toISOString()).toBe(dayjs.tz(wall, zone).toISOString());
      }
    }
  });

  it("takes the time after a spring-forward gap and the first of a fall-back overlap; refuses what is not a wall time", () => {
    // Toronto, 2026-03-08 02:30 does not exist: the clocks read 03:30 an hour after 01:30
    expect(wallTimeOf("America/Toronto", instantOfWallTime("America/Toronto", "2026-03-08T02:30")!)).toBe("2026-03-08T03:30");
    // 2026-11-01 01:30 happens twice: the first is in daylight time (UTC-4)
    expect(instantOfWallTime("America/Toronto", "2026-11-01T01:30")?.toISOString()).toBe("2026-11-01T05:30:00.000Z");
    for (const bad of ["", "2026-02-30T10:00", "2026-12-05 10:00", "2026-12-05T25:00", "2026-12-05T10:00Z", "tomorrow"]) {
      expect(instantOfWallTime("America/Toronto", bad), bad).toBeNull();
    }
  });
});
