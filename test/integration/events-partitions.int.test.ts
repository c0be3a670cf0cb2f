import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { kernelMigrations, verifyEventChain } from "../../modules/kernel";
import { counted, uniqueStream } from "../support/events";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const run = promisify(execFile);
const SIZE = 10_000_000;

/** A script of scripts/ against the test database: its exit code and what it printed. */
async function script(name: string, databaseUrl: string, args: string[] = []): Promise<{ code: number; out: string }> {
  try {
    const { stdout } = await run(process.execPath, ["--import", "tsx", `scripts/${name}.ts`, ...args], { env: { ...process.env, DATABASE_URL: databaseUrl, EVENTSTORE_URL: "" } });
    return { code: 0, out: stdout };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, out: `${e.stdout}${e.stderr}` };
  }
}

const partitionsOf = async (database: TestDatabase) =>
  (await database.pool.query<{ name: string }>("select c.relname as name from pg_inherits i join pg_class c on c.oid = i.inhrelid where i.inhparent = 'events'::regclass order by 1")).rows.map((r) => r.name);

/** Which partition holds each of these positions. */
const whereStored = async (database: TestDatabase, positions: number[]) =>
  (await database.pool.query<{ p: string }>("select tableoid::regclass::text as p from events where global_position = any($1) order by global_position", [positions])).rows.map((r) => r.p);

const until = async (check: () => Promise<boolean>, ms = 10_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error("timed out");
    await new Promise((r) => setTimeout(r, 50));
  }
};

describe("the events table partitioned by global position (decision 127)", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("parts", { migrations: kernelMigrations });
  }, 60_000);
  afterAll(() => database?.drop());

  it("appends across a partition boundary, one append and a group of them, and makes the next partition ahead", async () => {
    expect(await partitionsOf(database)).toEqual(["events_p0000", "events_p0001"]);
    const before = uniqueStream("before");
    await database.store.appendToStream(before, [counted(0)], { expectedRevision: "no_stream" });
    await database.pool.query("select setval('events_global_position_seq', $1)", [SIZE - 3]);

    const across = uniqueStream("across");
    const result = await database.store.appendToStream(across, [counted(1), counted(2), counted(3), counted(4)], { expectedRevision: "no_stream" });
    expect(result.positions).toEqual([SIZE - 2, SIZE - 1, SIZE, SIZE + 1]);
    expect(await whereStored(database, result.positions)).toEqual(["events_p0000", "events_p0000", "events_p0001", "events_p0001"]);

    // single-event appends of one turn: the group append, past the boundary
    const streams = Array.from({ length: 20 }, () => uniqueStream("group"));
    const grouped = await Promise.all(streams.map((s) => database.store.appendToStream(s, [counted(5)], { expectedRevision: "no_stream" })));
    expect(grouped.every((g) => g.positions[0]! > SIZE)).toBe(true);
    await database.store.appendToStream(before, [counted(1)], { expectedRevision: 0 });

    // the first append of this process in events_p0001 made events_p0002, 10 million positions ahead (in the
    // background: while it runs, $all readers stop below its transaction, the read horizon of decision 025)
    await until(async () => (await partitionsOf(database)).includes("events_p0002"));

    const read = await database.store.readStream(across);
    expect(read.events.map((e) => [e.revision, e.position])).toEqual(result.positions.map((p, i) => [i, p]));
    const all = await database.store.readAll(SIZE - 10, 100);
    expect(all.slice(0, 4).map((e) => e.position)).toEqual(result.positions);
    expect(all).toHaveLength(4 + 20 + 1);
    // the head rows: each stream's revision and its newest event's hash
    const { rows } = await database.pool.query<{ ok: boolean }>(
      "select h.revision = 3 and h.hash = e.hash as ok from stream_heads h join events e on e.stream_id = h.stream_id and e.revision = 3 where h.stream_id = $1",
      [across],
    );
    expect(rows).toEqual([{ ok: true }]);
    expect(await verifyEventChain(database.pool)).toMatchObject({ events: 26, problems: [] });
  });

  it("makes a missing partition when an append lands past the last one (the sequence moved far ahead)", async () => {
    await database.pool.query("select setval('events_global_position_seq', $1)", [4 * SIZE + 7]);
    const far = uniqueStream("far");
    const result = await database.store.appendToStream(far, [counted(1), counted(2)]);
    expect(await whereStored(database, result.positions)).toEqual(["events_p0004", "events_p0004"]);
    await until(async () => (await partitionsOf(database)).includes("events_p0005"));
    expect((await database.store.readStream(far)).events).toHaveLength(2);
  });
});

describe("detaching an old partition of the events table (npm run events:detach, decision 127)", () => {
  let database: TestDatabase;
  const old = Array.from({ length: 3 }, () => uniqueStream("old"));
  const straddling = uniqueStream("straddling");
  const fresh = uniqueStream("fresh");
  let newest = 0;

  beforeAll(async () => {
    database = await createTestDatabase("detach", { migrations: kernelMigrations });
    for (const s of old) await database.store.appendToStream(s, [counted(1), counted(2)], { expectedRevision: "no_stream" });
    await database.store.appendToStream(straddling, [counted(1), counted(2)], { expectedRevision: "no_stream" });
    await database.pool.query("select setval('events_global_position_seq', $1)", [SIZE + 100]);
    await database.store.appendToStream(fresh, [counted(1)], { expectedRevision: "no_stream" });
    newest = (await database.store.appendToStream(straddling, [counted(3)], { expectedRevision: 1 })).positions[0]!;
  }, 60_000);
  afterAll(() => database?.drop());

  it("refuses a partition that projections still read, or that is written to; detaches one fully old", async () => {
    await database.pool.query("insert into projection_checkpoints (name, position) values ('board', 5)");
    const listed = await script("events-detach", database.url);
    expect(listed.code).toBe(0);
    expect(listed.out).toMatch(/events_p0000 .* kept: projections still read events_p0000: board/);
    expect(listed.out).toMatch(/events_p0001 .* kept: .* still written to/);
    expect(await script("events-detach", database.url, ["events_p0001"])).toMatchObject({ code: 1 });
    expect(await script("events-detach", database.url, ["events_p0000"])).toMatchObject({ code: 1 });

    await database.pool.query("update projection_checkpoints set position = $1", [newest]);
    const detached = await script("events-detach", database.url, ["events_p0000"]);
    expect(detached.out).toContain("detached events_p0000");
    expect(detached.code).toBe(0);
    expect(await partitionsOf(database)).not.toContain("events_p0000");
  });

  it("goes on without it: appends, stream reads of newer streams and $all reads past it", async () => {
    const again = await database.store.appendToStream(fresh, [counted(2)], { expectedRevision: 0 });
    expect(again.nextExpectedRevision).toBe(1);
    const another = uniqueStream("another");
    await database.store.appendToStream(another, [counted(1), counted(2)], { expectedRevision: "no_stream" });
    expect((await database.store.readStream(fresh)).events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }]);
    // a stream begun before it goes on from its head row: revisions and chain continue
    const next = await database.store.appendToStream(straddling, [counted(4)], { expectedRevision: 2 });
    expect(next.nextExpectedRevision).toBe(3);
    // a resend is still told apart from a new append
    const resend = [counted(9)];
    await database.store.appendToStream(another, resend, { expectedRevision: 1 });
    expect(await database.store.appendToStream(another, resend, { expectedRevision: 1 })).toMatchObject({ duplicate: true, nextExpectedRevision: 2 });

    // and a resend racing itself with `any` (the head row's wait, then the lookup in a fresh snapshot): stored once
    const racing = [counted(10)];
    const raced = await Promise.all(Array.from({ length: 8 }, () => database.store.appendToStream(another, racing)));
    expect(new Set(raced.map((r) => r.positions[0]))).toHaveProperty("size", 1);
    expect((await database.store.readStream(another)).events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 9 }, { n: 10 }]);

    const all = await database.store.readAll(0, 100);
    expect(all.every((e) => e.position > SIZE)).toBe(true);
    expect(all.map((e) => e.position)).toEqual([...all.map((e) => e.position)].sort((a, b) => a - b));
    expect(all).toHaveLength(8); // 2 appended before the detach past it, 6 after
  });

  it("audits the detached years on their own, and the whole history once attached back", async () => {
    // without it, a stream begun before it misses its first events and the link to them: named for both
    const live = await verifyEventChain(database.pool);
    expect(new Set(live.problems.map((p) => `${p.streamId} ${p.problem}`))).toEqual(new Set([`${straddling} missing-before`, `${straddling} changed`]));
    const alone = await script("audit-verify", database.url, ["--table", "events_p0000"]);
    expect(alone.out).toContain("OK: 8 events in 4 streams");
    expect(alone.code).toBe(0);

    const attached = await script("events-detach", database.url, ["--attach", "events_p0000"]);
    expect(attached.out).toContain(`attached events_p0000: positions 0 to ${SIZE - 1}`);
    expect(await verifyEventChain(database.pool)).toMatchObject({ events: 16, problems: [] });
  });
});
