import { Emitter } from "@socket.io/redis-emitter";
import { Cluster, type Redis } from "ioredis";
import { createRedis, type RedisClient } from "../redis";
import { createLogger, type Logger } from "../logger";
import { DEFAULT_LIVE_KEY, roomFor, type LiveMessage } from "./rooms";
import { quitQuietly } from "./redis-quit";

export type LivePublisher = {
  /**
   * Sends each message to its organization's topic room, in order, on every web process.
   * Throws synchronously on an invalid room or a reserved event name, before sending any message of the batch.
   * The returned promise resolves once Redis took the messages; it never rejects (live updates are a nudge,
   * the read model is the truth): failures go to the logger. Do not await it where Redis being down must not stall.
   */
  publish(messages: readonly LiveMessage[]): void | Promise<void>;
  close(): Promise<void>;
};

export type LivePublisherOptions = {
  /** Redis key prefix; must equal the live server's; default 'socket.io' */
  key?: string;
  logger?: Logger;
};

/** Publishes nothing: for tests and processes without Redis. */
export const nullPublisher: LivePublisher = {
  publish: () => undefined,
  close: async () => undefined,
};

/** A publisher any process (web, projector, worker) can use: @socket.io/redis-emitter on its own connection. */
export function createLivePublisher(redisUrl: string, options: LivePublisherOptions = {}): LivePublisher {
  const logger = options.logger ?? createLogger("live");
  const redis: RedisClient = createRedis(redisUrl);
  // without a listener a lost Redis prints "Unhandled error event" at every reconnection attempt; publishes fail on their own
  let down = false;
  redis.on("error", (error: Error) => {
    if (!down) logger.warn("live publisher: Redis error", { error: error.message });
    down = true;
  });
  redis.on("ready", () => (down = false));
  // the PUBLISHes of one batch of messages go in one pipeline: one write to Redis for the batch (a write per
  // message was ~5% of a busy projector's CPU); the emitter drops each PUBLISH's promise, exec's is kept
  // (on a Redis Cluster each room's channel lives on its own shard: one SPUBLISH each, their promises kept)
  let pipeline: ReturnType<Redis["pipeline"]> | null = null;
  let pending: Promise<unknown>[] = [];
  const client = {
    publish(channel: string, message: string | Buffer): Promise<number> {
      if (!pipeline) return redis.publish(channel, message);
      pipeline.publish(channel, message);
      return Promise.resolve(0);
    },
  };
  const key = options.key ?? DEFAULT_LIVE_KEY;
  const emitter = redis instanceof Cluster ? shardedEmitter(redis, key, (sent) => pending.push(sent)) : new Emitter(client, { key });
  const reserved = new Set(["connect", "connect_error", "disconnect", "disconnecting", "newListener", "removeListener"]);
  let closed = false;

  return {
    publish(messages) {
      if (closed) throw new Error("the live publisher is closed");
      const batch = messages.map((message) => {
        if (reserved.has(message.event)) throw new Error(`"${message.event}" is a reserved event name`);
        return { room: roomFor(message.organizationId, message.topic), message };
      });
      if (redis instanceof Cluster) {
        pending = [];
        for (const { room, message } of batch) emitter.to(room).emit(message.event, message.payload);
        const sent = pending;
        pending = [];
        return Promise.all(sent).then(
          () => undefined,
          (error: unknown) => logger.warn("live publish failed", { error: String(error), messages: batch.length }),
        );
      }
      const sent = (pipeline = redis.pipeline());
      try {
        for (const { room, message } of batch) emitter.to(room).emit(message.event, message.payload);
      } finally {
        pipeline = null;
      }
      return sent.exec().then(
        (results) => {
          const failed = results?.find(([error]) => error)?.[0];
          if (failed) logger.warn("live publish failed", { error: String(failed), messages: batch.length });
        },
        (error: unknown) => logger.warn("live publish failed", { error: String(error), messages: batch.length }),
      );
    },
    async close() {
      if (closed) return;
      closed = true;
      await quitQuietly(redis);
    },
  };
}

/** What `emitter.to(room).emit(event, payload)` needs of an emitter. */
type RoomEmitter = { to(room: string): { emit(event: string, payload: unknown): void } };

/** socket.io-adapter's message types (ClusterAdapter): a broadcast, and its packet's EVENT type. */
const BROADCAST = 3;
const EVENT_PACKET = 2;

/**
 * The sharded adapter's counterpart of @socket.io/redis-emitter (which speaks only the classic adapter's PUBLISH
 * format): a broadcast to one room, SPUBLISHed on that room's own channel (`<key>#/#<room>#`, the adapter's dynamic
 * subscription), as the ClusterAdapter encodes it (decision 129). `keep` is given each send's promise.
 */
function shardedEmitter(redis: Cluster, key: string, keep: (sent: Promise<unknown>) => unknown): RoomEmitter {
  return {
    to(room) {
      return {
        emit(event, payload) {
          const message = {
            uid: "emitter",
            nsp: "/",
            type: BROADCAST,
            data: { opts: { rooms: [room], except: [], flags: {} }, packet: { type: EVENT_PACKET, data: [event, payload], nsp: "/" } },
          };
          keep(redis.spublish(`${key}#/#${room}#`, JSON.stringify(message)));
        },
      };
    },
  };
}
