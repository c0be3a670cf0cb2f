import { granterById, granterPage, listUserGroups } from "../../../projections/identity";
import { listOrganizations } from "../../../projections/organizations";
import { waitForProjection } from "../../../projections/runner";
import { applyFieldPolicy, createStaffUserCall, fieldRoleOfAuth, handleStaffUserCommand, LEVEL, sendInvitationCall, staffUserSchema, type Auth, type Services } from "../../identity";
import { DomainError, isUuid, newId, validationError } from "../../kernel";

export const GRANTER_TOASTS = { created: "Granter successfully created", updated: "Granter successfully updated", deleted: "Granter successfully deleted" } as const;
const granterNotFound = () => new DomainError("USER_NOT_FOUND", "Granter not found", 404);

/**
 * GET /api/granter (decision 067, superadmin): every organization's granter accounts with their organization's
 * name. Platform accounts live in their home organization (the one they were created in).
 */
export async function grantersOf(services: Services, auth: Auth, query: { page: number; size: number; search?: string | undefined }) {
  const [{ data, count }, organizations] = await Promise.all([granterPage(services.db, { page: query.page, pageSize: query.size, search: query.search }), listOrganizations(services.db)]);
  const names = new Map(organizations.map((o) => [o.id, o.name]));
  // each granter as the caller's role may see a person (decision 027); their organization's name is not theirs
  const role = fieldRoleOfAuth(auth);
  return { data: data.map((g) => ({ ...applyFieldPolicy(role, g), organization_name: names.get(g.organization_id) ?? "" })), count };
}

/**
 * PUT /api/granter/:id (decision 069, superadmin): a granter's first and last name, e-mail and phone, by the staff
 * path (EditStaffUser): the e-mail stays unique across every sign-in (409 EMAIL_IN_USE on `email`), bad input is
 * 400 naming the field; the group and the status are kept. Works in whichever organization the granter lives.
 */
export async function editGranterCall(services: Services, auth: Auth, userId: string | undefined, body: unknown) {
  const row = userId && isUuid(userId) ? await granterById(services.db, userId) : undefined;
  if (!row) throw granterNotFound();
  const fields = (body ?? {}) as Record<string, unknown>;
  const parsed = staffUserSchema.safeParse({
    first_name: fields.first_name,
    last_name: fields.last_name,
    email: fields.email,
    phone_number: fields.phone_number ?? "",
    user_group_id: row.user_group_id,
    status: row.status,
    status_reason: row.status_reason ?? undefined,
  });
  if (!parsed.success) throw validationError(parsed.error);
  const groups = (await listUserGroups(services.db, row.organization_id)).map((g) => ({ id: g.id, level: g.level }));
  const result = await handleStaffUserCommand(services, {
    type: "EditStaffUser",
    data: { userId: row.id, input: parsed.data, actor: { userId: auth.user.id, level: auth.subject.level }, groups },
    metadata: { commandId: newId(), organizationId: row.organization_id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const last = result.events[result.events.length - 1];
  if (last) await waitForProjection(services, "identity", { atLeast: last.position });
  return { message: GRANTER_TOASTS.updated };
}

/**
 * POST /api/granter: a level-5 account in the superadmin's own organization's GRANTER group, by the staff path
 * (decision 061: no password), then invited (decision 063).
 */
export async function createGranterCall(services: Services, auth: Auth, body: unknown, request: Request) {
  const group = (await listUserGroups(services.db, auth.organization.id)).find((g) => g.level === LEVEL.granter);
  if (!group) throw new DomainError("USER_GROUP_NOT_FOUND", "This organization has no granter group", 404);
  const created = await createStaffUserCall(services, auth, { ...(body as Record<string, unknown> | null), user_group_id: group.id, status: "Active", status_reason: undefined }, request);
  const userId = (created.data as { id: string }).id;
  await sendInvitationCall(services, auth, { user_id: userId }, new Request(request.url, { method: "POST", headers: { "idempotency-key": `granter-invite:${userId}` } }));
  return { message: GRANTER_TOASTS.created, data: { id: userId } };
}

/** DELETE /api/granter/:id: deactivates a granter account of any organization (its sign-in ends). */
export async function deactivateGranterCall(services: Services, auth: Auth, userId: string | undefined) {
  const row = userId && isUuid(userId) ? await granterById(services.db, userId) : undefined;
  if (!row) throw granterNotFound();
  const groups = (await listUserGroups(services.db, row.organization_id)).map((g) => ({ id: g.id, level: g.level }));
  const result = await handleStaffUserCommand(services, {
    type: "DeactivateStaffUser",
    data: { userId: row.id, actor: { userId: auth.user.id, level: auth.subject.level }, groups },
    metadata: { commandId: newId(), organizationId: row.organization_id, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  const last = result.events[result.events.length - 1];
  if (last) await waitForProjection(services, "identity", { atLeast: last.position });
  return { message: GRANTER_TOASTS.deleted };
}
