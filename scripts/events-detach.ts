/**
 * `npm run events:detach`: the events table's partitions (docs/decisions/127), and detaching the old ones.
 *   npm run events:detach                                   lists them: range, rows, size, whether detachable
 *   npm run events:detach -- events_p0000 [--tablespace T]  detaches one (concurrently), and moves it to T
 *   npm run events:detach -- --attach events_p0000          attaches a detached one back (for an audit of its years)
 * A detached partition stays a table of its own: `pg_dump -t events_p0000` it and drop it, or keep it where it is
 * cheaper; `npm run audit:verify -- --table events_p0000` checks its chains on their own. Exits 1 when refused.
 */
import { attachEventsPartition, createPool, detachEventsPartition, listEventsPartitions, parseEnv, whyNotDetachable } from "../modules/kernel";

const env = parseEnv();
if (env.EVENTSTORE_URL) {
  console.error("The events are in EventStoreDB (EVENTSTORE_URL is set): partitions are a PostgreSQL adapter feature.");
  process.exit(1);
}
const args = process.argv.slice(2);
const option = (flag: string) => {
  const at = args.indexOf(flag);
  return at >= 0 ? args.splice(at, 2)[1] : undefined;
};
const attach = option("--attach");
const tablespace = option("--tablespace");
const pool = createPool(env.DATABASE_URL, { max: 2, applicationName: "rollcall-events-detach" });
const mb = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
try {
  if (attach) {
    const { from, to } = await attachEventsPartition(pool, attach);
    console.log(`attached ${attach}: positions ${from} to ${to - 1}`);
  } else if (args.length === 0) {
    for (const p of await listEventsPartitions(pool)) {
      const why = await whyNotDetachable(pool, p);
      console.log(`${p.name}  positions ${p.from}-${p.to - 1}  ~${p.rows} rows  ${mb(p.bytes)}${p.tablespace ? `  tablespace ${p.tablespace}` : ""}  ${why ? `kept: ${why}` : "detachable"}`);
    }
  } else {
    for (const name of args) {
      const p = await detachEventsPartition(pool, name, { tablespace });
      console.log(`detached ${name}: positions ${p.from}-${p.to - 1}, ~${p.rows} rows, ${mb(p.bytes)}${tablespace ? `, now in tablespace ${tablespace}` : ""}`);
    }
  }
} catch (error) {
  console.error(`events:detach: ${(error as Error).message}`);
  process.exitCode = 1;
} finally {
  await pool.end();
}
