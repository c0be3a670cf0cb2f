import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql, type Kysely } from "kysely";
import { PostgresEventStore, type KernelTables } from "../../modules/kernel";
import { buildShadow, defineProjection, eventStatsProjection, ProjectionRunner, readCheckpoint, rebuildProjection } from "../../projections";
import { counted, uniqueStream } from "../support/events";
import { dumpTables, resetProjection } from "../support/read-model";
import { seedEvents } from "../support/seed-events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const projection = eventStatsProjection;

describe("projection runner", () => {
  let database: TestDatabase;
  let store: PostgresEventStore;
  const runner = (batchSize = 100) => new ProjectionRunner({ db: database.db, store, projection, batchSize, pollMs: 10 });
  const expectEqualsRebuild = async () => {
    await buildShadow({ db: database.db, store, projection, schema: "expected" });
    expect(await dumpTables(database.db, "public", projection.tables)).toEqual(await dumpTables(database.db, "expected", projection.tables));
  };

  beforeAll(async () => {
    database = await createTestDatabase("runner");
    store = database.store;
    await seedEvents(store, 2_000);
  });
  afterAll(() => database.drop());

  it("leaves the read model as one delivery would when every batch is delivered twice", async () => {
    await resetProjection(database.db, projection.name, projection.tables);
    const r = runner();
    await r.runOnce(); // loads the checkpoint
    let from = r.checkpoint;
    let conflicts = 0;
    for (;;) {
      const batch = await store.readAll(from, 100);
      if (!batch.length) break;
      expect(await r.applyBatch(from, batch)).toBe("applied");
      if ((await r.applyBatch(from, batch)) === "conflict") conflicts++;
      from = batch[batch.length - 1]!.position;
    }
    expect(conflicts).toBeGreaterThan(0);
    await expectEqualsRebuild();
  });

  it("applies each batch once when two runners race over one projection", async () => {
    await resetProjection(database.db, projection.name, projection.tables);
    const [a, b] = [runner(50), runner(70)];
    await Promise.all([a.catchUp(), b.catchUp()]);
    await Promise.all([a.catchUp(), b.catchUp()]);
    expect(await readCheckpoint(database.db as Kysely<KernelTables>, projection.name)).toBe(await store.headPosition());
    await expectEqualsRebuild();
  });

  it("applies each batch once when one runner's loop and its catchUp run at the same time", async () => {
    await resetProjection(database.db, projection.name, projection.tables);
    const r = new ProjectionRunner({ db: database.db, store, projection, batchSize: 7, pollMs: 1 });
    r.start();
    // catchUp reads and applies while the started loop does too: the same cursor driven from two places
    const writes = (async () => {
      for (let i = 0; i < 40; i++) await store.appendToStream(uniqueStream("loop-and-catch-up"), [counted(i), counted(i + 1)]);
    })();
    await Promise.all([r.catchUp(), r.catchUp(), r.catchUp(), writes]);
    await r.catchUp({ atLeast: await store.headPosition() });
    await r.stop();
    await expectEqualsRebuild();
  });

  it("commits a batch with synchronous_commit off, its checkpoint moved in the same transaction, and nothing after it (decisions 004, 128)", async () => {
    const seen: string[] = [];
    const probe = defineProjection<Record<string, never>>({
      name: "sync-commit-probe",
      tables: [],
      async apply(db) {
        const { rows } = await sql<{ setting: string }>`select current_setting('synchronous_commit') as setting`.execute(db);
        seen.push(rows[0]!.setting);
      },
    });
    const r = new ProjectionRunner({ db: database.db, store, projection: probe, batchSize: 500, pollMs: 10 });
    await r.catchUp();
    expect(seen.length).toBeGreaterThan(0);
    expect(new Set(seen)).toEqual(new Set(["off"]));
    expect(await readCheckpoint(database.db as Kysely<KernelTables>, "sync-commit-probe")).toBe(await store.headPosition());
    // set for the transaction only: the pool's connections commit durably again afterwards
    const after = await sql<{ setting: string }>`select current_setting('synchronous_commit') as setting`.execute(database.db);
    expect(after.rows[0]!.setting).toBe("on");
  });

  it("is woken by NOTIFY after an append commits, long before its fallback poll", async () => {
    const r = new ProjectionRunner({ db: database.db, store, projection, batchSize: 500, pollMs: 60_000 });
    await r.catchUp();
    r.start();
    await new Promise((resolve) => setTimeout(resolve, 200)); // the runner is asleep on its 60 s poll now
    const { positions } = await store.appendToStream(uniqueStream("wake"), [counted(1)]);
    const started = performance.now();
    while (r.checkpoint < positions[0]! && performance.now() - started < 5_000) await new Promise((resolve) => setTimeout(resolve, 10));
    await r.stop();
    expect(r.checkpoint).toBe(positions[0]);
    expect(performance.now() - started).toBeLessThan(2_000);
  });

  it("rebuilds beside the live tables and swaps them in while the live runner and writers go on", async () => {
    await resetProjection(database.db, projection.name, projection.tables);
    const live = runner(100);
    live.start();
    let writing = true;
    const writer = (async () => {
      while (writing) await store.appendToStream(uniqueStream("during-rebuild"), [counted(1)]);
    })();
    await new Promise((r) => setTimeout(r, 100));
    const result = await rebuildProjection({ db: database.db, store, projection, batchSize: 500 });
    expect(result.events).toBeGreaterThan(2_000);
    await new Promise((r) => setTimeout(r, 100));
    writing = false;
    await writer;
    // the head as readers see it moves while the runner's own transactions are open: ask again each time
    for (let i = 0; i < 200 && live.checkpoint < (await store.headPosition()); i++) await new Promise((r) => setTimeout(r, 20));
    await live.stop();
    expect(await readCheckpoint(database.db as Kysely<KernelTables>, projection.name)).toBe(await store.headPosition());
    await expectEqualsRebuild();
  });
});
