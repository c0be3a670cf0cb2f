import { getOrganization } from "../../../projections/organizations";
import { type Auth, type Services } from "../../identity";
import { DomainError, newId } from "../../kernel";
import { handleOrganizationCommand } from "../handlers";

export const ENTERING_TOASTS = {
  entered: (name: string) => `You are now in ${name} as a superadmin`,
  left: (name: string) => `You are back in ${name}`,
} as const;

const organizationNotFound = () => new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);

/** The organization a superadmin belongs to, whether or not they are inside another one now. */
export const homeOrganizationIdOf = (auth: Auth) => auth.actingAs?.homeOrganizationId ?? auth.organization.id;

/**
 * POST /api/organization/:id/enter (decision 069, superadmin only by its row): the session moves into that
 * organization, recorded as `SuperadminEnteredOrganization` on its stream. Unknown: 404; deactivated: 409;
 * one's own: the same as leaving; the one one is in already: nothing new. Inside another one already, that
 * one is left first (its stream says so).
 */
export async function enterOrganizationCall(services: Services, auth: Auth, organizationId: string | undefined) {
  const row = organizationId ? await getOrganization(services.db, organizationId) : undefined;
  if (!row || !organizationId) throw organizationNotFound();
  const home = homeOrganizationIdOf(auth);
  if (organizationId === home) return leaveOrganizationCall(services, auth);
  if (organizationId === auth.organization.id) return { message: ENTERING_TOASTS.entered(row.name), data: { organization_id: organizationId } };
  if (row.deactivated_at !== null) {
    throw new DomainError("ORGANIZATION_DEACTIVATED", "This organization is deactivated: reactivate it before entering it", 409);
  }
  if (auth.actingAs) await recordLeaving(services, auth);
  const result = await handleOrganizationCommand(services, {
    type: "EnterOrganization",
    data: { organizationId, homeOrganizationId: home },
    metadata: { commandId: newId(), organizationId: null, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  await services.sessions.switchOrganization(auth.token, organizationId, services.clock.now());
  return { message: ENTERING_TOASTS.entered(row.name), data: { organization_id: organizationId } };
}

/** `SuperadminLeftOrganization` on the stream of the organization the superadmin is inside (written while inside it). */
async function recordLeaving(services: Services, auth: Auth) {
  const result = await handleOrganizationCommand(services, {
    type: "LeaveOrganization",
    data: { organizationId: auth.organization.id, homeOrganizationId: homeOrganizationIdOf(auth) },
    metadata: { commandId: newId(), organizationId: null, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
}

/**
 * POST /api/organization/leave (decision 069): back to one's own organization. In one's own already: the same
 * answer, nothing written (a second click is harmless).
 */
export async function leaveOrganizationCall(services: Services, auth: Auth) {
  const home = homeOrganizationIdOf(auth);
  const name = auth.actingAs?.homeOrganizationName ?? auth.organization.name;
  if (!auth.actingAs) return { message: ENTERING_TOASTS.left(name), data: { organization_id: home } };
  await recordLeaving(services, auth);
  await services.sessions.switchOrganization(auth.token, home, services.clock.now());
  return { message: ENTERING_TOASTS.left(name), data: { organization_id: home } };
}
