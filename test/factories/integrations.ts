import { apiKeyDecider, apiKeyStream, newApiKey, webhookEndpointDecider, webhookEndpointStream } from "../../modules/integrations";
import { handleCommand, idFrom, type Clock, type EventStore } from "../../modules/kernel";

type Deps = { store: EventStore; clock: Clock };
const DAY = 86_400_000;

/**
 * The Integrations page's demo (decision 080): the admin's active key for a front-desk tablet, an older one
 * that has expired, and an example webhook endpoint turned off (its address is not a real receiver, so nothing
 * is ever sent). The keys' secrets are thrown away: nobody can use them.
 */
export async function seedDemoIntegrations(deps: Deps, organizationId: string, adminId: string) {
  const keys = [
    { name: "Front desk tablet", permissionIds: ["CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_CHECK_IN_MEMBERS"], madeDaysAgo: 10, livesDays: 180 },
    { name: "Spring sign-up import", permissionIds: ["CAN_CREATE_PARTICIPANT_PROFILE"], madeDaysAgo: 90, livesDays: 30 },
  ];
  for (const key of keys) {
    const madeAt = new Date(deps.clock.now().getTime() - key.madeDaysAgo * DAY);
    const keyId = idFrom("demo-api-key", organizationId, key.name);
    const secret = newApiKey(keyId);
    const result = await handleCommand({ store: deps.store, clock: { now: () => madeAt } }, apiKeyDecider, apiKeyStream(keyId), {
      type: "CreateApiKey",
      data: { keyId, organizationId, name: key.name, permissionIds: key.permissionIds, expiresAt: new Date(madeAt.getTime() + key.livesDays * DAY).toISOString(), createdBy: adminId, secretHash: secret.hash, prefix: secret.prefix, creatorPermissionIds: key.permissionIds },
      metadata: { commandId: idFrom("demo-api-key-created", keyId), organizationId, actorId: adminId },
    });
    if (!result.ok) throw result.error;
  }
  const endpointId = idFrom("demo-webhook", organizationId);
  const meta = (step: string) => ({ commandId: idFrom("demo-webhook", endpointId, step), organizationId, actorId: adminId });
  const registered = await handleCommand(deps, webhookEndpointDecider, webhookEndpointStream(endpointId), {
    type: "RegisterWebhookEndpoint",
    data: { endpointId, organizationId, createdBy: adminId, secret: `whsec_${Buffer.from(idFrom("demo-webhook-secret", endpointId)).toString("base64").slice(0, 32)}`, url: "https://hooks.example.org/rollcall", description: "Example: the attendance spreadsheet", eventTypes: ["check-in", "check-out", "attendance"] },
    metadata: meta("registered"),
  });
  if (!registered.ok) throw registered.error;
  const disabled = await handleCommand(deps, webhookEndpointDecider, webhookEndpointStream(endpointId), { type: "DisableWebhookEndpoint", data: { endpointId, reason: "Example endpoint: turn it on after pointing it at your receiver" }, metadata: meta("disabled") });
  if (!disabled.ok) throw disabled.error;
}
