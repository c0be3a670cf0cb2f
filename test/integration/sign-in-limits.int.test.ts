import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { SIGN_IN_LIMIT, signInAllowed } from "../../modules/identity";
import { idFrom, newId, systemClock } from "../../modules/kernel";
import { demoOrganizations } from "../factories/demo-seed";
import { createUser } from "../factories/identity";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { fetchFrom } from "../support/http-from";
import { startInProcessApp, waitForProjections, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const [maple] = demoOrganizations;
const PASSWORD = "staff-password-2026";
const STAFF = 40;

/** One sign-in attempt from `ip`: the status, the answer and Retry-After. */
async function attempt(app: InProcessApp, ip: string, username: string, password: string) {
  const client = new HttpClient(app.baseUrl, fetchFrom(ip));
  const response = await client.request("POST", "/api/auth/login", { body: { username, password } });
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string }, retryAfter: Number(response.headers.get("retry-after") ?? "0") };
}

describe("sign-in limits: a school behind one address signs in, an attacker cannot lock the owner out", () => {
  let app: InProcessApp;
  beforeAll(async () => {
    app = await startInProcessApp("signinlimits");
    await clearSignInLimits((await testServices()).redisUrl);
    const deps = { store: app.app.core.store, clock: systemClock };
    const coachGroup = idFrom("user-group", maple.id, "coach");
    for (let i = 1; i <= STAFF; i++) {
      await createUser(deps, { organizationId: maple.id, username: `staff${i}@maple.demo`, firstName: `Staff${i}`, lastName: "Maple", userGroupId: coachGroup, password: PASSWORD });
    }
    await createUser(deps, { organizationId: maple.id, username: "victim@maple.demo", firstName: "Vic", lastName: "Maple", userGroupId: coachGroup, password: PASSWORD });
    await waitForProjections(app.baseUrl);
  }, 180_000);
  afterAll(() => app?.stop());

  it("lets 40 staff sign in from one address within a minute (8:00 at a school behind one NAT)", async () => {
    const started = Date.now();
    const statuses: number[] = [];
    // ten at a time, as a staff room would
    for (let i = 0; i < STAFF; i += 10) {
      const batch = Array.from({ length: 10 }, (_, j) => attempt(app, "127.0.0.40", `staff${i + j + 1}@maple.demo`, PASSWORD));
      statuses.push(...(await Promise.all(batch)).map((r) => r.status));
    }
    expect(Date.now() - started).toBeLessThan(60_000);
    expect(statuses).toEqual(Array.from({ length: STAFF }, () => 200));
  }, 90_000);

  it("slows a password guesser on one account from one address, while the owner still gets in from elsewhere and after the short wait", async () => {
    const attacker = "127.0.0.66";
    // 12 wrong passwords back to back: the first five are checked, then each must wait longer than the last
    const tries = [];
    for (let i = 0; i < 12; i++) tries.push(await attempt(app, attacker, "victim@maple.demo", `guess-${i}`));
    const checked = tries.filter((t) => t.status === 400).length;
    const refused = tries.filter((t) => t.status === 429);
    expect(checked).toBeGreaterThanOrEqual(SIGN_IN_LIMIT.pair.freeAttempts);
    expect(checked).toBeLessThanOrEqual(SIGN_IN_LIMIT.pair.freeAttempts + 3);
    expect(refused.length).toBeGreaterThanOrEqual(12 - SIGN_IN_LIMIT.pair.freeAttempts - 3);
    expect(refused[0]!.body).toEqual({ code: "TOO_MANY_ATTEMPTS", message: expect.stringMatching(/^Too many sign-in attempts for this account\. Please wait \d+ seconds? and try again\.$/) });
    expect(refused[0]!.retryAfter).toBeGreaterThanOrEqual(1);
    // even the right password is refused from the guesser's address until the wait is over
    const blocked = await attempt(app, attacker, "victim@maple.demo", PASSWORD);
    expect(blocked.status).toBe(429);

    // the owner, elsewhere, is not slowed down at all
    expect((await attempt(app, "127.0.0.67", "victim@maple.demo", PASSWORD)).status).toBe(200);

    // and from the same address (the same school NAT) the owner gets in after the short wait it names
    expect(blocked.retryAfter).toBeLessThanOrEqual(SIGN_IN_LIMIT.pair.maxDelaySeconds);
    await new Promise((r) => setTimeout(r, blocked.retryAfter * 1000 + 100));
    expect((await attempt(app, attacker, "victim@maple.demo", PASSWORD)).status).toBe(200);
    // a success starts that address afresh: the next mistake is checked, not delayed
    expect((await attempt(app, attacker, "victim@maple.demo", "typo")).status).toBe(400);
  }, 90_000);

  it("refuses guesses sent side by side past the free attempts (the wait cannot be raced)", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => attempt(app, "127.0.0.68", "staff1@maple.demo", `parallel-${i}`)));
    expect(results.filter((r) => r.status === 400).length).toBe(SIGN_IN_LIMIT.pair.freeAttempts);
    expect(results.filter((r) => r.status === 429).length).toBe(20 - SIGN_IN_LIMIT.pair.freeAttempts);
  }, 60_000);

  it("caps the attempts of one address across accounts (the per-IP window), in Redis", async () => {
    const redis = new Redis((await testServices()).redisUrl);
    try {
      const ip = `test-${newId()}`;
      const small = { ...SIGN_IN_LIMIT, ip: { attempts: 30, windowSeconds: 60 } };
      const verdicts = [];
      for (let i = 0; i < 31; i++) verdicts.push(await signInAllowed(redis, ip, `account${i}@example.test`, new Date(), small));
      expect(verdicts.slice(0, 30).every((v) => v.allowed)).toBe(true);
      expect(verdicts[30]).toMatchObject({ allowed: false, by: "ip" });
      // the school figure: 40 staff, each with a mistake or two, fit in the real window
      expect(SIGN_IN_LIMIT.ip.attempts).toBeGreaterThanOrEqual(3 * STAFF);
    } finally {
      await redis.del(...(await redis.keys("rollcall:ratelimit:signin:*test-*")));
      redis.disconnect();
    }
  });
});
