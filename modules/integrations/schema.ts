import { z } from "zod";
import { ALL_PERMISSION_IDS } from "../identity/client";
import { WEBHOOK_EVENT_TYPE_NAMES } from "./webhooks/catalogue";

const permissionIds = new Set<string>(ALL_PERMISSION_IDS);
const eventTypes = new Set<string>(WEBHOOK_EVENT_TYPE_NAMES);

/** POST /api/api-key: a name, the permissions (a subset of the creator's), an expiry (decision 078). */
export const createApiKeyBody = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters"),
  permission_ids: z
    .array(z.string(), { error: "Permissions are required" })
    .max(ALL_PERMISSION_IDS.length)
    .superRefine((ids, ctx) => {
      const unknown = ids.filter((id) => !permissionIds.has(id));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown permission: ${unknown.join(", ")}` });
    }),
  expires_at: z.iso.datetime({ offset: true, error: "Expiry must be a date and time (ISO 8601)" }),
});
export type CreateApiKeyBody = z.output<typeof createApiKeyBody>;

/** POST /api/webhook and PUT /api/webhook/{id}: an HTTPS URL and the event types wanted (decision 079). */
export const webhookEndpointBody = z.object({
  url: z
    .string({ error: "URL is required" })
    .trim()
    .min(1, "URL is required")
    .max(2000, "URL must be at most 2000 characters")
    .refine((value) => URL.canParse(value) && new URL(value).protocol === "https:", "URL must be an https:// address")
    .refine((value) => !URL.canParse(value) || (!new URL(value).username && !new URL(value).password), "URL must not carry a user name or password"),
  description: z.string().trim().max(200, "Description must be at most 200 characters").default(""),
  event_types: z
    .array(z.string(), { error: "Event types are required" })
    .min(1, "Choose at least one event type")
    .superRefine((types, ctx) => {
      const unknown = types.filter((t) => !eventTypes.has(t));
      if (unknown.length) ctx.addIssue({ code: "custom", message: `Unknown event type: ${unknown.join(", ")}. Known: ${WEBHOOK_EVENT_TYPE_NAMES.join(", ")}` });
    })
    .transform((types) => [...new Set(types)]),
});
export type WebhookEndpointBody = z.output<typeof webhookEndpointBody>;

/** The Integrations page's key form (decision 080): the expiry as a number of days from now. */
export const apiKeyFormSchema = z.object({
  name: createApiKeyBody.shape.name,
  permission_ids: z.array(z.string()).default([]).pipe(createApiKeyBody.shape.permission_ids),
  expires_in_days: z.coerce.number({ error: "Expires in is required" }).int("Expires in must be whole days").min(1, "Expires in must be at least 1 day").max(366, "Expires in must be at most 366 days"),
});
export type ApiKeyForm = z.output<typeof apiKeyFormSchema>;
