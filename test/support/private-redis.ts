import { spawn, type ChildProcess } from "node:child_process";
import { Redis } from "ioredis";
import { freePort } from "../e2e/harness";

export type PrivateRedis = { url: string; port: number; start(): Promise<void>; stop(): Promise<void> };

/** Does a redis-server answer PING on this local port (no retries: a refused connection is a no)? */
export async function redisAnswers(port: number): Promise<boolean> {
  const probe = new Redis(port, "127.0.0.1", { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    await probe.connect();
    return (await probe.ping()) === "PONG";
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * A redis-server of the test's own on a free port (the shared one on 6379 is never touched): nothing saved to
 * disk, stopped (SIGKILL: as a crash) and started again on the same port as the test likes.
 */
export async function privateRedis(): Promise<PrivateRedis> {
  const port = await freePort();
  const url = `redis://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  const answers = () => redisAnswers(port);
  const handle: PrivateRedis = {
    url,
    port,
    async start() {
      // already running: a second redis-server on the port would fail to bind, and the first one, no longer
      // tracked, would outlive the test
      if (child && child.exitCode === null && child.signalCode === null) return;
      child = spawn(
        "redis-server",
        ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction", "--enable-debug-command", "local"],
        { stdio: "ignore" },
      );
      const until = Date.now() + 10_000;
      while (!(await answers())) {
        if (Date.now() > until) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    async stop() {
      const running = child;
      child = null;
      if (!running || running.exitCode !== null) return;
      const exited = new Promise((resolve) => running.once("exit", resolve));
      running.kill("SIGKILL");
      await exited;
    },
  };
  await handle.start();
  return handle;
}
