import { isKiosk, type Auth, type Services } from "../identity";
import { timeZoneOf, todayIn } from "../organizations";
import { scheduleSources } from "../../projections/programs";
import { addDays, isIsoDate } from "./schedule";
import { daysOfView, scheduleEntries, scheduleWindow, type ScheduleEntry, type ScheduleView } from "./week-schedule";

export type ScheduleAnswer = {
  view: ScheduleView;
  /** the day asked for (the week around it in the week view) */
  date: string;
  today: string;
  days: string[];
  previous: string;
  next: string;
  /** program_schedule_start and _end as 'HH:mm' */
  window: { start: string; end: string };
  entries: ScheduleEntry[];
};

/**
 * The Schedule page (/programs-events, decision 048): the programs' sessions of a week or a day, in the
 * organization's time zone. `view` and `date` come from the URL; anything else falls back (the week, or
 * on the kiosk the day; today). Read only: the kiosk may see it.
 */
export async function scheduleOf(services: Pick<Services, "db">, auth: Auth, asked: { view?: string | null; date?: string | null }, now = new Date()): Promise<ScheduleAnswer> {
  const today = todayIn(timeZoneOf(auth.organization.settings), now);
  const view: ScheduleView = asked.view === "day" || asked.view === "week" ? asked.view : isKiosk(auth.user.roleLevel) ? "day" : "week";
  const date = isIsoDate(asked.date) ? asked.date : today;
  const days = daysOfView(view, date);
  const sources = await scheduleSources(services.db, auth.organization.id, days[0]!, days[days.length - 1]!);
  const program = auth.organization.settings.features.program;
  const step = view === "day" ? 1 : 7;
  return {
    view,
    date,
    today,
    days,
    previous: addDays(date, -step),
    next: addDays(date, step),
    window: scheduleWindow(program.program_schedule_start, program.program_schedule_end),
    entries: scheduleEntries(sources, days),
  };
}
