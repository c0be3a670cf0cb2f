import type pg from "pg";

/** The most streams one batched read asks for. */
export const MAX_STREAMS_PER_READ = 100;

type Waiter<Row> = { resolve: (rows: Row[]) => void; reject: (error: unknown) => void };

/**
 * Whole-stream reads asked for in the same turn of the event loop go to PostgreSQL as one statement
 * (`stream_id = any($1)`), so the several streams a decision reads (the member, its flags, its
 * organization, its check-ins) cost one round trip, and so do the reads of requests arriving together.
 * Every stream of a batch comes from the same snapshot. A failed statement fails each of its readers.
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
    const pending = this.pending;
    this.pending = new Map();
    for (const [last, streams] of pending) {
      const all = [...streams.entries()];
      for (let i = 0; i < all.length; i += MAX_STREAMS_PER_READ) void this.run(all.slice(i, i + MAX_STREAMS_PER_READ), last);
    }
  }

  private async run(batch: [string, Waiter<Row>[]][], last: number) {
    try {
      const ids = batch.map(([id]) => id);
      const { rows } = await this.pool.query<Row>(
        last === 0
          ? { name: "rollcall_read_streams", text: `select ${this.columns} from events where stream_id = any($1::text[]) order by stream_id, revision`, values: [ids] }
          : {
              name: "rollcall_read_stream_tails",
              text: `select t.* from unnest($1::text[]) as s (id)
                cross join lateral (select ${this.columns} from events where stream_id = s.id order by revision desc limit $2) as t
                order by t.stream_id, t.revision`,
              values: [ids, last],
            },
      );
      const byStream = new Map<string, Row[]>();
      for (const row of rows) {
        const list = byStream.get(row.stream_id);
        if (list) list.push(row);
        else byStream.set(row.stream_id, [row]);
      }
      for (const [id, waiters] of batch) for (const w of waiters) w.resolve(byStream.get(id) ?? []);
    } catch (error) {
      for (const [, waiters] of batch) for (const w of waiters) w.reject(error);
    }
  }
}
