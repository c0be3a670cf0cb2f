import { sql, type Kysely } from "kysely";
import { newToken, tokenHash } from "./tokens";

/** Sessions live server side (a table: plumbing, not events); the cookie holds only a random token. */
export type SessionTables = {
  sessions: {
    id_hash: string;
    user_id: string;
    organization_id: string;
    created_at: Date | string;
    last_seen_at: Date | string;
    expires_at: Date | string;
    revoked_at: Date | string | null;
  };
};

export type Session = { userId: string; organizationId: string; expiresAt: Date };

export const SESSION_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/** A session ended (by its token's hash), or every session of a user: what the live channel disconnects. */
export type SessionsEnded = { tokenHash: string } | { userId: string };

export class SessionStore {
  private readonly endedListeners = new Set<(ended: SessionsEnded) => void>();

  constructor(
    private readonly db: Kysely<SessionTables>,
    private readonly ttlMs = SESSION_TTL_MS,
  ) {}

  /** A new session with a new id: sign-in never keeps an id the visitor had before. */
  async create(userId: string, organizationId: string, now: Date): Promise<{ token: string; session: Session }> {
    const token = newToken();
    const expiresAt = new Date(now.getTime() + this.ttlMs);
    await this.db
      .insertInto("sessions")
      .values({ id_hash: tokenHash(token), user_id: userId, organization_id: organizationId, created_at: now, last_seen_at: now, expires_at: expiresAt, revoked_at: null })
      .execute();
    return { token, session: { userId, organizationId, expiresAt } };
  }

  /** The live session behind a cookie token, or null when it is unknown, ended or expired. */
  async load(token: string | null | undefined, now: Date): Promise<Session | null> {
    if (!token) return null;
    const row = await this.db
      .selectFrom("sessions")
      .select(["user_id", "organization_id", "expires_at"])
      .where("id_hash", "=", tokenHash(token))
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    return row ? { userId: row.user_id, organizationId: row.organization_id, expiresAt: new Date(row.expires_at) } : null;
  }

  /** Called after each revoke / revokeAllForUser (this process's; the listener spreads it). Returns an unsubscribe. */
  onEnded(listener: (ended: SessionsEnded) => void): () => void {
    this.endedListeners.add(listener);
    return () => this.endedListeners.delete(listener);
  }

  private ended(ended: SessionsEnded) {
    for (const listener of this.endedListeners) {
      try {
        listener(ended);
      } catch {
        // a listener's fault must not undo the sign-out; the live channel's periodic check still ends its sockets
      }
    }
  }

  /**
   * Moves a live session into another organization (a superadmin entering or leaving one, decision 069). Its
   * live sockets are disconnected as a sign-out's are, so none stays in the rooms of the organization it left;
   * the pages open new ones. False when the session is not live.
   */
  async switchOrganization(token: string, organizationId: string, now: Date): Promise<boolean> {
    const idHash = tokenHash(token);
    const moved = await this.db
      .updateTable("sessions")
      .set({ organization_id: organizationId, last_seen_at: now })
      .where("id_hash", "=", idHash)
      .where("revoked_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(moved.numUpdatedRows) === 0) return false;
    this.ended({ tokenHash: idHash });
    return true;
  }

  async revoke(token: string | null | undefined, now: Date): Promise<void> {
    if (!token) return;
    const idHash = tokenHash(token);
    await this.db.updateTable("sessions").set({ revoked_at: now }).where("id_hash", "=", idHash).where("revoked_at", "is", null).execute();
    this.ended({ tokenHash: idHash });
  }

  async revokeAllForUser(userId: string, now: Date): Promise<void> {
    await this.db.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("revoked_at", "is", null).execute();
    this.ended({ userId });
  }

  /** Ends every session of a user but the one behind `keepToken` (a password change, decision 060); each ended one's sockets close. */
  async revokeOthersForUser(userId: string, keepToken: string, now: Date): Promise<number> {
    const ended = await this.db
      .updateTable("sessions")
      .set({ revoked_at: now })
      .where("user_id", "=", userId)
      .where("id_hash", "<>", tokenHash(keepToken))
      .where("revoked_at", "is", null)
      .returning("id_hash")
      .execute();
    for (const { id_hash } of ended) this.ended({ tokenHash: id_hash });
    return ended.length;
  }

  /** Drops sessions that ended more than a day ago. */
  async prune(now: Date): Promise<number> {
    const result = await this.db
      .deleteFrom("sessions")
      .where((eb) => eb.or([eb("expires_at", "<", now), eb("revoked_at", "<", sql<Date>`${now}::timestamptz - interval '1 day'`)]))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
