import type { Kysely } from "kysely";
import { Waker, type KernelTables } from "../../modules/kernel";
import { advanceCheckpoint, CheckpointConflictError, checkpointMoves, ensureCheckpoint, readCheckpoint } from "./checkpoints";
import type { EventStore, Logger, Publisher, RecordedEvent } from "./deps";
import type { AnyProjection } from "./types";

export type RunnerOptions = {
  db: Kysely<unknown>;
  store: EventStore;
  projection: AnyProjection;
  publisher?: Publisher;
  logger?: Logger;
  batchSize?: number;
  /** the fallback poll when no wake-up comes */
  pollMs?: number;
};

export type BatchOutcome = "applied" | "conflict";

/**
 * After a wake-up whose read found nothing, the runner looks again after these pauses before it sleeps
 * until the next wake-up or poll. The appended event is committed, but a transaction of this database
 * still running below it (another projection's batch, a claim) keeps it below the read horizon
 * (decisions 002, 025) for a moment, and its end sends no wake-up: without these looks the event waited
 * for the poll (250 ms), which showed as the live board's slow tail (issue 15).
 */
const HIDDEN_RECHECK_MS = [5, 15, 40] as const;

/** How often the checkpoint of a projection that only skips events is stored. */
const PERSIST_IDLE_MS = 1_000;

/**
 * Applies batches of events to one projection's tables. The read-model writes and the checkpoint
 * move commit in one transaction, and the checkpoint moves by compare-and-set, so a batch is applied
 * once in effect however often it is delivered and however many runners race (house rule 4).
 */
export class ProjectionRunner {
  /** the read cursor: where the next batch is read from */
  private position = 0;
  /** the checkpoint as stored; behind `position` while only events this projection ignores were read */
  private stored = 0;
  private lastPersist = 0;
  private loaded = false;
  private stopped = true;
  private loop: Promise<void> | null = null;
  private readonly waker = new Waker();
  private unwatch: (() => void) | null = null;
  private readonly batchSize: number;
  private readonly pollMs: number;
  /** the step in hand: steps of one runner never overlap (its loop and a catchUp share the cursor) */
  private step: Promise<unknown> = Promise.resolve();

  constructor(private readonly options: RunnerOptions) {
    this.batchSize = options.batchSize ?? 1000;
    this.pollMs = options.pollMs ?? 250;
  }

  get name(): string {
    return this.options.projection.name;
  }

  get checkpoint(): number {
    return this.position;
  }

  private get kernelDb() {
    return this.options.db as unknown as Kysely<KernelTables>;
  }

  /** Applies `events`, read after `from`, unless the checkpoint has moved away from `from`. */
  async applyBatch(from: number, events: RecordedEvent[]): Promise<BatchOutcome> {
    if (events.length === 0) return "applied";
    const { projection } = this.options;
    const to = events[events.length - 1]!.position;
    const wanted = projection.eventTypes ? events.filter((e) => projection.eventTypes!.includes(e.type)) : events;
    let messages: Awaited<ReturnType<AnyProjection["apply"]>>;
    try {
      messages = await this.options.db.transaction().execute(async (trx) => {
        // the checkpoint first: its row lock serializes runners of this projection. Read models are rebuilt
        // from the store, and the checkpoint commits with them: a crash can lose only whole batches, which
        // are then applied again, so the commit need not wait for the disk (synchronous_commit off, set by
        // the same statement)
        await advanceCheckpoint(trx as unknown as Kysely<KernelTables>, projection.name, from, to, { asyncCommit: true });
        return wanted.length ? projection.apply(trx, wanted, { store: this.options.store }) : undefined;
      });
    } catch (error) {
      if (error instanceof CheckpointConflictError) {
        this.position = this.stored = await readCheckpoint(this.kernelDb, projection.name);
        return "conflict";
      }
      throw error;
    }
    this.position = this.stored = to;
    this.lastPersist = Date.now();
    if (messages && messages.length && this.options.publisher) {
      // after commit, and not awaited: a live update is a nudge, Redis being slow must not stall projection
      const warn = (error: unknown) =>
        this.options.logger?.warn("live publish failed", { projection: projection.name, error: String(error) });
      try {
        void Promise.resolve(this.options.publisher.publish(messages)).catch(warn);
      } catch (error) {
        warn(error);
      }
    }
    return "applied";
  }

  private async load() {
    if (!this.loaded) {
      this.position = this.stored = await ensureCheckpoint(this.kernelDb, this.name);
      this.lastPersist = Date.now();
      this.loaded = true;
    }
  }

  /** Runs `work` after the step in hand, so reading the cursor and moving it are one step. */
  private exclusive<T>(work: () => Promise<T>): Promise<T> {
    const result = this.step.then(work);
    this.step = result.catch(() => undefined);
    return result;
  }

  /**
   * Reads and applies one batch after the checkpoint; returns how many events it read. Calls on one
   * runner take turns: a batch read after the cursor is applied from the checkpoint of that same moment,
   * never from one another call moved meanwhile (which applied the overlap twice).
   */
  runOnce(): Promise<number> {
    return this.exclusive(() => this.readAndApply());
  }

  private async readAndApply(): Promise<number> {
    await this.load();
    const events = await this.options.store.readAll(this.position, this.batchSize);
    if (events.length === 0) {
      if (this.position > this.stored) await this.persistNow();
      return 0;
    }
    const { eventTypes } = this.options.projection;
    if (eventTypes && !events.some((e) => eventTypes.includes(e.type))) {
      // nothing for this projection: move the cursor, and the stored checkpoint now and then (at most
      // once a second), instead of a transaction per batch
      this.position = events[events.length - 1]!.position;
      if (Date.now() - this.lastPersist >= PERSIST_IDLE_MS) await this.persistNow();
      return events.length;
    }
    // the checkpoint moves from where it is stored: the events skipped since were none of ours
    await this.applyBatch(this.stored, events);
    return events.length;
  }

  /** Stores the cursor as the checkpoint (compare-and-set, no read-model writes). */
  private persist(): Promise<void> {
    return this.exclusive(() => this.persistNow());
  }

  private async persistNow(): Promise<void> {
    const to = this.position;
    // joined with the other runners of this process storing theirs after the same wake-up
    if (await checkpointMoves(this.kernelDb).move(this.name, this.stored, to)) this.stored = to;
    else this.position = this.stored = await readCheckpoint(this.kernelDb, this.name);
    this.lastPersist = Date.now();
  }

  /**
   * Applies batches until nothing more is readable. With `atLeast`, keeps going (polling every 10 ms, up to
   * `timeoutMs`) until the checkpoint has reached that position: events another transaction on the server
   * keeps out of sight for a moment (decision 002) are then waited for, not missed by the caller.
   */
  async catchUp({ atLeast = 0, timeoutMs = 10_000 }: { atLeast?: number; timeoutMs?: number } = {}): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while ((await this.runOnce()) > 0) {
        /* next batch */
      }
      if (this.position >= atLeast || Date.now() > deadline) return;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.unwatch = this.options.store.watch(() => this.waker.wake());
    this.loop = this.run();
  }

  private async run(): Promise<void> {
    let failures = 0;
    // looks left after a wake-up that found nothing (HIDDEN_RECHECK_MS)
    let rechecks: number[] = [];
    while (!this.stopped) {
      try {
        const read = await this.runOnce();
        failures = 0;
        // a short batch was the end of what is readable: sleep until the next wake-up (one that came
        // meanwhile is kept, so this returns at once) or the poll, instead of asking again straight away
        if (read < this.batchSize) {
          if (read > 0 && this.position > this.stored) await this.persist();
          const pause = read === 0 ? rechecks.shift() : ((rechecks = []), undefined);
          const woken = await this.sleep(pause ?? this.pollMs);
          if (pause === undefined) rechecks = woken ? [...HIDDEN_RECHECK_MS] : [];
          else if (woken) rechecks = [...HIDDEN_RECHECK_MS];
        }
      } catch (error) {
        failures++;
        this.loaded = false;
        this.options.logger?.error("projection batch failed", { projection: this.name, error: String(error) });
        await this.sleep(Math.min(30_000, 250 * 2 ** Math.min(failures, 7)));
      }
    }
  }

  private sleep(ms: number): Promise<boolean> {
    return this.waker.sleep(ms);
  }

  /** Finishes the batch in hand, stores the cursor, then stops. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.unwatch?.();
    this.waker.wake();
    await this.loop;
    this.loop = null;
    if (this.loaded && this.position > this.stored) await this.persist().catch(() => undefined);
  }
}
