import { applyFieldPolicy, commandIdOf, createParentUser, fieldRoleOfAuth, PERMISSIONS, type Auth, type Services } from "../identity";
import { DomainError, handleCommand, isUuid, validationError } from "../kernel";
import { childCandidate, childrenOfGuardians, guardianCandidate, guardiansOfParticipant, isParentGroup, parentsPage, type ParentRow } from "../../projections/identity";
import { waitForProjection } from "../../projections/runner";
import { guardiansStream } from "./guardian-events";
import { guardianDecider, parentNotFound, type ChildFact, type GuardianCommand, type GuardianFact } from "./guardian-decide";
import { linkChildSchema, parentListQuery, PARENT_TOASTS, type ParentListQuery } from "./parent-schema";

/** Who manages parents: 'Manage parents' (spec-1 section 4). */
export const mayManageParents = (auth: Auth) => auth.user.permissionIds.includes(PERMISSIONS.CAN_MANAGE_PARENT);

/** Who exports the parents' list (decision 072): who manages parents and may export participant profiles. */
export const mayExportParents = (auth: Auth) => mayManageParents(auth) && auth.user.permissionIds.includes(PERMISSIONS.CAN_EXPORT_PARTICIPANT_PROFILE);

const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);
const bodyKey = (body: unknown) => (body as { command_id?: unknown } | null)?.command_id;

/** A parent of the list with their children's names, through the caller's field policy. */
async function withChildren(services: Services, auth: Auth, rows: ParentRow[]) {
  const children = await childrenOfGuardians(
    services.db,
    auth.organization.id,
    rows.map((r) => r.id),
  );
  const role = fieldRoleOfAuth(auth);
  return rows.map((row) =>
    applyFieldPolicy(role, {
      ...row,
      children: children.filter((c) => c.guardian_id === row.id).map((c) => ({ id: c.id, first_name: c.first_name, last_name: c.last_name, full_name: c.full_name, member_id: c.member_id, relationship: c.relationship })),
    }),
  );
}

/** GET /api/parent: a page of the organization's parents, each with their children, `{ data, count }`. */
export async function parentsOf(services: Services, auth: Auth, query: ParentListQuery) {
  if (!mayManageParents(auth)) throw forbidden();
  const { rows, count } = await parentsPage(services.db, auth.organization.id, query);
  return { data: await withChildren(services, auth, rows), count };
}

/** The /user/parent page's list, read leniently from the address (a bad page or size falls back). */
export async function parentsPageOf(services: Services, auth: Auth, params: URLSearchParams) {
  const parsed = parentListQuery.safeParse(Object.fromEntries([...params].filter(([k]) => ["page", "size", "search", "children"].includes(k))));
  const query: ParentListQuery = parsed.success ? parsed.data : { search: "", page: 0, size: 10 };
  const list = await parentsOf(services, auth, query);
  return { query, ...list, totalPages: Math.max(1, Math.ceil(list.count / query.size)) };
}

/** One parent of the organization with their children; 404 for an unknown, malformed, foreign or non-parent id. */
export async function parentOf(services: Services, auth: Auth, parentId: string | undefined) {
  if (!mayManageParents(auth)) throw forbidden();
  const fact = await guardianFactOf(services, auth, parentId);
  if (!fact?.isParent) throw parentNotFound();
  const { rows } = await parentsPage(services.db, auth.organization.id, { search: "", page: 0, size: 1, id: fact.userId });
  if (!rows[0]) throw parentNotFound();
  return (await withChildren(services, auth, rows))[0]!;
}

async function guardianFactOf(services: Services, auth: Auth, userId: string | undefined): Promise<GuardianFact> {
  if (!userId || !isUuid(userId)) return null;
  const row = await guardianCandidate(services.db, userId);
  if (!row || row.organization_id !== auth.organization.id) return null;
  return { userId: row.id, organizationId: row.organization_id, fullName: `${row.first_name} ${row.last_name}`.trim(), isParent: isParentGroup(row) };
}

async function childFactOf(services: Services, auth: Auth, participantId: string | undefined): Promise<ChildFact> {
  if (!participantId || !isUuid(participantId)) return null;
  const row = await childCandidate(services.db, participantId);
  if (!row || row.organization_id !== auth.organization.id) return null;
  return { participantId: row.id, organizationId: row.organization_id, fullName: row.full_name, registeredParentId: row.parent_id };
}

type WithoutFacts<C> = C extends { data: infer D } ? Omit<C, "data"> & { data: Omit<D, "child" | "guardian" | "organizationId"> } : never;

/** Decide on the child's `guardians-` stream with the facts read now; the list shows the change when answered. */
async function runGuardianCommand(services: Services, auth: Auth, parentId: string | undefined, participantId: string | undefined, command: WithoutFacts<GuardianCommand>) {
  const [guardian, child] = await Promise.all([guardianFactOf(services, auth, parentId), childFactOf(services, auth, participantId)]);
  // a parent of another organization (or none) is a 404 before the child is looked at
  if (!guardian) throw parentNotFound();
  const full = { ...command, data: { ...command.data, organizationId: auth.organization.id, guardian, child } } as GuardianCommand;
  const result = await handleCommand({ store: services.store, clock: services.clock }, guardianDecider, guardiansStream(child?.participantId ?? "none"), full);
  if (!result.ok) throw result.error;
  const position = Math.max(0, ...result.events.map((e) => e.position));
  if (position > 0) await waitForProjection(services, "guardians", { atLeast: position });
}

const metadataOf = (auth: Auth, request: Request, body?: unknown) => ({ commandId: commandIdOf(auth, request, bodyKey(body)), organizationId: auth.organization.id, actorId: auth.user.id });

/** POST /api/parent/{id}/child: link a participant of the organization to this parent as their child. */
export async function linkChildCall(services: Services, auth: Auth, parentId: string | undefined, body: unknown, request: Request) {
  if (!mayManageParents(auth)) throw forbidden();
  if (!(await guardianFactOf(services, auth, parentId))) throw parentNotFound();
  const parsed = linkChildSchema.safeParse(body ?? {});
  if (!parsed.success) throw validationError(parsed.error) as DomainError;
  const { participant_id, relationship } = parsed.data;
  await runGuardianCommand(services, auth, parentId, participant_id, { type: "LinkGuardian", data: { relationship: relationship || null }, metadata: metadataOf(auth, request, body) });
  return { message: PARENT_TOASTS.linked, data: await parentOf(services, auth, parentId) };
}

/** DELETE /api/parent/{id}/child/{childId}: the link ends (the last guardian may go, decision 064). */
export async function unlinkChildCall(services: Services, auth: Auth, parentId: string | undefined, childId: string | undefined, request: Request) {
  if (!mayManageParents(auth)) throw forbidden();
  await runGuardianCommand(services, auth, parentId, childId, { type: "UnlinkGuardian", data: {}, metadata: metadataOf(auth, request) });
  return { message: PARENT_TOASTS.unlinked, data: await parentOf(services, auth, parentId) };
}

/** POST /api/parent: a parent account (the staff path's rules, the PARENT group; decision 064). */
export async function createParentCall(services: Services, auth: Auth, body: unknown, request: Request) {
  if (!mayManageParents(auth)) throw forbidden();
  const userId = await createParentUser(services, auth, body, request);
  return { message: PARENT_TOASTS.created, data: await parentOf(services, auth, userId) };
}

/** A participant's guardians as the profile shows them (names and contact, through the caller's field policy). */
export async function guardiansOf(services: Services, auth: Auth, participantId: string) {
  if (!isUuid(participantId)) return [];
  const role = fieldRoleOfAuth(auth);
  const rows = await guardiansOfParticipant(services.db, auth.organization.id, participantId);
  return rows.map((r) => applyFieldPolicy(role, { id: r.id, first_name: r.first_name, last_name: r.last_name, email: r.email, phone_number: r.phone_number, relationship: r.relationship }));
}
