import { spawn, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { PostgresEventStore, type KernelTables } from "../../modules/kernel";
import { buildShadow, eventStatsProjection, readCheckpoint } from "../../projections";
import { dumpTables, resetProjection } from "../support/read-model";
import { seedEvents } from "../support/seed-events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const projection = eventStatsProjection;

function startChild(url: string, batchSize: number, batchDelayMs = 0) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/projector-child.ts"], {
    env: { ...process.env, DATABASE_URL: url, BATCH_SIZE: String(batchSize), BATCH_DELAY_MS: String(batchDelayMs) },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout!.on("data", (d) => (out += d));
  child.stderr!.on("data", (d) => (err += d));
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => (out.includes(word) ? resolve() : undefined);
      child.stdout!.on("data", check);
      child.once("exit", (code) => (out.includes(word) ? resolve() : reject(new Error(`child exited ${code}: ${err}`))));
      check();
    });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return { child, said, exited };
}

/** SIGKILL, then wait until PostgreSQL has finished with the dead process's connections. */
const kill = async (database: TestDatabase, child: ChildProcess, exited: Promise<unknown>) => {
  child.kill("SIGKILL");
  await exited;
  for (;;) {
    const { rows } = await database.pool.query(
      "select count(*)::int as n from pg_stat_activity where application_name = 'rollcall-kill-child' and datname = current_database()",
    );
    if (rows[0].n === 0) return;
    await new Promise((r) => setTimeout(r, 10));
  }
};

describe("a projector killed with SIGKILL mid-replay", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  beforeAll(async () => {
    database = await createTestDatabase("kill");
    store = database.store;
    await seedEvents(store, 10_000);
  });
  afterAll(() => database.drop());

  it("resumes, 12 times, where a from-scratch rebuild ends", async () => {
    const kdb = database.db as Kysely<KernelTables>;
    const head = await store.headPosition();
    await resetProjection(database.db, projection.name, projection.tables);
    const checkpoints: number[] = [];
    // twelve kills at random moments (each a child process of its own, about 2 s): enough to land in every
    // phase of a batch, within the suite's time (decision 051)
    for (let round = 0; round < 12; round++) {
      const { child, said, exited } = startChild(database.url, 10, 3);
      await said("started");
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 180));
      await kill(database, child, exited);
      const checkpoint = await readCheckpoint(kdb, projection.name);
      checkpoints.push(checkpoint);
      // killed mid-replay, and what was committed equals a rebuild up to the same position
      expect(checkpoint).toBeLessThan(head);
      const expected = await buildShadow({ db: database.db, store, projection, schema: "expected", toPosition: checkpoint });
      expect(expected.position).toBe(checkpoint);
      expect(await dumpTables(database.db, "public", projection.tables)).toEqual(await dumpTables(database.db, "expected", projection.tables));
    }
    expect(checkpoints.every((c, i) => i === 0 || c >= checkpoints[i - 1]!)).toBe(true);

    const last = startChild(database.url, 500);
    await last.said("caught-up");
    expect(await last.exited).toBe(0);
    expect(await readCheckpoint(kdb, projection.name)).toBe(head);
    await buildShadow({ db: database.db, store, projection, schema: "expected" });
    const live = await dumpTables(database.db, "public", projection.tables);
    expect(live).toEqual(await dumpTables(database.db, "expected", projection.tables));
    const total = (live.rm_event_type_counts as { count: string | number }[]).reduce((s, r) => s + Number(r.count), 0);
    expect(total).toBe(10_000);
  });
});
