/**
 * `npm run audit:verify`: walks every stream of the PostgreSQL event store and names each event whose data,
 * order or presence was changed behind the application's back (docs/decisions/022). Exits 0 when every
 * chain holds, 1 when any event is named, 2 when it cannot check. `-- --table events_pNNNN` checks a partition
 * detached from the events table (docs/decisions/127) on its own.
 */
import { createPool, parseEnv, verifyEventChain } from "../modules/kernel";

const env = parseEnv();
if (env.EVENTSTORE_URL) {
  console.error("The events are in EventStoreDB (EVENTSTORE_URL is set): the hash chain is a PostgreSQL adapter feature.");
  process.exit(2);
}
const pool = createPool(env.DATABASE_URL, { max: 2, applicationName: "rollcall-audit-verify" });
try {
  const started = performance.now();
  // --table events_pNNNN: a partition detached from the events table, checked on its own (docs/decisions/127)
  const at = process.argv.indexOf("--table");
  const table = at >= 0 ? process.argv[at + 1] : undefined;
  const { events, streams, problems } = await verifyEventChain(pool, { table });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  for (const p of problems) console.log(`TAMPERED stream ${p.streamId} position ${p.position} revision ${p.revision}: ${p.detail}`);
  if (problems.length) {
    console.log(`\n${problems.length} problem(s) in ${new Set(problems.map((p) => p.streamId)).size} stream(s); ${events} events in ${streams} streams checked in ${seconds} s`);
    process.exitCode = 1;
  } else {
    console.log(`OK: ${events} events in ${streams} streams, every chain holds (${seconds} s)`);
  }
} catch (error) {
  console.error(`audit:verify could not check the store: ${(error as Error).message}`);
  process.exitCode = 2;
} finally {
  await pool.end();
}
