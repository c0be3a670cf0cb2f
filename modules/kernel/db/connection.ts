import { Kysely, PostgresDialect } from "kysely";
import pg from "pg";
import { autoPreparing } from "./auto-prepare";

// bigint (int8) columns come back as numbers: positions and revisions stay far below 2^53
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));

export type PoolOptions = { max?: number; applicationName?: string };

export function createPool(databaseUrl: string, { max = 10, applicationName = "rollcall" }: PoolOptions = {}) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max, application_name: applicationName });
  // an idle client that loses its connection must not crash the process
  pool.on("error", (error) => console.error("[db] idle client error:", error.message));
  return pool;
}

export function createDb<DB>(pool: pg.Pool): Kysely<DB> {
  // statements Kysely sends often are prepared once per connection (auto-prepare.ts)
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool: autoPreparing(pool) }) });
}

/** Creates the database named in the URL when it does not exist yet. */
export async function ensureDatabase(databaseUrl: string): Promise<{ created: boolean }> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  if (!name) throw new Error("DATABASE_URL names no database");
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    const found = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (found.rowCount) return { created: false };
    try {
      await client.query(`create database ${quoteIdent(name)}`);
    } catch (error) {
      // another process created it between our look and our create: 42P04, or, when both create at
      // the same moment, a unique violation on pg_database's name index
      const { code, constraint } = error as { code?: string; constraint?: string };
      if (code !== "42P04" && !(code === "23505" && constraint === "pg_database_datname_index")) throw error;
      return { created: false };
    }
    return { created: true };
  } finally {
    await client.end();
  }
}

export async function dropDatabase(databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const name = decodeURIComponent(url.pathname.replace(/^\//, ""));
  const admin = new URL(databaseUrl);
  admin.pathname = "/postgres";
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  try {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`);
  } finally {
    await client.end();
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
