import { sql, type Kysely, type Transaction } from "kysely";
import { isWebhookEndpointEvent, WEBHOOK_ENDPOINT_EVENT_TYPES, WEBHOOK_SOURCE_EVENT_TYPES, webhookPayload, webhookTypeOf, type WebhookEndpointEvent } from "../../modules/integrations";
import { idFrom, type RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { WebhookTables } from "./tables";

type Db = Kysely<WebhookTables> | Transaction<WebhookTables>;

/** The checkpoint name of the webhook subscriber (projection_checkpoints). */
export const WEBHOOK_SUBSCRIBER = "webhook-deliveries";
/** The live message the subscriber returns for the deliveries it recorded: its publisher queues them after commit. */
export const DELIVERIES_RECORDED = "deliveries-recorded";

/** A delivery's id: one per event and endpoint, the same however often the event is read (Standard Webhooks' webhook-id). */
export const deliveryIdOf = (eventId: string, endpointId: string) => `msg_${idFrom("webhook-delivery", eventId, endpointId).replace(/-/g, "")}`;

async function applyEndpointEvent(db: Db, event: RecordedEvent<WebhookEndpointEvent>) {
  switch (event.type) {
    case "WebhookEndpointRegistered": {
      const d = event.data;
      await db
        .insertInto("webhook_subscriptions")
        .values({ endpoint_id: d.endpointId, organization_id: d.organizationId, url: d.url, secret: d.secret, event_types: sql`${JSON.stringify(d.eventTypes)}::jsonb` as never, active: true, failing_since: null })
        .onConflict((oc) => oc.column("endpoint_id").doNothing())
        .execute();
      return;
    }
    case "WebhookEndpointChanged":
      await db.updateTable("webhook_subscriptions").set({ url: event.data.url, event_types: sql`${JSON.stringify(event.data.eventTypes)}::jsonb` as never }).where("endpoint_id", "=", event.data.endpointId).execute();
      return;
    case "WebhookEndpointDisabled":
      await db.updateTable("webhook_subscriptions").set({ active: false }).where("endpoint_id", "=", event.data.endpointId).execute();
      return;
    case "WebhookEndpointEnabled":
      await db.updateTable("webhook_subscriptions").set({ active: true, failing_since: null }).where("endpoint_id", "=", event.data.endpointId).execute();
      return;
    case "WebhookEndpointDeleted":
      await db.deleteFrom("webhook_subscriptions").where("endpoint_id", "=", event.data.endpointId).execute();
      return;
    default: {
      const never: never = event;
      return never;
    }
  }
}

/**
 * The webhook subscriber (decision 079): a checkpointed reader of the event store, run by the delivery
 * worker. In the transaction that moves its checkpoint it keeps its own copy of the endpoints (so an event
 * is matched against the endpoints as they stood at that point of the store's order) and records one
 * delivery per event and subscribed endpoint, its id derived from both: read twice, an event records
 * nothing new. Deliveries are recorded in the store's order, hence in order per stream.
 */
export const webhookSubscriber = defineProjection<WebhookTables>({
  name: WEBHOOK_SUBSCRIBER,
  tables: [],
  eventTypes: [...WEBHOOK_ENDPOINT_EVENT_TYPES, ...WEBHOOK_SOURCE_EVENT_TYPES],
  async apply(db, events) {
    const recorded: { id: string; position: number }[] = [];
    let subscriptions: { endpoint_id: string; organization_id: string; event_types: string[] }[] | null = null;
    for (const event of events) {
      if (isWebhookEndpointEvent(event)) {
        await applyEndpointEvent(db, event as RecordedEvent<WebhookEndpointEvent>);
        subscriptions = null;
        continue;
      }
      const type = webhookTypeOf(event.type);
      const organizationId = event.metadata.organizationId;
      if (!type || !organizationId) continue;
      subscriptions ??= await db.selectFrom("webhook_subscriptions").select(["endpoint_id", "organization_id", "event_types"]).where("active", "=", true).execute();
      const wanted = subscriptions.filter((s) => s.organization_id === organizationId && s.event_types.includes(type));
      if (!wanted.length) continue;
      const payload = webhookPayload(type, event);
      const rows = wanted.map((s) => ({
        id: deliveryIdOf(event.eventId, s.endpoint_id),
        endpoint_id: s.endpoint_id,
        organization_id: organizationId,
        event_id: event.eventId,
        event_type: type,
        stream_id: event.streamId,
        position: String(event.position),
        payload,
        status: "pending",
        attempts: 0,
        last_status_code: null,
        last_error: null,
        last_attempt_at: null,
        succeeded_at: null,
      }));
      const inserted = await db.insertInto("webhook_deliveries").values(rows).onConflict((oc) => oc.column("id").doNothing()).returning("id").execute();
      for (const row of inserted) recorded.push({ id: row.id, position: event.position });
    }
    if (!recorded.length) return;
    return [{ organizationId: "", topic: WEBHOOK_SUBSCRIBER, event: DELIVERIES_RECORDED, payload: recorded.map((r) => r.id) }];
  },
});
