import { z } from "zod";
import { SESSION_COOKIE } from "../../modules/identity";
import { subscriptionSchema } from "../../modules/kernel/live";
import { LIVE_CHANNELS, type LiveChannel } from "./live-channels";

/** The refusal codes of `subscribe` / `unsubscribe` acks (modules/kernel/live/server.ts), with when each is given. */
export const LIVE_ERROR_CODES = {
  BAD_SUBSCRIPTION: "The input is not { organizationId, topic } with a lowercase slug topic (1 to 40 characters), or there is no such topic",
  FORBIDDEN: "The socket may not follow this topic: another organization's, a rule the user does not meet, or a session ended or moved meanwhile",
} as const;

/** What the handshake answers a socket without a valid session: socket.io's connect_error with this message. */
export const HANDSHAKE_REFUSAL = "unauthorized";

const jsonSchema = (schema: z.ZodType) => {
  const { $schema: _dialect, ...json } = z.toJSONSchema(schema, { target: "draft-7", io: "output", unrepresentable: "any" }) as Record<string, unknown>;
  return json;
};

/** A channel's key in the document: its topic with placeholders made plain (`exp-{userId}` → `exp-userId`). */
export const channelKey = (channel: Pick<LiveChannel, "topic">) => channel.topic.replace(/[{}]/g, "");
const messageKey = (channel: LiveChannel, event: string) => `${channelKey(channel)}.${event.replace(/[^A-Za-z0-9-]/g, "-")}`;
const placeholders = (topic: string) => [...topic.matchAll(/\{([A-Za-z]+)\}/g)].map((m) => m[1]!);

const subscriptionPayload = jsonSchema(subscriptionSchema);
const ackSchema = (codes: readonly string[]) => ({
  oneOf: [
    { type: "object", required: ["ok", "room"], properties: { ok: { const: true }, room: { type: "string", description: "org:{organizationId}:{topic}" } } },
    { type: "object", required: ["ok", "code", "message"], properties: { ok: { const: false }, code: { type: "string", enum: codes }, message: { type: "string" } } },
  ],
});

function topicChannel(channel: LiveChannel) {
  const params = ["organizationId", ...placeholders(channel.topic)];
  return {
    address: `org:{organizationId}:${channel.topic}`,
    title: channel.topic,
    description: `Who may follow it: ${channel.followers}.${channel.followable ? "" : " Not followable."}`,
    parameters: Object.fromEntries(params.map((name) => [name, { description: name === "organizationId" ? "The socket's own organization" : `The ${name} the topic belongs to` }])),
    messages: Object.fromEntries(
      channel.messages.map((message) => [
        message.event.replace(/[^A-Za-z0-9-]/g, "-"),
        { $ref: `#/components/messages/${messageKey(channel, message.event)}` },
      ]),
    ),
    "x-topic": channel.topic,
    "x-followable": channel.followable,
  };
}

/**
 * The live channel's protocol as an AsyncAPI 3.0 document (decision 082), seen from the server: it
 * receives `subscribe` / `unsubscribe` and replies with an ack; it sends each topic's events to the
 * sockets in the topic's room. Generated from LIVE_CHANNELS and the live server's own schemas.
 */
export function asyncApiDocument(info: { title: string; version: string }) {
  const channels: Record<string, unknown> = {
    control: {
      address: "/",
      title: "The socket (socket.io's default namespace)",
      description: "Where a client asks to follow or stop following a topic; each ask is answered by its ack callback.",
      messages: {
        subscribe: { $ref: "#/components/messages/subscribe" },
        subscribeAck: { $ref: "#/components/messages/subscribeAck" },
        unsubscribe: { $ref: "#/components/messages/unsubscribe" },
        unsubscribeAck: { $ref: "#/components/messages/unsubscribeAck" },
      },
    },
  };
  const operations: Record<string, unknown> = {
    subscribe: {
      action: "receive",
      channel: { $ref: "#/channels/control" },
      summary: "Follow one organization's topic",
      description: `emit("subscribe", { organizationId, topic }, ack). The ack is { ok: true, room } or { ok: false, code, message } with code ${Object.keys(LIVE_ERROR_CODES).join(" or ")}. The session is checked again at each subscription.`,
      messages: [{ $ref: "#/channels/control/messages/subscribe" }],
      reply: { channel: { $ref: "#/channels/control" }, messages: [{ $ref: "#/channels/control/messages/subscribeAck" }] },
    },
    unsubscribe: {
      action: "receive",
      channel: { $ref: "#/channels/control" },
      summary: "Stop following a topic",
      description: 'emit("unsubscribe", { organizationId, topic }, ack). The ack is { ok: true, room } or { ok: false, code: "BAD_SUBSCRIPTION", message } for input that is not a subscription.',
      messages: [{ $ref: "#/channels/control/messages/unsubscribe" }],
      reply: { channel: { $ref: "#/channels/control" }, messages: [{ $ref: "#/channels/control/messages/unsubscribeAck" }] },
    },
  };
  const messages: Record<string, unknown> = {
    subscribe: { name: "subscribe", title: "subscribe", payload: subscriptionPayload },
    subscribeAck: { name: "subscribe ack", title: "The ack of subscribe", payload: ackSchema(Object.keys(LIVE_ERROR_CODES)) },
    unsubscribe: { name: "unsubscribe", title: "unsubscribe", payload: subscriptionPayload },
    unsubscribeAck: { name: "unsubscribe ack", title: "The ack of unsubscribe", payload: ackSchema(["BAD_SUBSCRIPTION"]) },
  };
  for (const channel of LIVE_CHANNELS) {
    const key = channelKey(channel);
    channels[key] = topicChannel(channel);
    for (const message of channel.messages) {
      messages[messageKey(channel, message.event)] = { name: message.event, title: message.event, summary: message.summary, payload: jsonSchema(message.payload) };
    }
    operations[`publish-${key}`] = {
      action: "send",
      channel: { $ref: `#/channels/${key}` },
      summary: `Events of the ${channel.topic} topic, to the sockets following it`,
      messages: channel.messages.map((message) => ({ $ref: `#/channels/${key}/messages/${message.event.replace(/[^A-Za-z0-9-]/g, "-")}` })),
    };
  }
  return {
    asyncapi: "3.0.0",
    info: {
      ...info,
      description: [
        "Rollcall's live channel: socket.io 4 at /socket.io on the web app's own origin (WebSocket, or HTTP long-polling first).",
        `Handshake: the session cookie (${SESSION_COOKIE}) of a signed-in user; without a valid session the connection is refused with connect_error "${HANDSHAKE_REFUSAL}". A sign-out or password reset disconnects the user's sockets, and every socket's session is checked again at least once a minute.`,
        "A socket then follows topics of its own organization: each event arrives as a socket.io event named as below with one JSON argument. Live events are a nudge: the /api calls are the truth.",
        `Refusal codes: ${Object.entries(LIVE_ERROR_CODES)
          .map(([code, when]) => `${code}: ${when}`)
          .join(". ")}.`,
      ].join("\n\n"),
    },
    defaultContentType: "application/json",
    servers: {
      web: {
        host: "localhost:3000",
        protocol: "ws",
        pathname: "/socket.io",
        description: "The web app's own host and port (this document names a local one); socket.io 4 over WebSocket.",
        security: [{ $ref: "#/components/securitySchemes/session" }],
      },
    },
    channels,
    operations,
    components: {
      messages,
      securitySchemes: { session: { type: "httpApiKey", name: SESSION_COOKIE, in: "cookie", description: "The session cookie of POST /api/auth/login" } },
    },
  };
}
