import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { ADMIN_ONLY, isAllowed } from "#modules/identity";
import { DomainError } from "#modules/kernel";
import { updateOrganizationSettings, withoutSecrets, type OrganizationSettingsInput } from "#modules/organizations";
import { getOrganization } from "#projections/organizations";
import { api, readJson, signedIn } from "~/utils/api.server";
import { commandIdOf } from "#modules/identity";

/**
 * GET /api/setting/organization: the signed-in user's own organization (spec-1 section 3, snake_case):
 * id, the settings, and the theme's main_color. Below admin level (and for a kiosk) the report's
 * secret value is left blank.
 */
export const loader = (args: LoaderFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    const row = await getOrganization(ctx.services.db, auth.organization.id);
    if (!row) throw new DomainError("ORGANIZATION_NOT_FOUND", "Organization not found", 404);
    const settings = isAllowed(ADMIN_ONLY, auth.subject) ? row.settings : withoutSecrets(row.settings);
    return { id: row.id, ...settings, main_color: row.main_color };
  });

/**
 * PUT /api/setting/organization: replaces the settings of the user's own organization (admin and above,
 * by the registry rule). The body is the settings object; `id` and `main_color` in it are ignored (the
 * organization is always the user's own, the theme changes through its own command).
 */
export const action = (args: ActionFunctionArgs) =>
  api(args, async (ctx) => {
    const auth = signedIn(ctx);
    // the command validates the body with the settings schema: a bad one is a 400 VALIDATION, no event
    const result = await updateOrganizationSettings(ctx.services, {
      type: "UpdateOrganizationSettings",
      data: { organizationId: auth.organization.id, settings: (await readJson(ctx.request)) as OrganizationSettingsInput },
      metadata: {
        commandId: commandIdOf(auth, ctx.request),
        organizationId: auth.organization.id,
        actorId: auth.user.id,
      },
    });
    if (!result.ok) throw result.error;
    return { message: "Organization successfully updated" };
  });
