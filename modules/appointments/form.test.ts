import { describe, expect, it } from "vitest";
import { eventBodyOfForm, eventFormSchema } from "./form";

const ok = { name: "Museum Trip", start: "2026-12-05T09:00", end: "2026-12-05T15:30", capacity: 20, location: "ROM", points: 5, coach_ids: ["c1"] };

describe("the event form's schema (decision 056)", () => {
  it("reads the wall-clock start and end in the organization's zone as instants", () => {
    const parsed = eventBodyOfForm(eventFormSchema("America/Toronto").parse(ok));
    expect(parsed.start_date).toBe("2026-12-05T14:00:00.000Z");
    expect(parsed.end_date).toBe("2026-12-05T20:30:00.000Z");
    expect(eventFormSchema("America/Vancouver").parse(ok).start).toBe("2026-12-05T17:00:00.000Z");
    expect(parsed).toMatchObject({ name: "Museum Trip", capacity: 20, location: "ROM", points: 5, coach_ids: ["c1"], description: "" });
    expect(eventFormSchema("UTC").parse({ name: "x", start: "2026-12-05T09:00", end: "2026-12-06T09:00" })).toMatchObject({ capacity: null, points: 0, coach_ids: [] });
  });

  it("names the field of every mistake: a missing name, an end before the start, a bad date, a capacity below the registered, an unknown coach", () => {
    const issues = (value: unknown, rules = {}) => {
      const r = eventFormSchema("America/Toronto", rules).safeParse(value);
      return r.success ? [] : r.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
    };
    expect(issues({ ...ok, name: " " })).toContain("name: Name is required");
    expect(issues({ ...ok, end: "2026-12-05T08:00" })).toContain("end: End Date must be after Start Date");
    expect(issues({ ...ok, start: "2026-02-30T09:00" })).toContain("start: Start Date must be a date and time");
    expect(issues({ ...ok, start: undefined })).toContain("start: Start Date is required");
    expect(issues({ ...ok, capacity: 0 })[0]).toMatch(/^capacity: Capacity must be a whole number/);
    expect(issues(ok, { registeredCount: 25 })).toContain("capacity: Capacity cannot be below the 25 participants registered");
    expect(issues(ok, { staffIds: ["c2"] })).toContain("coach_ids: Coaches: c1 is not a staff member of this organization");
    expect(issues({ ...ok, end: "2027-02-05T08:00" })[0]).toMatch(/^end: An event lasts at most 31 days/);
  });
});
