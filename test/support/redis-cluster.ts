import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Redis } from "ioredis";
import { freePort } from "../e2e/harness";
import { redisAnswers } from "./private-redis";

export type LocalRedisCluster = {
  /** REDIS_URL for the app: a seed node with `?cluster=true` (decision 129) */
  url: string;
  ports: number[];
  stop(): Promise<void>;
};

/** Why a Redis Cluster cannot be started here, or null when it can (redis-server and redis-cli on the PATH). */
export function redisClusterUnavailable(): string | null {
  for (const tool of ["redis-server", "redis-cli"]) {
    const found = spawnSync(tool, ["--version"], { stdio: "ignore" });
    if (found.error || found.status !== 0) return `${tool} is not installed on this machine, so no local Redis Cluster can run`;
  }
  return null;
}

async function clusterReady(port: number): Promise<boolean> {
  const probe = new Redis(port, "127.0.0.1", { maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on("error", () => undefined);
  try {
    const info = (await probe.call("CLUSTER", "INFO")) as string;
    return info.includes("cluster_state:ok");
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

/**
 * Three Redis masters in cluster mode on free ports (nothing saved to disk, each in a temporary folder), their 16,384
 * slots split by `redis-cli --cluster create`: a real Redis Cluster, as small as one can be, for the tests.
 */
export async function localRedisCluster(size = 3): Promise<LocalRedisCluster> {
  const dir = mkdtempSync(join(tmpdir(), "rollcall-redis-cluster-"));
  const ports: number[] = [];
  for (let i = 0; i < size; i++) ports.push(await freePort());
  const children: ChildProcess[] = ports.map((port) =>
    spawn(
      "redis-server",
      ["--port", String(port), "--bind", "127.0.0.1", "--cluster-enabled", "yes", "--cluster-config-file", `nodes-${port}.conf`, "--save", "", "--appendonly", "no", "--maxmemory-policy", "noeviction", "--dir", dir],
      { stdio: "ignore" },
    ),
  );
  const stop = async () => {
    await Promise.all(
      children.map((child) => {
        if (child.exitCode !== null) return undefined;
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGKILL");
        return exited;
      }),
    );
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const until = Date.now() + 10_000;
    for (const port of ports) {
      while (!(await redisAnswers(port))) {
        if (Date.now() > until) throw new Error(`redis-server did not start on port ${port}`);
        await new Promise((r) => setTimeout(r, 50));
      }
    }
    const created = spawnSync("redis-cli", ["--cluster", "create", ...ports.map((p) => `127.0.0.1:${p}`), "--cluster-replicas", "0", "--cluster-yes"], { encoding: "utf8" });
    if (created.status !== 0) throw new Error(`redis-cli --cluster create failed: ${created.stdout}${created.stderr}`);
    const ready = Date.now() + 20_000;
    for (const port of ports) {
      while (!(await clusterReady(port))) {
        if (Date.now() > ready) throw new Error(`the cluster did not become ready on port ${port}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { url: `redis://127.0.0.1:${ports[0]}/?cluster=true`, ports, stop };
}
