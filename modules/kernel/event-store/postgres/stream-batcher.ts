import type pg from "pg";

/** The most streams one batched read asks for. */
export const MAX_STREAMS_PER_READ = 100;

type Waiter<Row> = { resolve: (rows: Row[]) => void; reject: (error: unknown) => void };

/**
 * Stream reads asked for in the same turn of the event loop (whole streams, or a stream's newest events)
 * go to PostgreSQL as one statement (one index scan per stream), so the several streams a decision reads
 * (the member, its flags, its organization, its check-ins) cost one round trip, and so do the reads of
 * requests arriving together. Every stream of a batch comes from the same snapshot. A failed statement
 * fails each of its readers.
 */
export class StreamReadBatcher<Row extends { stream_id: string }> {
  /** keyed by how much of each stream is read (0: all of it, n: its newest n events), then by stream */
  private pending = new Map<number, Map<string, Waiter<Row>[]>>();
  private scheduled = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly columns: string,
  ) {}

  /** A whole stream, or with `last` its newest `last` events; oldest first either way. */
  read(streamId: string, last = 0): Promise<Row[]> {
    return new Promise<Row[]>((resolve, reject) => {
      let streams = this.pending.get(last);
      if (!streams) this.pending.set(last, (streams = new Map()));
      const waiters = streams.get(streamId);
      if (waiters) waiters.push({ resolve, reject });
      else streams.set(streamId, [{ resolve, reject }]);
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => this.flush());
      }
    });
  }

  private flush() {
    this.scheduled = false;
    const requests: Request<Row>[] = [];
    for (const [last, streams] of this.pending) for (const [id, waiters] of streams) requests.push({ id, last, waiters });
    this.pending = new Map();
    for (let i = 0; i < requests.length; i += MAX_STREAMS_PER_READ) void this.run(requests.slice(i, i + MAX_STREAMS_PER_READ));
  }

  /** One statement for the batch: per stream, all of it (last 0) or its newest `last` events. */
  private async run(batch: Request<Row>[]) {
    try {
      const { rows } = await this.pool.query<Row & { k: string }>({
        name: "rollcall_read_streams",
        text: `select r.k, t.* from unnest($1::text[], $2::int[]) with ordinality as r (id, last, k)
          cross join lateral (
            select ${this.columns} from events where stream_id = r.id
             order by revision desc limit case when r.last > 0 then r.last end
          ) as t
          order by r.k, t.revision`,
        values: [batch.map((r) => r.id), batch.map((r) => r.last)],
      });
      const byRequest = new Map<number, Row[]>();
      for (const { k, ...row } of rows) {
        const index = Number(k) - 1;
        const list = byRequest.get(index);
        if (list) list.push(row as unknown as Row);
        else byRequest.set(index, [row as unknown as Row]);
      }
      batch.forEach((request, index) => {
        for (const w of request.waiters) w.resolve(byRequest.get(index) ?? []);
      });
    } catch (error) {
      for (const request of batch) for (const w of request.waiters) w.reject(error);
    }
  }
}

type Request<Row> = { id: string; last: number; waiters: Waiter<Row>[] };
