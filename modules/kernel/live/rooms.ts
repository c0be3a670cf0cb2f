import { z } from "zod";

/** The Redis channel prefix shared by the adapter (web processes) and the emitter (any process). */
export const DEFAULT_LIVE_KEY = "socket.io";

/** What a process publishes to the live channel: one socket.io event for one organization's topic room. */
export type LiveMessage = {
  organizationId: string;
  topic: string;
  event: string;
  payload: unknown;
};

/** A topic is a short lowercase slug: `board`, `check-ins`, `export-3`. */
export const topicSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,39}$/, "topic must be a lowercase slug (a-z, 0-9, '-'), 1 to 40 characters");

export const organizationIdSchema = z
  .string()
  .min(1, "organizationId must not be empty")
  .max(100, "organizationId must be at most 100 characters");

/** The body of a client's `subscribe` / `unsubscribe` message. */
export const subscriptionSchema = z.object({ organizationId: organizationIdSchema, topic: topicSchema });
export type Subscription = z.infer<typeof subscriptionSchema>;

/**
 * The socket.io room of one organization's topic: `org:{organizationId}:{topic}`.
 * The topic never holds ':', so the name is unambiguous. Throws (ZodError) on invalid input.
 */
export function roomFor(organizationId: string, topic: string): string {
  const valid = subscriptionSchema.parse({ organizationId, topic });
  return `org:${valid.organizationId}:${valid.topic}`;
}

/** Parses untrusted input; on failure gives one human-readable line. */
export function parseSubscription(
  input: unknown,
): { ok: true; subscription: Subscription; room: string } | { ok: false; message: string } {
  const parsed = subscriptionSchema.safeParse(input);
  if (!parsed.success) {
    const message = parsed.error.issues
      .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
      .join("; ");
    return { ok: false, message };
  }
  const { organizationId, topic } = parsed.data;
  return { ok: true, subscription: parsed.data, room: `org:${organizationId}:${topic}` };
}

/**
 * The live channel's Redis key prefix for one deployment, named after its database: apps sharing a Redis
 * (test runs side by side, two environments on one server) never hear each other's events, though the
 * demo organizations have the same ids everywhere. The web's adapter and every publisher use it.
 */
export function liveKeyFor(databaseUrl: string): string {
  let name = "";
  try {
    name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ""));
  } catch {
    name = "";
  }
  return name ? `rollcall-live:${name}` : DEFAULT_LIVE_KEY;
}
