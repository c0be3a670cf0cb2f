import { parseWithZod } from "@conform-to/zod/v4";
import type { Auth } from "#modules/identity";
import { changeOrganizationTheme, replaceOrganizationSettings } from "#modules/organizations";
import { settingsFormSchema } from "~/components/customize/settings-form-schema";
import type { CustomizeActionData } from "~/components/customize/types";
import type { AppServices } from "./load-context";

/** The /customize form post: intent settings or theme, always the user's own organization (modules/organizations/service.ts). */
export async function handleCustomizeForm(services: AppServices, auth: Auth, formData: FormData): Promise<{ data: CustomizeActionData; status: number }> {
  const intent = formData.get("intent");
  if (intent === "theme") {
    const result = await changeOrganizationTheme(services, auth, String(formData.get("main_color") ?? ""));
    if (!result.ok) return { data: { notice: { type: "error", title: result.error.message } }, status: result.error.status };
    return { data: { notice: { type: "success", title: "Theme successfully updated" } }, status: 200 };
  }
  if (intent !== "settings") return { data: { notice: { type: "error", title: "Unknown action" } }, status: 400 };

  const submission = parseWithZod(formData, { schema: settingsFormSchema, disableAutoCoercion: true });
  if (submission.status !== "success") return { data: { result: submission.reply() }, status: 400 };
  const result = await replaceOrganizationSettings(services, auth, submission.value);
  if (!result.ok) {
    const fieldErrors = (result.error.details?.fieldErrors ?? {}) as Record<string, string[]>;
    return { data: { result: submission.reply({ formErrors: [result.error.message], fieldErrors }) }, status: result.error.status };
  }
  return { data: { result: submission.reply(), notice: { type: "success", title: "Organization successfully updated" } }, status: 200 };
}
