import { describe, expect, it } from "vitest";
import JSZip from "jszip";
import { craftZip } from "../../test/support/craft-zip";
import { ZIP_LIMITS, type ZipLimits } from "./limits";
import { entryBytes, readZipDirectory, ZipRefusal } from "./zip";

const text = async (zip: Buffer, name: string) => {
  const entry = readZipDirectory(zip, ZIP_LIMITS).files.find((f) => f.name === name)!;
  const chunks: Buffer[] = [];
  for await (const chunk of entryBytes(zip, entry)) chunks.push(chunk);
  return Buffer.concat(chunks).toString("utf8");
};

const refused = (zip: Buffer, pattern: RegExp, limits: ZipLimits = ZIP_LIMITS) => {
  expect(() => readZipDirectory(zip, limits)).toThrow(ZipRefusal);
  expect(() => readZipDirectory(zip, limits)).toThrow(pattern);
};

describe("zip directory checks", () => {
  it("reads a zip made by a real library (JSZip, deflate and folders) and unpacks it byte for byte", async () => {
    const lib = new JSZip();
    lib.file("index.html", "<h1>Hello</h1>");
    lib.file("css/site.css", "body { color: red }".repeat(100));
    lib.folder("empty");
    lib.file(".DS_Store", "junk");
    lib.file("__MACOSX/._index.html", "junk");
    const zip = await lib.generateAsync({ type: "nodebuffer", compression: "DEFLATE" });
    const directory = readZipDirectory(zip, ZIP_LIMITS);
    expect(directory.files.map((f) => f.name).sort()).toEqual(["css/site.css", "index.html"]);
    expect(directory.skipped).toBe(2);
    expect(await text(zip, "index.html")).toBe("<h1>Hello</h1>");
    expect(await text(zip, "css/site.css")).toBe("body { color: red }".repeat(100));
  });

  it("accepts stored (method 0) entries", async () => {
    const zip = craftZip([{ name: "index.html", data: "stored", method: 0 }]);
    expect(await text(zip, "index.html")).toBe("stored");
  });

  it.each([
    ["../evil.html", /leaves its folder/],
    ["content/../../evil.html", /leaves its folder/],
    ["/etc/cron.d/evil", /absolute path/],
    ["C:/Windows/evil.dll", /absolute path/],
    ["a\\..\\evil", /not allowed/],
    ["a/./b.html", /not allowed/],
    ["a//b.html", /not allowed/],
    ["my page.html", /not allowed/],
  ])("refuses the entry name %j", (name, pattern) => {
    refused(craftZip([{ name: "index.html", data: "ok" }, { name, data: "x" }]), pattern);
  });

  it("refuses a symbolic link entry (Unix mode in the external attributes), and other special files", () => {
    refused(craftZip([{ name: "index.html", data: "ok" }, { name: "link", data: "/etc/passwd", unixMode: 0o120777 }]), /symbolic link/);
    refused(craftZip([{ name: "index.html", data: "ok" }, { name: "fifo", data: "", unixMode: 0o010644 }]), /special file/);
    // a regular Unix file is fine
    expect(readZipDirectory(craftZip([{ name: "index.html", data: "ok", unixMode: 0o100644 }]), ZIP_LIMITS).files).toHaveLength(1);
  });

  it("refuses more entries than allowed before looking at any of them", () => {
    const many = craftZip(Array.from({ length: 11 }, (_, i) => ({ name: `f${i}.txt`, data: "x" })));
    refused(many, /11 entries; at most 10/, { ...ZIP_LIMITS, entries: 10 });
    expect(readZipDirectory(many, { ...ZIP_LIMITS, entries: 11 }).files).toHaveLength(11);
  });

  it("refuses a bomb by its declared size, its ratio, and its total", () => {
    // 50 MB of zeros compresses to about 50 KB: declared per entry over the limit
    const zeros = Buffer.alloc(50 * 1024 * 1024);
    refused(craftZip([{ name: "bomb.bin", data: zeros }]), /too large when unpacked/);
    // small enough per entry, but a ratio of about 1000:1
    refused(craftZip([{ name: "bomb.bin", data: Buffer.alloc(5 * 1024 * 1024) }]), /compressed too much/);
    // each entry fine, the total not
    const parts = Array.from({ length: 5 }, (_, i) => ({ name: `p${i}.bin`, data: "x".repeat(100), method: 0 as const }));
    refused(craftZip(parts), /too large when unpacked/, { ...ZIP_LIMITS, unpackedBytes: 450 });
  });

  it("stops a bomb that lies about its size while inflating it (counts the bytes)", async () => {
    // declares 1 KB, holds 5 MB of zeros; the ratio check is off to reach the inflater
    const zip = craftZip([{ name: "liar.bin", data: Buffer.alloc(5 * 1024 * 1024), declaredSize: 1024 }]);
    const limits = { ...ZIP_LIMITS, ratio: 1e9 };
    const [entry] = readZipDirectory(zip, limits).files;
    let seen = 0;
    await expect(
      (async () => {
        for await (const chunk of entryBytes(zip, entry!)) seen += chunk.length;
      })(),
    ).rejects.toThrow(/more bytes than the zip declares/);
    expect(seen).toBeLessThanOrEqual(1024);
  });

  it("refuses a damaged entry (checksum) and a file that is not a zip", async () => {
    const zip = craftZip([{ name: "index.html", data: "hello world", method: 0 }]);
    const damaged = Buffer.from(zip);
    damaged[30 + "index.html".length] = "j".charCodeAt(0);
    await expect(text(damaged, "index.html")).rejects.toThrow(/damaged/);
    refused(Buffer.from("PK\x03\x04 not really a zip at all, no end record here"), /not a valid zip/);
    refused(Buffer.alloc(10), /not a valid zip/);
  });

  it("refuses the same name twice and folders nested too deep", () => {
    refused(craftZip([{ name: "a.html", data: "1" }, { name: "A.html", data: "2" }]), /same file twice/);
    refused(craftZip([{ name: "a/b/c/d/e/f.html", data: "1" }]), /nested too deep/);
  });
});
