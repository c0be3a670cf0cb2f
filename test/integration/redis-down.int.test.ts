import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Redis } from "ioredis";
import { SIGN_IN_UNAVAILABLE } from "../../modules/identity";
import { parseEnv } from "../../modules/kernel";
import { startRollcall } from "../../runtime/start";
import { freePort } from "../e2e/harness";
import { HttpClient } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { privateRedis, type PrivateRedis } from "../support/private-redis";

// "within a second or two": the request-path client gives up after 1 s; the rest is slack for a busy machine
const QUICK_MS = 2500;

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = Date.now();
  const value = await work();
  return { value, ms: Date.now() - started };
}

const today = () => new Date().toISOString().slice(0, 10);

describe("while Redis is down, requests that need it answer 503 at once, and work again when it is back", () => {
  let redis: PrivateRedis;
  let app: InProcessApp;
  let admin: HttpClient;
  const signIn = (username = "coach@maple.demo") =>
    timed(async () => {
      const response = await new HttpClient(app.baseUrl).request("POST", "/api/auth/login", { body: { username, password: "rollcall-demo" }, headers: {} });
      return { status: response.status, body: (await response.json()) as Record<string, unknown>, retryAfter: response.headers.get("retry-after") };
    });

  beforeAll(async () => {
    // a Redis of this test's own: the shared one keeps serving everyone else
    redis = await privateRedis();
    app = await startInProcessApp("redisdown", { env: { REDIS_URL: redis.url } });
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@maple.demo");
    await admin.fetchCsrf();
  }, 120_000);
  afterAll(async () => {
    await redis?.start().catch(() => undefined); // let the app's queues close cleanly
    await app?.stop();
    await redis?.stop();
  });

  it("signs in while Redis is up", async () => {
    expect((await signIn()).value.status).toBe(200);
  });

  it("refuses sign-in with 503 { code, message } within a second or two when Redis has stopped", async () => {
    await redis.stop();
    const { value, ms } = await signIn();
    expect(value.status).toBe(503);
    expect(value.body).toEqual({ code: "SIGN_IN_UNAVAILABLE", message: SIGN_IN_UNAVAILABLE });
    expect(Number(value.retryAfter)).toBeGreaterThan(0);
    expect(ms).toBeLessThan(QUICK_MS);
    // and again a while later (the client keeps trying to reconnect; nothing piles up)
    const again = await signIn("admin@northside.demo");
    expect(again.value.status).toBe(503);
    expect(again.ms).toBeLessThan(QUICK_MS);
  }, 30_000);

  it("reports Redis down on /api/health, promptly", async () => {
    const { value, ms } = await timed(async () => {
      const response = await fetch(`${app.baseUrl}/api/health`);
      return { status: response.status, body: (await response.json()) as { ok: boolean; components: { name: string; ok: boolean }[] } };
    });
    expect(value.status).toBe(503);
    expect(value.body.ok).toBe(false);
    expect(value.body.components.find((c) => c.name === "Redis")).toMatchObject({ ok: false });
    expect(value.body.components.find((c) => c.name === "PostgreSQL")).toMatchObject({ ok: true });
    expect(ms).toBeLessThan(QUICK_MS);
  }, 30_000);

  it("answers an export request (a BullMQ job) with a clear 503 before recording anything, never a hang", async () => {
    const head = await app.app.core.store.headPosition();
    const { value, ms } = await timed(async () => {
      const response = await admin.request("POST", "/api/export", { body: { kind: "check-ins", filters: { from: today(), to: today(), timeZone: "UTC" } } });
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    });
    expect(value.status).toBe(503);
    expect(value.body).toEqual({ code: "SERVICE_UNAVAILABLE", message: "Exports is unavailable right now. Please try again in a minute." });
    expect(ms).toBeLessThan(QUICK_MS);
    expect(await app.app.core.store.headPosition()).toBe(head);
    // the Downloads list still answers (without progress, and without links until the secret was read)
    const list = await timed(async () => (await admin.request("GET", "/api/export")).status);
    expect(list.value).toBe(200);
    expect(list.ms).toBeLessThan(QUICK_MS);
  }, 30_000);

  it("closes the forgot-password form with 503 rather than hang (its counter is in Redis)", async () => {
    const form = new FormData();
    form.set("login", "coach@maple.demo");
    const { value, ms } = await timed(async () => (await new HttpClient(app.baseUrl).request("POST", "/forgot-password", { body: form })).status);
    expect(value).toBe(503);
    expect(ms).toBeLessThan(QUICK_MS);
  }, 30_000);

  it("signs in again once Redis is back, with no restart of the app", async () => {
    await redis.start();
    const until = Date.now() + 15_000;
    let last = await signIn();
    while (last.value.status !== 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 200));
      last = await signIn();
    }
    expect(last.value.status).toBe(200);
    expect(last.ms).toBeLessThan(QUICK_MS);
  }, 30_000);

  it("refuses sign-in with 503 within a second or two when Redis is up but does not answer (stalled)", async () => {
    const stall = new Redis(redis.url);
    try {
      // DEBUG SLEEP blocks the server for 4 s with every connection open: only a client-side timeout helps
      const sleeping = stall.call("DEBUG", "SLEEP", "4").catch(() => undefined);
      await new Promise((r) => setTimeout(r, 100));
      const { value, ms } = await signIn();
      expect(value.status).toBe(503);
      expect(ms).toBeLessThan(QUICK_MS);
      await sleeping;
      expect((await signIn()).value.status).toBe(200);
    } finally {
      stall.disconnect();
    }
  }, 30_000);

  it("starts a web process whose REDIS_URL has nothing listening, and its sign-in answers 503 at once", async () => {
    const [webPort, deadPort] = [await freePort(), await freePort()];
    const env = Object.fromEntries(Object.entries(app.app.core.env).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));
    const web = await startRollcall(parseEnv({ ...env, ROLE: "web", PORT: String(webPort), SEED_DEMO: "0", REDIS_URL: `redis://127.0.0.1:${deadPort}` }));
    try {
      const { value, ms } = await timed(async () => {
        const response = await new HttpClient(`http://127.0.0.1:${webPort}`).request("POST", "/api/auth/login", { body: { username: "coach@maple.demo", password: "rollcall-demo" } });
        return { status: response.status, body: await response.json() };
      });
      expect(value).toEqual({ status: 503, body: { code: "SIGN_IN_UNAVAILABLE", message: SIGN_IN_UNAVAILABLE } });
      expect(ms).toBeLessThan(QUICK_MS);
    } finally {
      await web.stop();
    }
  }, 30_000);
});
