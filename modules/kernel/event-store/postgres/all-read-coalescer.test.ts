import { describe, expect, it } from "vitest";
import { AllReadCoalescer } from "./all-read-coalescer";

describe("AllReadCoalescer", () => {
  it("sends one query for identical reads of one turn, and a fresh one for a read made after it was sent", async () => {
    const sent: string[] = [];
    let release: () => void = () => undefined;
    const gate = new Promise<void>((r) => (release = r));
    const coalescer = new AllReadCoalescer<number>(async (from, limit) => {
      sent.push(`${from}:${limit}`);
      await gate;
      return [from + 1];
    });
    const same = [coalescer.read(10, 100), coalescer.read(10, 100), coalescer.read(10, 100)];
    const other = coalescer.read(20, 100);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(["10:100", "20:100"]);
    // the first statement is in flight: a read asked for now must not be answered by it
    const later = coalescer.read(10, 100);
    await new Promise((r) => setImmediate(r));
    expect(sent).toEqual(["10:100", "20:100", "10:100"]);
    release();
    expect(await Promise.all([...same, other, later])).toEqual([[11], [11], [11], [21], [11]]);
  });

  it("fails every reader of a failed statement", async () => {
    const coalescer = new AllReadCoalescer<number>(async () => {
      throw new Error("connection lost");
    });
    const reads = [coalescer.read(0, 10), coalescer.read(0, 10)];
    for (const read of reads) await expect(read).rejects.toThrow("connection lost");
  });
});
