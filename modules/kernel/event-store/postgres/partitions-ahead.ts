import type pg from "pg";

/** Positions a partition of the events table holds (docs/decisions/127; the migration's figure). */
export const EVENTS_PARTITION_SIZE = 10_000_000;

/**
 * Keeps the events table's next partition made ahead of need (docs/decisions/127): the first append of a process,
 * and then the first append that lands in a partition the process has not seen before, run
 * `rollcall_events_partitions_ahead()` (the partition of the next position and the one after it), in the
 * background: it makes the next one about 10 million positions before an append needs it. Once a partition
 * exists, the call is a few catalog reads; it runs once a process per partition.
 */
export class PartitionsAhead {
  private seen = -1;
  private running: Promise<void> | null = null;

  constructor(private readonly pool: pg.Pool) {}

  /** After an append at `position`: makes the partitions ahead when this is a partition not seen before. */
  reached(position: number): void {
    const partition = Math.floor(position / EVENTS_PARTITION_SIZE);
    if (partition <= this.seen || this.running) return;
    this.seen = partition;
    void this.ensure().catch(() => {
      this.seen = -1; // try again on a later append (a lock timeout, a lost connection)
    });
  }

  /** Makes the partition of the next position and the one after it, where missing. */
  ensure(): Promise<void> {
    this.running ??= (async () => {
      try {
        await this.pool.query("select rollcall_events_partitions_ahead()");
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }
}
