import { sql, type Kysely, type Transaction } from "kysely";
import { API_KEY_EVENT_TYPES, WEBHOOK_ENDPOINT_EVENT_TYPES, type ApiKeyEvent, type WebhookEndpointEvent } from "../../modules/integrations";
import type { RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { IntegrationTables } from "./tables";

type Db = Kysely<IntegrationTables> | Transaction<IntegrationTables>;

async function applyEvent(db: Db, event: RecordedEvent<ApiKeyEvent | WebhookEndpointEvent>): Promise<void> {
  const at = event.metadata.occurredAt;
  switch (event.type) {
    case "ApiKeyCreated": {
      const d = event.data;
      await db
        .insertInto("rm_api_keys")
        .values({ id: d.keyId, organization_id: d.organizationId, name: d.name, prefix: d.prefix, permission_ids: sql`${JSON.stringify(d.permissionIds)}::jsonb` as never, expires_at: d.expiresAt, created_by: d.createdBy, created_at: at, revoked_at: null })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "ApiKeyRevoked":
      await db.updateTable("rm_api_keys").set({ revoked_at: at }).where("id", "=", event.data.keyId).execute();
      return;
    case "WebhookEndpointRegistered": {
      const d = event.data;
      await db
        .insertInto("rm_webhook_endpoints")
        .values({ id: d.endpointId, organization_id: d.organizationId, url: d.url, description: d.description, event_types: sql`${JSON.stringify(d.eventTypes)}::jsonb` as never, status: "active", disabled_reason: null, created_by: d.createdBy, created_at: at, updated_at: at })
        .onConflict((oc) => oc.column("id").doNothing())
        .execute();
      return;
    }
    case "WebhookEndpointChanged": {
      const d = event.data;
      await db.updateTable("rm_webhook_endpoints").set({ url: d.url, description: d.description, event_types: sql`${JSON.stringify(d.eventTypes)}::jsonb` as never, updated_at: at }).where("id", "=", d.endpointId).execute();
      return;
    }
    case "WebhookEndpointDisabled":
      await db.updateTable("rm_webhook_endpoints").set({ status: "disabled", disabled_reason: event.data.reason, updated_at: at }).where("id", "=", event.data.endpointId).execute();
      return;
    case "WebhookEndpointEnabled":
      await db.updateTable("rm_webhook_endpoints").set({ status: "active", disabled_reason: null, updated_at: at }).where("id", "=", event.data.endpointId).execute();
      return;
    case "WebhookEndpointDeleted":
      await db.deleteFrom("rm_webhook_endpoints").where("id", "=", event.data.endpointId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/** API keys and webhook endpoints as the integrations page lists them (decisions 078, 079). */
export const integrationsProjection = defineProjection<IntegrationTables>({
  name: "integrations",
  tables: ["rm_api_keys", "rm_webhook_endpoints"],
  eventTypes: [...API_KEY_EVENT_TYPES, ...WEBHOOK_ENDPOINT_EVENT_TYPES],
  async apply(db, events) {
    for (const event of events) await applyEvent(db, event as RecordedEvent<ApiKeyEvent | WebhookEndpointEvent>);
  },
});
