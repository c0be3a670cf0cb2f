import { describe, expect, it } from "vitest";
import { TurnQueue } from "./turn-queue";

describe("TurnQueue", () => {
  it("hands over what was added in one turn together, at the next turn, and starts afresh after", async () => {
    const flushed: number[][] = [];
    const queue = new TurnQueue<number>((items) => flushed.push(items));
    queue.add(1);
    queue.add(2);
    expect(flushed).toEqual([]);
    await new Promise((resolve) => setImmediate(resolve));
    queue.add(3);
    await new Promise((resolve) => setImmediate(resolve));
    expect(flushed).toEqual([[1, 2], [3]]);
  });
});
