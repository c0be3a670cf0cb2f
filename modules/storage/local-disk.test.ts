import { mkdtemp, readdir, rm, utimes, writeFile, mkdir } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { createHash } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidStorageKeyError, LocalDiskStorage, StorageNotFoundError, validateKey } from "./index";

const text = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};
const collect = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe("storage keys", () => {
  it("accepts folder-like keys of safe segments", () => {
    expect(validateKey("exports/org-1/abc_1.2/file-11-21-2026.csv")).toEqual(["exports", "org-1", "abc_1.2", "file-11-21-2026.csv"]);
  });

  it.each(["", "/etc/passwd", "../x", "a/../b", "a/./b", "a//b", "a/", ".hidden", "a/.part-x", "a\\b", "a b", "a/b\0", "x".repeat(1025), "ü/x"])(
    "refuses %j",
    (key) => {
      expect(() => validateKey(key)).toThrow(InvalidStorageKeyError);
    },
  );
});

describe("local-disk storage", () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "rollcall-storage-"));
    storage = new LocalDiskStorage(root);
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("writes a stream, reports size and sha256, reads it back, stats, renames and deletes it", async () => {
    const body = "a,b\n1,2\n".repeat(1000);
    const written = await storage.write("exports/o1/e1/file.csv", Readable.from([Buffer.from(body)]));
    expect(written).toEqual({ key: "exports/o1/e1/file.csv", bytes: body.length, sha256: createHash("sha256").update(body).digest("hex") });
    expect(await text(await storage.read("exports/o1/e1/file.csv"))).toBe(body);
    expect((await storage.stat("exports/o1/e1/file.csv"))?.bytes).toBe(body.length);
    await storage.rename("exports/o1/e1/file.csv", "exports/o1/e1/final.csv");
    expect(await storage.stat("exports/o1/e1/file.csv")).toBeNull();
    expect(await storage.delete("exports/o1/e1/final.csv")).toBe(true);
    expect(await storage.delete("exports/o1/e1/final.csv")).toBe(false);
    await expect(storage.read("exports/o1/e1/final.csv")).rejects.toBeInstanceOf(StorageNotFoundError);
  });

  it("leaves no object and no part file behind when the source stream fails", async () => {
    async function* failing() {
      yield Buffer.from("half a file");
      throw new Error("source broke");
    }
    await expect(storage.write("a/b.csv", failing())).rejects.toThrow("source broke");
    expect(await storage.stat("a/b.csv")).toBeNull();
    expect(await readdir(path.join(root, "a"))).toEqual([]);
  });

  it("lists under a prefix, hides part files, and filters by age", async () => {
    await storage.write("x/1/a.csv", ["a"]);
    await storage.write("x/2/b.csv", ["b"]);
    await storage.write("y/c.csv", ["c"]);
    await writeFile(path.join(root, "x", "1", ".part-a.csv-123"), "partial");
    const old = new Date("2020-01-01T00:00:00Z");
    await utimes(path.join(root, "x", "2", "b.csv"), old, old);
    expect((await collect(storage.list("x"))).map((o) => o.key).sort()).toEqual(["x/1/a.csv", "x/2/b.csv"]);
    expect((await collect(storage.list(""))).length).toBe(3);
    expect((await collect(storage.listOlderThan("x", new Date("2021-01-01")))).map((o) => o.key)).toEqual(["x/2/b.csv"]);
    expect(await collect(storage.list("nothing/here"))).toEqual([]);
  });

  it("removes stale part files only", async () => {
    await mkdir(path.join(root, "x"), { recursive: true });
    await writeFile(path.join(root, "x", ".part-a-1"), "partial");
    await storage.write("x/a.csv", ["a"]);
    const old = new Date("2020-01-01T00:00:00Z");
    await utimes(path.join(root, "x", ".part-a-1"), old, old);
    expect(await storage.removeStaleParts("", new Date("2021-01-01"))).toBe(1);
    expect(await readdir(path.join(root, "x"))).toEqual(["a.csv"]);
  });

  it("never touches anything outside its root", async () => {
    await expect(storage.write("../escape.csv", ["x"])).rejects.toThrow(InvalidStorageKeyError);
    await expect(storage.read("/etc/passwd")).rejects.toThrow(InvalidStorageKeyError);
    expect(() => storage.pathOf("a/../../b")).toThrow(InvalidStorageKeyError);
  });
});
