import { sql, type Kysely } from "kysely";
import { EVENTS_PARTITION_SIZE } from "../../event-store/postgres/partitions-ahead";

/**
 * The events table partitioned by range of global_position (docs/decisions/127): partitions of 10 million
 * positions, events_p0000, events_p0001, ..., so older ones can be detached to cheaper storage.
 *
 * A partitioned table's unique indexes must hold the partition key, so the two guards move:
 * - the expected revision: `stream_heads` (one row a stream: its revision and the hash of its last event),
 *   written by the append statement itself; it also replaces the probe of the stream's newest event;
 * - event_id de-duplication: a lookup on the per-partition (non-unique) event_id index, made by the append
 *   under the stream's head row lock (`rollcall_event_stored`, a fresh snapshot).
 *
 * An existing store keeps its rows: the old table becomes the first partition (covering its positions rounded up
 * to whole partitions), after a check constraint proves the range (one scan) and two non-unique indexes are built
 * on it; its unique indexes are dropped. Each step is a catalog change but those three: see decision 127 for the
 * cost. The next partition is created ahead (`rollcall_events_partitions_ahead`), here and by the adapter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table stream_heads (
      stream_id text primary key,
      revision bigint not null,
      hash text not null
    ) with (fillfactor = 80)`.execute(db); // room on each page for its rows' next versions (HOT updates)
  await sql`
    insert into stream_heads (stream_id, revision, hash)
    select distinct on (stream_id) stream_id, revision, hash from events order by stream_id, revision desc`.execute(db);

  const { rows } = await sql<{ upper: string }>`
    select ((coalesce(max(global_position), 0) / ${EVENTS_PARTITION_SIZE}) + 1) * ${EVENTS_PARTITION_SIZE} as upper from events`.execute(db);
  const upper = Number(rows[0]!.upper);

  await sql`alter table events rename to events_p0000`.execute(db);
  await sql`alter index events_pkey rename to events_p0000_pkey`.execute(db);
  await sql`alter table events_p0000 drop constraint events_stream_revision_key`.execute(db);
  await sql`alter table events_p0000 drop constraint events_event_id_key`.execute(db);
  await sql`
    create table events (
      global_position bigint not null,
      stream_id text not null,
      revision bigint not null,
      event_id uuid not null,
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default clock_timestamp(),
      hash text not null,
      constraint events_pkey primary key (global_position)
    ) partition by range (global_position)`.execute(db);
  await sql`create index events_stream_revision_idx on events (stream_id, revision)`.execute(db);
  await sql`create index events_event_id_idx on events (event_id)`.execute(db);
  // the check constraint lets the attach skip its own scan; the attach builds the two indexes on the old rows
  await sql.raw(`alter table events_p0000 add constraint events_p0000_range check (global_position >= 0 and global_position < ${upper})`).execute(db);
  await sql.raw(`alter table events attach partition events_p0000 for values from (0) to (${upper})`).execute(db);
  await sql`alter table events_p0000 drop constraint events_p0000_range`.execute(db);
  await sql`alter sequence events_global_position_seq owned by events.global_position`.execute(db);

  // the partitions holding the sequence's next position (or \`upto\`, a position a bulk writer is about to write,
  // when higher) and the one after it; idempotent, safe to race
  await sql`
    create function rollcall_events_partitions_ahead(upto bigint default null) returns int
    language plpgsql as $fn$
    declare
      size constant bigint := ${sql.lit(EVENTS_PARTITION_SIZE)};
      head bigint;
      k bigint;
      made int := 0;
      name text;
    begin
      select case when is_called then last_value + 1 else last_value end into head from events_global_position_seq;
      perform pg_advisory_xact_lock(726102);
      -- never a long wait for a lock on events: the caller tries again later
      perform set_config('lock_timeout', '2s', true);
      for k in (head / size)..(greatest(head, upto) / size + 1) loop
        name := format('events_p%s', lpad(k::text, 4, '0'));
        -- a partition whose range covers k's start already (the converted first one spans several)
        continue when exists (
          select 1 from pg_inherits i join pg_class c on c.oid = i.inhrelid
           where i.inhparent = 'events'::regclass
             and (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''?([0-9]+)''?\\) TO \\(''?([0-9]+)''?\\)'))[1]::bigint <= k * size
             and (regexp_match(pg_get_expr(c.relpartbound, c.oid), 'FROM \\(''?([0-9]+)''?\\) TO \\(''?([0-9]+)''?\\)'))[2]::bigint > k * size);
        continue when to_regclass(name) is not null; -- a detached table of that name: never reused
        -- made apart and attached: attach takes a weaker lock on events than create ... partition of
        execute format('create table %I (like events including defaults)', name);
        execute format('alter table %I add constraint %I check (global_position >= %s and global_position < %s)', name, name || '_range', k * size, (k + 1) * size);
        execute format('alter table events attach partition %I for values from (%s) to (%s)', name, k * size, (k + 1) * size);
        execute format('alter table %I drop constraint %I', name, name || '_range');
        made := made + 1;
      end loop;
      return made;
    end
    $fn$`.execute(db);
  await sql`select rollcall_events_partitions_ahead()`.execute(db);

  // whether an event id is stored: a fresh snapshot (volatile), so an append that waited for a racing one's head
  // row sees that append's events (docs/decisions/127)
  await sql`
    create function rollcall_event_stored(id uuid) returns boolean
    language plpgsql volatile as $fn$
    begin
      -- plpgsql: its plan is kept for the session (an SQL function's would be planned at every append)
      return exists (select 1 from events where event_id = id);
    end
    $fn$`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  // back to one table: the partitions' rows copied into it (every attached partition)
  await sql`drop function if exists rollcall_event_stored(uuid)`.execute(db);
  await sql`drop function if exists rollcall_events_partitions_ahead(bigint)`.execute(db);
  await sql`alter table events rename to events_partitioned`.execute(db);
  await sql`create table events (like events_partitioned including defaults)`.execute(db);
  await sql`insert into events select * from events_partitioned`.execute(db);
  await sql`alter table events add constraint events_pkey_1 primary key (global_position)`.execute(db);
  await sql`alter table events add constraint events_stream_revision_key unique (stream_id, revision)`.execute(db);
  await sql`alter table events add constraint events_event_id_key unique (event_id)`.execute(db);
  await sql`alter sequence events_global_position_seq owned by events.global_position`.execute(db);
  await sql`drop table events_partitioned`.execute(db);
  await sql`alter table events rename constraint events_pkey_1 to events_pkey`.execute(db);
  await sql`drop table if exists stream_heads`.execute(db);
}
