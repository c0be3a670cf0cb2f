import { applyFieldPolicy, commandIdOf, fieldRoleOfAuth, isMemberLevel, type Auth, type Services } from "../identity";
import { idFrom, isUuid, validationError } from "../kernel";
import { balancesOf, leaderboardRows, memberEntries, pointEntriesPage, pointEntryById, rankAbove } from "../../projections/points";
import { registeredIdsOf } from "../../projections/programs";
import { timeZoneOf } from "../organizations";
import { periodStarts } from "./periods";
import { participantRowsByIds } from "../../projections/participants";
import { awardableCategories, forbidden, mayAward, mayAwardAny, mayViewLeaderboard } from "./access";
import { pointsDecider, pointsError } from "./decide";
import { CATEGORY_LABELS, pointsStreamId, type PointCategory } from "./events";
import { memberFor, ownMembers, participantNotFound, participantsAmong } from "./members";
import { runOn, settled } from "./run";
import { awardInputSchema, leaderboardQuery, leaderboardVisibilitySchema, pointListQuery, reverseInputSchema, type AwardInput } from "./schema";
import type { z } from "zod";

export const POINTS_TOASTS = { created: "Point successfully created", reversed: "Points successfully reversed", hidden: "Leaderboard successfully updated" } as const;

const meta = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });

/** POST /api/point: award points to one member or many (a session's attendees), one event on each member's stream. */
export async function awardPoints(services: Services, auth: Auth, request: Request | null, body: unknown) {
  const parsed = awardInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  return awardPointsInput(services, auth, request, parsed.data);
}

export async function awardPointsInput(services: Services, auth: Auth, request: Request | null, input: AwardInput) {
  if (!mayAward(auth, input.category)) throw forbidden(`You may not award ${CATEGORY_LABELS[input.category].toLowerCase()} points`);
  const members = await participantsAmong(services, auth, input.participant_ids);
  if (members.length !== new Set(input.participant_ids).size) throw participantNotFound();
  const base = request ? commandIdOf(auth, request, input.command_id) : idFrom("points-page", auth.user.id, input.command_id ?? String(services.clock.now().getTime()));
  const source = { kind: input.source_kind, id: input.source_id };
  const positions: number[] = [];
  const entries: string[] = [];
  for (const m of members) {
    const commandId = idFrom(base, m.id);
    const entryId = idFrom("point-entry", commandId);
    const result = await runOn(services, pointsDecider, pointsStreamId(m.id), {
      type: "AwardPoints",
      data: { organizationId: auth.organization.id, participantId: m.id, entryId, amount: input.amount, category: input.category, reason: input.reason, source },
      metadata: meta(auth, commandId),
    });
    positions.push(...result.events.map((e) => e.position));
    entries.push(...result.events.map((e) => (e.data as { entryId: string }).entryId));
  }
  await settled(services, positions);
  return { message: POINTS_TOASTS.created, data: { entry_ids: entries, count: entries.length } };
}

/** POST /api/point/{id}/reverse: a new event undoes an award, once, with its reason. */
export async function reversePoints(services: Services, auth: Auth, request: Request | null, id: string | undefined, body: unknown) {
  const parsed = reverseInputSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  const entry = id && isUuid(id) ? await pointEntryById(services.db, auth.organization.id, id) : undefined;
  if (!entry) throw pointsError.entryNotFound();
  if (entry.kind !== "award") throw pointsError.notReversible();
  if (!mayAward(auth, entry.category ?? "general")) throw forbidden("You may not reverse these points");
  const commandId = request ? commandIdOf(auth, request, parsed.data.command_id) : idFrom("reverse", entry.id, auth.user.id);
  const result = await runOn(services, pointsDecider, pointsStreamId(entry.participant_id), {
    type: "ReversePoints",
    data: { organizationId: auth.organization.id, participantId: entry.participant_id, entryId: idFrom("point-entry", commandId), reversesEntryId: entry.id, reason: parsed.data.reason },
    metadata: meta(auth, commandId),
  });
  await settled(services, result.events.map((e) => e.position));
  return { message: POINTS_TOASTS.reversed, data: await pointEntryById(services.db, auth.organization.id, entry.id) };
}

/** Whose entries the caller may read: staff who award any, everyone's; a member their own and their children's. */
async function readableIds(services: Services, auth: Auth, participantId: string | undefined): Promise<string[] | undefined> {
  if (isMemberLevel(auth.subject.level)) {
    const mine = (await ownMembers(services, auth)).map((m) => m.id);
    if (participantId) return mine.includes(participantId) ? [participantId] : [];
    return mine;
  }
  if (!mayAwardAny(auth)) throw forbidden("You may not view points");
  return participantId ? [participantId] : undefined;
}

/** GET /api/point: the ledger, newest first (paged; participant_id, category). */
export async function pointsList(services: Services, auth: Auth, query: z.output<typeof pointListQuery>) {
  const ids = await readableIds(services, auth, query.participant_id);
  const { rows, count } = await pointEntriesPage(services.db, auth.organization.id, { page: query.page, size: query.size, participantIds: ids, category: query.category });
  const names = new Map((await participantRowsByIds(services.db, auth.organization.id, [...new Set(rows.map((r) => r.participant_id))])).map((p) => [String(p.id), p.full_name]));
  return { data: rows.map((r) => ({ ...r, participant_name: names.get(r.participant_id) ?? "" })), count, additional_info: {} };
}

/** GET /api/point/{id} */
export async function pointCall(services: Services, auth: Auth, id: string | undefined) {
  const entry = id && isUuid(id) ? await pointEntryById(services.db, auth.organization.id, id) : undefined;
  if (!entry) throw pointsError.entryNotFound();
  const ids = await readableIds(services, auth, entry.participant_id);
  if (ids && !ids.includes(entry.participant_id)) throw pointsError.entryNotFound();
  return entry;
}

/** GET /api/point/balance: a member's balance, points earned and rank, with the newest entries. */
export async function balanceCall(services: Services, auth: Auth, participantId: string | undefined) {
  if (!isMemberLevel(auth.subject.level) && !mayAwardAny(auth)) throw forbidden("You may not view points");
  const member = await memberFor(services, auth, participantId);
  // the balance row and the newest entries at once; the row counts the entries (decision 085)
  const [[row], history] = await Promise.all([balancesOf(services.db, auth.organization.id, [member.id]), memberEntries(services.db, auth.organization.id, member.id, 20)]);
  const earned = row?.earned ?? 0;
  return {
    participant_id: member.id,
    participant_name: member.name,
    balance: row?.balance ?? 0,
    earned,
    hidden: row?.hidden ?? false,
    rank: row?.hidden || earned === 0 ? null : (await rankAbove(services.db, auth.organization.id, earned)) + 1,
    history,
    history_count: row?.entries ?? 0,
    categories: isMemberLevel(auth.subject.level) ? [] : awardableCategories(auth),
  };
}

/** GET /api/leaderboard: the organization's (or a program's) members by points earned, all time, this month or this week (decision 085); hidden members left out. */
export async function leaderboard(services: Services, auth: Auth, query: z.output<typeof leaderboardQuery>) {
  if (!mayViewLeaderboard(auth)) throw forbidden("You may not view the leaderboard");
  const starts = periodStarts(timeZoneOf(auth.organization.settings), services.clock.now());
  const among = query.program_id ? ((await registeredIdsOf(services.db, auth.organization.id, [query.program_id])).get(query.program_id) ?? []) : undefined;
  const rows = await leaderboardRows(services.db, auth.organization.id, { period: query.period, startsOn: query.period === "all" ? null : starts[query.period], size: query.size, among });
  const people = new Map((await participantRowsByIds(services.db, auth.organization.id, rows.map((r) => r.participant_id))).map((p) => [String(p.id), p]));
  const member = isMemberLevel(auth.subject.level);
  const mine = member ? new Set((await ownMembers(services, auth)).map((m) => m.id)) : new Set<string>();
  const role = fieldRoleOfAuth(auth);
  let rank = 0;
  let last = Number.NaN;
  const data = rows.map((r, i) => {
    if (r.points !== last) rank = i + 1;
    last = r.points;
    const p = people.get(r.participant_id);
    // members see a first name and an initial only (no private details of others)
    const name = p ? (member ? `${p.first_name} ${p.last_name.slice(0, 1)}.`.trim() : p.full_name) : "";
    const visible = member ? { participant_id: r.participant_id } : applyFieldPolicy(role, { participant_id: r.participant_id, first_name: p?.first_name ?? "", last_name: p?.last_name ?? "" });
    return { ...visible, name, rank, points: r.points, you: mine.has(r.participant_id) };
  });
  return { data, count: data.length, additional_info: { period: query.period, starts_on: query.period === "all" ? null : starts[query.period], program_id: query.program_id ?? null } };
}

/** PUT /api/leaderboard/{participantId}: staff hide a member from the leaderboard (or show them again). */
export async function setLeaderboardVisibility(services: Services, auth: Auth, request: Request | null, participantId: string | undefined, body: unknown) {
  const parsed = leaderboardVisibilitySchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error);
  if (!mayAwardAny(auth)) throw forbidden("You may not change the leaderboard");
  const member = await memberFor(services, auth, participantId);
  const commandId = request ? commandIdOf(auth, request) : idFrom("leaderboard", member.id, String(parsed.data.hidden), String(services.clock.now().getTime()));
  const result = await runOn(services, pointsDecider, pointsStreamId(member.id), { type: "SetLeaderboardVisibility", data: { organizationId: auth.organization.id, participantId: member.id, hidden: parsed.data.hidden }, metadata: meta(auth, commandId) });
  await settled(services, result.events.map((e) => e.position));
  return { message: POINTS_TOASTS.hidden, data: { participant_id: member.id, hidden: parsed.data.hidden } };
}

/** The balances of some participants (the participant dialog and profile). */
export async function balancesFor(services: Services, organizationId: string, participantIds: readonly string[]) {
  return new Map((await balancesOf(services.db, organizationId, participantIds)).map((b) => [b.participant_id, b.balance]));
}

export const categoryLabel = (c: PointCategory | null) => (c ? CATEGORY_LABELS[c] : "");
