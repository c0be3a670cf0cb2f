import { spawn } from "node:child_process";
import os from "node:os";
import { fileURLToPath } from "node:url";
import { sql, type Kysely } from "kysely";
import { createDb, createPool, ensureDatabase, migrateToLatest, PostgresEventStore } from "../../../modules/kernel";
import { allMigrations, findProjection, rebuildProjection, type ReadModels } from "../../../projections";
import { cpuMsOf, statusMbOf } from "../stats";

const ROOT = fileURLToPath(new URL("../../..", import.meta.url));

/** The read models the measured calls read, built by the real projector's rebuild (scripts/projections-rebuild.ts). */
export const READ_MODELS = ["organizations", "participants", "check-in", "flags", "screening", "notes", "audit"] as const;

export type Store = Awaited<ReturnType<typeof openStore>>;

/** A fresh database of its own, migrated, with the PostgreSQL event store on it. */
export async function openStore(url: string) {
  await ensureDatabase(url);
  const pool = createPool(url, { max: 8, applicationName: "rollcall-bench-scale" });
  const db = createDb<ReadModels>(pool);
  await migrateToLatest(db as unknown as Kysely<unknown>, allMigrations);
  const store = new PostgresEventStore(pool, url);
  return {
    url,
    pool,
    db,
    store,
    async close() {
      await store.close();
      await db.destroy();
    },
  };
}

/** Builds READ_MODELS from the whole store, one rebuild each, as `npm run projections:rebuild` does; prints each rate. */
export async function buildReadModels(s: Store, label: string) {
  for (const name of READ_MODELS) {
    const projection = findProjection(name)!;
    const result = await rebuildProjection({ db: s.db as unknown as Kysely<unknown>, store: s.store, projection, batchSize: 5000 });
    console.log(`  [${label}] read model ${name.padEnd(13)} built from ${result.events} events in ${(result.ms / 1000).toFixed(1)} s (${result.eventsPerSecond.toFixed(0)} events/s)`);
  }
  await sql`analyze`.execute(s.db);
}

export type Sizes = { events: number; table: number; indexes: number; readModels: { name: string; bytes: number }[]; database: number };

/** The events table, its indexes and the read models' tables (with their indexes and TOAST), in bytes. */
export async function sizesOf(s: Store): Promise<Sizes> {
  const { rows } = await s.pool.query<{ n: string; t: string; i: string; d: string }>(
    // the events table is partitioned (decision 127): its size is its partitions', and the stream heads that
    // guard its (stream, revision) order count with it
    `select (select count(*) from events) as n,
       (select coalesce(sum(pg_table_size(relid)), 0) from pg_partition_tree('events')) + coalesce(pg_table_size(to_regclass('stream_heads')), 0) as t,
       (select coalesce(sum(pg_indexes_size(relid)), 0) from pg_partition_tree('events')) + coalesce(pg_indexes_size(to_regclass('stream_heads')), 0) as i,
       pg_database_size(current_database()) as d`,
  );
  const readModels: Sizes["readModels"] = [];
  for (const name of READ_MODELS) {
    const tables = findProjection(name)!.tables;
    const { rows: r } = await s.pool.query<{ b: string }>("select coalesce(sum(pg_total_relation_size(c.oid)), 0) as b from pg_class c where c.relname = any($1) and c.relnamespace = 'public'::regnamespace", [tables]);
    readModels.push({ name, bytes: Number(r[0]!.b) });
  }
  return { events: Number(rows[0]!.n), table: Number(rows[0]!.t), indexes: Number(rows[0]!.i), readModels, database: Number(rows[0]!.d) };
}

export const mb = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Runs a repo script (`node --import tsx <script> ...args`) against `url`; resolves with its exit code, output,
 * peak RSS and CPU (both sampled each second, so the last second is missed), printing RSS every 10 s.
 */
export function runScript(
  script: string,
  args: string[],
  url: string,
  label: string,
  { env = {}, backendsOf }: { env?: Record<string, string>; backendsOf?: () => Promise<number[]> } = {},
): Promise<{ code: number | null; output: string; seconds: number; peakRssMb: number; cpuMs: number; peakBackendMb: number }> {
  return new Promise((resolve) => {
    const started = performance.now();
    const child = spawn(process.execPath, ["--import", "tsx", script, ...args], { cwd: ROOT, env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: "info", ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    let peak = 0;
    let samples = 0;
    let cpuMs = 0;
    let peakBackend = 0;
    const timer = setInterval(() => {
      const now = statusMbOf(child.pid, "VmRSS");
      peak = Math.max(peak, now);
      cpuMs = Math.max(cpuMs, cpuMsOf(child.pid));
      void (async () => {
        // the script's PostgreSQL backends: their private memory (RssAnon; shared buffers are not theirs)
        const backend = backendsOf ? (await backendsOf()).reduce((sum, pid) => sum + statusMbOf(pid, "RssAnon"), 0) : 0;
        peakBackend = Math.max(peakBackend, backend);
        if (++samples % 10 === 0) {
          const progress = [...output.matchAll(/"events":(\d+),"eventsPerSecond":(\d+)/g)].at(-1);
          console.log(
            `  [${label}] ${((performance.now() - started) / 1000).toFixed(0)} s: RSS ${now.toFixed(0)} MB` +
              (backendsOf ? `, its PostgreSQL backends ${backend.toFixed(0)} MB private` : "") +
              (progress ? `; ${Number(progress[1]).toLocaleString("en")} events, ${Number(progress[2]).toLocaleString("en")} events/s` : "") +
              `; load ${os.loadavg()[0]!.toFixed(1)}`,
          );
        }
      })();
    }, 1000);
    child.stdout.on("data", (c: Buffer) => (output += c.toString()));
    child.stderr.on("data", (c: Buffer) => (output += c.toString()));
    child.on("exit", (code) => {
      clearInterval(timer);
      resolve({ code, output, seconds: (performance.now() - started) / 1000, peakRssMb: peak, cpuMs, peakBackendMb: peakBackend });
    });
  });
}

/**
 * CPU used since the last mark by this process and by the database's PostgreSQL backends (from /proc: the
 * cost of the work, which the other load on a shared machine does not inflate as it does wall time).
 */
export function cpuMeter(pool: Store["pool"]) {
  let node = process.cpuUsage();
  let backends = new Map<number, number>();
  const sample = async () => {
    const { rows } = await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()");
    return new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)]));
  };
  return {
    async start() {
      node = process.cpuUsage();
      backends = await sample();
    },
    /** ms of CPU since start() or the last mark() */
    async mark(): Promise<{ nodeMs: number; pgMs: number }> {
      const nodeNow = process.cpuUsage(node);
      const now = await sample();
      let pgMs = 0;
      for (const [pid, ms] of now) pgMs += ms - (backends.get(pid) ?? 0);
      node = process.cpuUsage();
      backends = now;
      return { nodeMs: (nodeNow.user + nodeNow.system) / 1000, pgMs };
    },
  };
}

/** Reading $all alone, in the rebuild's batches, applying nothing: the floor under any rebuild. */
export async function readAllRate(s: Store): Promise<{ events: number; perSecond: number; cpu: { nodeMs: number; pgMs: number } }> {
  const meter = cpuMeter(s.pool);
  await meter.start();
  const started = performance.now();
  let position = 0;
  let events = 0;
  for (;;) {
    const batch = await s.store.readAll(position, 5000);
    if (!batch.length) break;
    position = batch[batch.length - 1]!.position;
    events += batch.length;
  }
  const seconds = (performance.now() - started) / 1000;
  return { events, perSecond: events / seconds, cpu: await meter.mark() };
}
