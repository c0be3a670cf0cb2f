import { sql, type Kysely } from "kysely";
import { quoteIdent } from "../../modules/kernel";

/** Every row of the given tables in one schema, in a stable order, for comparing read models. */
export async function dumpTables(db: Kysely<unknown>, schema: string, tables: readonly string[]) {
  const out: Record<string, unknown[]> = {};
  for (const table of tables) {
    const { rows } = await sql
      .raw<Record<string, unknown>>(`select * from ${quoteIdent(schema)}.${quoteIdent(table)} order by 1`)
      .execute(db);
    out[table] = rows.map((r) => JSON.parse(JSON.stringify(r)));
  }
  return out;
}

export async function resetProjection(db: Kysely<unknown>, name: string, tables: readonly string[]) {
  for (const table of tables) await sql.raw(`truncate ${quoteIdent(table)}`).execute(db);
  await sql`delete from projection_checkpoints where name = ${name}`.execute(db);
}

/** The newest committed event, whether or not readers may see it yet (they read below the oldest running transaction). */
export async function committedHead(db: Kysely<unknown>): Promise<number> {
  const { rows } = await sql<{ head: string | number | null }>`select max(global_position) as head from events`.execute(db);
  return Number(rows[0]?.head ?? 0);
}
