import type pg from "pg";
import { EVENTS_PARTITION_SIZE } from "./partitions-ahead";

/** One partition of the events table: its name, its range of positions [from, to), its rows and size. */
export type EventsPartition = { name: string; from: number; to: number; rows: number; bytes: number; tablespace: string | null };

/** The events table's attached partitions, oldest first (docs/decisions/127). */
export async function listEventsPartitions(pool: pg.Pool): Promise<EventsPartition[]> {
  const { rows } = await pool.query<{ name: string; bound: string; rows: string; bytes: string; tablespace: string | null }>(
    `select c.relname as name, pg_get_expr(c.relpartbound, c.oid) as bound, greatest(c.reltuples, 0)::bigint::text as rows,
            pg_total_relation_size(c.oid)::text as bytes, t.spcname as tablespace
       from pg_inherits i join pg_class c on c.oid = i.inhrelid left join pg_tablespace t on t.oid = c.reltablespace
      where i.inhparent = 'events'::regclass`,
  );
  return rows
    .map((r) => {
      const m = /FROM \('?(\d+)'?\) TO \('?(\d+)'?\)/.exec(r.bound);
      if (!m) throw new Error(`the partition ${r.name} of events has a bound this code does not read: ${r.bound}`);
      return { name: r.name, from: Number(m[1]), to: Number(m[2]), rows: Number(r.rows), bytes: Number(r.bytes), tablespace: r.tablespace };
    })
    .sort((a, b) => a.from - b.from);
}

/**
 * Why a partition may not be detached yet, or null when it may: every position it covers must be below the
 * next position the store hands out (never the partition being written, nor the one made ahead) and below every
 * projection's checkpoint (no projector still reads it; a rebuild from 0 afterwards reads only what is attached).
 */
export async function whyNotDetachable(pool: pg.Pool, partition: EventsPartition): Promise<string | null> {
  const { rows } = await pool.query<{ next: string; lowest: string | null; behind: string | null }>(
    `select (select case when is_called then last_value + 1 else last_value end from events_global_position_seq)::text as next,
            (select min(position) from projection_checkpoints)::text as lowest,
            (select string_agg(name, ', ' order by name) from projection_checkpoints where position < $1) as behind`,
    [partition.to - 1],
  );
  const { next, lowest, behind } = rows[0]!;
  if (partition.to > Number(next)) return `${partition.name} holds positions up to ${partition.to - 1}, and the next position handed out is ${next}: it is still written to, or made ahead`;
  if (lowest !== null && Number(lowest) < partition.to - 1) return `projections still read ${partition.name}: ${behind} (checkpoints below ${partition.to - 1})`;
  return null;
}

/**
 * Detaches a fully-old partition (docs/decisions/127), concurrently (appends and reads go on; it waits for
 * the queries running on events), then optionally moves it to a cheaper tablespace. The table stays, under its
 * name, outside the events table: dump it (`pg_dump -t <name>`) and drop it, or keep it for an audit.
 */
export async function detachEventsPartition(pool: pg.Pool, name: string, { tablespace }: { tablespace?: string } = {}): Promise<EventsPartition> {
  const partition = (await listEventsPartitions(pool)).find((p) => p.name === name);
  if (!partition) throw new Error(`${name} is not a partition of events`);
  const why = await whyNotDetachable(pool, partition);
  if (why) throw new Error(`${name} cannot be detached: ${why}`);
  const client = await pool.connect();
  try {
    await client.query(`alter table events detach partition "${name}" concurrently`);
    if (tablespace) await client.query(`alter table "${name}" set tablespace "${tablespace.replace(/"/g, '""')}"`);
  } finally {
    client.release();
  }
  return partition;
}

/**
 * Attaches a detached partition back (for an audit of its years, docs/decisions/127): a check constraint of its
 * range first (one scan, under a weak lock), so the attach itself takes no scan.
 */
export async function attachEventsPartition(pool: pg.Pool, name: string): Promise<{ from: number; to: number }> {
  if (!/^events_p[0-9]{4,}$/.test(name)) throw new Error(`${name} is not the name of a partition of events (events_pNNNN)`);
  // its range: from its number's start to its newest position's partition end (the first one of a converted store
  // spans several)
  const from = Number(name.slice("events_p".length)) * EVENTS_PARTITION_SIZE;
  const { rows } = await pool.query<{ max: string | null }>(`select max(global_position)::text as max from "${name}"`);
  const to = Math.max(from + EVENTS_PARTITION_SIZE, (Math.floor(Number(rows[0]!.max ?? 0) / EVENTS_PARTITION_SIZE) + 1) * EVENTS_PARTITION_SIZE);
  const client = await pool.connect();
  try {
    await client.query(`alter table "${name}" add constraint "${name}_range" check (global_position >= ${from} and global_position < ${to})`);
    await client.query(`alter table events attach partition "${name}" for values from (${from}) to (${to})`);
    await client.query(`alter table "${name}" drop constraint "${name}_range"`);
  } finally {
    client.release();
  }
  return { from, to };
}
