import { ADMIN_ONLY, commandMetadataOf, isAllowed, type Auth, type Services } from "../identity";
import { DomainError, newId, type CommandMetadata } from "../kernel";
import { getOrganization } from "../../projections/organizations";
import { waitForProjection } from "../../projections/runner";
import { changeTheme, updateOrganizationSettings, type OrganizationResult } from "./handlers";
import { withoutSecrets, type OrganizationSettingsInput } from "./settings";
import { timeZoneOptions } from "./time-zone";

type Deps = Pick<Services, "db" | "store" | "clock">;

/**
 * GET /api/setting/organization: the signed-in user's own organization (spec-1 section 3, snake_case):
 * id, the settings, and the theme's main_color. Below admin level (and for a kiosk) the report's
 * secret value is left blank.
 */
export async function organizationSettingsOf(services: Pick<Services, "db">, auth: Auth) {
  const row = await getOrganization(services.db, auth.organization.id);
  if (!row) throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
  const settings = isAllowed(ADMIN_ONLY, auth.subject) ? row.settings : withoutSecrets(row.settings);
  return { id: row.id, ...settings, main_color: row.main_color };
}

/**
 * PUT /api/setting/organization: replaces the settings of the user's own organization (admin and above,
 * by the row's rule). The body is the settings object; `id` and `main_color` in it are ignored (the
 * organization is always the user's own, the theme changes through its own command). The command
 * validates the body with the settings schema: a bad one is a 400 VALIDATION, no event.
 */
export async function updateOrganizationSettingsOf(services: Deps, auth: Auth, body: unknown, request: Request) {
  const result = await updateOrganizationSettings(services, {
    type: "UpdateOrganizationSettings",
    data: { organizationId: auth.organization.id, settings: body as OrganizationSettingsInput },
    metadata: commandMetadataOf(auth, request),
  });
  if (!result.ok) throw result.error;
  return { message: "Organization successfully updated" };
}

/**
 * The user's own organization for /customize (an admin page: the settings in full, secrets too), and
 * the time zones to choose from (Canada and the United States first, decision 032).
 */
export async function customizeData(services: Pick<Services, "db" | "clock">, auth: Auth) {
  const row = await getOrganization(services.db, auth.organization.id);
  if (!row) throw new Response("Organization not found", { status: 404 });
  return { settings: row.settings, mainColor: row.main_color, timeZones: timeZoneOptions(row.settings.time_zone, undefined, services.clock.now()) };
}

const pageMetadata = (auth: Auth): CommandMetadata => ({ commandId: newId(), organizationId: auth.organization.id, actorId: auth.user.id });

/** After a command that appended, wait for the read model so the page's next loader shows the change. */
async function settled(services: Deps, result: OrganizationResult): Promise<OrganizationResult> {
  const last = result.ok ? result.events[result.events.length - 1] : undefined;
  if (last) await waitForProjection(services, "organizations", { atLeast: last.position });
  return result;
}

/** The /customize theme form: ChangeTheme of the user's own organization, read back before the page reloads. */
export async function changeOrganizationTheme(services: Deps, auth: Auth, mainColor: string): Promise<OrganizationResult> {
  return settled(services, await changeTheme(services, { type: "ChangeTheme", data: { organizationId: auth.organization.id, mainColor }, metadata: pageMetadata(auth) }));
}

/** The /customize settings form: UpdateOrganizationSettings of the user's own organization, read back before the page reloads. */
export async function replaceOrganizationSettings(services: Deps, auth: Auth, settings: OrganizationSettingsInput): Promise<OrganizationResult> {
  return settled(
    services,
    await updateOrganizationSettings(services, { type: "UpdateOrganizationSettings", data: { organizationId: auth.organization.id, settings }, metadata: pageMetadata(auth) }),
  );
}
