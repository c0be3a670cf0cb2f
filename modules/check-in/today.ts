import { PERMISSIONS, roleFlags, type Auth, type Services } from "../identity";
import { dayBoundsIn, timeZoneOf, todayIn } from "../organizations";
import { boardForDay } from "../../projections/check-in";
import { activeFlagsOf } from "../../projections/flags";
import { programsWithMembersOn } from "../../projections/programs";
import { filledParticipantIds } from "../../projections/screening";

/** One program meeting today, with how many of its registered members came. */
export type ProgramToday = { id: string; name: string; start_label: string; end_label: string; registered: number; arrived: number };

/** Home's figures for staff (decision 097): the organization's day at a glance, counts only (no one's details). */
export type StaffToday = {
  day: string;
  inNow: number;
  visitsToday: number;
  expected: number;
  expectedArrived: number;
  programs: ProgramToday[];
  stopFlags: number;
  warnFlags: number;
  flaggedInNow: number;
  /** null when the organization does not ask for the daily screening */
  unscreenedInNow: number | null;
};

/** Who sees today's figures on Home: staff who may see or use the check-in list (not the kiosk: it goes to /check-in). */
export function seesStaffToday(auth: Auth): boolean {
  const flags = roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName });
  if (flags.isKiosk) return false;
  const has = (p: string) => auth.user.permissionIds.includes(p);
  return has(PERMISSIONS.CAN_VIEW_CHECK_IN_MEMBERS) || has(PERMISSIONS.CAN_CHECK_IN_OUT_MEMBERS);
}

/**
 * The organization's day so far (its time zone): members in now and visits today, members expected today (the
 * registered members of the programs meeting today) and how many of them came, active stop and warn flags and
 * how many flagged members are in now, and members in now without today's screening where the screening is asked.
 */
export async function staffTodayOf(services: Services, auth: Auth, now = new Date()): Promise<StaffToday> {
  const organizationId = auth.organization.id;
  const timeZone = timeZoneOf(auth.organization.settings);
  const day = todayIn(timeZone, now);
  const bounds = dayBoundsIn(timeZone, now);
  const screeningAsked = auth.organization.settings.is_daily_screening_form === true;
  const [visits, programs, flags, screened] = await Promise.all([
    boardForDay(services.db, organizationId, { ...bounds }),
    programsWithMembersOn(services.db, organizationId, day),
    activeFlagsOf(services.db, organizationId),
    screeningAsked ? filledParticipantIds(services.db, organizationId, day) : Promise.resolve(null),
  ]);
  const cameToday = new Set(visits.map((v) => v.participant_id));
  const inNow = new Set(visits.filter((v) => !v.check_out_time).map((v) => v.participant_id));
  const expected = new Set(programs.flatMap((p) => p.participant_ids));
  const screenedToday = screened ? new Set(screened) : null;
  return {
    day,
    inNow: inNow.size,
    visitsToday: visits.length,
    expected: expected.size,
    expectedArrived: [...expected].filter((id) => cameToday.has(id)).length,
    programs: programs.map((p) => ({
      id: p.id,
      name: p.name,
      start_label: p.start_label,
      end_label: p.end_label,
      registered: p.participant_ids.length,
      arrived: p.participant_ids.filter((id) => cameToday.has(id)).length,
    })),
    stopFlags: flags.filter((f) => f.stop).length,
    warnFlags: flags.filter((f) => f.warn).length,
    flaggedInNow: flags.filter((f) => inNow.has(f.participant_id)).length,
    unscreenedInNow: screenedToday ? [...inNow].filter((id) => !screenedToday.has(id)).length : null,
  };
}
