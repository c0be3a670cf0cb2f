/** The session advisory lock under which an append takes its xid and its positions. */
export const APPEND_LOCK_KEY = 726101;

/** An append holds at most this many events (PostgreSQL allows 65,535 parameters a statement). */
export const MAX_EVENTS_PER_APPEND = 10_000;

/** expectedRevision as the statement's second parameter: >= 0 a revision, or one of these. */
export const EXPECT = { noStream: -1, any: -2, streamExists: -3 } as const;

/** SQL: whether a stream at revision `rev` (-1: none) meets the expectation code `expected` (a revision, or one of EXPECT). */
const expectationHolds = (rev: string, expected: string) => `case
       when ${expected} >= 0 then ${rev} = ${expected}
       when ${expected} = ${EXPECT.noStream} then ${rev} = -1
       when ${expected} = ${EXPECT.streamExists} then ${rev} >= 0
       else true
     end`;

/**
 * The append: one statement, one round trip, for `n` events. Parameters: $1 stream id, $2 expected
 * revision code, then per event: id, type, data, metadata.
 *
 * - lk: the first-write guard, then the advisory lock, then the xid (evaluated left to right);
 * - pos: the positions, taken while the lock is held, so position order equals xid order;
 * - ul: releases the lock once every position is taken (it counts all of pos first), before any row is
 *   locked or written, so no append ever waits on another's rows while holding it;
 * - cur: the stream's head (docs/decisions/127): its revision and the hash of its last event, from its
 *   `stream_heads` row, locked (a racing append to the same stream waits here and then reads the head that one left);
 * - ok: the expectation, and the de-duplication of a resend: when the stream exists, whether the append's first
 *   event id is stored already, looked up on the per-partition event_id index in a fresh snapshot (after the
 *   wait above, so a racing resend's events are seen);
 * - ev: the events, each with its link in its stream's chain (docs/decisions/022): one call for a single event,
 *   the `rollcall_chain` window aggregate seeded with the head's hash for several;
 * - head: moves the head row, or makes it; two appends creating one stream race here, and the one that loses
 *   writes nothing (the row's revision is no longer the one it expected).
 * No row returned means the expectation did not hold (or the events are stored already). See
 * docs/decisions/001, 002 and 127.
 */
export function appendStatement(n: number): string {
  if (n === 1) return SINGLE_APPEND_SQL;
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
  ), cur as materialized (
    select coalesce(h.revision, -1) as rev, coalesce(h.hash, '') as hash
      from ul left join lateral (select revision, hash from stream_heads where stream_id = $1 for update) as h on true
  ), ok as materialized (
    select rev, hash from cur
     where ${expectationHolds("rev", "$2::bigint")}
       and not (rev >= 0 and rollcall_event_stored($3::uuid))
  ), ev as materialized (
    select pos.p, ok.rev + v.i as revision, v.id, v.type, v.data, v.meta,
           ${n === 1 ? "rollcall_event_hash(ok.hash, $1, ok.rev + 1, pos.p, v.id, v.type, v.data, v.meta)" : "rollcall_chain(ok.hash, $1, ok.rev + v.i, pos.p, v.id, v.type, v.data, v.meta) over (order by v.i)"} as hash
      from (values
        ${values}
      ) as v (i, id, type, data, meta)
      join pos on pos.i = v.i
      cross join ok
  ), head as (
    insert into stream_heads (stream_id, revision, hash)
    select $1, revision, hash from ev order by revision desc limit 1
    on conflict (stream_id) do update set revision = excluded.revision, hash = excluded.hash
     where stream_heads.revision = excluded.revision - ${n}
    returning 1
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select ev.p, $1, ev.revision, ev.id, ev.type, ev.data, ev.meta, ev.hash
    from ev
   where exists (select 1 from head)
  returning revision, global_position`;
}

/**
 * The append of one event (the commands' usual append), as `appendStatement` does it but cheaper: the head row is
 * moved by one UPDATE whose SET computes the event's revision and chain link from the head row it updates (a racing
 * append to the stream waits on that row, and the UPDATE then re-checks its conditions, the expectation and the
 * resend lookup, against the row that append left, and computes from it), instead of locking the row first and
 * writing it afterwards; a stream that has no head row yet gets one by `mk` (two appends creating one stream
 * race on its insert: the loser writes nothing). The resend lookup is made whatever the expectation: a resend can
 * be decided again at the stream's current revision (a check-in resent after later visits), with its old event id.
 */
const SINGLE_APPEND_SQL = `with lk as materialized (
    select rollcall_first_write_guard() as guard, pg_advisory_lock(${APPEND_LOCK_KEY})::text as locked, pg_current_xact_id() as xid
  ), pos as materialized (
    select nextval('events_global_position_seq') as p from lk
  ), ul as materialized (
    select pg_advisory_unlock(${APPEND_LOCK_KEY}) as unlocked, pos.p from pos
  ), up as (
    update stream_heads as h
       set revision = h.revision + 1,
           hash = rollcall_event_hash(h.hash, $1, h.revision + 1, (select p from ul), $3::uuid, $4::text, $5::jsonb, $6::jsonb)
     where h.stream_id = $1
       and (select unlocked from ul)
       and case
         when $2::bigint >= 0 then h.revision = $2::bigint
         when $2::bigint = ${EXPECT.noStream} then false
         else true
       end
       and not rollcall_event_stored($3::uuid)
    returning h.revision, h.hash
  ), mk as (
    insert into stream_heads (stream_id, revision, hash)
    select $1, 0, rollcall_event_hash('', $1, 0, (select p from ul), $3::uuid, $4::text, $5::jsonb, $6::jsonb)
     where (select unlocked from ul)
       and $2::bigint in (${EXPECT.noStream}, ${EXPECT.any})
       and not exists (select 1 from stream_heads where stream_id = $1)
    on conflict (stream_id) do nothing
    returning revision, hash
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select (select p from ul), $1, r.revision, $3::uuid, $4::text, $5::jsonb, $6::jsonb, r.hash
    from (select revision, hash from up union all select revision, hash from mk) as r
  returning revision, global_position`;

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
 * returned name the appends that were written. Locking, positions, heads and the hash link are as in
 * `appendStatement`; the head rows are locked and made in stream order, so two groups never wait on each other
 * in a cycle.
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
  ), cur as materialized (
    select s.i, coalesce(h.revision, -1) as rev, coalesce(h.hash, '') as hash
      from ul cross join (select v.i, v.stream_id from v order by v.stream_id) as s
      left join lateral (select revision, hash from stream_heads where stream_id = s.stream_id for update) as h on true
  ), ev as materialized (
    select pos.p, v.stream_id, cur.rev + 1 as revision, v.id, v.type, v.data, v.meta,
           rollcall_event_hash(cur.hash, v.stream_id, cur.rev + 1, pos.p, v.id, v.type, v.data, v.meta) as hash
      from v
      join pos on pos.i = v.i
      join cur on cur.i = v.i
     where ${expectationHolds("cur.rev", "v.expected")}
       and (cur.rev < 0 or not rollcall_event_stored(v.id))
  ), head as (
    insert into stream_heads (stream_id, revision, hash)
    select stream_id, revision, hash from ev order by stream_id
    on conflict (stream_id) do update set revision = excluded.revision, hash = excluded.hash
     where stream_heads.revision = excluded.revision - 1
    returning stream_id
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select ev.p, ev.stream_id, ev.revision, ev.id, ev.type, ev.data, ev.meta, ev.hash
    from ev
    join head on head.stream_id = ev.stream_id
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


/** The SQLSTATE `rollcall_all_or_nothing` raises: an append to several streams that could not be written whole. */
export const NOT_ALL_WRITTEN = "RC409";

/**
 * The append to several streams at once (docs/decisions/137): one statement, so one transaction and one commit, all
 * of it written or none. Parameters are arrays, one element per EVENT, the events of a stream next to each other in
 * their order: $1 stream ids, $2 expected revision codes (a stream's first event's counts), $3 event ids, $4 types,
 * $5 data, $6 metadata. Locking, positions and the chain are as in `appendStatement`; the head rows are locked and
 * moved in stream order (no cycle with a group or another such append). `rollcall_all_or_nothing` stops the statement
 * when a stream's expectation fails (or its first event is stored already: a resend) and again when a head row could
 * not be moved (two appends making one stream: the loser), so no head moves without its events.
 */
export const MULTI_APPEND_SQL = `with lk as materialized (
    select rollcall_first_write_guard() as guard, pg_advisory_lock(${APPEND_LOCK_KEY})::text as locked, pg_current_xact_id() as xid
  ), v as materialized (
    select * from unnest($1::text[], $2::bigint[], $3::uuid[], $4::text[], $5::jsonb[], $6::jsonb[])
      with ordinality as v (stream_id, expected, id, type, data, meta, i)
  ), s as materialized (
    select stream_id, (array_agg(expected order by i))[1] as expected, (array_agg(id order by i))[1] as first_id, count(*) as n
      from v group by stream_id
  ), pos as materialized (
    select o.i, nextval('events_global_position_seq') as p from lk, (select i from v order by i) as o
  ), ul as materialized (
    select pg_advisory_unlock(${APPEND_LOCK_KEY}) as unlocked from (select count(*) from pos) as c
  ), cur as materialized (
    select s.stream_id, s.expected, s.first_id, s.n, coalesce(h.revision, -1) as rev, coalesce(h.hash, '') as hash
      from ul cross join (select * from s order by stream_id) as s
      left join lateral (select revision, hash from stream_heads where stream_id = s.stream_id for update) as h on true
  ), ok as materialized (
    select * from cur
     where ${expectationHolds("rev", "expected")}
       and (rev < 0 or not rollcall_event_stored(first_id))
  ), passed as materialized (
    select rollcall_all_or_nothing((select count(*) from ok), (select count(*) from s)) as yes
  ), r as materialized (
    select v.i, v.stream_id, v.id, v.type, v.data, v.meta, pos.p, ok.hash as seed,
           ok.rev + row_number() over (partition by v.stream_id order by v.i) as revision
      from v
      join pos on pos.i = v.i
      join ok on ok.stream_id = v.stream_id
     where (select yes from passed)
  ), ev as materialized (
    select r.*, rollcall_chain(r.seed, r.stream_id, r.revision, r.p, r.id, r.type, r.data, r.meta)
             over (partition by r.stream_id order by r.i) as hash
      from r
  ), head as (
    insert into stream_heads (stream_id, revision, hash)
    select distinct on (stream_id) stream_id, revision, hash from ev order by stream_id, revision desc
    on conflict (stream_id) do update set revision = excluded.revision, hash = excluded.hash
     where stream_heads.revision = (select ok.rev from ok where ok.stream_id = excluded.stream_id)
    returning stream_id
  ), moved as materialized (
    select rollcall_all_or_nothing((select count(*) from head), (select count(*) from s)) as yes
  )
  insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
  select ev.p, ev.stream_id, ev.revision, ev.id, ev.type, ev.data, ev.meta, ev.hash
    from ev
   where (select yes from moved)
  returning stream_id, revision, global_position`;
