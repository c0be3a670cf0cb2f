import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkInStream } from "../../modules/check-in";
import { createSender, parseAllowList } from "../../modules/integrations";
import { DELIVERY_KEPT_DAYS, forgetFinishedDeliveries } from "../../projections/integrations";
import { createDb, createPool } from "../../modules/kernel";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { eventually } from "../support/eventually";

type Member = { id: string; member_id: string; first_name: string; is_waiver_signed: boolean; pick_up_permission: string };
type Received = { id: string; body: string; headers: Record<string, string> };

/** A real HTTPS receiver on localhost with a certificate made for this test; it can go down and come back on its port. */
function receiver(cert: string, key: string) {
  const received: Received[] = [];
  let server: https.Server | null = null;
  let port = 0;
  const start = () =>
    new Promise<void>((resolve) => {
      server = https.createServer({ cert, key }, (req, res) => {
        let body = "";
        req.on("data", (c: Buffer) => (body += c.toString()));
        req.on("end", () => {
          received.push({ id: String(req.headers["webhook-id"]), body, headers: req.headers as Record<string, string> });
          res.writeHead(204).end();
        });
      });
      server.listen(port, "127.0.0.1", () => {
        port = (server!.address() as AddressInfo).port;
        resolve();
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      server!.close(() => resolve());
      server!.closeAllConnections();
    });
  return { received, start, stop, url: () => `https://localhost:${port}/hook` };
}

describe("API keys and webhooks on real PostgreSQL and Redis", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let members: Member[];
  const dir = mkdtempSync(path.join(os.tmpdir(), "rollcall-hooks-"));
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=localhost", "-addext", "subjectAltName=DNS:localhost", "-keyout", path.join(dir, "key.pem"), "-out", path.join(dir, "cert.pem")], { stdio: "ignore" });
  const hook = receiver(readFileSync(path.join(dir, "cert.pem"), "utf8"), readFileSync(path.join(dir, "key.pem"), "utf8"));
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  let next = 0;
  const fresh = () => {
    const found = members.slice(next).find((m) => !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && m.is_waiver_signed)!;
    next = members.indexOf(found) + 1;
    return found;
  };
  const byKey = (key: string, method: string, url: string, body?: unknown) =>
    fetch(`${app.baseUrl}${url}`, { method, headers: { authorization: `Bearer ${key}`, ...(body ? { "content-type": "application/json" } : {}) }, body: body ? JSON.stringify(body) : undefined });
  const board = `/api/check-in?type=notYetCheckout&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`;
  const newKey = async (name: string, permission_ids: string[]) => {
    const response = await admin.request("POST", "/api/api-key", { body: { name, permission_ids, expires_at: new Date(Date.now() + 86_400_000).toISOString() } });
    expect(response.status, await response.clone().text()).toBe(200);
    return ((await response.json()) as { data: { id: string; key: string } }).data;
  };

  beforeAll(async () => {
    await hook.start();
    app = await startInProcessApp("hooks", {
      env: { WEBHOOK_ALLOW_HOSTS: "localhost", WEBHOOK_CA_FILE: path.join(dir, "cert.pem"), WEBHOOK_RETRY_BASE_MS: "200", API_KEY_RATE_PER_MINUTE: "40" },
    });
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
  }, 120_000);
  afterAll(async () => {
    await hook.stop().catch(() => undefined);
    await app?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("checks a member in by API key without CSRF, names the key in the event's metadata, and shows the check-in on the board", async () => {
    const key = await newKey("Front desk tablet", ["CAN_CHECK_IN_OUT_MEMBERS", "CAN_VIEW_CHECK_IN_MEMBERS"]);
    expect(key.key).toMatch(/^rck_[0-9a-f]{32}_/);
    const m = fresh();
    const response = await byKey(key.key, "POST", "/api/check-in", { memberId: m.member_id, type: "in", ...day });
    expect(response.status, await response.clone().text()).toBe(200);
    const { events } = await app.app.core.store.readStream(checkInStream(m.id));
    expect(events.at(-1)!.metadata.apiKey).toEqual({ id: key.id, name: "Front desk tablet" });
    const board = await eventually(
      async () => (await (await byKey(key.key, "GET", `/api/check-in?type=notYetCheckout&start=${encodeURIComponent(day.start)}&end=${encodeURIComponent(day.end)}`)).json()) as { data: { member_id: string }[] },
      (b) => b.data.some((r) => r.member_id === m.member_id),
    );
    expect(board.data.map((r) => r.member_id)).toContain(m.member_id);
    // the key holds only what it was given: the participant list is not among them
    expect((await byKey(key.key, "GET", "/api/participant_report?page=0&size=1")).status).toBe(403);
    const listed = (await (await admin.request("GET", "/api/api-key")).json()) as { data: { id: string; last_used_at: string | null; status: string }[] };
    expect(listed.data.find((k) => k.id === key.id)).toMatchObject({ status: "active", last_used_at: expect.any(String) });
  });

  it("refuses a revoked key at once, an unknown key, and a key over its rate with 429 and Retry-After", async () => {
    const key = await newKey("Revoked soon", ["CAN_VIEW_CHECK_IN_MEMBERS"]);
    expect((await byKey(key.key, "GET", board)).status).toBe(200);
    expect((await admin.request("DELETE", `/api/api-key/${key.id}`)).status).toBe(200);
    const revoked = await byKey(key.key, "GET", board);
    expect(revoked.status).toBe(401);
    expect(await revoked.json()).toEqual({ code: "API_KEY_REVOKED", message: "This API key has been revoked." });
    const forged = key.key.slice(0, -4) + "AAAA";
    expect(await (await byKey(forged, "GET", "/api/check-in")).json()).toMatchObject({ code: "API_KEY_INVALID" });
    expect((await byKey("rck_nonsense", "POST", "/api/check-in", {})).status).toBe(401);
    const bad = await admin.request("POST", "/api/api-key", { body: { name: "x", permission_ids: ["CAN_FLY"], expires_at: new Date(Date.now() + 1000_000).toISOString() } });
    expect(await bad.json()).toEqual({ code: "VALIDATION", message: "Unknown permission: CAN_FLY" });
    const past = await admin.request("POST", "/api/api-key", { body: { name: "x", permission_ids: [], expires_at: new Date(Date.now() - 1000).toISOString() } });
    expect(await past.json()).toEqual({ code: "VALIDATION", message: "Expiry must be in the future" });

    const busy = await newKey("Busy", ["CAN_VIEW_CHECK_IN_MEMBERS"]);
    let limited: Response | null = null;
    for (let i = 0; i < 45 && !limited; i++) {
      const response = await byKey(busy.key, "GET", board);
      if (response.status === 429) limited = response;
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await limited!.json()).toMatchObject({ code: "RATE_LIMITED" });
  });

  it("shows the demo's keys and example webhook on the admins' Integrations page", async () => {
    const page = await admin.request("GET", "/integrations");
    expect(page.status).toBe(200);
    const html = await page.text();
    for (const text of ["Front desk tablet", "Spring sign-up import", "expired", "https://hooks.example.org/rollcall", "Create API key"]) expect(html).toContain(text);
    const coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    expect((await coach.request("GET", "/integrations")).status).toBe(403);
  });

  it("refuses bad endpoints: not HTTPS, a private address, an unknown event type", async () => {
    const post = (body: unknown) => admin.request("POST", "/api/webhook", { body });
    expect(await (await post({ url: "http://example.org/hook", event_types: ["check-in"] })).json()).toEqual({ code: "VALIDATION", message: "URL must be an https:// address" });
    for (const url of ["https://169.254.169.254/latest", "https://10.1.2.3/hook", "https://127.0.0.1:1/hook"]) {
      expect(await (await post({ url, event_types: ["check-in"] })).json()).toMatchObject({ code: "WEBHOOK_URL_PRIVATE" });
    }
    const unknown = await post({ url: hook.url(), event_types: ["check-in", "lunch"] });
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { message: string }).message).toMatch(/^Unknown event type: lunch/);
  });

  it("delivers a check-in signed by Standard Webhooks, and every delivery exactly once by id after the receiver was down", async () => {
    const created = await admin.request("POST", "/api/webhook", { body: { url: hook.url(), description: "test receiver", event_types: ["check-in"] } });
    expect(created.status, await created.clone().text()).toBe(200);
    const endpoint = ((await created.json()) as { data: { id: string; secret: string } }).data;
    const key = await newKey("Kiosk", ["CAN_CHECK_IN_OUT_MEMBERS"]);
    const before = hook.received.length;
    const first = fresh();
    expect((await byKey(key.key, "POST", "/api/check-in", { memberId: first.member_id, type: "in", ...day })).status).toBe(200);
    await eventually(async () => hook.received.length, (n) => n > before);
    const delivery = hook.received.at(-1)!;
    const verified = new Webhook(endpoint.secret).verify(delivery.body, delivery.headers) as { type: string; data: { memberId: string; securityCode?: string } };
    expect(verified).toMatchObject({ type: "check-in", data: { memberId: first.member_id } });
    expect(verified.data.securityCode).toBeUndefined();
    expect(() => new Webhook(endpoint.secret).verify(delivery.body.replace(first.member_id, "ZZZZ9999"), delivery.headers)).toThrow();

    await hook.stop();
    const down = [fresh(), fresh(), fresh()];
    for (const m of down) expect((await byKey(key.key, "POST", "/api/check-in", { memberId: m.member_id, type: "in", ...day })).status).toBe(200);
    // tries fail meanwhile (logged), then the receiver comes back on its port
    await eventually(
      async () => ((await (await admin.request("GET", `/api/webhook/${endpoint.id}`)).json()) as { deliveries: { attempts: number; status: string }[] }).deliveries,
      (ds) => ds.filter((d) => d.status === "pending" && d.attempts >= 2).length === 3,
    );
    await hook.start();
    const memberIds = (r: Received) => (JSON.parse(r.body) as { data: { memberId: string } }).data.memberId;
    await eventually(async () => hook.received.map(memberIds), (ids) => down.every((m) => ids.includes(m.member_id)), { timeoutMs: 20_000 });
    const ids = hook.received.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(hook.received.filter((r) => down.some((m) => m.member_id === memberIds(r)))).toHaveLength(3);

    // each success is logged once the receiver has answered
    const detail = await eventually(
      async () => (await (await admin.request("GET", `/api/webhook/${endpoint.id}`)).json()) as { deliveries: { id: string; status: string; attempts: number }[] },
      (d) => d.deliveries.length === 4 && d.deliveries.every((x) => x.status === "succeeded"),
    );
    const retried = detail.deliveries.find((d) => d.attempts > 1)!;
    const log = (await (await admin.request("GET", `/api/webhook-delivery/${retried.id}`)).json()) as { attempts: { status_code: number | null; error: string | null }[] };
    expect(log.attempts.at(-1)).toMatchObject({ status_code: 204 });
    expect(log.attempts[0]!.error).toBeTruthy();
    // an admin's redelivery sends the same id again
    expect((await admin.request("POST", `/api/webhook-delivery/${retried.id}/redeliver`)).status).toBe(200);
    await eventually(async () => hook.received.filter((r) => r.id === retried.id).length, (n) => n === 2);
    // the success before the redelivery (kept on the delivery row only) is still in the log after it (decision 126)
    const relogged = await eventually(
      async () => ((await (await admin.request("GET", `/api/webhook-delivery/${retried.id}`)).json()) as { attempts: { attempt: number; status_code: number | null }[] }).attempts,
      (tries) => tries.filter((t) => t.status_code === 204).length === 2,
    );
    expect(relogged.map((t) => t.attempt)).toEqual(log.attempts.map((_, i) => i + 1).concat(log.attempts.length + 1));
  }, 60_000);

  it("sends credentials written in an endpoint's URL as Basic auth, and signs each delivery with its own endpoint's secret", async () => {
    const sender = createSender({ allow: parseAllowList("localhost"), ca: readFileSync(path.join(dir, "cert.pem"), "utf8") });
    const secrets = ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw", "whsec_C2FVsBQIhrscChlQIMV+b5sSYspob7oD"];
    try {
      const before = hook.received.length;
      const withUser = hook.url().replace("https://", "https://bench%20user:p%40ss@");
      const sent = [
        await sender.send({ url: withUser, secret: secrets[0]!, id: "msg_auth_1", payload: '{"n":1}', at: new Date() }),
        await sender.send({ url: hook.url(), secret: secrets[1]!, id: "msg_auth_2", payload: '{"n":2}', at: new Date() }),
      ];
      expect(sent.map((o) => o.ok)).toEqual([true, true]);
      const [first, second] = hook.received.slice(before);
      expect(first!.headers.authorization).toBe(`Basic ${Buffer.from("bench user:p@ss").toString("base64")}`);
      expect(second!.headers.authorization).toBeUndefined();
      // the signer kept for each secret signs with that secret, not the first one made
      expect(() => new Webhook(secrets[0]!).verify(first!.body, first!.headers)).not.toThrow();
      expect(() => new Webhook(secrets[1]!).verify(second!.body, second!.headers)).not.toThrow();
      expect(() => new Webhook(secrets[0]!).verify(second!.body, second!.headers)).toThrow();
    } finally {
      sender.close();
    }
  });

  it("sends an endpoint's deliveries in batches, each member's check-ins and check-outs in the order they happened", async () => {
    const created = await admin.request("POST", "/api/webhook", { body: { url: hook.url(), description: "order", event_types: ["check-in", "check-out"] } });
    expect(created.status, await created.clone().text()).toBe(200);
    const endpoint = ((await created.json()) as { data: { id: string } }).data;
    const key = await newKey("Order", ["CAN_CHECK_IN_OUT_MEMBERS"]);
    // members who leave on their own (no adult to name at check-out) and are not in now
    const inNow = new Set(((await (await admin.request("GET", board)).json()) as { data: { member_id: string }[] }).data.map((r) => r.member_id));
    const lanes = members
      .filter((m) => m.pick_up_permission === "Child may travel to and from the facility independently" && m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id) && !inNow.has(m.member_id))
      .slice(-3);
    expect(lanes).toHaveLength(3);
    // three members side by side, each in and out three times
    await Promise.all(
      lanes.map(async (m) => {
        for (let round = 0; round < 3; round++)
          for (const type of ["in", "out"] as const) {
            const response = await byKey(key.key, "POST", "/api/check-in", { memberId: m.member_id, type, ...day });
            expect(response.status, await response.text()).toBe(200);
          }
      }),
    );
    type Delivery = { id: string; status: string; attempts: number };
    const detail = await eventually(
      async () => ((await (await admin.request("GET", `/api/webhook/${endpoint.id}`)).json()) as { deliveries: Delivery[] }).deliveries,
      (ds) => ds.length === 18 && ds.every((d) => d.status === "succeeded"),
      { timeoutMs: 20_000 },
    );
    // each delivered once, at the first try
    expect(detail.every((d) => d.attempts === 1)).toBe(true);
    const mine = new Set(detail.map((d) => d.id));
    const arrived = hook.received.filter((r) => mine.has(r.id)).map((r) => JSON.parse(r.body) as { type: string; data: { memberId: string } });
    expect(arrived).toHaveLength(18);
    for (const m of lanes) expect(arrived.filter((a) => a.data.memberId === m.member_id).map((a) => a.type)).toEqual(["check-in", "check-out", "check-in", "check-out", "check-in", "check-out"]);
    // each first try went out in a batch of its endpoint (one job per batch)
    const pool = createPool(app.databaseUrl, { max: 1 });
    try {
      const db = createDb(pool);
      const { rows } = await sql<{ batched: string }>`select count(*) as batched from webhook_deliveries where endpoint_id = ${endpoint.id} and batch_id like ${`whb_${endpoint.id}_%`}`.execute(db);
      expect(Number(rows[0]!.batched)).toBe(18);
      // a batch is one row until its first try, gone after it; a success's try is the delivery row itself (decision 126)
      expect((await sql`select 1 from webhook_batches where endpoint_id = ${endpoint.id}`.execute(db)).rows).toHaveLength(0);
      expect((await sql`select 1 from webhook_attempts where delivery_id in (select id from webhook_deliveries where endpoint_id = ${endpoint.id})`.execute(db)).rows).toHaveLength(0);
      const one = (await (await admin.request("GET", `/api/webhook-delivery/${detail[0]!.id}`)).json()) as { attempts: { attempt: number; status_code: number | null; error: string | null; at: string }[] };
      expect(one.attempts).toHaveLength(1);
      expect(one.attempts[0]).toMatchObject({ attempt: 1, status_code: 204, error: null });

      // a batch waiting for its first try: its deliveries are listed, each can be opened, a redelivery is a no-op
      const waiting = { id: "msg_waiting_1", event_id: "e-waiting", event_type: "check-in", stream_id: "s-waiting", position: 999_999_999, payload: '{"type":"check-in"}' };
      await sql`insert into webhook_batches (id, endpoint_id, organization_id, first_position, size, deliveries)
        select ${`whb_${endpoint.id}_999999999`}, endpoint_id, organization_id, 999999999, 1, ${JSON.stringify([waiting])} from webhook_subscriptions where endpoint_id = ${endpoint.id}`.execute(db);
      const listed = ((await (await admin.request("GET", `/api/webhook/${endpoint.id}`)).json()) as { deliveries: Delivery[] }).deliveries;
      expect(listed[0]).toMatchObject({ id: waiting.id, status: "pending", attempts: 0 });
      expect(listed).toHaveLength(19);
      const opened = await admin.request("GET", `/api/webhook-delivery/${waiting.id}`);
      expect(opened.status).toBe(200);
      expect(await opened.json()).toMatchObject({ id: waiting.id, status: "pending", attempts: [], payload: waiting.payload });
      expect((await admin.request("POST", `/api/webhook-delivery/${waiting.id}/redeliver`)).status).toBe(200);
      await sql`delete from webhook_batches where endpoint_id = ${endpoint.id}`.execute(db);
    } finally {
      await pool.end();
    }
  }, 60_000);

  it("forgets finished deliveries and their tries after 30 days, never a pending one", async () => {
    const pool = createPool(app.databaseUrl, { max: 1 });
    const db = createDb(pool);
    try {
      const old = new Date(Date.now() - (DELIVERY_KEPT_DAYS + 1) * 86_400_000).toISOString();
      const row = (id: string, status: string, createdAt: string) => sql`
        insert into webhook_deliveries (id, endpoint_id, organization_id, event_id, event_type, stream_id, position, payload, status, attempts, created_at)
        values (${id}, 'gone-endpoint', 'org', ${id}, 'check-in', 's', 1, '{}', ${status}, 1, ${createdAt}::timestamptz)`.execute(db);
      await row("msg_old_done", "succeeded", old);
      await row("msg_old_failed", "failed", old);
      await row("msg_old_pending", "pending", old);
      await row("msg_new_done", "succeeded", new Date().toISOString());
      await sql`insert into webhook_attempts (delivery_id, attempt, at, status_code, duration_ms) values ('msg_old_done', 1, now(), 204, 1)`.execute(db);
      expect(await forgetFinishedDeliveries(db, new Date(Date.now() - DELIVERY_KEPT_DAYS * 86_400_000))).toBe(2);
      const { rows } = await sql<{ id: string }>`select id from webhook_deliveries where endpoint_id = 'gone-endpoint' order by id`.execute(db);
      expect(rows.map((r) => r.id)).toEqual(["msg_new_done", "msg_old_pending"]);
      expect((await sql`select 1 from webhook_attempts where delivery_id = 'msg_old_done'`.execute(db)).rows).toHaveLength(0);
      await sql`delete from webhook_deliveries where endpoint_id = 'gone-endpoint'`.execute(db);
    } finally {
      await pool.end();
    }
  });
});
