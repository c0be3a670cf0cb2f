/**
 * `npm run projections:rebuild -- <name>`: rebuilds one read model from scratch beside the live one
 * and swaps it in (projections/runner/rebuild.ts). Safe while the app runs. A projection with a set-based
 * form is built in PostgreSQL (decision 122); REBUILD_IN_SQL=0 sends every event through its apply instead.
 * Logs its progress every 10 s: events so far, events/s, and this process's RSS.
 */
import { createDb, createEventStore, createLogger, createPool, ensureDatabase, migrateToLatest, parseEnv } from "../modules/kernel";
import { allMigrations, findProjection, projections, rebuildProjection } from "../projections";

const name = process.argv[2];
const names = projections.map((p) => p.name).join(", ");
const projection = name ? findProjection(name) : undefined;
if (!projection) {
  console.error(name ? `No projection named '${name}'. Known projections: ${names}.` : `Name the projection to rebuild: ${names}.`);
  console.error("Usage: npm run projections:rebuild -- <name>");
  process.exit(1);
}

const env = parseEnv();
const logger = createLogger("rebuild", env.LOG_LEVEL);
await ensureDatabase(env.DATABASE_URL);
const pool = createPool(env.DATABASE_URL, { max: 4, applicationName: "rollcall-rebuild" });
const db = createDb<unknown>(pool);
await migrateToLatest(db, allMigrations);
const store = await createEventStore({ databaseUrl: env.DATABASE_URL, pool, eventStoreUrl: env.EVENTSTORE_URL });
try {
  const started = performance.now();
  let last = started;
  const onProgress = (events: number) => {
    const now = performance.now();
    if (now - last < 10_000) return;
    last = now;
    logger.info("rebuild progress", { events, eventsPerSecond: Math.round(events / ((now - started) / 1000)), rssMb: Math.round(process.memoryUsage.rss() / 2 ** 20) });
  };
  const result = await rebuildProjection({ db, store, projection, batchSize: 5000, logger, inSql: process.env.REBUILD_IN_SQL !== "0", onProgress });
  logger.info(`rebuilt '${projection.name}'`, {
    inSql: result.inSql,
    events: result.events,
    position: result.position,
    seconds: Number((result.ms / 1000).toFixed(2)),
    eventsPerSecond: Math.round(result.eventsPerSecond),
  });
} finally {
  await store.close();
  await db.destroy();
}
