import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Kysely, PostgresDialect, sql } from "kysely";
import { newId } from "../../modules/kernel";
import { leaderboardRows, rankAbove } from "../../projections/points";
import type { PointTables } from "../../projections/points/tables";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

/**
 * Decision 136: the leaderboard's and the rank's statements use the partial board indexes (`where not hidden`) even
 * under a prepared statement's generic plan, which cannot prove a bound `hidden = $n` implies the index's predicate.
 * Every statement on one connection, with `plan_cache_mode = force_generic_plan` (what a pooled, prepared statement
 * gets after its fifth run when the planner prefers it).
 */
describe("the leaderboard's statements under a generic plan (decision 136)", () => {
  let database: TestDatabase;
  const org = newId();

  beforeAll(async () => {
    database = await createTestDatabase("board_plans", { poolSize: 1 });
    const db = database.db as Kysely<PointTables>;
    const at = new Date();
    const members = Array.from({ length: 2_000 }, (_, i) => ({ participant_id: newId(), organization_id: i % 4 === 0 ? org : newId(), balance: i, earned: i, hidden: i % 10 === 0, updated_at: at }));
    await db.insertInto("rm_point_balances").values(members).execute();
    await db.insertInto("rm_point_periods").values(members.map((m) => ({ participant_id: m.participant_id, organization_id: m.organization_id, period: "month", starts_on: "2026-11-01", earned: m.earned, hidden: m.hidden }))).execute();
    await sql`analyze rm_point_balances, rm_point_periods`.execute(db);
  }, 60_000);
  afterAll(() => database?.drop());

  /** prepared statements' names, unique on the one connection */
  let n = 0;
  /** the plan PostgreSQL makes for `run`'s statements, each prepared and explained with its parameters as a generic plan */
  const plansOf = async (run: (db: Kysely<PointTables>) => Promise<unknown>) => {
    const plans: string[] = [];
    const client = await database.pool.connect();
    try {
      await client.query("set plan_cache_mode = force_generic_plan");
      const original = client.query.bind(client);
      // every statement this connection is sent is prepared and explained instead of run
      const explaining = async (text: string, values: unknown[] = []) => {
        const name = `probe_${n++}`;
        await original(`prepare ${name} as ${text}`);
        const params = values.map((v) => (typeof v === "string" ? `'${v.replace(/'/g, "''")}'` : String(v))).join(", ");
        const { rows } = await original<{ "QUERY PLAN": string }>(`explain execute ${name}${params ? `(${params})` : ""}`);
        plans.push(rows.map((r) => r["QUERY PLAN"]).join("\n"));
        return { rows: [], command: "SELECT", rowCount: 0, fields: [] };
      };
      const db = new Kysely<PointTables>({ dialect: new PostgresDialect({ pool: { connect: async () => ({ query: explaining, release: () => undefined }), end: async () => undefined } as never }) });
      await run(db);
    } finally {
      client.release();
    }
    return plans;
  };

  it("the board, all time and a month, and the rank read the partial indexes, never the whole table", async () => {
    const plans = await plansOf(async (db) => {
      await leaderboardRows(db, org, { period: "all", startsOn: null, size: 20 });
      await leaderboardRows(db, org, { period: "month", startsOn: "2026-11-01", size: 20 });
      await rankAbove(db, org, 100);
    });
    expect(plans).toHaveLength(3);
    expect(plans[0]).toContain("rm_point_balances_board_order_idx");
    expect(plans[1]).toContain("rm_point_periods_board_idx");
    expect(plans[2]).toContain("rm_point_balances_board_order_idx");
    for (const plan of plans) expect(plan).not.toMatch(/Seq Scan/);
  });

  it("every member tied on points (decision 138): the board's top rows come off the index, nothing fetched to be sorted", async () => {
    const db = database.db as Kysely<PointTables>;
    const tied = newId();
    await db.insertInto("rm_point_balances").values(Array.from({ length: 3_000 }, () => ({ participant_id: newId(), organization_id: tied, balance: 1275, earned: 1275, hidden: false, updated_at: new Date() }))).execute();
    await sql`analyze rm_point_balances`.execute(db);
    const [plan] = await plansOf(async (probe) => void (await leaderboardRows(probe, tied, { period: "all", startsOn: null, size: 20 })));
    expect(plan).toContain("rm_point_balances_board_order_idx");
    expect(plan).not.toMatch(/Sort/);
    const rows = await leaderboardRows(db, tied, { period: "all", startsOn: null, size: 20 });
    expect(rows).toHaveLength(20);
    expect(rows.map((r) => r.participant_id)).toEqual(rows.map((r) => r.participant_id).sort());
  });

  it("answers as before: the top members by points earned, hidden ones left out", async () => {
    const db = database.db as Kysely<PointTables>;
    const rows = await leaderboardRows(db, org, { period: "all", startsOn: null, size: 3 });
    expect(rows.map((r) => r.points)).toEqual([1996, 1992, 1988]);
    expect(await rankAbove(db, org, 1988)).toBe(2);
  });
});
