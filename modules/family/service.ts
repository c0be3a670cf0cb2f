import { applyFieldPolicy, fieldRoleOfAuth, isMemberLevel, PERMISSIONS, roleFlags, type Auth, type Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { dayBoundsIn, startOfDayIn, timeZoneOf, todayIn } from "../organizations";
import { newWaiverLink } from "../participants";
import { visitsOfParticipants, type FamilyVisit } from "../../projections/check-in";
import { ownActiveParticipants, participantById } from "../../projections/participants";
import { programsForParticipantOn } from "../../projections/programs";
import { dailyScreenings } from "../../projections/screening";

/** How many of a child's visits of the month the card lists (the count is of all of them). */
export const RECENT_VISITS = 5;

/** One visit of the month on a child's card: when it began and ended (no pick-up details: today's card says those). */
export type MonthVisit = { id: string; check_in_time: string; check_out_time: string | null };

const childNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** The family's own participants: the parent's children (every child they are a guardian of, decision 064), or the member themselves (and any child linked to them). */
async function familyOf(services: Services, auth: Auth) {
  const people = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  // the scope, said again: nobody who is not this user nor their child, whatever the query gives back
  const own = people.filter((p) => p.guardian_ids.includes(auth.user.id) || p.user_id === auth.user.id);
  const rows = await Promise.all(own.map((p) => participantById(services.db, auth.organization.id, p.id)));
  return rows.flatMap((row, i) => (row ? [{ ...row, guardian_ids: own[i]!.guardian_ids }] : []));
}

/** The day's visit of a child: the latest that began today, from the month's visits (newest first). */
const todayVisitOf = (visits: readonly FamilyVisit[], dayStart: string) => visits.find((v) => Date.parse(v.check_in_time) >= Date.parse(dayStart));

/**
 * The parents' home (docs/decisions/040): for a signed-in parent, one card per child; for a member,
 * their own card. Each card: today's state (checked in, with the programs they are registered to
 * today; checked out, with who collected them), whether the waiver is still to sign, whether today's
 * screening is still to fill (the organization has daily screening on), and this month's visits
 * (count and the latest few). Times are instants; the page shows them in `timeZone`. Staff and the
 * kiosk get null (their home is the account card). Each person goes through the field policy.
 */
export async function familyHomeOf(services: Services, auth: Auth) {
  if (!isMemberLevel(auth.subject.level)) return null;
  const timeZone = timeZoneOf(auth.organization.settings);
  const now = services.clock.now();
  const today = todayIn(timeZone, now);
  const day = dayBoundsIn(timeZone, now);
  const month = { start: startOfDayIn(timeZone, `${today.slice(0, 7)}-01`).toISOString(), end: day.end };
  const screeningOn = auth.organization.settings.is_daily_screening_form === true;
  const children = await familyOf(services, auth);
  const ids = children.map((c) => c.id);
  const [visits, screenings, programs] = await Promise.all([
    visitsOfParticipants(services.db, auth.organization.id, ids, month),
    dailyScreenings(services.db, auth.organization.id, ids, today),
    Promise.all(ids.map((id) => programsForParticipantOn(services.db, auth.organization.id, id, today))),
  ]);
  const role = fieldRoleOfAuth(auth);
  const flags = roleFlags({ level: auth.user.roleLevel, roleName: auth.user.roleName });
  return {
    parent: flags.isParent,
    timeZone,
    today,
    screeningOn,
    /** 'Sign waiver' is offered with CAN_SIGN_WAIVER_FOR_PARTICIPANT (the default Parents group has it) */
    canSignWaiver: auth.user.permissionIds.includes(PERMISSIONS.CAN_SIGN_WAIVER_FOR_PARTICIPANT) && flags.isParent,
    children: children.map((child, i) => {
      const own = visits.filter((v) => v.participant_id === child.id);
      const visit = todayVisitOf(own, day.start);
      const screening = screenings.get(child.id);
      const person = applyFieldPolicy(role, {
        id: child.id,
        first_name: child.first_name,
        full_name: child.full_name,
        member_id: child.member_id,
        is_waiver_signed: child.is_waiver_signed,
        showScreening: screeningOn && !screening,
        hasfilled: screening?.status === "Filled",
        check_in_time: visit?.check_in_time ?? null,
        check_out_time: visit?.check_out_time ?? null,
        pick_up_name: visit?.check_out_time ? visit.pick_up_name : null,
        pick_up_relationship: visit?.check_out_time ? visit.pick_up_relationship : null,
        programs_and_events: programs[i]!.filter((p) => p.registered).map((p) => ({ id: p.id, name: p.name, start_label: p.start_label, end_label: p.end_label })),
      });
      const month: { count: number; recent: MonthVisit[] } = {
        count: own.length,
        recent: own.slice(0, RECENT_VISITS).map((v) => ({ id: v.id, check_in_time: v.check_in_time, check_out_time: v.check_out_time })),
      };
      return { person, month };
    }),
  };
}

export type FamilyHome = NonNullable<Awaited<ReturnType<typeof familyHomeOf>>>;

/**
 * 'Sign waiver' on the parents' home: a fresh single-use link to /sign-waiver/{id} for one of the
 * parent's own children whose waiver is not signed; anyone else's child is 404, a signed one 409.
 */
export async function familyWaiverLink(services: Services, auth: Auth, participantId: string): Promise<string> {
  if (!isMemberLevel(auth.subject.level) || !isUuid(participantId)) throw childNotFound();
  const child = (await familyOf(services, auth)).find((c) => c.id === participantId && c.guardian_ids.includes(auth.user.id));
  if (!child) throw childNotFound();
  if (child.is_waiver_signed) throw new DomainError("WAIVER_ALREADY_SIGNED", `The waiver of ${child.full_name} is signed already`, 409);
  return (await newWaiverLink(services, auth, participantId)).url;
}
