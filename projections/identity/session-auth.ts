import { CompiledQuery, sql, type Kysely } from "kysely";
import { TurnQueue } from "../../modules/kernel";
import type { ReadModels } from "../read-models";

/**
 * Everything a request needs about its visitor in ONE query: the live session (not revoked, not expired),
 * the user, their group and their organization. Every page and /api call runs it first. The lookups of
 * requests arriving in the same turn of the event loop share one statement (`id_hash = any($1)`), as the
 * stream reads of their decisions do; each is then judged against its own `now`.
 */
export function sessionAuthRow(db: Kysely<ReadModels>, sessionIdHash: string, now: Date): Promise<SessionAuthRow | undefined> {
  let batcher = batchers.get(db);
  if (!batcher) batchers.set(db, (batcher = new SessionLookups(db)));
  return batcher.lookup(sessionIdHash, now);
}

type Lookup = { hash: string; now: Date; resolve: (row: SessionAuthRow | undefined) => void; reject: (error: unknown) => void };

/** The most sessions one statement looks up. */
const MAX_PER_STATEMENT = 200;

class SessionLookups {
  private compiledSql: string | undefined;
  private readonly queue = new TurnQueue<Lookup>((all) => {
    for (let i = 0; i < all.length; i += MAX_PER_STATEMENT) void this.run(all.slice(i, i + MAX_PER_STATEMENT));
  });

  constructor(private readonly db: Kysely<ReadModels>) {}

  lookup(hash: string, now: Date): Promise<SessionAuthRow | undefined> {
    return new Promise((resolve, reject) => this.queue.add({ hash, now, resolve, reject }));
  }

  private async run(lookups: Lookup[]) {
    try {
      // the earliest `now` of the batch lets through every session live for any of them; each lookup then
      // keeps its row only if the session is live at its own `now`
      const earliest = lookups.reduce((min, l) => (l.now < min ? l.now : min), lookups[0]!.now);
      // built and compiled by Kysely once; its SQL text is then reused with each batch's values
      this.compiledSql ??= compileOnce(this.db);
      const hashes = [...new Set(lookups.map((l) => l.hash))];
      const { rows } = await this.db.executeQuery<SessionAuthRow & { id_hash: string }>(CompiledQuery.raw(this.compiledSql, [hashes, earliest]));
      const byHash = new Map(rows.map((r) => [r.id_hash, r]));
      for (const l of lookups) {
        const row = byHash.get(l.hash);
        l.resolve(row && new Date(row.expires_at) > l.now ? row : undefined);
      }
    } catch (error) {
      for (const l of lookups) l.reject(error);
    }
  }
}

const batchers = new WeakMap<object, SessionLookups>();

const PROBE = "session-auth-probe";
function compileOnce(db: Kysely<ReadModels>): string {
  const probeNow = new Date(0);
  const compiled = sessionQuery(db, [PROBE], probeNow).compile();
  if (compiled.parameters.length !== 2 || (compiled.parameters[0] as string[])[0] !== PROBE || compiled.parameters[1] !== probeNow) {
    throw new Error("the session query's values changed: update sessionAuthRow");
  }
  return compiled.sql;
}

type SessionAuthRow = NonNullable<Awaited<ReturnType<ReturnType<typeof sessionQuery>["executeTakeFirst"]>>>;

/**
 * The user, group and organization columns an Auth is made from (modules/identity/calls/auth.ts): a session's
 * (below) and an API key's creator's (user-auth.ts, decision 078) alike; `u`, `g` and `o` in both queries.
 */
export const AUTH_COLUMNS = [
  "u.id",
  "u.organization_id",
  "u.username",
  "u.email",
  "u.first_name",
  "u.last_name",
  "u.parent_id",
  "u.status",
  "g.name as role_name",
  "g.display_name as role_display_name",
  "g.level as role_level",
  "g.scheme as role_scheme",
  "g.permission_ids",
  "o.id as org_id",
  "o.name as org_name",
  "o.type as org_type",
  "o.main_color as org_main_color",
  "o.settings as org_settings",
] as const;

/** The query itself; its only values are the session hashes and now, in that order. */
function sessionQuery(db: Kysely<ReadModels>, sessionIdHashes: string[], now: Date) {
  return db
    .selectFrom("sessions as s")
    .innerJoin("rm_users as u", "u.id", "s.user_id")
    .leftJoin("rm_user_groups as g", "g.id", "u.user_group_id")
    // rm_organizations keeps ids as text, the sessions table as uuid
    .innerJoin("rm_organizations as o", (join) => join.on(sql<boolean>`o.id = s.organization_id::text`))
    // the user's own organization: differs from the session's while a superadmin is inside another (decision 069)
    .innerJoin("rm_organizations as h", (join) => join.on(sql<boolean>`h.id = u.organization_id::text`))
    .select([
      "s.id_hash",
      "s.expires_at",
      ...AUTH_COLUMNS,
      "h.name as home_org_name",
    ])
    .where(sql<boolean>`s.id_hash = any(${sessionIdHashes}::text[])`)
    .where("s.revoked_at", "is", null)
    .where("s.expires_at", ">", now)
    // a deactivated organization's users are signed out and cannot sign in (decision 067)
    .where("o.deactivated_at", "is", null)
    .where("h.deactivated_at", "is", null);
}
