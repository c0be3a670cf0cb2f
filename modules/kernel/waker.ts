/**
 * A sleep that a wake-up cuts short. A wake-up that comes while nobody sleeps is kept for the next
 * sleep, so a notification that lands between "nothing to read" and "sleep" is never lost.
 */
export class Waker {
  private pending = false;
  private cut: (() => void) | null = null;

  wake(): void {
    if (this.cut) {
      const cut = this.cut;
      this.cut = null;
      cut();
    } else {
      this.pending = true;
    }
  }

  /** Resolves true when a wake-up ended the sleep, false when the time ran out. */
  sleep(ms: number): Promise<boolean> {
    if (this.pending) {
      this.pending = false;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.cut = null;
        resolve(false);
      }, ms);
      this.cut = () => {
        clearTimeout(timer);
        resolve(true);
      };
    });
  }
}
