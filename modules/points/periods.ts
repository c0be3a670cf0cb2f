import { todayIn } from "../organizations";

const day = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The leaderboard's calendar periods (decision 085): the first day ('YYYY-MM-DD') of the week (Monday) and of the month holding the instant `at` in `timeZone`. */
export function periodStarts(timeZone: string, at: Date): { week: string; month: string } {
  const today = todayIn(timeZone, at);
  const d = day(today);
  const back = (d.getUTCDay() + 6) % 7;
  const monday = new Date(d.getTime() - back * 86_400_000).toISOString().slice(0, 10);
  return { week: monday, month: `${today.slice(0, 7)}-01` };
}
