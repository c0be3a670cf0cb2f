import { describe, expect, it } from "vitest";
import { TINY_PNG } from "../../test/support/craft-zip";
import { kindAccepts, looksLikeZip, sniff, uploadKindOf } from "./sniff";

describe("sniffing a file's type from its bytes", () => {
  it.each([
    ["png", TINY_PNG, "image/png"],
    ["jpeg", Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46]), "image/jpeg"],
    ["gif87a", Buffer.from("GIF87a\x01\x00\x01\x00", "latin1"), "image/gif"],
    ["gif89a", Buffer.from("GIF89a\x01\x00\x01\x00", "latin1"), "image/gif"],
    ["webp", Buffer.from("RIFF\x24\x00\x00\x00WEBPVP8 ", "latin1"), "image/webp"],
    ["pdf", Buffer.from("%PDF-1.7\n%", "latin1"), "application/pdf"],
  ])("knows %s", (_name, bytes, type) => {
    expect(sniff(bytes)).toBe(type);
  });

  it.each([
    ["html named like an image", Buffer.from("<html><script>alert(1)</script>")],
    ["svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')],
    ["RIFF that is not WebP (a WAV)", Buffer.from("RIFF\x24\x00\x00\x00WAVEfmt ", "latin1")],
    ["a truncated PNG signature", TINY_PNG.subarray(0, 5)],
    ["nothing", Buffer.alloc(0)],
    ["a zip", Buffer.from("PK\x03\x04\x14\x00", "latin1")],
  ])("refuses %s", (_name, bytes) => {
    expect(sniff(bytes)).toBeNull();
  });

  it("maps the client's file_type to a kind, and a kind accepts only its types", () => {
    expect(uploadKindOf("image/png")).toBe("image");
    expect(uploadKindOf("IMAGE")).toBe("image");
    expect(uploadKindOf("application/pdf")).toBe("pdf");
    expect(uploadKindOf("text/html")).toBeNull();
    expect(uploadKindOf("image/svg+xml")).toBeNull();
    expect(kindAccepts("image", "image/gif")).toBe(true);
    expect(kindAccepts("image", "application/pdf")).toBe(false);
    expect(kindAccepts("pdf", "image/png")).toBe(false);
    expect(kindAccepts("image", null)).toBe(false);
  });

  it("recognises a zip by its first bytes", () => {
    expect(looksLikeZip(Buffer.from("PK\x03\x04", "latin1"))).toBe(true);
    expect(looksLikeZip(TINY_PNG)).toBe(false);
  });
});
