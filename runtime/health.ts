import { sql, type Kysely } from "kysely";
import { checkEvictionPolicy, type ComponentHealth, type HealthReport, type KernelTables } from "../modules/kernel";
import { allCheckpoints } from "../projections";
import { projections } from "../projections";
import type { CoreServices } from "./services";

const timed = async (name: string, check: () => Promise<string>): Promise<ComponentHealth> => {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    const detail = await Promise.race([
      check(),
      new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("no answer within 3 s")), 3000))),
    ]);
    return { name, ok: true, detail: `${detail} (${Math.round(performance.now() - started)} ms)` };
  } catch (error) {
    return { name, ok: false, detail: error instanceof Error ? error.message : String(error) };
  } finally {
    clearTimeout(timer);
  }
};

/** What /health and /api/health report: the services, the store's newest committed event and each projection's lag behind it (decision 133). */
export async function collectHealth(core: CoreServices): Promise<HealthReport> {
  let headPosition = 0;
  // the checkpoints before the head: a projection that appends (attendance points) moves its checkpoint only after
  // its appends, so a head read later counts them, and a lag of 0 means every projection has seen them
  let checkpoints: { name: string; position: number }[] = [];
  let checkpointsRead = true;
  try {
    checkpoints = await allCheckpoints(core.db as Kysely<KernelTables>);
  } catch {
    checkpointsRead = false;
  }
  const components = await Promise.all([
    timed("PostgreSQL", async () => {
      const { rows } = await sql<{ version: string }>`select current_setting('server_version') as version`.execute(core.db);
      return `version ${rows[0]?.version ?? "?"}`;
    }),
    timed("Redis", async () => {
      await core.redis.ping();
      const eviction = await checkEvictionPolicy(core.redis);
      return `maxmemory-policy ${eviction.policy}`;
    }),
    timed("Event store", async () => {
      headPosition = await core.store.lastCommittedPosition();
      return `${core.store.adapter}, head at ${headPosition}`;
    }),
  ]);

  if (!checkpointsRead) components.push({ name: "Projections", ok: false, detail: "checkpoints could not be read" });
  const byName = new Map(checkpoints.map((c) => [c.name, c.position]));
  return {
    ok: components.every((c) => c.ok),
    role: core.env.ROLE,
    eventStore: { adapter: core.store.adapter, headPosition },
    components,
    projections: projections.map((p) => {
      const checkpoint = byName.get(p.name) ?? 0;
      return { name: p.name, checkpoint, lag: Math.max(0, headPosition - checkpoint) };
    }),
    checkedAt: new Date().toISOString(),
  };
}
