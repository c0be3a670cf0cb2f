import { describe, expect, it } from "vitest";
import { daysOfView, eventEntries, scheduleEntries, type ScheduledProgram } from "./week-schedule";

const legacy = { kind: "weekly" as const, days: [], dates: [], start_date: "2026-09-01", end_date: "2027-06-30", start_time: "15:30", end_time: "17:00" };
const builder = (over: Partial<ScheduledProgram> = {}): ScheduledProgram => ({
  id: "p1",
  name: "Homework Club",
  type: "registered",
  location: "Room 4",
  archived_on: null,
  plans: [{ from: "2026-09-01", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 2, startTime: "15:30", endTime: "17:00" }] }],
  legacy,
  registered_count: 12,
  ...over,
});

describe("the schedule's days and sessions (decision 048)", () => {
  it("shows a week Sunday first around any of its days, and a day alone", () => {
    expect(daysOfView("week", "2026-11-26")).toEqual(["2026-11-22", "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28"]);
    expect(daysOfView("week", "2026-11-22")[0]).toBe("2026-11-22");
    expect(daysOfView("day", "2026-11-26")).toEqual(["2026-11-26"]);
  });

  it("lists a builder program's sessions by the schedule version of each day: an edit changes later weeks only", () => {
    const edited = builder({
      plans: [
        { from: "2026-09-01", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 2, startTime: "15:30", endTime: "17:00" }] },
        { from: "2026-11-25", cycleStart: "2026-09-01", cycleEnd: "2027-06-30", sessions: [{ day: 4, startTime: "16:00", endTime: "18:00" }] },
      ],
    });
    const week = scheduleEntries([edited], daysOfView("week", "2026-11-26"));
    expect(week.map((e) => [e.date, e.start_time, e.start_label, e.end_label])).toEqual([
      ["2026-11-24", "15:30", "3:30 PM", "5:00 PM"],
      ["2026-11-26", "16:00", "4:00 PM", "6:00 PM"],
    ]);
  });

  it("ends an archived program's sessions on the day it was archived", () => {
    const archived = builder({ archived_on: "2026-11-20" });
    expect(scheduleEntries([archived], daysOfView("week", "2026-11-18"))).toHaveLength(1);
    expect(scheduleEntries([archived], daysOfView("week", "2026-11-26"))).toEqual([]);
  });

  it("lists a decision-009 program by its weekdays or its dates, and sorts the day by time then name", () => {
    const weekly = builder({ id: "p2", name: "After School Club", plans: [], legacy: { ...legacy, days: [4] } });
    const dated = builder({ id: "p3", name: "Museum Trip", type: "event", plans: [], legacy: { ...legacy, kind: "dates", dates: ["2026-11-26"], start_time: "09:00", end_time: "15:00" } });
    const clash = builder({ id: "p4", name: "Art Club", plans: [], legacy: { ...legacy, days: [4] } });
    const day = scheduleEntries([weekly, dated, clash], ["2026-11-26"]);
    expect(day.map((e) => e.name)).toEqual(["Museum Trip", "After School Club", "Art Club"]);
    expect(day[0]).toMatchObject({ type: "event", location: "Room 4", registered_count: 12 });
  });

  it("gives nothing for days that are not dates", () => {
    expect(scheduleEntries([builder()], ["tuesday"])).toEqual([]);
  });

  it("puts an event on each day it touches: its start on the first, its end on the last, the whole day between", () => {
    // the organization's wall clock here is UTC, to keep the figures plain
    const local = (iso: string) => ({ date: iso.slice(0, 10), time: iso.slice(11, 16) });
    const camp = { id: "e1", name: "Winter Camp", start_date: "2026-11-24T09:00:00.000Z", end_date: "2026-11-26T15:30:00.000Z", location: "", registered_count: 8 };
    const week = eventEntries([camp], daysOfView("week", "2026-11-26"), local);
    expect(week.map((e) => [e.date, e.start_label, e.end_label])).toEqual([
      ["2026-11-24", "9:00 AM", "11:59 PM"],
      ["2026-11-25", "12:00 AM", "11:59 PM"],
      ["2026-11-26", "12:00 AM", "3:30 PM"],
    ]);
    expect(week[0]).toMatchObject({ kind: "event", type: "event", location: null, takes_attendance: false, registered_count: 8 });
    expect(eventEntries([camp], ["2026-11-27"], local)).toEqual([]);
  });
});
