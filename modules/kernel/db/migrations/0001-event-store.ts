import { sql, type Kysely } from "kysely";

/**
 * The event store's table (docs/decisions/001 and 002): one row per event; global_position from a
 * sequence handed out in xid order; transaction_id (xid8) lets readers stop below the oldest running
 * transaction; unique (stream_id, revision) decides racing appends. The append statement itself is in
 * modules/kernel/event-store/postgres/append-sql.ts: one round trip.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigint primary key,
      stream_id text not null,
      revision bigint not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default clock_timestamp(),
      constraint events_stream_revision_key unique (stream_id, revision),
      constraint events_event_id_key unique (event_id)
    )`.execute(db);
  await sql`create sequence events_global_position_seq as bigint owned by events.global_position`.execute(db);
  // The guard an append runs first: it must be its transaction's first write (docs/decisions/002).
  await sql`
    create function rollcall_first_write_guard() returns boolean
    language plpgsql as $fn$
    begin
      if pg_current_xact_id_if_assigned() is not null then
        raise exception 'an append must be the first write of its transaction' using errcode = '25000';
      end if;
      return true;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists rollcall_first_write_guard()`.execute(db);
  await sql`drop table if exists events`.execute(db);
}
