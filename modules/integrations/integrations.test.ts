import { describe, expect, it } from "vitest";
import { DomainError } from "../kernel";
import { apiKeyDecider } from "./api-keys/decide";
import { keyIdOf, keyMatches, newApiKey } from "./api-keys/secret";
import { webhookPayload, webhookTypeOf } from "./webhooks/catalogue";
import { createSender } from "./webhooks/send";
import { addressAllowed, checkHost, parseAllowList, SsrfError } from "./webhooks/ssrf";

const now = new Date("2026-11-27T08:00:00Z");
const meta = { commandId: "c1", organizationId: "org-1", actorId: "u1" };
const created = (permissionIds: string[], creatorPermissionIds: string[], expiresAt = "2026-12-27T08:00:00Z") => ({
  type: "CreateApiKey" as const,
  data: { keyId: "k1", organizationId: "org-1", name: "Tablet", permissionIds, expiresAt, createdBy: "u1", secretHash: "00", prefix: "rck_", creatorPermissionIds },
  metadata: meta,
});

describe("API keys", () => {
  it("gives a key no permission its creator lacks, and only a future expiry within 366 days", () => {
    const ok = apiKeyDecider.decide(apiKeyDecider.initialState(), created(["CAN_CHECK_IN_OUT_MEMBERS"], ["CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_REPORTS"]), now);
    expect(ok).toEqual([{ type: "ApiKeyCreated", data: expect.objectContaining({ permissionIds: ["CAN_CHECK_IN_OUT_MEMBERS"] }) }]);
    expect((ok as { data: object }[])[0]!.data).not.toHaveProperty("creatorPermissionIds");
    const more = apiKeyDecider.decide(apiKeyDecider.initialState(), created(["CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_REPORTS"], ["CAN_CHECK_IN_OUT_MEMBERS"]), now) as DomainError;
    expect([more.status, more.code, more.message]).toEqual([403, "PERMISSION_NOT_HELD", "A key cannot have permissions you do not have: CAN_VIEW_REPORTS"]);
    expect((apiKeyDecider.decide(apiKeyDecider.initialState(), created([], [], "2026-11-27T07:59:59Z"), now) as DomainError).message).toBe("Expiry must be in the future");
    expect((apiKeyDecider.decide(apiKeyDecider.initialState(), created([], [], "2028-01-01T00:00:00Z"), now) as DomainError).message).toBe("Expiry must be within 366 days");
  });

  it("revokes once, and only in the key's own organization", () => {
    const state = apiKeyDecider.evolve(apiKeyDecider.initialState(), { type: "ApiKeyCreated", data: created([], []).data });
    const revoke = { type: "RevokeApiKey" as const, data: { keyId: "k1", revokedBy: "u1" }, metadata: meta };
    expect(apiKeyDecider.decide(state, revoke, now)).toEqual([{ type: "ApiKeyRevoked", data: { keyId: "k1", revokedBy: "u1" } }]);
    expect((apiKeyDecider.decide(state, { ...revoke, metadata: { ...meta, organizationId: "org-2" } }, now) as DomainError).status).toBe(404);
    const revoked = apiKeyDecider.evolve(state, { type: "ApiKeyRevoked", data: revoke.data, metadata: { occurredAt: now.toISOString() } });
    expect((apiKeyDecider.decide(revoked, revoke, now) as DomainError).status).toBe(409);
  });

  it("carries its id, and matches only itself", () => {
    const id = "0b6f1c2e-4a1d-4c55-9a51-3d0f6a7b8c9d";
    const { key, hash } = newApiKey(id);
    expect(keyIdOf(key)).toBe(id);
    expect(keyMatches(key, hash)).toBe(true);
    expect(keyMatches(`${key.slice(0, -1)}${key.endsWith("A") ? "B" : "A"}`, hash)).toBe(false);
    expect(keyIdOf("rck_short")).toBeNull();
  });
});

describe("the webhook SSRF guard", () => {
  const none = parseAllowList("");
  it("refuses loopback, private, link-local and metadata addresses, in any spelling", () => {
    for (const address of ["127.0.0.1", "10.0.0.1", "10.255.1.2", "169.254.169.254", "192.168.1.1", "172.16.5.5", "::1", "fe80::1", "fd00::1", "::ffff:10.0.0.1", "0.0.0.0"]) {
      expect(addressAllowed(address, none), address).toBe(false);
    }
    expect(addressAllowed("93.184.216.34", none)).toBe(true);
    expect(addressAllowed("2606:4700::1111", none)).toBe(true);
  });

  it("refuses a name that resolves to such an address, unless the allow-list names it or its range", async () => {
    await expect(checkHost("localhost", none)).rejects.toBeInstanceOf(SsrfError);
    await expect(checkHost("169.254.169.254", none)).rejects.toBeInstanceOf(SsrfError);
    await expect(checkHost("[::1]", none)).rejects.toBeInstanceOf(SsrfError);
    await expect(checkHost("localhost", parseAllowList("localhost"))).resolves.toBeTruthy();
    await expect(checkHost("10.1.2.3", parseAllowList("10.0.0.0/8"))).resolves.toBeTruthy();
    await expect(checkHost("10.1.2.3", parseAllowList("10.9.9.9"))).rejects.toBeInstanceOf(SsrfError);
  });

  it("refuses a delivery to such an address or name when it sends, before any connection", async () => {
    const sender = createSender({ allow: none });
    try {
      for (const url of ["https://127.0.0.1:1/hook", "https://[::1]:1/hook", "https://localhost:1/hook", "https://169.254.169.254/latest"]) {
        const outcome = await sender.send({ url, secret: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", id: "msg_1", payload: "{}", at: now });
        expect(outcome, url).toMatchObject({ ok: false, statusCode: null });
        expect(outcome.error, url).toMatch(/private, loopback or link-local/);
      }
    } finally {
      sender.close();
    }
  });
});

describe("the webhook catalogue", () => {
  it("maps domain events to webhook types and withholds the security code", () => {
    expect(webhookTypeOf("MemberCheckedIn")).toBe("check-in");
    expect(webhookTypeOf("MemberFlagResolved")).toBe("flag.resolved");
    expect(webhookTypeOf("NoteCreated")).toBeNull();
    const body = JSON.parse(webhookPayload("check-in", { eventId: "e1", type: "MemberCheckedIn", data: { memberId: "ABCD2345", securityCode: "X7Q" }, metadata: { occurredAt: now.toISOString() } }));
    expect(body).toEqual({ type: "check-in", timestamp: now.toISOString(), data: { memberId: "ABCD2345", event: "MemberCheckedIn", event_id: "e1" } });
  });
});
