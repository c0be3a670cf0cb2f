import { applyFieldPolicy, commandIdOf, fieldRoleOfAuth, isMemberLevel, type Auth, type Services } from "../identity";
import { DomainError, handleCommand, idFrom, isUuid, newId, validationError } from "../kernel";
import { timeZoneOf, todayIn } from "../organizations";
import { ownMembers } from "../points";
import { storedFileUrl } from "../uploads";
import { participantRowsByIds } from "../../projections/participants";
import { challengeById, challengesOpenOn, challengesPage, progressOfChallenge, progressOfMembers, type ChallengeRow } from "../../projections/challenges";
import { findUserGroup, listUserGroups } from "../../projections/identity";
import { programById, programList } from "../../projections/programs";
import { surveyById, surveySummaryPage } from "../../projections/surveys";
import { LEVEL } from "../identity";
import { programListQuery } from "../programs";
import { waitForProjection } from "../../projections/runner";
import { forbidden, mayManageChallenges } from "./access";
import { challengeDecider, challengeError, type ChallengeCommand } from "./decide";
import { challengeStreamId, type ChallengeFields } from "./events";
import { CHALLENGE_PROGRESS_CHANGED, CHALLENGES_CHANGED, CHALLENGES_TOPIC, challengeUserTopic } from "./live";
import { completeChallenge, inAudienceOf, membersFacts } from "./progress";
import { challengeInputSchema, confirmInputSchema, fieldsOfInput, type ChallengeListQuery } from "./schema";

export const CHALLENGE_TOASTS = {
  created: "Challenge successfully created",
  updated: "Challenge successfully updated",
  deleted: "Challenge successfully deleted",
  archived: "Challenge successfully archived",
  confirmed: "Challenge completion confirmed",
} as const;

const dbOf = (services: Services) => services.db;
const today = (services: Services, auth: Auth) => todayIn(timeZoneOf(auth.organization.settings), services.clock.now());
const meta = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const settle = async (services: Services, projection: string, positions: readonly number[]) => {
  const at = Math.max(0, ...positions);
  if (at > 0) await waitForProjection(services, projection, { atLeast: at });
};

/** Each row with `image_url`: a short-lived signed url of its uploaded image (or an address given as is). */
async function withImages<R extends ChallengeRow>(services: Services, organizationId: string, rows: R[]): Promise<(R & { image_url: string | null })[]> {
  return Promise.all(rows.map(async (r) => ({ ...r, image_url: r.image ? ((await storedFileUrl(services, organizationId, r.image)) ?? (/^https?:\/\//.test(r.image) ? r.image : null)) : null })));
}

async function rowOf(services: Services, auth: Auth, id: string | undefined): Promise<ChallengeRow> {
  if (!id || !isUuid(id)) throw challengeError.notFound();
  const row = await challengeById(services.db, auth.organization.id, id);
  if (!row) throw challengeError.notFound();
  return row;
}

/** The survey, programs and groups a challenge names must be the organization's (400 naming the field). */
async function checkReferences(services: Services, auth: Auth, fields: ChallengeFields) {
  const org = auth.organization.id;
  const db = services.db;
  const program = async (id: string) => isUuid(id) && Boolean(await programById(db, org, id));
  if (fields.rule.kind === "survey" && !(isUuid(fields.rule.surveyId) && (await surveyById(db, org, fields.rule.surveyId)))) throw challengeError.invalid("survey_id", "Unknown survey: choose one of the organization's surveys");
  if (fields.rule.kind === "attendance" && fields.rule.programId && !(await program(fields.rule.programId))) throw challengeError.invalid("program_id", "Unknown program: choose one of the organization's programs");
  for (const p of fields.audience.programIds) if (!(await program(p))) throw challengeError.invalid("program_ids", `Unknown program in the audience: ${p}`);
  for (const g of fields.audience.groupIds) if (!isUuid(g) || (await findUserGroup(db, g))?.organization_id !== org) throw challengeError.invalid("group_ids", `Unknown user group in the audience: ${g}`);
}

async function run(services: Services, command: ChallengeCommand) {
  const result = await handleCommand({ store: services.store, clock: services.clock }, challengeDecider, challengeStreamId(command.data.challengeId), command);
  if (!result.ok) throw result.error;
  await settle(services, "challenges", result.events.map((e) => e.position));
  return result;
}

/** GET /api/challenge: staff see every challenge (paged, search, sort); members the ones open to them and their children, with progress. */
export async function challengesList(services: Services, auth: Auth, query: ChallengeListQuery) {
  if (isMemberLevel(auth.subject.level)) {
    const data = await memberChallenges(services, auth);
    const rows = data.slice(query.page * query.size, (query.page + 1) * query.size);
    return { data: await withImages(services, auth.organization.id, rows), count: data.length, additional_info: { page: query.page, size: query.size, total_pages: Math.ceil(data.length / query.size) } };
  }
  const archived = query.archived === undefined ? undefined : query.archived === "true";
  const { rows, count } = await challengesPage(services.db, auth.organization.id, { ...query, archived });
  return { data: await withImages(services, auth.organization.id, rows), count, additional_info: { page: query.page, size: query.size, total_pages: Math.ceil(count / query.size) } };
}

export type MemberProgress = { participant_id: string; name: string; sessions: number; needed: number; completed: boolean; completed_date: string | null };
export type MemberChallenge = ChallengeRow & { progress: MemberProgress[] };

/** The challenges open today to the caller's own profile and their children (members and parents), each with their progress. */
export async function memberChallenges(services: Services, auth: Auth): Promise<MemberChallenge[]> {
  const members = await ownMembers(services, auth);
  if (members.length === 0) return [];
  const day = today(services, auth);
  const open = await challengesOpenOn(services.db, auth.organization.id, day);
  if (open.length === 0) return [];
  const facts = await membersFacts(dbOf(services), auth.organization.id, members.map((m) => m.id), [...new Set(open.flatMap((c) => c.audience.programIds))]);
  const progress = await progressOfMembers(services.db, auth.organization.id, members.map((m) => m.id), open.map((c) => c.id));
  return open
    .map((c) => ({
      ...c,
      progress: facts
        .filter((m) => inAudienceOf(c, m, day))
        .map((m) => {
          const p = progress.find((x) => x.challenge_id === c.id && x.participant_id === m.id);
          const needed = c.rule === "attendance" ? (c.sessions ?? 1) : 1;
          const completed = Boolean(p?.completed_date);
          return { participant_id: m.id, name: m.name, sessions: completed && c.rule !== "attendance" ? 1 : Math.min(p?.sessions ?? 0, needed), needed, completed, completed_date: p?.completed_date ?? null };
        }),
    }))
    .filter((c) => c.progress.length > 0);
}

/** GET /api/challenge/{id}: staff any of the organization's; a member one open to them (else 404). */
export async function challengeCall(services: Services, auth: Auth, id: string | undefined) {
  if (isMemberLevel(auth.subject.level)) {
    const mine = (await memberChallenges(services, auth)).find((c) => c.id === id);
    if (!mine) throw challengeError.notFound();
    return (await withImages(services, auth.organization.id, [mine]))[0]!;
  }
  return (await withImages(services, auth.organization.id, [await rowOf(services, auth, id)]))[0]!;
}

function parseInput(body: unknown) {
  const parsed = challengeInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return parsed.data;
}

/** POST /api/challenge */
export async function createChallenge(services: Services, auth: Auth, request: Request | null, body: unknown) {
  if (!mayManageChallenges(auth)) throw forbidden("You may not create challenges");
  const input = parseInput(body);
  const fields = fieldsOfInput(input);
  await checkReferences(services, auth, fields);
  const commandId = request ? commandIdOf(auth, request, input.command_id) : idFrom("challenge-page", auth.user.id, input.command_id ?? newId());
  const challengeId = idFrom("challenge", commandId);
  await run(services, { type: "CreateChallenge", data: { organizationId: auth.organization.id, challengeId, fields }, metadata: meta(auth, commandId) });
  return { message: CHALLENGE_TOASTS.created, data: await rowOf(services, auth, challengeId) };
}

/** PUT /api/challenge/{id}: the whole challenge again; an archived one may not change (409). */
export async function updateChallenge(services: Services, auth: Auth, request: Request | null, id: string | undefined, body: unknown) {
  if (!mayManageChallenges(auth)) throw forbidden("You may not edit challenges");
  const row = await rowOf(services, auth, id);
  const input = parseInput(body);
  const fields = fieldsOfInput(input);
  await checkReferences(services, auth, fields);
  const commandId = request ? commandIdOf(auth, request, input.command_id) : newId();
  await run(services, { type: "UpdateChallenge", data: { organizationId: auth.organization.id, challengeId: row.id, fields }, metadata: meta(auth, commandId) });
  return { message: CHALLENGE_TOASTS.updated, data: await rowOf(services, auth, row.id) };
}

/** DELETE /api/challenge/{id}: archived (kept with its completions and the points they awarded; no longer open). */
export async function deleteChallenge(services: Services, auth: Auth, request: Request | null, id: string | undefined) {
  if (!mayManageChallenges(auth)) throw forbidden("You may not archive challenges");
  const row = await rowOf(services, auth, id);
  const commandId = request ? commandIdOf(auth, request) : newId();
  await run(services, { type: "ArchiveChallenge", data: { organizationId: auth.organization.id, challengeId: row.id }, metadata: meta(auth, commandId) });
  return { message: CHALLENGE_TOASTS.deleted, data: await rowOf(services, auth, row.id) };
}

/**
 * POST /api/challenge/{id}/confirm: staff confirm that members completed it (any rule: a survey answered on paper
 * counts too). Each member's completion and award happen once; confirming again changes nothing.
 */
export async function confirmCompletion(services: Services, auth: Auth, _request: Request | null, id: string | undefined, body: unknown) {
  if (!mayManageChallenges(auth)) throw forbidden("You may not confirm challenges");
  const row = await rowOf(services, auth, id);
  const parsed = confirmInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  if (row.archived) throw challengeError.archived();
  const wanted = [...new Set(parsed.data.participant_ids)];
  const facts = await membersFacts(dbOf(services), auth.organization.id, wanted.filter(isUuid), row.audience.programIds);
  if (facts.length !== wanted.length) throw new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);
  const day = today(services, auth);
  const outside = facts.find((m) => !inAudienceOf(row, m, day));
  if (outside) throw challengeError.notInAudience(outside.name);
  const positions: number[] = [];
  for (const m of facts) positions.push(...(await completeChallenge({ store: services.store, clock: services.clock, db: dbOf(services) }, row, auth.organization.id, m.id, "staff", auth.user.id)).positions);
  await settle(services, "challenges", positions);
  await settle(services, "points", positions);
  return { message: CHALLENGE_TOASTS.confirmed, data: { challenge_id: row.id, participant_ids: facts.map((m) => m.id), count: facts.length } };
}

/** GET /api/challenge/{id}/progress: staff see who completed it and who is on the way (names by the field policy). */
export async function challengeProgressCall(services: Services, auth: Auth, id: string | undefined, query: { page: number; size: number; completed?: "true" | "false" }) {
  if (isMemberLevel(auth.subject.level)) throw forbidden("Only staff see everyone's progress");
  const row = await rowOf(services, auth, id);
  const { rows, count } = await progressOfChallenge(services.db, auth.organization.id, row.id, { page: query.page, size: query.size, completedOnly: query.completed === "true" });
  const people = await participantRowsByIds(services.db, auth.organization.id, rows.map((r) => r.participant_id));
  const role = fieldRoleOfAuth(auth);
  const needed = row.rule === "attendance" ? (row.sessions ?? 1) : 1;
  const data = rows.map((r) => {
    const p = people.find((x) => String(x.id) === r.participant_id);
    return { ...applyFieldPolicy(role, { participant_id: r.participant_id, first_name: p?.first_name ?? "", last_name: p?.last_name ?? "" }), name: p?.full_name ?? "", sessions: r.completed_date && row.rule !== "attendance" ? 1 : Math.min(r.sessions, needed), needed, completed: Boolean(r.completed_date), completed_date: r.completed_date, completed_how: r.completed_how };
  });
  return { data, count, additional_info: { page: query.page, size: query.size, total_pages: Math.ceil(count / query.size) } };
}

/** The staff form's choices: the organization's surveys and programs, and its members' user groups (level 1), by name. */
export async function challengeChoicesOf(services: Services, auth: Auth) {
  const org = auth.organization.id;
  const [surveys, programs, groups] = await Promise.all([
    surveySummaryPage(services.db, org, { page: 0, size: 100 }),
    programList(services.db, org, programListQuery.parse({ size: "200", sort: "name asc", status: "all" })),
    listUserGroups(services.db, org, { levels: [LEVEL.participant], sort: "name_asc" }),
  ]);
  return {
    surveys: surveys.rows.map((s) => ({ id: s.id, name: s.name, status: String(s.status) })).sort((a, b) => a.name.localeCompare(b.name)),
    programs: programs.data.map((p) => ({ id: String(p.id), name: String(p.name) })),
    groups: groups.map((g) => ({ id: g.id, name: g.display_name })),
  };
}

/**
 * The live topic /challenges follows (decision 112): a member or parent their own (their and their children's progress),
 * staff the organization's challenges (completion counts). The same rules as the live channel's (runtime/live-auth.ts).
 */
export function challengesLiveOf(auth: Auth) {
  const organizationId = auth.organization.id;
  if (isMemberLevel(auth.subject.level)) return { organizationId, topic: challengeUserTopic(auth.user.id), event: CHALLENGE_PROGRESS_CHANGED };
  return { organizationId, topic: CHALLENGES_TOPIC, event: CHALLENGES_CHANGED };
}
