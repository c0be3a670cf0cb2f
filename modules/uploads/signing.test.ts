import { describe, expect, it } from "vitest";
import { cleanFileName, cleanStoredPath, cleanSubPath, folderOf, packagePaths } from "./paths";
import { signLink, verifyLink } from "./signing";

const secret = Buffer.alloc(32, 7);
const now = new Date("2026-11-23T14:00:00.000Z");
const claims = { purpose: "put" as const, organizationId: "org-1", path: "files/u1/a.png", kind: "image" as const, expires: now.getTime() + 60_000 };

describe("signed links", () => {
  it("verifies its own link and gives the claims back", () => {
    expect(verifyLink(secret, signLink(secret, claims), "put", now)).toEqual({ ok: true, claims: { p: "put", o: "org-1", k: "files/u1/a.png", t: "image", e: claims.expires } });
  });

  it("refuses a changed payload, a changed signature, another key and another purpose", () => {
    const token = signLink(secret, claims);
    const [body, mac] = token.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ p: "put", o: "org-2", k: "files/u1/a.png", t: "image", e: claims.expires })).toString("base64url");
    expect(verifyLink(secret, `${other}.${mac}`, "put", now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, `${body}.${mac.slice(0, -1)}${mac.endsWith("A") ? "B" : "A"}`, "put", now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(Buffer.alloc(32, 8), token, "put", now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, token, "get", now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, "garbage", "put", now)).toEqual({ ok: false, reason: "invalid" });
    expect(verifyLink(secret, "", "put", now)).toEqual({ ok: false, reason: "invalid" });
  });

  it("expires: good up to the expiry, refused a millisecond after", () => {
    const token = signLink(secret, claims);
    expect(verifyLink(secret, token, "put", new Date(claims.expires)).ok).toBe(true);
    expect(verifyLink(secret, token, "put", new Date(claims.expires + 1))).toEqual({ ok: false, reason: "expired" });
  });
});

describe("stored paths", () => {
  it("accepts well-formed relative paths and refuses escapes, staging and bare names", () => {
    expect(cleanStoredPath("files/u1/a.png")).toBe("files/u1/a.png");
    expect(cleanStoredPath("/files/u1/a.png")).toBe("files/u1/a.png");
    for (const bad of ["", "a.png", "files/../x/a.png", "files/u1/.hidden", "files//a", "files\\u1\\a.png", "staging/u1.zip", 42, null]) {
      expect(cleanStoredPath(bad), String(bad)).toBeNull();
    }
  });

  it("cleans sub paths and file names", () => {
    expect(cleanSubPath(undefined)).toBe("files");
    expect(cleanSubPath("Participants/2026")).toBe("participants/2026");
    expect(cleanSubPath("../etc")).toBeNull();
    expect(cleanSubPath("packages")).toBeNull();
    expect(cleanSubPath("a/b/c/d")).toBeNull();
    expect(cleanFileName("My Kid's photo (1).PNG")).toBe("My_Kid_s_photo_1_.png");
    expect(cleanFileName("../../etc/passwd")).toBe("passwd");
    expect(cleanFileName("C:\\Users\\kid.JPG")).toBe("kid.jpg");
    expect(cleanFileName(".htaccess")).toBe("htaccess");
    expect(cleanFileName("")).toBe("file");
  });

  it("a package's value and folders", () => {
    expect(packagePaths("u9")).toEqual({ folder: "packages/u9/content", value: "packages/u9/content/index.html", staged: "staging/u9.zip" });
    expect(folderOf("packages/u9/content/index.html")).toBe("packages/u9/content");
  });
});
