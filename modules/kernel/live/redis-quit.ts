import type { RedisClient } from "../redis";

/**
 * Ends a connection without throwing and without hanging: QUIT (which flushes queued commands first),
 * and if Redis does not answer in time (down, reconnecting) drop the socket.
 */
export async function quitQuietly(redis: RedisClient, timeoutMs = 2000): Promise<void> {
  if (redis.status === "end") return;
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<"timeout">((resolve) => {
    timer = setTimeout(() => resolve("timeout"), timeoutMs);
  });
  try {
    const outcome = await Promise.race([redis.quit().then(() => "quit" as const), timedOut]);
    if (outcome === "timeout") redis.disconnect();
  } catch {
    redis.disconnect();
  } finally {
    clearTimeout(timer);
  }
}
