/**
 * Items added in the same turn of the event loop, handed over together at the next one (setImmediate):
 * the shape of every "one statement for the requests that arrived together" in the app (group commit,
 * batched session lookups, checkpoint moves).
 */
export class TurnQueue<T> {
  private items: T[] = [];

  constructor(private readonly flush: (items: T[]) => void) {}

  add(item: T): void {
    if (this.items.push(item) === 1) {
      setImmediate(() => {
        const items = this.items;
        this.items = [];
        this.flush(items);
      });
    }
  }
}
