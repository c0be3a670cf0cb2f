import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernelMigrations, migrateToLatest, verifyEventChain } from "../../modules/kernel";
import { counted, uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const run = promisify(execFile);

/** `npm run audit:verify` against the test database: its exit code and what it printed. */
async function auditVerify(databaseUrl: string): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", "scripts/audit-verify.ts"], { env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: "" } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string };
    return { code: e.code, out: e.stdout };
  }
}

describe("the tamper-evident event history on real PostgreSQL", () => {
  let database: TestDatabase;
  const streams = { edited: uniqueStream("edited"), removed: uniqueStream("removed"), swapped: uniqueStream("swapped"), untouched: uniqueStream("untouched") };
  const positions: Record<string, number[]> = {};
  const sql = (text: string, values: unknown[] = []) => database.pool.query(text, values);

  beforeAll(async () => {
    database = await createTestDatabase("chain");
    for (const [key, stream] of Object.entries(streams)) {
      // one event, then three in one append, then one: the chain runs across appends and inside one
      const a = await database.store.appendToStream(stream, [counted(1)]);
      const b = await database.store.appendToStream(stream, [counted(2), counted(3), counted(4)]);
      const c = await database.store.appendToStream(stream, [counted(5)]);
      positions[key] = [...a.positions, ...b.positions, ...c.positions];
    }
  }, 60_000);
  afterAll(() => database?.drop());

  it("finds every chain whole after ordinary appends, and the script says OK with exit code 0", async () => {
    const result = await verifyEventChain(database.pool, { batchSize: 3 });
    expect(result).toMatchObject({ events: 20, streams: 4, problems: [] });
    const script = await auditVerify(database.url);
    expect(script.code).toBe(0);
    expect(script.out).toContain("OK: 20 events in 4 streams");
  });

  it("names the stream and position of an event whose data lost or gained one byte", async () => {
    const at = positions.edited![2]!;
    await sql(`update events set data = '{"n": 30}'::jsonb where global_position = $1`, [at]);
    const { problems } = await verifyEventChain(database.pool, { batchSize: 3 });
    expect(problems).toEqual([expect.objectContaining({ streamId: streams.edited, position: at, revision: 2, problem: "changed" })]);
    const script = await auditVerify(database.url);
    expect(script.code).toBe(1);
    expect(script.out).toContain(`TAMPERED stream ${streams.edited} position ${at} revision 2`);
    // put back, byte for byte: the chain holds again
    await sql(`update events set data = '{"n": 3}'::jsonb where global_position = $1`, [at]);
    expect((await verifyEventChain(database.pool)).problems).toEqual([]);
  });

  it("names where an event was deleted", async () => {
    const [, second, third] = positions.removed!;
    await sql("delete from events where global_position = $1", [second]);
    const { problems } = await verifyEventChain(database.pool, { batchSize: 2 });
    expect(problems.map((p) => [p.streamId, p.position, p.problem])).toEqual([
      [streams.removed, third, "missing-before"],
      [streams.removed, third, "changed"],
    ]);
    const script = await auditVerify(database.url);
    expect(script.code).toBe(1);
    expect(script.out).toContain(`TAMPERED stream ${streams.removed} position ${third} revision 2: revision 1 is missing`);
  });

  it("names both events of a swapped pair, whether their data or their order was swapped", async () => {
    const [, p1, p2, p3, p4] = positions.swapped!;
    // the data of two events swapped
    await sql(`update events set data = case global_position when $1 then (select data from events where global_position = $2) else (select data from events where global_position = $1) end where global_position in ($1, $2)`, [p1, p2]);
    let named = (await verifyEventChain(database.pool)).problems.filter((p) => p.streamId === streams.swapped).map((p) => p.position);
    expect(named).toEqual(expect.arrayContaining([p1, p2]));
    // and their order: two revisions exchanged (through a free revision, the index is unique)
    await sql(`update events set data = case global_position when $1 then (select data from events where global_position = $2) else (select data from events where global_position = $1) end where global_position in ($1, $2)`, [p1, p2]);
    await sql("update events set revision = 100 where global_position = $1", [p3]);
    await sql("update events set revision = 3 where global_position = $1", [p4]);
    await sql("update events set revision = 4 where global_position = $1", [p3]);
    named = (await verifyEventChain(database.pool)).problems.filter((p) => p.streamId === streams.swapped).map((p) => p.position);
    expect(named).toEqual(expect.arrayContaining([p3, p4]));
    const script = await auditVerify(database.url);
    expect(script.code).toBe(1);
    expect(script.out).toContain(`TAMPERED stream ${streams.swapped} position ${p4}`);
    expect(script.out).toContain(`TAMPERED stream ${streams.swapped} position ${p3}`);
    // the untouched stream is never named
    expect(script.out).not.toContain(streams.untouched);
  });

  it("chains the events stored before the chain existed, and appends go on from them", async () => {
    // a database at the first two kernel migrations, with events written the old way (no hash)
    const { "0001-kernel-event-store": first, "0002-kernel-projection-checkpoints": second } = kernelMigrations;
    const legacy = await createTestDatabase("legacy", { migrations: { "0001-kernel-event-store": first!, "0002-kernel-projection-checkpoints": second! } });
    try {
      const stream = uniqueStream("legacy");
      for (let revision = 0; revision < 4; revision++) {
        await legacy.pool.query(
          "insert into events (global_position, stream_id, revision, event_id, type, data, metadata) values (nextval('events_global_position_seq'), $1, $2, gen_random_uuid(), 'Counted', $3, '{}')",
          [stream, revision, { n: revision }],
        );
      }
      await migrateToLatest(legacy.db, kernelMigrations);
      expect(await verifyEventChain(legacy.pool)).toMatchObject({ events: 4, problems: [] });
      await legacy.store.appendToStream(stream, [counted(4), counted(5)], { expectedRevision: 3 });
      expect(await verifyEventChain(legacy.pool)).toMatchObject({ events: 6, problems: [] });
      await legacy.pool.query("update events set type = 'Changed' where stream_id = $1 and revision = 1", [stream]);
      expect((await verifyEventChain(legacy.pool)).problems.map((p) => p.revision)).toEqual([1]);
    } finally {
      await legacy.drop();
    }
  });
});
