import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { dropDatabase, parseEnv } from "../../modules/kernel";
import { startRollcall } from "../../runtime/start";
import { ensureBuild, freePort } from "../e2e/harness";
import { createSeededDatabase } from "./seeded-template";
import { testServices } from "./services";

export type InProcessApp = { baseUrl: string; databaseUrl: string; app: Awaited<ReturnType<typeof startRollcall>>; stop(): Promise<void> };

/**
 * The whole app (web + projector + workers) in this process, on a free port and a database of its own,
 * with the demo data seeded; resolves once every projection has caught up. `env` overrides variables
 * (REDIS_URL for a Redis of the test's own, LIVE_RECHECK_MS, ...).
 */
export async function startInProcessApp(
  label = "app",
  { nodeEnv = "test", env: overrides = {} }: { nodeEnv?: "development" | "production" | "test"; env?: Record<string, string> } = {},
): Promise<InProcessApp> {
  // the production build the browser tests use too (a build of another mode or of older sources is rebuilt)
  await ensureBuild();
  const services = await testServices();
  const url = new URL(services.databaseUrl);
  url.pathname = `/rollcall_${label}_${randomBytes(4).toString("hex")}`;
  // stored files (exports) of this app only, removed with its database
  const storageDir = path.join(os.tmpdir(), url.pathname.slice(1));
  const port = await freePort();
  const env = parseEnv({
    DATABASE_URL: url.toString(),
    REDIS_URL: services.redisUrl,
    PORT: String(port),
    HOST: "127.0.0.1",
    ROLE: "all",
    SEED_DEMO: "1",
    NODE_ENV: nodeEnv,
    LOG_LEVEL: "warn",
    PROJECTION_POLL_MS: "50",
    STORAGE_DIR: storageDir,
    ...overrides,
  });
  // a copy of the run's seeded template: the app's own seed step then finds its data there
  if (env.SEED_DEMO === "1") await createSeededDatabase(url.toString());
  const app = await startRollcall(env);
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForProjections(baseUrl);
  return {
    baseUrl,
    databaseUrl: url.toString(),
    app,
    async stop() {
      await app.stop();
      await dropDatabase(url.toString());
      await rm(storageDir, { recursive: true, force: true });
    },
  };
}

export async function waitForProjections(baseUrl: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const response = await fetch(`${baseUrl}/api/health`).catch(() => null);
    if (response?.ok) {
      const report = (await response.json()) as { eventStore: { headPosition: number }; projections: { lag: number }[] };
      if (report.eventStore.headPosition > 0 && report.projections.every((p) => p.lag === 0)) return;
    }
    if (Date.now() - started > timeoutMs) throw new Error("projections did not catch up in time");
    await new Promise((r) => setTimeout(r, 50));
  }
}
