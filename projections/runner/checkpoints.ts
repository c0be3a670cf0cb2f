import { sql, type Kysely } from "kysely";
import { TurnQueue, type KernelTables } from "../../modules/kernel";

export class CheckpointConflictError extends Error {
  constructor(name: string, expected: number) {
    super(`Projection '${name}' checkpoint moved away from ${expected}: another runner applied this batch`);
    this.name = "CheckpointConflictError";
  }
}

export async function ensureCheckpoint(db: Kysely<KernelTables>, name: string): Promise<number> {
  await db.insertInto("projection_checkpoints").values({ name, position: 0 }).onConflict((oc) => oc.column("name").doNothing()).execute();
  return readCheckpoint(db, name);
}

export async function readCheckpoint(db: Kysely<KernelTables>, name: string): Promise<number> {
  const row = await db.selectFrom("projection_checkpoints").select("position").where("name", "=", name).executeTakeFirst();
  return row?.position ?? 0;
}

/**
 * Compare-and-set: moves the checkpoint only from the position the batch was read after. With `asyncCommit`
 * (inside the batch's transaction) the same statement also sets `synchronous_commit = off` for the rest of
 * the transaction, as `set local` does (decision 004), without a round trip of its own (decision 128).
 */
export async function advanceCheckpoint(db: Kysely<KernelTables>, name: string, from: number, to: number, { asyncCommit = false } = {}): Promise<void> {
  const update = db
    .updateTable("projection_checkpoints")
    .set({ position: to, updated_at: sql`now()` })
    .where("name", "=", name)
    .where("position", "=", from);
  const moved = asyncCommit
    ? (await update.returning(sql<string>`set_config('synchronous_commit', 'off', true)`.as("synchronous_commit")).execute()).length
    : Number((await update.executeTakeFirst()).numUpdatedRows);
  if (moved !== 1) throw new CheckpointConflictError(name, from);
}

export async function allCheckpoints(db: Kysely<KernelTables>): Promise<{ name: string; position: number }[]> {
  return db.selectFrom("projection_checkpoints").select(["name", "position"]).orderBy("name").execute();
}

type Move = { name: string; from: number; to: number; done: (moved: boolean) => void; failed: (error: unknown) => void };

/**
 * Checkpoint moves asked for in the same turn of the event loop, sent as one compare-and-set statement:
 * every runner of a process that only skipped events stores its cursor after the same wake-up, and
 * without this each sent its own UPDATE (the most frequent statement of a busy projector). Each move
 * still succeeds or fails on its own row: `moved` is false where the checkpoint was not at `from`.
 */
export class CheckpointMoves {
  private readonly queue = new TurnQueue<Move>((moves) => void this.flush(moves));

  constructor(private readonly db: Kysely<KernelTables>) {}

  move(name: string, from: number, to: number): Promise<boolean> {
    return new Promise((done, failed) => this.queue.add({ name, from, to, done, failed }));
  }

  private async flush(moves: Move[]) {
    try {
      const values = sql.join(moves.map((m) => sql`(${m.name}::text, ${m.from}::bigint, ${m.to}::bigint)`));
      const { rows } = await sql<{ name: string }>`
        update projection_checkpoints as c set position = v.to_position, updated_at = now()
          from (values ${values}) as v (name, from_position, to_position)
         where c.name = v.name and c.position = v.from_position
        returning c.name`.execute(this.db);
      const moved = new Set(rows.map((r) => r.name));
      for (const m of moves) m.done(moved.has(m.name));
    } catch (error) {
      for (const m of moves) m.failed(error);
    }
  }
}

const movesByDb = new WeakMap<object, CheckpointMoves>();

/** The process-wide batcher of checkpoint moves for one database handle. */
export function checkpointMoves(db: Kysely<KernelTables>): CheckpointMoves {
  let moves = movesByDb.get(db);
  if (!moves) movesByDb.set(db, (moves = new CheckpointMoves(db)));
  return moves;
}
