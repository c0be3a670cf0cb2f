import { createHmac, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { mailRetryDelay } from "./queue";
import { signUnsubscribe, verifyUnsubscribe } from "./unsubscribe-token";

const secret = randomBytes(32);
const claims = { address: "Parent@Example.com", organizationId: "7c1f7a64-8a0e-5c59-9f33-0c8f1c1d2e3f" };

describe("unsubscribe tokens (decision 059)", () => {
  it("names the address (lower-case) and the organization, and reads back", () => {
    const token = signUnsubscribe(secret, claims);
    expect(token).toMatch(/^[\w-]+\.[\w-]+$/);
    expect(verifyUnsubscribe(secret, token)).toEqual({ address: "parent@example.com", organizationId: claims.organizationId });
  });

  it("refuses a token signed with another key, altered, cut or made up", () => {
    const token = signUnsubscribe(secret, claims);
    const [body, mac] = token.split(".") as [string, string];
    expect(verifyUnsubscribe(randomBytes(32), token)).toBeNull();
    const otherBody = Buffer.from(JSON.stringify({ v: 1, a: "victim@example.com", o: claims.organizationId })).toString("base64url");
    expect(verifyUnsubscribe(secret, `${otherBody}.${mac}`)).toBeNull();
    expect(verifyUnsubscribe(secret, `${body}.${mac.slice(1)}`)).toBeNull();
    expect(verifyUnsubscribe(secret, body)).toBeNull();
    for (const junk of ["", ".", "abc", "a.b", "x".repeat(5000), "%%.%%"]) expect(verifyUnsubscribe(secret, junk)).toBeNull();
  });

  it("refuses well-signed claims of the wrong shape", () => {
    const body = Buffer.from(JSON.stringify({ v: 2, a: "x@example.com", o: "o" })).toString("base64url");
    const mac = createHmac("sha256", secret).update(`rollcall-unsubscribe.${body}`).digest("base64url");
    expect(verifyUnsubscribe(secret, `${body}.${mac}`)).toBeNull();
  });
});

describe("mail retry delays", () => {
  it("double from the base after each failed try, capped at a day", () => {
    expect([1, 2, 3, 4].map((n) => mailRetryDelay(n, 30_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(mailRetryDelay(40, 30_000)).toBe(24 * 60 * 60 * 1000);
  });
});
