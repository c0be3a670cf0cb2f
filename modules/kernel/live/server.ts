import type http from "node:http";
import { Server, type Socket } from "socket.io";
import { createAdapter, createShardedAdapter } from "@socket.io/redis-adapter";
import { Cluster } from "ioredis";
import { createRedis } from "../redis";
import { createLogger, type Logger } from "../logger";
import { DEFAULT_LIVE_KEY, parseSubscription } from "./rooms";
import { quitQuietly } from "./redis-quit";

/** Why a subscription is refused: an unknown topic is BAD_SUBSCRIPTION, one the socket may not follow FORBIDDEN. */
export type LiveRefusal = { code: "BAD_SUBSCRIPTION" | "FORBIDDEN"; message: string };

/** May this socket follow this organization's topic? true, or false / a refusal. */
export type LiveAuthorize = (socket: Socket, organizationId: string, topic: string) => boolean | LiveRefusal | Promise<boolean | LiveRefusal>;

/** How often a socket's identity is checked again by default (at most a minute after a session ends elsewhere). */
export const DEFAULT_RECHECK_MS = 60_000;

export type LiveServerOptions = {
  redisUrl: string;
  /** where socket.io listens on the HTTP server; default '/socket.io' */
  path?: string;
  /** Redis key prefix of the adapter; must equal the publisher's; default 'socket.io' */
  key?: string;
  /** default: refuse every subscription (fail closed) */
  authorize?: LiveAuthorize;
  /**
   * Checked at the handshake: what it returns is kept as `socket.data.identity`; null refuses the
   * connection ('unauthorized'). Default: every connection is accepted.
   */
  authenticate?: (socket: Socket) => Promise<unknown | null>;
  /** rooms an authenticated socket joins at once (e.g. its session's and its user's), for `disconnectRooms` */
  identityRooms?: (socket: Socket) => string[];
  /** checked again for every socket of this process each `recheckEveryMs`; false disconnects the socket */
  recheck?: (socket: Socket) => Promise<boolean>;
  /** default DEFAULT_RECHECK_MS */
  recheckEveryMs?: number;
  logger?: Logger;
};

export type LiveServer = {
  io: Server;
  /** Disconnects every socket in these rooms, in every web process (through the Redis adapter). */
  disconnectRooms(rooms: string[]): void;
  /** Disconnects the sockets, stops the adapter and quits both Redis clients. Leaves the HTTP server to its owner. */
  close(): Promise<void>;
};

export type SubscribeAck =
  | { ok: true; room: string }
  | { ok: false; code: "BAD_SUBSCRIPTION" | "FORBIDDEN"; message: string };

export type UnsubscribeAck = { ok: true; room: string } | { ok: false; code: "BAD_SUBSCRIPTION"; message: string };

// without an authorizer nothing may be followed: a live server that forgot its rules leaks nothing
const denyAll: LiveAuthorize = () => false;

function replier<T>(ack: unknown): (reply: T) => void {
  return typeof ack === "function" ? (reply: T) => (ack as (reply: T) => void)(reply) : () => undefined;
}

/**
 * socket.io on the app's HTTP server, with the Redis adapter so a room spans every web process.
 * Clients send `subscribe` / `unsubscribe` with `{ organizationId, topic }` and an ack callback.
 */
export function attachLiveServer(httpServer: http.Server, options: LiveServerOptions): LiveServer {
  const authorize = options.authorize ?? denyAll;
  const logger = options.logger ?? createLogger("live");
  const pub = createRedis(options.redisUrl);
  // on a Redis Cluster the subscriber listens on each channel's shard (sharded pub/sub, SSUBSCRIBE; decision 129)
  const sharded = pub instanceof Cluster;
  const sub = pub instanceof Cluster ? createRedis(options.redisUrl, {}, { shardedSubscribers: true }) : pub.duplicate();
  // without listeners a lost Redis would print "Unhandled error event" at every reconnection attempt
  let redisDown = false;
  for (const client of [pub, sub]) {
    client.on("error", (error: Error) => {
      if (!redisDown) logger.warn("live channel: Redis error", { error: error.message });
      redisDown = true;
    });
    client.on("ready", () => (redisDown = false));
  }
  const io = new Server(httpServer, {
    path: options.path ?? "/socket.io",
    adapter: sharded
      ? createShardedAdapter(pub, sub, { channelPrefix: options.key ?? DEFAULT_LIVE_KEY })
      : createAdapter(pub, sub, { key: options.key ?? DEFAULT_LIVE_KEY }),
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
    // joined once connected (a middleware's join would outlive a handshake refused later)
    if (options.identityRooms) void socket.join(options.identityRooms(socket));
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
    let decision: boolean | LiveRefusal = false;
    try {
      decision = await authorize(socket, organizationId, topic);
    } catch (error) {
      logger.warn("authorize threw; refusing the subscription", { organizationId, topic, error: String(error) });
    }
    if (typeof decision === "object") return { ok: false, code: decision.code, message: decision.message };
    if (decision !== true) return { ok: false, code: "FORBIDDEN", message: "You may not follow this topic." };
    // the socket may have gone while authorize was awaited
    if (socket.disconnected) return { ok: false, code: "FORBIDDEN", message: "The connection is closed." };
    await socket.join(parsed.room);
    return { ok: true, room: parsed.room };
  }

  // every socket's identity again, one pass at a time: a session ended where no event reached us still ends here
  let checking = false;
  const recheck = options.recheck;
  const recheckTimer = recheck
    ? setInterval(() => {
        if (checking || closed) return;
        checking = true;
        void recheckAll(recheck).finally(() => (checking = false));
      }, options.recheckEveryMs ?? DEFAULT_RECHECK_MS)
    : undefined;
  recheckTimer?.unref();

  async function recheckAll(recheck: (socket: Socket) => Promise<boolean>): Promise<void> {
    for (const socket of [...io.of("/").sockets.values()]) {
      if (socket.disconnected) continue;
      try {
        if (!(await recheck(socket))) socket.disconnect(true);
      } catch (error) {
        // a passing database fault does not drop everyone; the next pass checks again
        logger.warn("live recheck failed", { error: String(error) });
      }
    }
  }

  function disconnectRooms(rooms: string[]): void {
    if (!rooms.length || closed) return;
    try {
      io.in(rooms).disconnectSockets(true);
    } catch (error) {
      // the periodic recheck still ends them, within recheckEveryMs
      logger.warn("live disconnect failed", { rooms: rooms.length, error: String(error) });
    }
  }

  async function close(): Promise<void> {
    if (closed) return;
    closed = true;
    clearInterval(recheckTimer);
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

  return { io, close, disconnectRooms };
}
