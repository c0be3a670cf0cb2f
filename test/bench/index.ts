/**
 * `npm run bench [-- append|rebuild]`: benchmarks on this machine's PostgreSQL, in a database of their own
 * (rollcall_bench, recreated each run). Prints figures and ratios against baselines measured in the same run.
 */
import os from "node:os";
import { createDb, createPool, dropDatabase, ensureDatabase, migrateToLatest, PostgresEventStore } from "../../modules/kernel";
import { allMigrations } from "../../projections";
import { benchAppends } from "./append";
import { benchRebuild } from "./rebuild";

const which = process.argv[2] ?? "all";
if (!["all", "append", "rebuild"].includes(which)) {
  console.error(`Unknown benchmark '${which}': use append, rebuild or nothing for both.`);
  process.exit(1);
}
const base = new URL(process.env.DATABASE_URL || "postgres://postgres@127.0.0.1:5432/rollcall");
base.pathname = "/rollcall_bench";
const url = base.toString();

await dropDatabase(url);
await ensureDatabase(url);
const pool = createPool(url, { max: 24, applicationName: "rollcall-bench" });
const db = createDb<unknown>(pool);
await migrateToLatest(db, allMigrations);
const store = new PostgresEventStore(pool, url);
const { rows } = await pool.query("select current_setting('server_version') as v, current_setting('synchronous_commit') as sc, current_setting('fsync') as f");
console.log(`Rollcall benchmarks · node ${process.version} · ${os.cpus().length} cores · PostgreSQL ${rows[0].v} (fsync ${rows[0].f}, synchronous_commit ${rows[0].sc})`);

try {
  if (which !== "rebuild") {
    // warm up the pool and the plans
    await benchAppends(pool, store, { perWriterAt1: 200, perWriterAt20: 20, label: "warm-up" });
    console.log("\n(warm-up above; measured run below)");
    const results = await benchAppends(pool, store);
    const at20 = results.find((r) => r.writers === 20)!;
    const ratio = at20.append.perSecond / at20.raw.perSecond;
    console.log(
      `\ngoal: at 20 writers, appends >= 60% of raw INSERT (got ${(ratio * 100).toFixed(0)}%: ${ratio >= 0.6 ? "met" : "NOT met"}) and p99 < 25 ms (got ${at20.append.p99.toFixed(2)} ms: ${at20.append.p99 < 25 ? "met" : "NOT met"})`,
    );
  }
  if (which !== "append") {
    const rebuild = await benchRebuild(pool, db, store, 200_000);
    console.log(`goal: rebuild >= 50,000 events/s (got ${rebuild.eventsPerSecond.toFixed(0)}: ${rebuild.eventsPerSecond >= 50_000 ? "met" : "NOT met"})`);
  }
} finally {
  await store.close();
  await db.destroy();
  await dropDatabase(url);
}
