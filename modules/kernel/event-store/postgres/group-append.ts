import type pg from "pg";
import { TurnQueue } from "../../turn-queue";
import { GROUP_APPEND_SQL } from "./append-sql";

/** One single-event append waiting for its group. */
export type GroupedAppend = {
  streamId: string;
  expected: number;
  eventId: string;
  type: string;
  data: string;
  metadata: string;
};

/** What became of a grouped append: written (its revision and position), or not (the caller decides). */
export type GroupOutcome = { written: true; revision: number; position: number } | { written: false };

type Waiting = GroupedAppend & { settle: (outcome: GroupOutcome) => void };

/** The most appends one group statement carries. */
export const MAX_GROUP = 200;

/**
 * Group commit (docs/decisions/024). Single-event appends asked for in the same turn of the event loop
 * (the decisions of requests that arrived together, whose reads were one batched statement) go to
 * PostgreSQL as ONE statement: one round trip, one commit, one WAL flush for all of them. Each append is
 * still checked against its own stream's expected revision. An append that was not written, or a group
 * whose statement failed (a unique index refused one of its rows: a racing writer elsewhere, or a resent
 * event id), is answered `written: false`, and the adapter then takes that append alone through the
 * single-append path, which knows how to tell a duplicate from a conflict. Only the first append of a
 * stream in a turn joins a group; a second one of the same stream goes alone.
 */
export class GroupAppender {
  private streams = new Set<string>();
  private readonly queue = new TurnQueue<Waiting>((all) => {
    this.streams = new Set();
    for (let i = 0; i < all.length; i += MAX_GROUP) void this.run(all.slice(i, i + MAX_GROUP));
  });

  constructor(private readonly pool: pg.Pool) {}

  /** Joins this turn's group, or answers null when this stream has an append in it already. */
  join(append: GroupedAppend): Promise<GroupOutcome> | null {
    if (this.streams.has(append.streamId)) return null;
    this.streams.add(append.streamId);
    return new Promise<GroupOutcome>((settle) => this.queue.add({ ...append, settle }));
  }

  private async run(group: Waiting[]) {
    if (group.length === 1) return group[0]!.settle({ written: false }); // alone: the single path's prepared statement is cheaper
    let rows: { stream_id: string; revision: number; global_position: number }[];
    const client = await this.pool.connect();
    try {
      rows = (
        await client.query<{ stream_id: string; revision: number; global_position: number }>({
          name: "rollcall_group_append",
          text: GROUP_APPEND_SQL,
          values: [group.map((a) => a.streamId), group.map((a) => a.expected), group.map((a) => a.eventId), group.map((a) => a.type), group.map((a) => a.data), group.map((a) => a.metadata)],
        })
      ).rows;
      client.release();
    } catch (error) {
      // cut off between lock and unlock: never hand the lock back to the pool with the connection
      await client.query("select pg_advisory_unlock_all()").catch(() => undefined);
      client.release(typeof (error as { code?: unknown }).code === "string" ? undefined : (error as Error));
      for (const a of group) a.settle({ written: false });
      return;
    }
    const byStream = new Map(rows.map((r) => [r.stream_id, r]));
    for (const a of group) {
      const row = byStream.get(a.streamId);
      a.settle(row ? { written: true, revision: Number(row.revision), position: Number(row.global_position) } : { written: false });
    }
  }
}
