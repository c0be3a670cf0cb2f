import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { craftZip } from "../../test/support/craft-zip";
import { LocalDiskStorage } from "../storage";
import { ZIP_LIMITS } from "./limits";
import { checkPackage, unpackPackage } from "./unpack";
import { ZipRefusal } from "./zip";

/** every file under a directory, relative, sorted */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name))).sort();
}

describe("unpacking a package through the storage port", () => {
  let root: string;
  let storage: LocalDiskStorage;
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), "rollcall-unpack-"));
    storage = new LocalDiskStorage(path.join(root, "store"));
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  it("writes each file under the folder, index.html included", async () => {
    const zip = craftZip([
      { name: "index.html", data: "<link href='css/a.css'>" },
      { name: "css/a.css", data: "body{}" },
      { name: "img/", data: "" },
    ]);
    expect(await unpackPackage(storage, zip, "uploads/o1/packages/p1/content", ZIP_LIMITS)).toEqual({ files: 2, bytes: 29 });
    expect(await filesUnder(path.join(root, "store"))).toEqual(["uploads/o1/packages/p1/content/css/a.css", "uploads/o1/packages/p1/content/index.html"]);
  });

  it("needs index.html at the top level", () => {
    expect(() => checkPackage(craftZip([{ name: "site/index.html", data: "x" }]), ZIP_LIMITS)).toThrow("The zip must have index.html at its top level.");
  });

  it.each([
    ["../evil", [{ name: "../evil.html", data: "x" }]],
    ["/abs", [{ name: "/tmp/evil.html", data: "x" }]],
    ["a symbolic link", [{ name: "evil", data: "/etc/passwd", unixMode: 0o120777 }]],
  ])("refuses %s and writes nothing anywhere", async (_label, bad) => {
    const zip = craftZip([{ name: "index.html", data: "ok" }, ...bad]);
    await expect(unpackPackage(storage, zip, "uploads/o1/packages/p1/content", ZIP_LIMITS)).rejects.toBeInstanceOf(ZipRefusal);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("a bomb that lies about its size is stopped while inflating, and what was written is removed", async () => {
    const zip = craftZip([
      { name: "index.html", data: "ok" },
      { name: "a.txt", data: "fine" },
      { name: "liar.bin", data: Buffer.alloc(3 * 1024 * 1024), declaredSize: 10 },
    ]);
    await expect(unpackPackage(storage, zip, "uploads/o1/packages/p1/content", { ...ZIP_LIMITS, ratio: 1e9 })).rejects.toThrow(/more bytes than the zip declares/);
    expect(await filesUnder(root)).toEqual([]);
  });

  it("stops at the unpacked limit counted in actual bytes", async () => {
    const zip = craftZip([
      { name: "index.html", data: "x".repeat(100), method: 0 },
      { name: "b.txt", data: "y".repeat(100), method: 0 },
    ]);
    // declared sizes pass a limit of 150 only if each is checked alone; the total is counted while writing
    await expect(unpackPackage(storage, zip, "uploads/o1/p", { ...ZIP_LIMITS, unpackedBytes: 150 })).rejects.toThrow(/too large when unpacked/);
    expect(await filesUnder(root)).toEqual([]);
  });
});
