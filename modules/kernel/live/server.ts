import type http from "node:http";
import { Server, type Socket } from "socket.io";
import { createAdapter } from "@socket.io/redis-adapter";
import { createRedis } from "../redis";
import { createLogger, type Logger } from "../logger";
import { DEFAULT_LIVE_KEY, parseSubscription } from "./rooms";
import { quitQuietly } from "./redis-quit";

/** May this socket follow this organization's topic? */
export type LiveAuthorize = (socket: Socket, organizationId: string, topic: string) => boolean | Promise<boolean>;

export type LiveServerOptions = {
  redisUrl: string;
  /** where socket.io listens on the HTTP server; default '/socket.io' */
  path?: string;
  /** Redis key prefix of the adapter; must equal the publisher's; default 'socket.io' */
  key?: string;
  /** default: allow everyone (see below) */
  authorize?: LiveAuthorize;
  /**
   * Checked at the handshake: what it returns is kept as `socket.data.identity`; null refuses the
   * connection ('unauthorized'). Default: every connection is accepted.
   */
  authenticate?: (socket: Socket) => Promise<unknown | null>;
  logger?: Logger;
};

export type LiveServer = {
  io: Server;
  /** Disconnects the sockets, stops the adapter and quits both Redis clients. Leaves the HTTP server to its owner. */
  close(): Promise<void>;
};

export type SubscribeAck =
  | { ok: true; room: string }
  | { ok: false; code: "BAD_SUBSCRIPTION" | "FORBIDDEN"; message: string };

export type UnsubscribeAck = { ok: true; room: string } | { ok: false; code: "BAD_SUBSCRIPTION"; message: string };

// TODO(identity): replace with a session check (the socket's session user must belong to the organization and
// hold a permission that lets them see the topic). Until then every subscription is allowed.
const allowAll: LiveAuthorize = () => true;

function replier<T>(ack: unknown): (reply: T) => void {
  return typeof ack === "function" ? (reply: T) => (ack as (reply: T) => void)(reply) : () => undefined;
}

/**
 * socket.io on the app's HTTP server, with the Redis adapter so a room spans every web process.
 * Clients send `subscribe` / `unsubscribe` with `{ organizationId, topic }` and an ack callback.
 */
export function attachLiveServer(httpServer: http.Server, options: LiveServerOptions): LiveServer {
  const authorize = options.authorize ?? allowAll;
  const logger = options.logger ?? createLogger("live");
  const pub = createRedis(options.redisUrl);
  const sub = pub.duplicate();
  const io = new Server(httpServer, {
    path: options.path ?? "/socket.io",
    adapter: createAdapter(pub, sub, { key: options.key ?? DEFAULT_LIVE_KEY }),
  });
  let closed = false;

  io.use((_socket, next) => (closed ? next(new Error("live channel is shutting down")) : next()));
  if (options.authenticate) {
    const authenticate = options.authenticate;
    io.use((socket, next) => {
      authenticate(socket).then(
        (identity) => {
          if (identity === null || identity === undefined) return next(new Error("unauthorized"));
          socket.data.identity = identity;
          next();
        },
        (error: unknown) => {
          logger.warn("live handshake check failed", { error: String(error) });
          next(new Error("unauthorized"));
        },
      );
    });
  }

  io.on("connection", (socket) => {
    socket.on("subscribe", (input: unknown, ack: unknown) => {
      const reply = replier<SubscribeAck>(ack);
      void subscribe(socket, input).then(reply, (error: unknown) => {
        logger.error("subscribe failed", { error: String(error) });
        reply({ ok: false, code: "FORBIDDEN", message: "The subscription could not be checked." });
      });
    });

    socket.on("unsubscribe", (input: unknown, ack: unknown) => {
      const reply = replier<UnsubscribeAck>(ack);
      const parsed = parseSubscription(input);
      if (!parsed.ok) return reply({ ok: false, code: "BAD_SUBSCRIPTION", message: parsed.message });
      void Promise.resolve(socket.leave(parsed.room)).then(() => reply({ ok: true, room: parsed.room }));
    });
  });

  async function subscribe(socket: Socket, input: unknown): Promise<SubscribeAck> {
    const parsed = parseSubscription(input);
    if (!parsed.ok) return { ok: false, code: "BAD_SUBSCRIPTION", message: parsed.message };
    const { organizationId, topic } = parsed.subscription;
    let allowed = false;
    try {
      allowed = (await authorize(socket, organizationId, topic)) === true;
    } catch (error) {
      logger.warn("authorize threw; refusing the subscription", { organizationId, topic, error: String(error) });
    }
    if (!allowed) return { ok: false, code: "FORBIDDEN", message: "You may not follow this topic." };
    // the socket may have gone while authorize was awaited
    if (socket.disconnected) return { ok: false, code: "FORBIDDEN", message: "The connection is closed." };
    await socket.join(parsed.room);
    return { ok: true, room: parsed.room };
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    // not io.close(): that would also close the HTTP server, which Express shares and its owner closes
    try {
      io.local.disconnectSockets(true);
      await io.of("/").adapter.close();
      io.engine.close();
    } catch (error) {
      logger.warn("closing socket.io failed", { error: String(error) });
    }
    await Promise.all([quitQuietly(pub), quitQuietly(sub)]);
  }

  return { io, close };
}
