import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import { mailKey } from "../../projections/mail";

const keys = new WeakMap<object, Promise<Buffer>>();

/**
 * The key that signs unsubscribe links (decision 059): 32 random bytes made by the first process to ask and
 * kept in PostgreSQL with the outbox (backed up with the data; a link in a mailbox works as long as the
 * database does). Each process keeps it once read; a failed read is not kept.
 */
export function unsubscribeSecret<DB>(db: Kysely<DB>): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = mailKey(db, "unsubscribe", randomBytes(32));
    key.catch(() => keys.delete(db));
    keys.set(db, key);
  }
  return key;
}
