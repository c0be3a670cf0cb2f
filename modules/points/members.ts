import { isMemberLevel, type Auth, type Services } from "../identity";
import { DomainError, isUuid } from "../kernel";
import { ownActiveParticipants, participantReport, participantRowsByIds } from "../../projections/participants";

export type Member = { id: string; name: string; firstName: string; lastName: string };
export const participantNotFound = () => new DomainError("PARTICIPANT_NOT_FOUND", "Participant not found", 404);

/** The participants a member or parent acts for: their own profile and their children. */
export async function ownMembers(services: Services, auth: Auth): Promise<Member[]> {
  if (!isMemberLevel(auth.subject.level)) return [];
  const people = await ownActiveParticipants(services.db, auth.organization.id, auth.user.id);
  const own = people.filter((p) => p.user_id === auth.user.id);
  const ordered = [...own, ...people.filter((p) => p.user_id !== auth.user.id)];
  const rows = await participantRowsByIds(services.db, auth.organization.id, ordered.map((p) => String(p.id)));
  const byId = new Map(rows.map((r) => [String(r.id), r]));
  return ordered.map((p) => ({ id: String(p.id), name: p.full_name, firstName: byId.get(String(p.id))?.first_name ?? p.full_name, lastName: byId.get(String(p.id))?.last_name ?? "" }));
}

/** A member the caller may act for: staff any participant of the organization; a member their own or a child's (else 404). */
export async function memberFor(services: Services, auth: Auth, participantId: string | undefined): Promise<Member> {
  if (isMemberLevel(auth.subject.level)) {
    const mine = await ownMembers(services, auth);
    const member = participantId ? mine.find((m) => m.id === participantId) : mine[0];
    if (!member) throw participantNotFound();
    return member;
  }
  if (!participantId || !isUuid(participantId)) throw participantNotFound();
  const [row] = await participantRowsByIds(services.db, auth.organization.id, [participantId]);
  if (!row) throw participantNotFound();
  return { id: String(row.id), name: row.full_name, firstName: row.first_name, lastName: row.last_name };
}

/** The organization's participants among these ids (others dropped). */
export async function participantsAmong(services: Services, auth: Auth, ids: readonly string[]): Promise<Member[]> {
  const valid = [...new Set(ids.filter(isUuid))];
  const rows = await participantRowsByIds(services.db, auth.organization.id, valid);
  return rows.map((r) => ({ id: String(r.id), name: r.full_name, firstName: r.first_name, lastName: r.last_name }));
}

/** The award form's choices: active participants by name (a search over names and Member ID), at most `size`. */
export async function memberChoices(services: Services, auth: Auth, search: string, size = 30) {
  const report = await participantReport(services.db, auth.organization.id, { statuses: ["Active"], search: search.trim() || undefined, size, sort: "full_name,asc" });
  return { rows: report.data.map((r) => ({ id: String(r.id), name: r.full_name, member_id: r.member_id })), count: report.count };
}
