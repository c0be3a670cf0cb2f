import { applyFieldPolicy, commandMetadataOf, fieldRoleOfAuth, isMemberLevel, isStaff, type Auth, type Services } from "../identity";
import { DomainError, isUuid, type CommandMetadata } from "../kernel";
import { timeZoneOf } from "../organizations";
import { activeFlags } from "../../projections/flags";
import { ownActiveParticipants, participantsByIds } from "../../projections/participants";
import { waitForProjection } from "../../projections/runner";
import { dailyScreenings, notScreenedOn } from "../../projections/screening";
import { participantIdSchema, type DailyScreeningBody, type DailyScreeningQuery, type FlagScreeningBody, type ScreeningActor, type UserDailyScreeningBody } from "./commands";
import { SCREENING_TEXT } from "./form";
import { ensureScreeningFlag, screeningDay, submitScreening } from "./handlers";

export const screeningActorOf = (auth: Auth): ScreeningActor => ({ userId: auth.user.id, level: auth.subject.level, roleName: auth.subject.roleName });

/** The command's metadata; `suffix` tells apart the commands of one request (the multi-user form's entries). */
export function screeningMetadataOf(auth: Auth, request: Request, suffix?: string): CommandMetadata & { organizationId: string } {
  const metadata = commandMetadataOf(auth, request);
  return suffix ? { ...metadata, commandId: `${metadata.commandId}:${suffix}` } : metadata;
}

const notFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

type Person = { id: string; name: string; guardian_ids: string[]; user_id: string | null };

/** The participants a level-1 user screens: themselves (their own participant profile) and their children. */
async function ownParticipants(services: Services, auth: Auth): Promise<Person[]> {
  if (!isMemberLevel(auth.subject.level)) return [];
  const rows = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  return rows.map((r) => ({ id: r.id, name: r.full_name, guardian_ids: r.guardian_ids, user_id: r.user_id }));
}

/** These participants, each in the user's organization and, for a participant or parent, their own or their child; else 404. */
async function visibleParticipants(services: Services, auth: Auth, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  // a malformed id finds nobody (the column is a uuid): 404, never a database error
  if (!ids.every(isUuid)) throw notFound();
  const rows = await participantsByIds(services.db, auth.organization.id, ids);
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.full_name, guardian_ids: r.guardian_ids, user_id: r.user_id }]));
  return ids.map((id) => {
    const person = byId.get(id);
    if (!person) throw notFound();
    if (isMemberLevel(auth.subject.level) && person.user_id !== auth.user.id && !person.guardian_ids.includes(auth.user.id)) throw notFound();
    return person;
  });
}

/** Per participant: showScreening (screening on and today neither filled nor declined), isFlagged (an active stop flag). */
async function statesOf(services: Services, auth: Auth, people: readonly Person[]) {
  const on = auth.organization.settings.is_daily_screening_form === true;
  const day = screeningDay(services.clock.now(), timeZoneOf(auth.organization.settings));
  const screenings = await dailyScreenings(services.db, auth.organization.id, people.map((p) => p.id), day);
  const role = fieldRoleOfAuth(auth);
  const users = await Promise.all(
    people.map(async (p) => {
      const row = screenings.get(p.id);
      const flags = await activeFlags(services.db, auth.organization.id, p.id);
      // each person with the fields the caller's role may see (decision 027)
      return applyFieldPolicy(role, {
        user_id: p.id,
        name: p.name,
        showScreening: on && !row,
        isFlagged: flags.some((f) => f.type === "stop"),
        hasfilled: row?.status === "Filled",
        status: row?.status ?? null,
      });
    }),
  );
  return { day, on, users };
}

/**
 * GET /api/note/daily/screening: the screening state of today (spec-2 section 3: date, and users with
 * user_id, name, showScreening): the signed-in participant's or parent's own participants, or with
 * `?user_id=` one participant the user may see; `?not_screened=true` is the staff's list.
 */
export async function dailyState(services: Services, auth: Auth, query: DailyScreeningQuery) {
  if (query.not_screened === "true") return notScreenedToday(services, auth);
  const people = query.user_id !== undefined ? await visibleParticipants(services, auth, [participantIdSchema.parse(query.user_id)]) : await ownParticipants(services, auth);
  const { day, on, users } = await statesOf(services, auth, people);
  return { date: day, is_daily_screening_form: on, users };
}

/**
 * GET /api/note/daily/screening?not_screened=true (staff): the organization's active participants whose
 * screening of today is not filled (declined ones say so), by name: the board's 'Not screened today'.
 */
async function notScreenedToday(services: Services, auth: Auth) {
  if (!isStaff(auth.subject.level)) throw new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);
  const day = screeningDay(services.clock.now(), timeZoneOf(auth.organization.settings));
  const rows = await notScreenedOn(services.db, auth.organization.id, day);
  const on = auth.organization.settings.is_daily_screening_form === true;
  return {
    date: day,
    is_daily_screening_form: on,
    users: rows.map((r) =>
      applyFieldPolicy(fieldRoleOfAuth(auth), { user_id: r.id, name: r.full_name, member_id: r.member_id, showScreening: on && r.status === null, hasfilled: false, status: r.status ?? null }),
    ),
  };
}

/**
 * POST /api/note/daily/screening: `{ user_id, answers, is_filled: true }` fills today's screening of a
 * participant; `{ user_id }` alone records a decline. The multi-user form sends a list (at least one).
 * Each result says whether the screening failed ('Follow Up Required') and a stop flag was raised.
 */
export async function submitDaily(services: Services, auth: Auth, body: DailyScreeningBody, request: Request) {
  const entries = Array.isArray(body) ? body : [body];
  if (new Set(entries.map((e) => e.user_id)).size !== entries.length) throw new DomainError("VALIDATION", "Each participant may be sent once", 400);
  for (const e of entries) {
    if (e.is_filled === false && e.answers !== undefined) throw new DomainError("VALIDATION", "A declined screening carries no answers", 400);
    if (e.is_filled === true && e.answers === undefined) throw new DomainError("VALIDATION", SCREENING_TEXT.mandatory, 400);
  }
  const deps = { store: services.store, clock: services.clock };
  const actor = screeningActorOf(auth);
  const results = [];
  let position = 0;
  for (const e of entries) {
    const metadata = screeningMetadataOf(auth, request, entries.length > 1 ? e.user_id : undefined);
    const outcome = await submitScreening(
      deps,
      e.answers !== undefined ? { kind: "fill", participantId: e.user_id, answers: e.answers, actor } : { kind: "decline", participantId: e.user_id, actor },
      metadata,
    );
    position = Math.max(position, outcome.position);
    results.push({ user_id: outcome.participantId, date: outcome.day, is_filled: outcome.state.status === "filled", declined: outcome.state.status === "declined", failed: outcome.state.failed, isFlagged: outcome.flagged });
  }
  await Promise.all([waitForProjection(services, "screening", { atLeast: position }), waitForProjection(services, "flags", { atLeast: position })]);
  const failed = results.some((r) => r.failed);
  return { data: results, failed, message: failed ? "Follow Up Required" : results.every((r) => r.is_filled) ? "Success!" : "Thank you for letting us know" };
}

/** POST /api/note/flag/screening `{ user_id }`: the stop flag of today's failed screening, raised once. */
export async function flagFailedScreening(services: Services, auth: Auth, { user_id }: FlagScreeningBody, request: Request) {
  await visibleParticipants(services, auth, [user_id]);
  const result = await ensureScreeningFlag({ store: services.store, clock: services.clock }, user_id, screeningActorOf(auth), screeningMetadataOf(auth, request));
  await waitForProjection(services, "flags", { atLeast: result.position });
  return { user_id, date: result.day, flag_id: result.flagId, isFlagged: true };
}

/**
 * POST /api/note/user/daily/screening `{ user_ids }` (spec-2 section 7): each user with showScreening
 * and isFlagged, and isScreeningRequested (the organization asks for the daily screening).
 */
export async function usersDailyScreening(services: Services, auth: Auth, { user_ids }: UserDailyScreeningBody) {
  const people = await visibleParticipants(services, auth, [...new Set(user_ids)]);
  const { day, on, users } = await statesOf(services, auth, people);
  return { date: day, users: users.map(({ user_id, name, showScreening, isFlagged }) => ({ user_id, name, showScreening, isFlagged })), isScreeningRequested: on };
}
