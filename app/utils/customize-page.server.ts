import { parseWithZod } from "@conform-to/zod/v4";
import { newId, type CommandMetadata } from "#modules/kernel";
import { changeTheme, timeZoneOptions, updateOrganizationSettings } from "#modules/organizations";
import { getOrganization } from "#projections/organizations";
import { settingsFormSchema } from "~/components/customize/settings-form-schema";
import type { CustomizeActionData } from "~/components/customize/types";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";
import { waitForProjection } from "./read-your-writes.server";

/**
 * The user's own organization for /customize (an admin page: the settings in full, secrets too), and
 * the time zones to choose from (Canada and the United States first, decision 032).
 */
export async function customizeData(services: AppServices, auth: Auth) {
  const row = await getOrganization(services.db, auth.organization.id);
  if (!row) throw new Response("Organization not found", { status: 404 });
  return { settings: row.settings, mainColor: row.main_color, timeZones: timeZoneOptions(row.settings.time_zone, undefined, services.clock.now()) };
}

const metadata = (auth: Auth): CommandMetadata => ({ commandId: newId(), organizationId: auth.organization.id, actorId: auth.user.id });

/** After a command that appended, wait for the read model so the page's next loader shows the change. */
const settle = async (services: AppServices, events: { position: number }[]) => {
  const last = events[events.length - 1];
  if (last) await waitForProjection(services, "organizations", { atLeast: last.position });
};

/** intent settings: UpdateOrganizationSettings; intent theme: ChangeTheme. Always the user's own organization. */
export async function handleCustomizeForm(services: AppServices, auth: Auth, formData: FormData): Promise<{ data: CustomizeActionData; status: number }> {
  const intent = formData.get("intent");
  if (intent === "theme") {
    const result = await changeTheme(services, {
      type: "ChangeTheme",
      data: { organizationId: auth.organization.id, mainColor: String(formData.get("main_color") ?? "") },
      metadata: metadata(auth),
    });
    if (!result.ok) return { data: { notice: { type: "error", title: result.error.message } }, status: result.error.status };
    await settle(services, result.events);
    return { data: { notice: { type: "success", title: "Theme successfully updated" } }, status: 200 };
  }
  if (intent !== "settings") return { data: { notice: { type: "error", title: "Unknown action" } }, status: 400 };

  const submission = parseWithZod(formData, { schema: settingsFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return { data: { result: submission.reply() }, status: 400 };
  const result = await updateOrganizationSettings(services, {
    type: "UpdateOrganizationSettings",
    data: { organizationId: auth.organization.id, settings: submission.value },
    metadata: metadata(auth),
  });
  if (!result.ok) {
    const fieldErrors = (result.error.details?.fieldErrors ?? {}) as Record<string, string[]>;
    return { data: { result: submission.reply({ formErrors: [result.error.message], fieldErrors }) }, status: result.error.status };
  }
  await settle(services, result.events);
  return { data: { result: submission.reply(), notice: { type: "success", title: "Organization successfully updated" } }, status: 200 };
}
