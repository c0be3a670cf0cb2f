import type { Generated } from "kysely";

/** The integrations read model (decisions 078, 079): API keys and webhook endpoints, as the pages list them. */
export type IntegrationTables = {
  rm_api_keys: {
    id: string;
    organization_id: string;
    name: string;
    prefix: string;
    permission_ids: string[];
    expires_at: string;
    created_by: string;
    created_at: string;
    revoked_at: string | null;
  };
  rm_webhook_endpoints: {
    id: string;
    organization_id: string;
    url: string;
    description: string;
    event_types: string[];
    status: string;
    disabled_reason: string | null;
    created_by: string;
    created_at: string;
    updated_at: string;
  };
};

/**
 * The webhook subscriber's own tables (decision 079), written by its checkpointed runner and by the
 * delivery worker: not a read model (a rebuild never touches them; the delivery log is history).
 */
export type WebhookTables = {
  webhook_subscriptions: {
    endpoint_id: string;
    organization_id: string;
    url: string;
    secret: string;
    event_types: string[];
    active: boolean;
    failing_since: string | null;
  };
  webhook_deliveries: {
    id: string;
    endpoint_id: string;
    organization_id: string;
    event_id: string;
    event_type: string;
    stream_id: string;
    position: string;
    payload: string;
    status: string;
    attempts: number;
    last_status_code: number | null;
    last_error: string | null;
    created_at: Generated<string>;
    last_attempt_at: string | null;
    succeeded_at: string | null;
    /** The batch of its first try (decision 096); null for deliveries recorded before batches. */
    batch_id: string | null;
    /** The last try's duration and the receiver's answer (decision 126: a success's try has no attempt row). */
    last_duration_ms: number | null;
    last_response_body: string | null;
  };
  /**
   * A batch of one endpoint's deliveries waiting for their first try (decision 126): one row, recorded by the
   * subscriber, deleted by the worker in the statement that writes the delivery rows with their outcomes.
   */
  webhook_batches: {
    id: string;
    endpoint_id: string;
    organization_id: string;
    first_position: string;
    size: number;
    /** JSON: BatchDelivery[] in store order */
    deliveries: string;
    created_at: Generated<string>;
  };
  webhook_attempts: {
    id: Generated<string>;
    delivery_id: string;
    attempt: number;
    at: string;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
    response_body: string | null;
  };
};

/** One delivery of a `webhook_batches` row, as its JSON holds it. */
export type BatchDelivery = { id: string; event_id: string; event_type: string; stream_id: string; position: number; payload: string };
