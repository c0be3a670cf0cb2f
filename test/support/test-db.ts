import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type pg from "pg";
import { createDb, createPool, dropDatabase, ensureDatabase, migrateToLatest, PostgresEventStore, type MigrationSet } from "../../modules/kernel";
import { allMigrations } from "../../projections/migrations";
import { testServices } from "./services";

export type TestDatabase = {
  url: string;
  pool: pg.Pool;
  db: Kysely<unknown>;
  /** the PostgreSQL event store on this database's pool */
  store: PostgresEventStore;
  /** closes the store and the pool, and drops the database */
  drop(): Promise<void>;
};

/** A fresh, migrated database of its own for one test file. */
export async function createTestDatabase(
  label = "t",
  { poolSize = 10, migrations = allMigrations }: { poolSize?: number; migrations?: MigrationSet } = {},
): Promise<TestDatabase> {
  const { databaseUrl } = await testServices();
  const url = new URL(databaseUrl);
  url.pathname = `/rollcall_test_${label}_${randomBytes(4).toString("hex")}`;
  await ensureDatabase(url.toString());
  const pool = createPool(url.toString(), { max: poolSize, applicationName: `rollcall-test-${label}` });
  const db = createDb<unknown>(pool);
  await migrateToLatest(db, migrations);
  const store = new PostgresEventStore(pool, url.toString());
  return {
    url: url.toString(),
    pool,
    db,
    store,
    async drop() {
      await store.close().catch(() => undefined);
      await db.destroy().catch(() => undefined);
      await dropDatabase(url.toString());
    },
  };
}
