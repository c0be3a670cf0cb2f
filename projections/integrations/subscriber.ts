import { sql, type Kysely, type Transaction } from "kysely";
import { isWebhookEndpointEvent, WEBHOOK_ENDPOINT_EVENT_TYPES, WEBHOOK_SOURCE_EVENT_TYPES, webhookPayload, webhookTypeOf, type WebhookEndpointEvent } from "../../modules/integrations";
import { idFrom, type RecordedEvent } from "../../modules/kernel";
import { defineProjection } from "../runner";
import type { BatchDelivery, WebhookTables } from "./tables";

type Db = Kysely<WebhookTables> | Transaction<WebhookTables>;

/** The checkpoint name of the webhook subscriber (projection_checkpoints). */
export const WEBHOOK_SUBSCRIBER = "webhook-deliveries";
/** The live message the subscriber returns for the batches it recorded: its publisher queues them after commit. */
export const BATCHES_RECORDED = "batches-recorded";

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

/** At most this many deliveries make one batch (one job, one read, one write of their outcomes). */
export const BATCH_LIMIT = 500;
/** A batch's id: its endpoint and the store position of its first event (the same however often it is recorded). */
export const batchIdOf = (endpointId: string, position: number) => `whb_${endpointId}_${position}`;
/** The endpoint a batch id names. */
export const endpointOfBatch = (batchId: string) => batchId.slice(4, batchId.lastIndexOf("_"));

type Pending = BatchDelivery & { endpoint_id: string; organization_id: string };

/** Deliveries per endpoint in store order, cut into batches of at most BATCH_LIMIT, each named by its first one. */
type BatchRow = Omit<WebhookTables["webhook_batches"], "created_at">;

function intoBatches(pending: Pending[]): BatchRow[] {
  const byEndpoint = new Map<string, Pending[]>();
  for (const row of pending) {
    const list = byEndpoint.get(row.endpoint_id);
    if (list) list.push(row);
    else byEndpoint.set(row.endpoint_id, [row]);
  }
  const out: BatchRow[] = [];
  for (const [endpointId, list] of byEndpoint)
    for (let i = 0; i < list.length; i += BATCH_LIMIT) {
      const chunk = list.slice(i, i + BATCH_LIMIT);
      const first = chunk[0]!;
      out.push({
        id: batchIdOf(endpointId, first.position),
        endpoint_id: endpointId,
        organization_id: first.organization_id,
        first_position: String(first.position),
        size: chunk.length,
        deliveries: JSON.stringify(chunk.map(({ id, event_id, event_type, stream_id, position, payload }) => ({ id, event_id, event_type, stream_id, position, payload }))),
      });
    }
  return out;
}

/**
 * The webhook subscriber (decisions 079, 096, 126): a checkpointed reader of the event store, run by the
 * delivery worker. In the transaction that moves its checkpoint it keeps its own copy of the endpoints (so an
 * event is matched against the endpoints as they stood at that point of the store's order) and records one
 * delivery per event and subscribed endpoint, its id derived from both. The deliveries of one read are
 * grouped per endpoint into batches, each ONE `webhook_batches` row (its deliveries as JSON; the delivery rows
 * are written after the first try, with its outcome); the publisher queues the new batches after commit (one
 * job each, sent in order per stream). The checkpoint moves only with the batches: at least once.
 */
export const webhookSubscriber = defineProjection<WebhookTables>({
  name: WEBHOOK_SUBSCRIBER,
  tables: [],
  eventTypes: [...WEBHOOK_ENDPOINT_EVENT_TYPES, ...WEBHOOK_SOURCE_EVENT_TYPES],
  async apply(db, events) {
    const pending: Pending[] = [];
    const batches = new Set<string>();
    const flush = async () => {
      const rows = intoBatches(pending.splice(0));
      for (let i = 0; i < rows.length; i += 20) {
        const inserted = await db.insertInto("webhook_batches").values(rows.slice(i, i + 20)).onConflict((oc) => oc.column("id").doNothing()).returning("id").execute();
        for (const row of inserted) batches.add(row.id);
      }
    };
    let subscriptions: { endpoint_id: string; organization_id: string; event_types: string[] }[] | null = null;
    for (const event of events) {
      if (isWebhookEndpointEvent(event)) {
        // deliveries before an endpoint's change are recorded against the endpoints as they stood
        await flush();
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
      for (const s of wanted)
        pending.push({ id: deliveryIdOf(event.eventId, s.endpoint_id), endpoint_id: s.endpoint_id, organization_id: organizationId, event_id: event.eventId, event_type: type, stream_id: event.streamId, position: event.position, payload });
    }
    await flush();
    if (!batches.size) return;
    return [{ organizationId: "", topic: WEBHOOK_SUBSCRIBER, event: BATCHES_RECORDED, payload: [...batches] }];
  },
});
