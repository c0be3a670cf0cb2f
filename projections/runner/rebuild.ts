import { sql, type Kysely } from "kysely";
import { quoteIdent, type KernelTables } from "../../modules/kernel";
import { ensureCheckpoint } from "./checkpoints";
import type { EventStore, Logger } from "./deps";
import type { AnyProjection } from "./types";

export const shadowSchemaOf = (projection: AnyProjection) => `rebuild_${projection.name.replace(/[^a-z0-9]/gi, "_")}`;

type ShadowOptions = {
  db: Kysely<unknown>;
  store: EventStore;
  projection: AnyProjection;
  batchSize?: number;
  schema?: string;
  /** stop after this position (a rebuild "as of"); default: the head */
  toPosition?: number;
};

type Events = Parameters<AnyProjection["apply"]>[1];

/** Applies in `trx`, with unqualified table names resolving to the shadow tables first. */
async function applyInShadow(trx: Kysely<unknown>, schema: string, projection: AnyProjection, events: Events) {
  const wanted = projection.eventTypes ? events.filter((e) => projection.eventTypes!.includes(e.type)) : events;
  if (!wanted.length) return;
  await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
  await projection.apply(trx, wanted);
}

/**
 * Catches the shadow tables up from `from`; returns the last position applied. Each batch commits on
 * its own, unless `trx` is given (the swap), where everything lands in that one transaction.
 */
async function catchUpShadow(
  { db, store, projection, batchSize = 5000, toPosition = Number.MAX_SAFE_INTEGER }: ShadowOptions,
  schema: string,
  from: number,
  trx?: Kysely<unknown>,
) {
  let position = from;
  let applied = 0;
  for (;;) {
    const events = (await store.readAll(position, batchSize)).filter((e) => e.position <= toPosition);
    if (!events.length) return { position, applied };
    if (trx) await applyInShadow(trx, schema, projection, events);
    else await db.transaction().execute((t) => applyInShadow(t, schema, projection, events));
    position = events[events.length - 1]!.position;
    applied += events.length;
  }
}

/** Builds the projection from scratch into a schema of its own, beside the live tables. */
export async function buildShadow(options: ShadowOptions): Promise<{ schema: string; position: number; events: number }> {
  const { db, projection } = options;
  const schema = options.schema ?? shadowSchemaOf(projection);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  for (const table of projection.tables) {
    await sql.raw(`create table ${quoteIdent(schema)}.${quoteIdent(table)} (like public.${quoteIdent(table)} including all)`).execute(db);
  }
  const { position, applied } = await catchUpShadow(options, schema, 0);
  return { schema, position, events: applied };
}

/**
 * `npm run projections:rebuild -- <name>`: build beside the live tables, then, in one transaction that
 * holds the live checkpoint, apply what came meanwhile, swap the tables in and set the checkpoint.
 */
export async function rebuildProjection(options: ShadowOptions & { logger?: Logger }) {
  const { db, projection, logger } = options;
  const started = performance.now();
  const kdb = db as unknown as Kysely<KernelTables>;
  await ensureCheckpoint(kdb, projection.name);
  const shadow = await buildShadow(options);
  logger?.info("shadow built", { projection: projection.name, events: shadow.events, position: shadow.position });
  let total = shadow.events;
  const position = await db.transaction().execute(async (trx) => {
    await sql`select position from projection_checkpoints where name = ${projection.name} for update`.execute(trx);
    const rest = await catchUpShadow(options, shadow.schema, shadow.position, trx);
    total += rest.applied;
    for (const table of projection.tables) {
      await sql.raw(`drop table if exists public.${quoteIdent(table)}`).execute(trx);
      await sql.raw(`alter table ${quoteIdent(shadow.schema)}.${quoteIdent(table)} set schema public`).execute(trx);
    }
    await sql`update public.projection_checkpoints set position = ${rest.position}, updated_at = now() where name = ${projection.name}`.execute(trx);
    await sql`drop schema ${sql.id(shadow.schema)}`.execute(trx);
    return rest.position;
  });
  const ms = performance.now() - started;
  return { events: total, position, ms, eventsPerSecond: total / (ms / 1000) };
}
