import { sql, type Kysely } from "kysely";

/**
 * The check an append to several streams makes (docs/decisions/137): it stops the whole statement, so nothing of
 * it is written, when fewer streams passed their expectation, or got their head row, than the append names.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create function rollcall_all_or_nothing(passed bigint, asked bigint) returns boolean
    language plpgsql volatile as $fn$
    begin
      if passed is distinct from asked then
        raise exception 'an append to several streams is written whole or not at all: % of % streams could be written', passed, asked
          using errcode = 'RC409';
      end if;
      return true;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists rollcall_all_or_nothing(bigint, bigint)`.execute(db);
}
