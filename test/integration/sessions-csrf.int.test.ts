import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { checkCsrf, SessionStore, tokenHash, type SessionTables } from "../../modules/identity";
import { API_TABLE } from "../../runtime/api-table";
import { sessionAuthRow } from "../../projections/identity";
import type { ReadModels } from "../../projections/read-models";
import { newId } from "../../modules/kernel";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const concrete = (pattern: string) => pattern.replace(/:[a-zA-Z]+\??/g, newId());

describe("sessions, sign-in limits and CSRF over HTTP", () => {
  let app: InProcessApp;
  let redisUrl: string;
  beforeAll(async () => {
    app = await startInProcessApp("sessions");
    redisUrl = (await testServices()).redisUrl;
    await clearSignInLimits(redisUrl);
  }, 120_000);
  afterAll(() => app?.stop());

  const head = async () => app.app.core.store.headPosition();

  it("gives a new session id at every sign-in, and refuses the old one", async () => {
    const client = new HttpClient(app.baseUrl);
    await client.signIn("admin@northside.demo");
    const first = client.cookie(SESSION_COOKIE)!;
    await client.signIn("admin@northside.demo");
    const second = client.cookie(SESSION_COOKIE)!;
    expect(second).toBeTruthy();
    expect(second).not.toBe(first);
    expect((await client.request("GET", "/api/user-session")).status).toBe(200);
    const stale = new HttpClient(app.baseUrl);
    const response = await stale.request("GET", "/api/user-session", { headers: { cookie: `${SESSION_COOKIE}=${first}` } });
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("looks up the sessions of requests arriving together in one statement, each judged on its own", async () => {
    const db = app.app.core.db as Kysely<ReadModels>;
    const users = await db.selectFrom("rm_users").select(["id", "username", "organization_id"]).where("username", "in", ["admin@northside.demo", "coach@northside.demo", "kiosk@northside.demo"]).execute();
    const now = new Date();
    const shortLived = new SessionStore(db as unknown as Kysely<SessionTables>, 60_000);
    const made = await Promise.all(users.map((u) => shortLived.create(u.id, u.organization_id!, now)));
    await shortLived.revoke(made[2]!.token, now);
    const later = new Date(now.getTime() + 120_000); // after the short sessions expired
    const rows = await Promise.all([
      sessionAuthRow(db, tokenHash(made[0]!.token), now),
      sessionAuthRow(db, tokenHash(made[1]!.token), now),
      sessionAuthRow(db, tokenHash(made[2]!.token), now),
      sessionAuthRow(db, tokenHash(made[0]!.token), later),
      sessionAuthRow(db, tokenHash("no-such-session"), now),
    ]);
    expect(rows.map((r) => r?.username)).toEqual([users[0]!.username, users[1]!.username, undefined, undefined, undefined]);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax", async () => {
    const client = new HttpClient(app.baseUrl);
    const response = await client.signIn("coach@northside.demo");
    const cookie = response.headers.getSetCookie().find((c) => c.startsWith(`${SESSION_COOKIE}=`))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
  });

  it("refuses a session id after logout", async () => {
    const client = new HttpClient(app.baseUrl);
    await client.signIn("parent@northside.demo");
    const token = client.cookie(SESSION_COOKIE)!;
    expect((await client.request("POST", "/api/auth/logout")).status).toBe(200);
    const replay = new HttpClient(app.baseUrl);
    const response = await replay.request("GET", "/api/user-session", { headers: { cookie: `${SESSION_COOKIE}=${token}` } });
    expect(response.status).toBe(401);
  });

  it("answers a wrong password with a readable 400 and no session", async () => {
    const client = new HttpClient(app.baseUrl);
    const response = await client.request("POST", "/api/auth/login", { body: { username: "admin@northside.demo", password: "wrong" } });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ code: "INVALID_CREDENTIALS", message: "Incorrect username or password." });
    expect(client.cookie(SESSION_COOKIE)).toBeUndefined();
    const empty = await client.request("POST", "/api/auth/login", { body: { username: "" } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ code: "VALIDATION", message: "Username is required" });
  });

  it("checks five wrong passwords for an account from one address, then makes the next ones wait (429, Retry-After)", async () => {
    await clearSignInLimits(redisUrl);
    const client = new HttpClient(app.baseUrl);
    const answers: { status: number; retryAfter: string | null }[] = [];
    for (let i = 0; i < 8; i++) {
      const response = await client.request("POST", "/api/auth/login", { body: { username: "granter@northside.demo", password: "wrong" } });
      answers.push({ status: response.status, retryAfter: response.headers.get("retry-after") });
    }
    expect(answers.slice(0, 5).map((a) => a.status)).toEqual([400, 400, 400, 400, 400]);
    const waits = answers.slice(5).filter((a) => a.status === 429);
    expect(waits.length).toBeGreaterThan(0);
    expect(Number(waits[0]!.retryAfter)).toBeGreaterThanOrEqual(1);
    await clearSignInLimits(redisUrl);
  });

  it("refuses every non-GET /api call without the CSRF token, or with a wrong one, and appends nothing", async () => {
    await clearSignInLimits(redisUrl);
    const client = new HttpClient(app.baseUrl);
    await client.signIn("superadmin@northside.demo");
    const before = await head();
    // the calls exempt by design, each authorised by a signature instead: a PUT to a signed upload link (decision 019)
    // and Twilio's status callback, signed with the account's token (decision 108)
    const exempt = (r: (typeof API_TABLE.rows)[number]) => checkCsrf({ method: r.method, path: concrete(r.path), headers: {}, cookieToken: undefined, host: "x" }).ok;
    expect(API_TABLE.rows.filter((r) => r.method !== "GET" && exempt(r)).map((r) => `${r.method} ${r.path}`).sort()).toEqual(["POST /api/sms/status", "PUT /api/asset/put/:token"]);
    const mutations = API_TABLE.rows.filter((r) => r.method !== "GET" && !exempt(r));
    expect(mutations.length).toBeGreaterThan(3);
    for (const route of mutations) {
      const body = { name: "Sneaky", icon: "Admin", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"], username: "admin@northside.demo", password: "rollcall-demo" };
      const attempts: Record<string, string>[] = [{}, { "x-csrf-token": "forged" }, { "x-xsrf-token": "" }];
      for (const headers of attempts) {
        const response = await client.request(route.method, concrete(route.path), { body, csrf: false, headers });
        expect(response.status, `${route.method} ${route.path}`).toBe(403);
        expect(await response.json()).toMatchObject({ code: "EBADCSRFTOKEN" });
      }
    }
    expect(await head()).toBe(before);
    // and with the token, the same client can change things
    const ok = await client.request("POST", "/api/role", { body: { name: "Helpers", icon: "Volunteers", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] } });
    expect(ok.status).toBe(200);
    expect(await head()).toBeGreaterThan(before);
  });

  it("accepts the token in any of the four headers", async () => {
    const client = new HttpClient(app.baseUrl);
    const csrf = await client.fetchCsrf();
    for (const header of ["x-csrf-token", "csrf-token", "xsrf-token", "x-xsrf-token"]) {
      const response = await client.request("POST", "/api/auth/logout", { csrf: false, headers: { [header]: csrf } });
      expect(response.status, header).toBe(200);
    }
  });
});
