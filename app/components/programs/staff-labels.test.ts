import { describe, expect, it } from "vitest";
import { coachesLabel, mdy, sessionsLabel } from "./staff-labels";

describe("the staff pages' labels (decision 053)", () => {
  it("groups the days that meet at the same time, in the order of their first day", () => {
    const at = (week_day: number, start_time: string, end_time: string) => ({ week_day, start_time, end_time });
    expect(sessionsLabel({ sessions: [at(2, "16:00", "17:30"), at(4, "16:00", "17:30")], dated: null })).toBe("Tue, Thu 4:00 PM – 5:30 PM");
    expect(sessionsLabel({ sessions: [at(1, "15:30", "17:00"), at(3, "18:00", "19:00"), at(5, "15:30", "17:00")], dated: null })).toBe(
      "Mon, Fri 3:30 PM – 5:00 PM; Wed 6:00 PM – 7:00 PM"
    );
    expect(sessionsLabel({ sessions: [], dated: { count: 3, start_time: "09:30", end_time: "14:00" } })).toBe("3 set dates, 9:30 AM – 2:00 PM");
    expect(sessionsLabel({ sessions: [], dated: { count: 1, start_time: "09:30", end_time: "14:00" } })).toBe("1 set date, 9:30 AM – 2:00 PM");
    expect(sessionsLabel({ sessions: [], dated: null })).toBe("No weekly sessions");
  });

  it("names the coaches, or says there is none", () => {
    expect(coachesLabel([])).toBe("No coach assigned");
    expect(coachesLabel(["Carla Northside"])).toBe("Coach: Carla Northside");
    expect(coachesLabel(["A B", "C D"])).toBe("Coaches: A B, C D");
  });

  it("writes a day MM/DD/YYYY", () => {
    expect(mdy("2026-12-05")).toBe("12/05/2026");
    expect(mdy("not a day")).toBe("not a day");
  });
});
