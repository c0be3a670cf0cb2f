import { randomBytes } from "node:crypto";
import type { RedisClient } from "./redis";
import { needRedis } from "./redis";

const secrets = new Map<string, Promise<Buffer>>();

/**
 * A 32-byte HMAC key shared by every web process through Redis under `key`: the first process to ask
 * makes it (SET NX), every other reads it; each process keeps it once it has it (decisions 014, 019).
 * Until then Redis must answer within the request deadline: a 503 naming `what` otherwise.
 */
export function sharedSecret(redis: RedisClient, key: string, what: string): Promise<Buffer> {
  let secret = secrets.get(key);
  if (!secret) {
    secret = (async () => {
      await redis.set(key, randomBytes(32).toString("hex"), "NX");
      const value = await redis.get(key);
      if (!value) throw new Error(`no secret at ${key}`);
      return Buffer.from(value, "hex");
    })();
    // a failure is not kept: the next call asks Redis again
    secret.catch(() => secrets.delete(key));
    secrets.set(key, secret);
  }
  return needRedis(secret, what);
}
