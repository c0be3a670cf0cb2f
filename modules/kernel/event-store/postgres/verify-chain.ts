import type pg from "pg";

/** One break in a stream's chain, named by stream, position and revision. */
export type ChainProblem = {
  streamId: string;
  position: number;
  revision: number;
  problem: "changed" | "missing-before" | "out-of-order";
  detail: string;
};

type Row = { stream_id: string; revision: number; global_position: number; hash: string; expected: string };

/**
 * Walks every stream of the store in revision order and recomputes each event's hash from the stored hash of
 * the event before it and the event's own stored fields (docs/decisions/022). An event whose data, type,
 * metadata, id, position or revision was changed behind the application's back no longer matches; an event
 * removed from the middle of a stream leaves a gap in the revisions and breaks the next link; swapped events
 * break both. Reads in keyset batches, so the whole table is never in memory. With `table`, a partition of the events
 * table detached from it (docs/decisions/127) is checked on its own.
 */
export async function verifyEventChain(
  pool: pg.Pool,
  { batchSize = 5000, table = "events" }: { batchSize?: number; table?: string } = {},
): Promise<{ events: number; streams: number; problems: ChainProblem[] }> {
  // `table`: the events table, or one partition of it, detached (docs/decisions/127): its streams checked as far as it holds them
  if (!/^events(_p[0-9]{4,})?$/.test(table)) throw new Error(`${table} is not the events table nor one of its partitions`);
  const problems: ChainProblem[] = [];
  let after: { stream: string; revision: number } | null = null;
  let carried: { stream: string; revision: number; hash: string } | null = null;
  let events = 0;
  let streams = 0;
  for (;;) {
    const result: pg.QueryResult<Row> = await pool.query<Row>(
      `select stream_id, revision, global_position, hash,
              rollcall_event_hash(
                coalesce(lag(hash) over w, case when stream_id = $3 then $4 else '' end),
                stream_id, revision, global_position, event_id, type, data, metadata) as expected
         from (select * from ${table}
                where $1::text is null or (stream_id, revision) > ($1::text, $2::bigint)
                order by stream_id, revision
                limit $5) batch
       window w as (partition by stream_id order by revision)
        order by stream_id, revision`,
      [after?.stream ?? null, after?.revision ?? 0, carried?.stream ?? null, carried?.hash ?? "", batchSize],
    );
    const rows: Row[] = result.rows;
    if (rows.length === 0) break;
    for (const row of rows as Row[]) {
      const revision = Number(row.revision);
      const position = Number(row.global_position);
      const sameStream = carried?.stream === row.stream_id;
      const expectedRevision = sameStream ? carried!.revision + 1 : 0;
      if (!sameStream) streams++;
      const at = { streamId: row.stream_id, position, revision };
      if (revision > expectedRevision) {
        problems.push({ ...at, problem: "missing-before", detail: `revision ${expectedRevision}${revision - 1 > expectedRevision ? `-${revision - 1}` : ""} is missing before this event (an event was removed)` });
      } else if (revision < expectedRevision) {
        problems.push({ ...at, problem: "out-of-order", detail: `revision ${revision} comes after revision ${expectedRevision - 1}` });
      }
      if (row.expected !== row.hash) {
        problems.push({ ...at, problem: "changed", detail: "the stored event does not match its hash: its data, order or a neighbour was changed" });
      }
      carried = { stream: row.stream_id, revision, hash: row.hash };
      events++;
    }
    const last: Row = rows[rows.length - 1]!;
    after = { stream: last.stream_id, revision: Number(last.revision) };
  }
  return { events, streams, problems };
}
