import { freePort } from "../e2e/harness";
import { spawnApp, type AppProcess } from "../support/app-process";
import { waitForProjections } from "../support/in-process-app";

/**
 * The app as production runs it, for a benchmark: the demo data seeded once by a whole app (`env` must carry
 * SEED_DEMO=1, PORT and the database), then web, projector and worker as processes of their own (the web one on
 * PORT), once the web answers /api/health and the worker says its workers run.
 */
export async function startAppRoles(env: Record<string, string> & { PORT: string }): Promise<{ web: AppProcess; projector: AppProcess; worker: AppProcess }> {
  const port = Number(env.PORT);
  const seeder = spawnApp({ ...env, ROLE: "all" }, "seed");
  await seeder.waitForHealth(port, 90_000);
  await waitForProjections(`http://127.0.0.1:${port}`, 90_000);
  seeder.child.kill("SIGTERM");
  await seeder.exitWithin(20_000);
  const web = spawnApp({ ...env, ROLE: "web" }, "web");
  const projector = spawnApp({ ...env, ROLE: "projector", PORT: String(await freePort()) }, "projector");
  const worker = spawnApp({ ...env, ROLE: "worker", PORT: String(await freePort()), LOG_LEVEL: "info" }, "worker");
  await web.waitForHealth(port, 60_000);
  await worker.waitForOutput("workers running", 60_000);
  return { web, projector, worker };
}
