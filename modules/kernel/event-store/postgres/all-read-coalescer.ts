/**
 * Identical `readAll(from, limit)` calls made in the same turn of the event loop share one statement.
 * Every projection runner of a process is woken by the same NOTIFY and, when caught up, asks for the same
 * position: without this, each runner sent its own copy of the same query. Only calls made before the
 * statement is sent are joined: a call made later (after a newer wake-up) gets a fresh snapshot, so no
 * reader is ever handed a result older than its call.
 */
export class AllReadCoalescer<T> {
  private pending = new Map<string, Promise<T[]>>();
  private scheduled = false;
  private readonly queued: (() => void)[] = [];

  constructor(private readonly query: (from: number, limit: number) => Promise<T[]>) {}

  read(from: number, limit: number): Promise<T[]> {
    const key = `${from}:${limit}`;
    const joined = this.pending.get(key);
    if (joined) return joined;
    const result = new Promise<T[]>((resolve, reject) => {
      this.queued.push(() => void this.query(from, limit).then(resolve, reject));
    });
    this.pending.set(key, result);
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    return result;
  }

  private flush() {
    this.scheduled = false;
    this.pending = new Map();
    for (const send of this.queued.splice(0)) send();
  }
}
