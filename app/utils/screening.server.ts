import { z } from "zod";
import { applyFieldPolicy, isMemberLevel, isStaff, matchPage } from "#modules/identity";
import { createHash } from "node:crypto";
import { DomainError, isUuid, type CommandMetadata } from "#modules/kernel";
import { timeZoneOf } from "#modules/organizations";
import {
  SCREENING_TEXT,
  ensureScreeningFlag,
  screeningDay,
  screeningParticipantIdSchema,
  setScreeningQuestions,
  submitScreening,
  type ScreeningActor,
} from "#modules/screening";
import { activeFlags } from "#projections/flags";
import { ownActiveParticipants, participantsByIds } from "#projections/participants";
import { dailyScreenings, notScreenedOn, screeningQuestions } from "#projections/screening";
import type { Auth } from "./auth.server";
import { fieldRoleOfAuth } from "#modules/identity";
import type { AppServices } from "./load-context";
import { waitForProjection } from "./read-your-writes.server";
import { commandMetadataOf } from "#modules/identity";

export const SCREENING_TOASTS = { questions: "Screening questions successfully updated" } as const;

const actorOf = (auth: Auth): ScreeningActor => ({ userId: auth.user.id, level: auth.subject.level, roleName: auth.subject.roleName });

function metadataOf(auth: Auth, request: Request, suffix?: string): CommandMetadata & { organizationId: string } {
  const metadata = commandMetadataOf(auth, request);
  return suffix ? { ...metadata, commandId: `${metadata.commandId}:${suffix}` } : metadata;
}

const notFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

type Person = { id: string; name: string; parent_id: string | null; user_id: string | null };

/** The participants a level-1 user screens: themselves (their own participant profile) and their children. */
async function ownParticipants(services: AppServices, auth: Auth): Promise<Person[]> {
  if (!isMemberLevel(auth.subject.level)) return [];
  const rows = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  return rows.map((r) => ({ id: r.id, name: r.full_name, parent_id: r.parent_id, user_id: r.user_id }));
}

/** These participants, each in the user's organization and, for a participant or parent, their own or their child; else 404. */
async function visibleParticipants(services: AppServices, auth: Auth, ids: readonly string[]): Promise<Person[]> {
  if (ids.length === 0) return [];
  // a malformed id finds nobody (the column is a uuid): 404, never a database error
  if (!ids.every(isUuid)) throw notFound();
  const rows = await participantsByIds(services.db, auth.organization.id, ids);
  const byId = new Map(rows.map((r) => [r.id, { id: r.id, name: r.full_name, parent_id: r.parent_id, user_id: r.user_id }]));
  return ids.map((id) => {
    const person = byId.get(id);
    if (!person) throw notFound();
    if (isMemberLevel(auth.subject.level) && person.user_id !== auth.user.id && person.parent_id !== auth.user.id) throw notFound();
    return person;
  });
}

/** Per participant: showScreening (screening on and today neither filled nor declined), isFlagged (an active stop flag). */
async function statesOf(services: AppServices, auth: Auth, people: readonly Person[]) {
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

/** GET /api/note/screening/questions: the organization's questions, RADIO and RICHTEXT only. */
export async function questionsList(services: AppServices, auth: Auth) {
  const data = (await screeningQuestions(services.db, auth.organization.id)).filter((q) => q.type === "RADIO" || q.type === "RICHTEXT");
  return { data, count: data.length };
}

/** PUT /api/note/screening/questions `{ questions }`: an admin replaces the organization's questions. */
export async function putQuestions(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const questions = z.object({ questions: z.unknown() }).parse(body ?? {}).questions;
  const result = await setScreeningQuestions(
    { store: services.store, clock: services.clock },
    { type: "SetScreeningQuestions", data: { questions, actor: actorOf(auth) }, metadata: metadataOf(auth, request) },
  );
  if (!result.ok) throw result.error;
  await waitForProjection(services, "screening", { atLeast: Math.max(0, ...result.events.map((e) => e.position)) });
  return { message: SCREENING_TOASTS.questions, data: result.state.questions };
}

/**
 * GET /api/note/daily/screening: the screening state of today (spec-2 section 3: date, and users with
 * user_id, name, showScreening): the signed-in participant's or parent's own participants, or with
 * `?user_id=` one participant the user may see.
 */
export async function dailyState(services: AppServices, auth: Auth, url: URL) {
  if (url.searchParams.get("not_screened") === "true") return notScreenedToday(services, auth);
  const asked = url.searchParams.get("user_id");
  const people = asked !== null ? await visibleParticipants(services, auth, [screeningParticipantIdSchema.parse(asked)]) : await ownParticipants(services, auth);
  const { day, on, users } = await statesOf(services, auth, people);
  return { date: day, is_daily_screening_form: on, users };
}

const entrySchema = z.object({
  user_id: screeningParticipantIdSchema,
  answers: z.unknown().optional(),
  is_filled: z.boolean({ error: "Is Filled must be true or false" }).optional(),
});
const postSchema = z.union([entrySchema, z.array(entrySchema, { error: SCREENING_TEXT.selectOne }).min(1, { error: SCREENING_TEXT.selectOne }).max(20, { error: "At most 20 participants at once" })], {
  error: SCREENING_TEXT.participantRequired,
});

/**
 * POST /api/note/daily/screening: `{ user_id, answers, is_filled: true }` fills today's screening of a
 * participant; `{ user_id }` alone records a decline. The multi-user form sends a list (at least one).
 * Each result says whether the screening failed ('Follow Up Required') and a stop flag was raised.
 */
export async function postDaily(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const parsed = postSchema.parse(body);
  const entries = Array.isArray(parsed) ? parsed : [parsed];
  if (new Set(entries.map((e) => e.user_id)).size !== entries.length) throw new DomainError("VALIDATION", "Each participant may be sent once", 400);
  for (const e of entries) {
    if (e.is_filled === false && e.answers !== undefined) throw new DomainError("VALIDATION", "A declined screening carries no answers", 400);
    if (e.is_filled === true && e.answers === undefined) throw new DomainError("VALIDATION", SCREENING_TEXT.mandatory, 400);
  }
  const deps = { store: services.store, clock: services.clock };
  const actor = actorOf(auth);
  const results = [];
  let position = 0;
  for (const e of entries) {
    const metadata = metadataOf(auth, request, entries.length > 1 ? e.user_id : undefined);
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
export async function postFlagScreening(services: AppServices, auth: Auth, request: Request, body: unknown) {
  const { user_id } = z.object({ user_id: screeningParticipantIdSchema }).parse(body ?? {});
  await visibleParticipants(services, auth, [user_id]);
  const result = await ensureScreeningFlag({ store: services.store, clock: services.clock }, user_id, actorOf(auth), metadataOf(auth, request));
  await waitForProjection(services, "flags", { atLeast: result.position });
  return { user_id, date: result.day, flag_id: result.flagId, isFlagged: true };
}

const userIdsSchema = z.object({
  user_ids: z
    .array(screeningParticipantIdSchema, { error: "User IDs are required" })
    .min(1, { error: "User IDs are required" })
    .max(50, { error: "At most 50 users at once" }),
});

/**
 * POST /api/note/user/daily/screening `{ user_ids }` (spec-2 section 7): each user with showScreening
 * and isFlagged, and isScreeningRequested (the organization asks for the daily screening).
 */
export async function userDailyScreening(services: AppServices, auth: Auth, body: unknown) {
  const { user_ids } = userIdsSchema.parse(body ?? {});
  const people = await visibleParticipants(services, auth, [...new Set(user_ids)]);
  const { day, on, users } = await statesOf(services, auth, people);
  return { date: day, users: users.map(({ user_id, name, showScreening, isFlagged }) => ({ user_id, name, showScreening, isFlagged })), isScreeningRequested: on };
}

/**
 * Whether this page prompts for the daily screening after sign-in (spec-2 section 4): participants and
 * parents of an organization with screening on, except on the pages that skip it (reset-password,
 * view-waiver). `self`: a participant screens themselves; a parent, their children.
 */
export function screeningPromptFor(auth: Auth, pathname: string): { self: boolean; session: string } | null {
  if (!isMemberLevel(auth.subject.level) || auth.organization.settings.is_daily_screening_form !== true) return null;
  const page = matchPage(pathname);
  if (!page || page.route.skipsScreening) return null;
  // `session` names the sign-in (not the token): the follow-up shows once per sign-in, so a logout resets it
  return { self: auth.subject.roleName !== "PARENT", session: createHash("sha256").update(auth.token).digest("hex").slice(0, 16) };
}

/**
 * GET /api/note/daily/screening?not_screened=true (staff): the organization's active participants whose
 * screening of today is not filled (declined ones say so), by name: the board's 'Not screened today'.
 */
export async function notScreenedToday(services: AppServices, auth: Auth) {
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
