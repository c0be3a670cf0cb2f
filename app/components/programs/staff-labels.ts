import type { StaffProgram } from "#modules/programs";
import { formatTime, WEEKDAY_NAMES } from "#modules/programs/client";

/** 'YYYY-MM-DD' as MM/DD/YYYY (spec-1 section 9). */
export const mdy = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}` : date);

/** 'Tue, Thu 5:00 PM – 6:30 PM; Sat 10:00 AM – 12:00 PM', or '3 set dates, 9:00 AM – 3:00 PM' */
export const sessionsLabel = ({ sessions, dated }: Pick<StaffProgram, "sessions" | "dated">) => {
  if (sessions.length) {
    // the days that meet at the same time together: 'Mon, Wed 3:30 PM – 5:00 PM', in the order of their first day
    const byTime = new Map<string, string[]>();
    for (const s of sessions) {
      const time = `${formatTime(s.start_time)} – ${formatTime(s.end_time)}`;
      byTime.set(time, [...(byTime.get(time) ?? []), (WEEKDAY_NAMES[s.week_day] ?? String(s.week_day)).slice(0, 3)]);
    }
    return [...byTime].map(([time, days]) => `${days.join(", ")} ${time}`).join("; ");
  }
  if (dated) return `${dated.count === 1 ? "1 set date" : `${dated.count} set dates`}, ${formatTime(dated.start_time)} – ${formatTime(dated.end_time)}`;
  return "No weekly sessions";
};

export const coachesLabel = (coaches: string[]) => (coaches.length === 0 ? "No coach assigned" : `${coaches.length === 1 ? "Coach" : "Coaches"}: ${coaches.join(", ")}`);
