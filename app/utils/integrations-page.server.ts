import { parseWithZod } from "@conform-to/zod/v4";
import type { Auth } from "#modules/identity";
import { apiKeyFormSchema, createApiKey, deleteWebhook, redeliver, registerWebhook, revokeApiKey, setWebhookEnabled, webhookEndpointBody } from "#modules/integrations";
import { DomainError } from "#modules/kernel";
import type { IntegrationsActionData } from "~/components/integrations/types";
import type { AppServices } from "./load-context";

type Answer = { data: IntegrationsActionData; status: number };
const failed = (error: unknown): Answer => {
  if (error instanceof DomainError) return { data: { notice: { type: "error", title: error.message } }, status: error.status };
  throw error;
};
const done = (title: string): Answer => ({ data: { notice: { type: "success", title } }, status: 200 });

/** The /integrations form posts (decision 080): the same services as the /api calls. */
export async function handleIntegrationsForm(services: AppServices, auth: Auth, request: Request, formData: FormData): Promise<Answer> {
  const intent = String(formData.get("intent") ?? "");
  const id = String(formData.get("id") ?? "");
  try {
    switch (intent) {
      case "create-key": {
        const submission = parseWithZod(formData, { schema: apiKeyFormSchema });
        if (submission.status !== "success") return { data: { form: "key", result: submission.reply() }, status: 400 };
        const { name, permission_ids, expires_in_days } = submission.value;
        const expires_at = new Date(services.clock.now().getTime() + expires_in_days * 86_400_000).toISOString();
        const created = await createApiKey(services, auth, request, { name, permission_ids, expires_at }).catch((error: unknown) => {
          if (error instanceof DomainError) return error;
          throw error;
        });
        if (created instanceof DomainError) return { data: { form: "key", result: submission.reply({ formErrors: [created.message] }) }, status: created.status };
        return { data: { form: "key", result: submission.reply({ resetForm: true }), notice: { type: "success", title: created.message }, newKey: created.data.key ? { name, key: created.data.key } : undefined }, status: 200 };
      }
      case "create-webhook": {
        const submission = parseWithZod(formData, { schema: webhookEndpointBody });
        if (submission.status !== "success") return { data: { form: "webhook", result: submission.reply() }, status: 400 };
        const created = await registerWebhook(services, auth, request, submission.value).catch((error: unknown) => {
          if (error instanceof DomainError) return error;
          throw error;
        });
        if (created instanceof DomainError) return { data: { form: "webhook", result: submission.reply({ formErrors: [created.message] }) }, status: created.status };
        return { data: { form: "webhook", result: submission.reply({ resetForm: true }), notice: { type: "success", title: created.message }, newSecret: created.data.secret }, status: 200 };
      }
      case "revoke-key":
        return done((await revokeApiKey(services, auth, request, id)).message);
      case "delete-webhook":
        return done((await deleteWebhook(services, auth, request, id)).message);
      case "enable-webhook":
      case "disable-webhook":
        return done((await setWebhookEnabled(services, auth, request, id, intent === "enable-webhook")).message);
      case "redeliver":
        return done((await redeliver(services, auth, id)).message);
      default:
        return { data: { notice: { type: "error", title: "Unknown action" } }, status: 400 };
    }
  } catch (error) {
    return failed(error);
  }
}
