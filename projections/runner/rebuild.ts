import { sql, type Kysely } from "kysely";
import { quoteIdent, READ_HORIZON_SQL, type KernelTables } from "../../modules/kernel";
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
  /**
   * false: every event through the projection's `apply`, even where it has a set-based form (the bench's
   * baseline, the test comparing the two). Default true (decision 122).
   */
  inSql?: boolean;
  /** positions per transaction of a set-based rebuild (default 200,000) */
  sqlRangeSize?: number;
  /** called after each range (set-based) or batch: events so far */
  onProgress?: (events: number) => void;
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
  { db, store, projection, batchSize = 5000, toPosition = Number.MAX_SAFE_INTEGER, onProgress }: ShadowOptions,
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
    onProgress?.(applied);
  }
}

/**
 * The set-based rebuild (decision 122): the projection's `rebuildInSql` over the events table, range after
 * range of positions up to the head, each range in a transaction of its own; the shadow tables' secondary
 * indexes are dropped before and made again after (one sort each, not one insert a row). Returns the last
 * position covered and the events it covered.
 */
async function rebuildShadowInSql({ db, store, projection, toPosition = Number.MAX_SAFE_INTEGER, sqlRangeSize = 200_000, onProgress }: ShadowOptions, schema: string) {
  const head = Math.min(toPosition, await store.headPosition());
  const { rows: indexes } = await sql<{ name: string; definition: string }>`
    select i.relname as name, pg_get_indexdef(x.indexrelid) as definition
      from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = ${schema} and not exists (select 1 from pg_constraint c where c.conindid = x.indexrelid)`.execute(db);
  for (const index of indexes) await sql.raw(`drop index ${quoteIdent(schema)}.${quoteIdent(index.name)}`).execute(db);
  const visible = sql.raw(`transaction_id < ${READ_HORIZON_SQL}`);
  // the events the rebuild covers, counted beside it (another backend, and PostgreSQL's parallel workers): the
  // figure it reports, not needed for the rows
  const counted = sql<{ n: number }>`select count(*)::int as n from events where global_position <= ${head} and ${visible}`.execute(db);
  counted.catch(() => undefined);
  for (let after = 0; after < head; after += sqlRangeSize) {
    const through = Math.min(after + sqlRangeSize, head);
    await db.transaction().execute(async (trx) => {
      await sql`select set_config('search_path', ${`${schema}, public`}, true)`.execute(trx);
      await projection.rebuildInSql!(trx, { after, through, visible });
    });
    // positions covered so far (the exact count of events comes at the end)
    onProgress?.(through);
  }
  for (const index of indexes) await sql.raw(index.definition).execute(db);
  const events = (await counted).rows[0]!.n;
  return { position: head, events };
}

/** Builds the projection from scratch into a schema of its own, beside the live tables. */
export async function buildShadow(options: ShadowOptions): Promise<{ schema: string; position: number; events: number; inSql: boolean }> {
  const { db, projection } = options;
  const schema = options.schema ?? shadowSchemaOf(projection);
  await sql`drop schema if exists ${sql.id(schema)} cascade`.execute(db);
  await sql`create schema ${sql.id(schema)}`.execute(db);
  for (const table of projection.tables) {
    await sql.raw(`create table ${quoteIdent(schema)}.${quoteIdent(table)} (like public.${quoteIdent(table)} including all)`).execute(db);
  }
  // a projection with a set-based form, on the PostgreSQL store, is built in the database up to the head, and
  // its own apply catches up what came after
  const inSql = options.inSql !== false && projection.rebuildInSql !== undefined && options.store.adapter === "postgresql";
  const built = inSql ? await rebuildShadowInSql(options, schema) : { position: 0, events: 0 };
  const { position, applied } = await catchUpShadow({ ...options, onProgress: (n) => options.onProgress?.(built.events + n) }, schema, built.position);
  return { schema, position, events: built.events + applied, inSql };
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
  logger?.info("shadow built", { projection: projection.name, events: shadow.events, position: shadow.position, inSql: shadow.inSql });
  let total = shadow.events;
  const position = await db.transaction().execute(async (trx) => {
    await sql`select position from projection_checkpoints where name = ${projection.name} for update`.execute(trx);
    const rest = await catchUpShadow({ ...options, onProgress: undefined }, shadow.schema, shadow.position, trx);
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
  return { events: total, position, ms, eventsPerSecond: total / (ms / 1000), inSql: shadow.inSql };
}
