/** The session advisory lock under which an append takes its xid and its positions. */
export const APPEND_LOCK_KEY = 726101;

/** An append holds at most this many events (PostgreSQL allows 65,535 parameters a statement). */
export const MAX_EVENTS_PER_APPEND = 10_000;

/** expectedRevision as the statement's second parameter: >= 0 a revision, or one of these. */
export const EXPECT = { noStream: -1, any: -2, streamExists: -3 } as const;

/**
 * The append: one statement, one round trip, for `n` events. Parameters: $1 stream id, $2 expected
 * revision code, then per event: id, type, data, metadata.
 *
 * - lk: the first-write guard, then the advisory lock, then the xid (evaluated left to right);
 * - pos: the positions, taken while the lock is held, so position order equals xid order;
 * - ul: releases the lock once every position is taken (it counts all of pos first), before any row is
 *   written, so no append ever waits on another's index entries while holding it;
 * - the insert writes only when the stream is at the expected revision; a racing append at the same
 *   revision fails on the unique (stream_id, revision) index;
 * - cur: the stream's last revision and hash, from one index probe;
 * - hash: each event's link in its stream's chain (docs/decisions/022): one call for a single event, the
 *   `rollcall_chain` window aggregate seeded with the stream's last hash for several.
 * No row returned means the expectation did not hold. See docs/decisions/001 and 002.
 */
export function appendStatement(n: number): string {
  const values = Array.from({ length: n }, (_, k) => {
    const p = 3 + 4 * k;
    return `(${k + 1}, $${p}::uuid, $${p + 1}::text, $${p + 2}::jsonb, $${p + 3}::jsonb)`;
  }).join(",\n      ");
  return `with lk as materialized (
    select rollcall_first_write_guard() as guard, pg_advisory_lock(${APPEND_LOCK_KEY})::text as locked, pg_current_xact_id() as xid
  ), pos as materialized (
    select i, nextval('events_global_position_seq') as p from lk, generate_series(1, ${n}) as i
  ), ul as materialized (
    select pg_advisory_unlock(${APPEND_LOCK_KEY}) as unlocked from (select count(*) from pos) as c
  ), cur as (
    select coalesce(last.revision, -1) as rev, coalesce(last.hash, '') as hash
      from (select 1) as one
      left join lateral (select revision, hash from events where stream_id = $1 order by revision desc limit 1) as last on true
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select pos.p, $1, cur.rev + v.i, v.id, v.type, v.data, v.meta,
         ${n === 1 ? "rollcall_event_hash(cur.hash, $1, cur.rev + 1, pos.p, v.id, v.type, v.data, v.meta)" : "rollcall_chain(cur.hash, $1, cur.rev + v.i, pos.p, v.id, v.type, v.data, v.meta) over (order by v.i)"}
    from (values
      ${values}
    ) as v (i, id, type, data, meta)
    join pos on pos.i = v.i
    cross join cur
   where (select unlocked from ul)
     and case
       when $2::bigint >= 0 then cur.rev = $2::bigint
       when $2::bigint = ${EXPECT.noStream} then cur.rev = -1
       when $2::bigint = ${EXPECT.streamExists} then cur.rev >= 0
       else true
     end
  returning revision, global_position`;
}

const cache = new Map<number, string>();

/** The statement for `n` events; counts up to 32 are prepared once per connection under a name. */
export function appendQuery(n: number): { name?: string; text: string } {
  let text = cache.get(n);
  if (!text) {
    text = appendStatement(n);
    if (n <= 32) cache.set(n, text);
  }
  return n <= 32 ? { name: `rollcall_append_${n}`, text } : { text };
}

/**
 * The group append (docs/decisions/024): single-event appends to distinct streams, asked for in the same
 * turn of the event loop, in one statement and one commit. Parameters are arrays, one element per
 * append: $1 stream ids, $2 expected revision codes, $3 event ids, $4 types, $5 data, $6 metadata. Each
 * append is checked against its own stream's expectation and written only when it holds; the rows
 * returned name the appends that were written. Locking, positions and the hash link are as in
 * `appendStatement`.
 */
export const GROUP_APPEND_SQL = `with lk as materialized (
    select rollcall_first_write_guard() as guard, pg_advisory_lock(${APPEND_LOCK_KEY})::text as locked, pg_current_xact_id() as xid
  ), v as materialized (
    select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
      with ordinality as v (stream_id, expected, id, type, data, meta, i)
  ), pos as materialized (
    select v.i, nextval('events_global_position_seq') as p from lk, v
  ), ul as materialized (
    select pg_advisory_unlock(${APPEND_LOCK_KEY}) as unlocked from (select count(*) from pos) as c
  ), cur as (
    select v.i, coalesce(last.revision, -1) as rev, coalesce(last.hash, '') as hash
      from v
      left join lateral (select revision, hash from events where stream_id = v.stream_id order by revision desc limit 1) as last on true
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select pos.p, v.stream_id, cur.rev + 1, v.id, v.type, v.data, v.meta,
         rollcall_event_hash(cur.hash, v.stream_id, cur.rev + 1, pos.p, v.id, v.type, v.data, v.meta)
    from v
    join pos on pos.i = v.i
    join cur on cur.i = v.i
   where (select unlocked from ul)
     and case
       when v.expected >= 0 then cur.rev = v.expected
       when v.expected = ${EXPECT.noStream} then cur.rev = -1
       when v.expected = ${EXPECT.streamExists} then cur.rev >= 0
       else true
     end
  returning stream_id, revision, global_position`;

/**
 * The read horizon (docs/decisions/002, refined in 025): events of transactions below it are all committed
 * or gone, in position order. It is the oldest transaction still running in the statement's snapshot,
 * leaving out those known to run in another database (they cannot write this database's events), or,
 * with none left, the snapshot's xmax. A transaction that ends between the snapshot and the look at
 * pg_stat_activity is not known there and so still counts: the horizon can only be too low, never too
 * high. Without this, one long write in any database of the server held back every projection here.
 */
export const READ_HORIZON_SQL = `(select coalesce(
    (select min(x) from pg_snapshot_xip(pg_current_snapshot()) as x
      where (x::text::bigint % 4294967296) not in (
        select a.backend_xid::text::bigint from pg_stat_activity as a
         where a.backend_xid is not null and a.datname is distinct from current_database())),
    pg_snapshot_xmax(pg_current_snapshot())))`;

