import pg from "pg";

export const EVENTS_CHANNEL = "rollcall_events";

/**
 * Sends NOTIFY after appends have committed, coalesced: while one NOTIFY is in flight, later appends
 * only mark that another is due. A NOTIFY inside the append transaction would serialize every commit
 * on PostgreSQL's notify-queue lock (docs/decisions/003).
 */
export class CoalescingNotifier {
  private inFlight = false;
  private due = false;
  private closed = false;
  private idle: Promise<void> = Promise.resolve();

  constructor(private readonly pool: pg.Pool) {}

  poke(): void {
    if (this.closed) return;
    if (this.inFlight) {
      this.due = true;
      return;
    }
    this.inFlight = true;
    this.idle = this.run();
  }

  private async run(): Promise<void> {
    try {
      do {
        this.due = false;
        await this.pool.query("select pg_notify($1, '')", [EVENTS_CHANNEL]).catch(() => undefined);
      } while (this.due && !this.closed);
    } finally {
      this.inFlight = false;
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.idle;
  }
}

/**
 * One LISTEN connection per store, shared by every watcher; reconnects with backoff. Watchers are
 * only woken: what to read is always decided by readAll, so a lost notification costs a poll, never an event.
 */
export class EventListener {
  private client: pg.Client | null = null;
  private readonly watchers = new Set<() => void>();
  private closed = false;
  private connecting: Promise<void> | null = null;
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(private readonly databaseUrl: string) {}

  watch(onWake: () => void): () => void {
    this.watchers.add(onWake);
    if (!this.client && !this.connecting) this.connecting = this.connect();
    return () => {
      this.watchers.delete(onWake);
    };
  }

  private async connect(delayMs = 0): Promise<void> {
    if (delayMs) await new Promise((r) => (this.retryTimer = setTimeout(r, delayMs)));
    if (this.closed) return;
    const client = new pg.Client({ connectionString: this.databaseUrl, application_name: "rollcall-listen" });
    client.on("notification", () => this.wakeAll());
    client.on("error", () => this.reconnect(client));
    client.on("end", () => this.reconnect(client));
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
      this.client = client;
      this.connecting = null;
      this.wakeAll(); // something may have been appended while we were away
    } catch {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
      this.connecting = this.connect(Math.min(5000, Math.max(100, delayMs * 2)));
    }
  }

  private reconnect(client: pg.Client) {
    if (this.closed || this.client !== client) return;
    this.client = null;
    this.connecting = this.connect(100);
  }

  /**
   * Wakes this process's watchers now: an append made here need not wait for its NOTIFY to travel to
   * PostgreSQL and back (the board's live row, issue 15). The NOTIFY is still sent for other processes.
   */
  wakeAll() {
    for (const watcher of this.watchers) watcher();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    const client = this.client;
    this.client = null;
    this.watchers.clear();
    if (client) {
      client.removeAllListeners("end");
      await client.end().catch(() => undefined);
    }
  }
}
