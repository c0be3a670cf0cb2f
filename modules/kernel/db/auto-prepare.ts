import type pg from "pg";

/** A statement is prepared on the server once it has been sent this many times by this process. */
export const PREPARE_AFTER = 3;
/** The most statements a process prepares (each connection keeps those it has used). */
export const MAX_PREPARED = 300;

const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;
/**
 * Pattern searches (`like`, `ilike`) are never named: the right plan depends on the pattern (a term one row
 * holds asks the trigram index, a term every row holds walks the sort's index), and a named statement is
 * planned generically after five runs, without the pattern. A generic plan read all 50,000 rows of a user
 * list for a one-row term (bench:people, decision 084).
 */
const VALUE_DEPENDENT = /\b(i?like)\b/i;

/**
 * Names frequently sent SQL texts so that node-postgres prepares them once per connection: PostgreSQL
 * then parses and plans them once instead of at every call (planning the session lookup cost more than
 * running it). Like pgjdbc's prepareThreshold: a text is named after PREPARE_AFTER sends, at most
 * MAX_PREPARED texts per process, so texts that vary without end (long IN lists) stay unnamed. Only
 * queries (select, insert, update, delete, with) are named; transaction control and settings never are.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private counts = new Map<string, number>();

  nameOf(text: string): string | undefined {
    const known = this.names.get(text);
    if (known || this.names.size >= MAX_PREPARED || !PREPARABLE.test(text) || VALUE_DEPENDENT.test(text)) return known;
    const count = (this.counts.get(text) ?? 0) + 1;
    if (count < PREPARE_AFTER) {
      if (this.counts.size >= 10 * MAX_PREPARED) this.counts = new Map();
      this.counts.set(text, count);
      return undefined;
    }
    this.counts.delete(text);
    const name = `rollcall_q${this.names.size}`;
    this.names.set(text, name);
    return name;
  }
}

type Query = (first: unknown, values?: unknown) => Promise<unknown>;

/**
 * The pool as Kysely sees it: the same pool, whose clients name the statements StatementNames picks.
 * Anything else a client is asked (a cursor, a config object) passes through untouched.
 */
export function autoPreparing(pool: pg.Pool, names = new StatementNames()): pg.Pool {
  const wrapped = new WeakMap<pg.PoolClient, pg.PoolClient>();
  const wrap = (client: pg.PoolClient): pg.PoolClient => {
    let proxy = wrapped.get(client);
    if (!proxy) {
      const query = client.query.bind(client) as unknown as Query;
      proxy = new Proxy(client, {
        get(target, property, receiver) {
          if (property !== "query") return Reflect.get(target, property, receiver) as unknown;
          return (first: unknown, values?: unknown) => {
            const name = typeof first === "string" ? names.nameOf(first) : undefined;
            return name ? query({ name, text: first, values }) : query(first, values);
          };
        },
      });
      wrapped.set(client, proxy);
    }
    return proxy;
  };
  return new Proxy(pool, {
    get(target, property, receiver) {
      if (property === "connect") return async () => wrap(await target.connect());
      const value = Reflect.get(target, property, receiver) as unknown;
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
