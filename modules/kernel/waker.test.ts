import { describe, expect, it } from "vitest";
import { Waker } from "./waker";

describe("Waker", () => {
  it("cuts a sleep short", async () => {
    const waker = new Waker();
    const started = performance.now();
    const sleeping = waker.sleep(10_000);
    waker.wake();
    await sleeping;
    expect(performance.now() - started).toBeLessThan(1_000);
  });

  it("keeps a wake-up that came while awake for the next sleep, once", async () => {
    const waker = new Waker();
    waker.wake();
    const started = performance.now();
    await waker.sleep(10_000);
    expect(performance.now() - started).toBeLessThan(1_000);
    let woke = false;
    void waker.sleep(50).then(() => (woke = true));
    await new Promise((r) => setTimeout(r, 20));
    expect(woke).toBe(false);
  });

  it("sleeps the full time when nobody wakes it", async () => {
    const waker = new Waker();
    const started = performance.now();
    await waker.sleep(60);
    expect(performance.now() - started).toBeGreaterThanOrEqual(55);
  });
});

describe("Waker.sleep's answer", () => {
  it("is true when a wake-up ended the sleep (the runner then looks again soon) and false when the time ran out", async () => {
    const waker = new Waker();
    const woken = waker.sleep(10_000);
    waker.wake();
    expect(await woken).toBe(true);
    expect(await waker.sleep(10)).toBe(false);
    waker.wake();
    expect(await waker.sleep(10_000)).toBe(true);
  });
});
