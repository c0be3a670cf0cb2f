/**
 * A projector in a process of its own, for the kill tests: runs the event-stats projection over
 * DATABASE_URL until caught up, printing "started" once it has its checkpoint and "caught-up" at the end.
 */
import { createDb, createPool, PostgresEventStore } from "../../modules/kernel";
import { eventStatsProjection, ProjectionRunner } from "../../projections";

const url = process.env.DATABASE_URL!;
const pool = createPool(url, { max: 2, applicationName: "rollcall-kill-child" });
const store = new PostgresEventStore(pool, url);
const runner = new ProjectionRunner({
  db: createDb(pool),
  store,
  projection: eventStatsProjection,
  batchSize: Number(process.env.BATCH_SIZE ?? 100),
});
await runner.runOnce();
process.stdout.write("started\n");
// BATCH_DELAY_MS stretches the replay so that the kills land in the middle of it on any machine
const delay = Number(process.env.BATCH_DELAY_MS ?? 0);
while ((await runner.runOnce()) > 0) if (delay) await new Promise((r) => setTimeout(r, delay));
process.stdout.write("caught-up\n");
await store.close();
await pool.end();
