import { isKiosk, PERMISSIONS, type Auth, type Services } from "../identity";
import { DomainError } from "../kernel";
import { sessionRosterCall } from "./attendance-reads";
import { startOfDayIn, timeZoneOf, todayIn } from "../organizations";
import { eventsBetween } from "../../projections/appointments";
import { scheduleSources } from "../../projections/programs";
import { addDays, isIsoDate } from "./schedule";
import { byDayAndTime, daysOfView, eventEntries, scheduleEntries, scheduleWindow, type ScheduleEntry, type ScheduleView } from "./week-schedule";

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
  /** staff with 'take attendance' (never the kiosk): the sessions up to today offer it */
  canTakeAttendance: boolean;
  /** the session whose attendance is open (?program=&start= on the day view), or why it cannot be */
  attendance: AttendancePanel | null;
};

export type RosterEntry = Awaited<ReturnType<typeof sessionRosterCall>>["data"][number];
export type AttendancePanel =
  | { program_id: string; name: string; date: string; start_time: string; start_label: string; end_label: string; roster: RosterEntry[]; error: null }
  | { program_id: string; date: string; start_time: string; error: string };

/**
 * The Schedule page (/programs-events, decision 048): the programs' sessions of a week or a day, in the
 * organization's time zone. `view` and `date` come from the URL; anything else falls back (the week, or
 * on the kiosk the day; today). Read only: the kiosk may see it.
 */
export async function scheduleOf(services: Services, auth: Auth, asked: { view?: string | null; date?: string | null; program?: string | null; start?: string | null }, now = new Date()): Promise<ScheduleAnswer> {
  const today = todayIn(timeZoneOf(auth.organization.settings), now);
  const view: ScheduleView = asked.view === "day" || asked.view === "week" ? asked.view : isKiosk(auth.user.roleLevel) ? "day" : "week";
  const date = isIsoDate(asked.date) ? asked.date : today;
  const days = daysOfView(view, date);
  const timeZone = timeZoneOf(auth.organization.settings);
  const [sources, events] = await Promise.all([
    scheduleSources(services.db, auth.organization.id, days[0]!, days[days.length - 1]!),
    eventsBetween(services.db, auth.organization.id, startOfDayIn(timeZone, days[0]!), startOfDayIn(timeZone, addDays(days[days.length - 1]!, 1))),
  ]);
  const program = auth.organization.settings.features.program;
  const step = view === "day" ? 1 : 7;
  const entries = [...scheduleEntries(sources, days), ...eventEntries(events, days, localIn(timeZone))].sort(byDayAndTime);
  const canTakeAttendance = !isKiosk(auth.user.roleLevel) && auth.user.permissionIds.includes(PERMISSIONS.CAN_TAKE_ATTENDANCE);
  return {
    view,
    date,
    today,
    days,
    previous: addDays(date, -step),
    next: addDays(date, step),
    window: scheduleWindow(program.program_schedule_start, program.program_schedule_end),
    entries,
    canTakeAttendance,
    attendance: canTakeAttendance && asked.program && asked.start ? await attendanceOf(services, auth, entries, date, asked.program, asked.start) : null,
  };
}

/** An instant as the organization's day and wall-clock time ('YYYY-MM-DD', 'HH:mm'). */
function localIn(timeZone: string) {
  const format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
  return (iso: string) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
    return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
  };
}

/** The roster of one session of the day (decision 046), with its program's name and times; a refusal's message instead. */
async function attendanceOf(services: Services, auth: Auth, entries: readonly ScheduleEntry[], date: string, programId: string, start: string): Promise<AttendancePanel> {
  const entry = entries.find((e) => e.program_id === programId && e.date === date && e.start_time === start);
  try {
    const { data } = await sessionRosterCall(services, auth, programId, { date, start });
    if (!entry) return { program_id: programId, date, start_time: start, error: "This session is not on the schedule of this day." };
    return { program_id: programId, name: entry.name, date, start_time: start, start_label: entry.start_label, end_label: entry.end_label, roster: data, error: null };
  } catch (error) {
    if (error instanceof DomainError) return { program_id: programId, date, start_time: start, error: error.message };
    throw error;
  }
}
