import { sql, type Kysely } from "kysely";

/**
 * The event store's tables (docs/decisions/001 and 002):
 * - events: one row per event; global_position from a sequence handed out in xid order;
 *   transaction_id (xid8) lets readers stop below the oldest running transaction.
 * - streams: one row per stream holding its revision; the row lock makes the expected-revision
 *   check and the revision bump one atomic step.
 * - rollcall_append(): an append is one round trip.
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
  await sql`
    create table streams (
      stream_id text primary key,
      revision bigint not null
    )`.execute(db);

  // p_expected: >= 0 a revision, -1 no_stream, -2 any, -3 stream_exists
  await sql`
    create function rollcall_append(p_stream_id text, p_expected bigint, p_events jsonb)
    returns table (status text, stream_revision bigint, positions bigint[])
    language plpgsql as $fn$
    declare
      v_count int := jsonb_array_length(p_events);
      v_first_id uuid := (p_events -> 0 ->> 'event_id')::uuid;
      v_positions bigint[];
      v_revision bigint;
    begin
      if v_count = 0 then
        raise exception 'rollcall_append: no events' using errcode = '22023';
      end if;

      -- an id stored already: an idempotent retry, answered with what was stored
      if exists (select 1 from events where event_id = v_first_id) then
        return query select 'duplicate'::text, max(e.revision), array_agg(e.global_position order by e.global_position)
          from events e where e.event_id in (select (x ->> 'event_id')::uuid from jsonb_array_elements(p_events) x);
        return;
      end if;

      -- Positions must follow transaction ids, so that a reader stopping below the oldest running
      -- transaction never passes a position that a running transaction still holds. The append must
      -- be its transaction's first write, and the xid and the positions are taken under one short lock.
      if pg_current_xact_id_if_assigned() is not null then
        raise exception 'rollcall_append must be the first write of its transaction' using errcode = '25000';
      end if;
      begin
        perform pg_advisory_lock(726101);
        perform pg_current_xact_id();
        select array_agg(nextval('events_global_position_seq')) into v_positions from generate_series(1, v_count);
        perform pg_advisory_unlock(726101);
      exception when others or query_canceled then
        perform pg_advisory_unlock(726101);
        raise;
      end;

      if p_expected = -1 then
        insert into streams (stream_id, revision) values (p_stream_id, v_count - 1)
          on conflict (stream_id) do nothing
          returning revision into v_revision;
      elsif p_expected = -2 then
        insert into streams (stream_id, revision) values (p_stream_id, v_count - 1)
          on conflict (stream_id) do update set revision = streams.revision + v_count
          returning revision into v_revision;
      elsif p_expected = -3 then
        update streams set revision = revision + v_count where stream_id = p_stream_id
          returning revision into v_revision;
      else
        update streams set revision = revision + v_count where stream_id = p_stream_id and revision = p_expected
          returning revision into v_revision;
      end if;

      if v_revision is null then
        -- a concurrent writer may have stored these very events: answer as a retry would be answered
        if exists (select 1 from events where event_id = v_first_id) then
          return query select 'duplicate'::text, max(e.revision), array_agg(e.global_position order by e.global_position)
            from events e where e.event_id in (select (x ->> 'event_id')::uuid from jsonb_array_elements(p_events) x);
          return;
        end if;
        return query select 'wrong_revision'::text, coalesce((select s.revision from streams s where s.stream_id = p_stream_id), -1), null::bigint[];
        return;
      end if;

      insert into events (global_position, stream_id, revision, event_id, type, data, metadata)
      select v_positions[t.i], p_stream_id, v_revision - v_count + t.i, (t.e ->> 'event_id')::uuid, t.e ->> 'type', t.e -> 'data', t.e -> 'metadata'
        from jsonb_array_elements(p_events) with ordinality as t(e, i);

      return query select 'ok'::text, v_revision, v_positions;
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop function if exists rollcall_append(text, bigint, jsonb)`.execute(db);
  await sql`drop table if exists streams`.execute(db);
  await sql`drop table if exists events`.execute(db);
}
