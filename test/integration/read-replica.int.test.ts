import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb, createPool, dropDatabase, ensureDatabase, migrateToLatest } from "../../modules/kernel";
import { allMigrations } from "../../projections";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const { databaseUrl: serverUrl } = await testServices();
const urlOf = (name: string) => {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
const walLevel = await (async () => {
  const client = new pg.Client({ connectionString: urlOf("postgres") });
  await client.connect();
  try {
    return (await client.query<{ wal_level: string }>("show wal_level")).rows[0]!.wal_level;
  } finally {
    await client.end();
  }
})();

/**
 * Tables the replica does not take: the migrations' own bookkeeping, the event store's (events, its partitions
 * events_pNNNN and the stream heads: decision 127) and the sessions (primary only).
 */
const NOT_PUBLISHED = new Set(["kysely_migration", "kysely_migration_lock", "events", "stream_heads", "sessions"]);
const published = (table: string) => !NOT_PUBLISHED.has(table) && !/^events_p[0-9]+$/.test(table);

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

// Skipped, saying why, where the server's wal_level is not 'logical': a logical replication subscription needs it
// (ALTER SYSTEM SET wal_level = logical and a restart; .ci/run does that before the tests).
describe.skipIf(walLevel !== "logical")(
  `read models from a replica kept by logical replication (READ_DATABASE_URL, decision 124)${walLevel !== "logical" ? `: skipped, wal_level is '${walLevel}', logical replication needs 'logical'` : ""}`,
  () => {
    const stamp = randomBytes(4).toString("hex");
    const replicaName = `rollcall_replica_${stamp}`;
    const slot = `rollcall_read_${stamp}`;
    let app: InProcessApp;
    let primary: pg.Client;
    let replica: pg.Client;
    let admin: HttpClient;
    let participantId: string;

    const checkpoints = async (client: pg.Client) =>
      new Map((await client.query<{ name: string; position: string }>("select name, position from projection_checkpoints")).rows.map((r) => [r.name, Number(r.position)]));
    /** until the replica's checkpoint of `name` has reached the primary's */
    const inSync = async (name: string) => {
      for (let i = 0; i < 400; i++) {
        const [p, r] = await Promise.all([checkpoints(primary), checkpoints(replica)]);
        if ((r.get(name) ?? -1) >= (p.get(name) ?? 0)) return;
        await tick(50);
      }
      throw new Error(`the replica did not catch up with ${name}`);
    };
    const notes = async () => ((await (await admin.request("GET", `/api/note?user_id=${participantId}`)).json()) as { data: { message: string }[] }).data.map((n) => n.message);

    beforeAll(async () => {
      // the replica: the same schema (logical replication copies rows, not tables), its tables empty
      const replicaUrl = urlOf(replicaName);
      await ensureDatabase(replicaUrl);
      const replicaDb = createDb<unknown>(createPool(replicaUrl, { max: 2 }));
      await migrateToLatest(replicaDb as Kysely<unknown>, allMigrations);
      await replicaDb.destroy();

      app = await startInProcessApp("replica", { env: { READ_DATABASE_URL: replicaUrl } });
      primary = new pg.Client({ connectionString: app.databaseUrl });
      replica = new pg.Client({ connectionString: replicaUrl });
      await Promise.all([primary.connect(), replica.connect()]);
      const tables = (await primary.query<{ tablename: string }>("select tablename from pg_tables where schemaname = 'public' order by tablename")).rows.map((r) => r.tablename).filter(published);
      await replica.query(`truncate ${tables.map((t) => `"${t}"`).join(", ")}`);
      await primary.query(`create publication rollcall_read for table ${tables.map((t) => `"${t}"`).join(", ")}`);
      // one cluster: the slot is made first, as CREATE SUBSCRIPTION cannot make it on its own server
      await primary.query("select pg_create_logical_replication_slot($1, 'pgoutput')", [slot]);
      const dbname = new URL(app.databaseUrl).pathname.slice(1);
      const { hostname, port, username } = new URL(serverUrl);
      await replica.query(
        `create subscription rollcall_read_sub connection 'host=${hostname} port=${port || 5432} user=${decodeURIComponent(username) || "postgres"} dbname=${dbname}' publication rollcall_read with (create_slot = false, slot_name = '${slot}', copy_data = true)`,
      );
      // the first copy runs table by table: the replica is whole (and in commit order) once every table is ready
      for (let i = 0; ; i++) {
        const { rows } = await replica.query<{ n: number }>("select count(*)::int as n from pg_subscription_rel where srsubstate not in ('r', 's')");
        if (rows[0]!.n === 0) break;
        if (i > 1200) throw new Error("the replica's first copy did not finish");
        await tick(50);
      }
      for (const name of ["identity", "participants", "notes"]) await inSync(name);

      await clearSignInLimits((await testServices()).redisUrl);
      admin = new HttpClient(app.baseUrl);
      await admin.signIn("admin@northside.demo");
      const members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: { id: string }[] }).data;
      participantId = members.find((m) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id))!.id;
    }, 180_000);

    afterAll(async () => {
      // the subscription's worker lets go of the slot once disabled; then the slot can be dropped, and the databases
      await replica?.query("alter subscription rollcall_read_sub disable").catch(() => undefined);
      await replica?.query("alter subscription rollcall_read_sub set (slot_name = none)").catch(() => undefined);
      await replica?.query("drop subscription if exists rollcall_read_sub").catch(() => undefined);
      for (let i = 0; i < 100; i++) {
        const dropped = await primary
          ?.query("select pg_drop_replication_slot(slot_name) from pg_replication_slots where slot_name = $1 and not active", [slot])
          .then(async () => (await primary.query("select 1 from pg_replication_slots where slot_name = $1", [slot])).rowCount === 0)
          .catch(() => false);
        if (dropped !== false) break;
        await tick(100);
      }
      await primary?.query("drop publication if exists rollcall_read").catch(() => undefined);
      await Promise.all([primary?.end(), replica?.end()]);
      await app?.stop();
      await dropDatabase(urlOf(replicaName));
    }, 60_000);

    it("answers the web's reads from the replica: a note made while replication is paused is on the primary, and in the list only once it resumes", async () => {
      const before = await notes();
      await replica.query("alter subscription rollcall_read_sub disable");
      try {
        // a note made while replication is paused: the primary has it, the replica does not, and the list is the replica's
        // (its call waits up to 3 s for the replica's checkpoint, as for a projector that lags, then answers)
        await admin.request("POST", "/api/note", { body: { user_id: participantId, message: "Written while the replica was paused", type: "Late" } });
        expect((await primary.query("select count(*)::int as n from rm_notes where participant_id = $1 and message = $2", [participantId, "Written while the replica was paused"])).rows[0]!.n).toBe(1);
        expect(await notes()).toEqual(before);
      } finally {
        await replica.query("alter subscription rollcall_read_sub enable");
      }
      await inSync("notes");
      expect(await notes()).toContain("Written while the replica was paused");
    }, 60_000);

    it("keeps read-your-writes: a note's call waits for the replica's checkpoint, so the next read shows it", async () => {
      await inSync("notes");
      for (let i = 0; i < 5; i++) {
        const message = `Read back at once ${i}`;
        const made = await admin.request("POST", "/api/note", { body: { user_id: participantId, message, type: "Late" } });
        expect(made.status).toBe(200);
        // no wait of the test's own: the call returned once the replica had the note
        expect(await notes()).toContain(message);
      }
    }, 60_000);
  },
);
