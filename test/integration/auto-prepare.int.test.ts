import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { PREPARE_AFTER } from "../../modules/kernel/db/auto-prepare";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

describe("statements Kysely sends often are prepared on the server", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("auto_prepare", { poolSize: 1 });
  });
  afterAll(() => database.drop());

  it("prepares a query after it was sent PREPARE_AFTER times, and answers it the same", async () => {
    const query = (n: number) => sql<{ doubled: number }>`select ${n}::int * 2 as doubled`.execute(database.db);
    const answers = [];
    for (let i = 0; i < PREPARE_AFTER + 2; i++) answers.push((await query(i)).rows[0]!.doubled);
    expect(answers).toEqual(Array.from({ length: PREPARE_AFTER + 2 }, (_, i) => i * 2));
    // one connection in the pool: the statement is prepared on it
    const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
    expect(rows.map((r) => r.statement)).toContain("select $1::int * 2 as doubled");
  });

  it("runs transactions as before (begin and commit are never prepared)", async () => {
    await sql`create table if not exists auto_prepare_t (n int)`.execute(database.db);
    for (let i = 0; i < PREPARE_AFTER + 1; i++) {
      await database.db.transaction().execute(async (trx) => {
        await sql`insert into auto_prepare_t (n) values (${i})`.execute(trx);
      });
    }
    const { rows } = await sql<{ n: number }>`select count(*)::int as n from auto_prepare_t`.execute(database.db);
    expect(rows[0]!.n).toBe(PREPARE_AFTER + 1);
    const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(database.db);
    expect(prepared.rows.some((r) => /^(begin|commit)/i.test(r.statement))).toBe(false);
  });
});
