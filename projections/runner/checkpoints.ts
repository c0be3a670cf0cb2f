import { sql, type Kysely } from "kysely";
import type { KernelTables } from "../../modules/kernel";

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

/** Compare-and-set: moves the checkpoint only from the position the batch was read after. */
export async function advanceCheckpoint(db: Kysely<KernelTables>, name: string, from: number, to: number): Promise<void> {
  const result = await db
    .updateTable("projection_checkpoints")
    .set({ position: to, updated_at: sql`now()` })
    .where("name", "=", name)
    .where("position", "=", from)
    .executeTakeFirst();
  if (result.numUpdatedRows !== 1n) throw new CheckpointConflictError(name, from);
}

export async function allCheckpoints(db: Kysely<KernelTables>): Promise<{ name: string; position: number }[]> {
  return db.selectFrom("projection_checkpoints").select(["name", "position"]).orderBy("name").execute();
}
