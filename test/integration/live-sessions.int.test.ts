import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { tokenHash } from "../../modules/identity";
import { parseEnv } from "../../modules/kernel";
import { startRollcall } from "../../runtime/start";
import { CHECK_IN_CHANGED } from "../../projections/check-in";
import { DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { freePort } from "../e2e/harness";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const [, northside] = demoOrganizations;
type Member = { id: string; member_id: string; is_waiver_signed: boolean };
type Watcher = { socket: Socket; rows: { member_id?: string }[]; disconnected: Promise<string> };

/** A signed-in socket following the organization's check-in topic, recording every check-in:changed row. */
async function watch(baseUrl: string, token: string): Promise<Watcher> {
  const socket = connect(baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` } });
  const rows: { member_id?: string }[] = [];
  socket.on(CHECK_IN_CHANGED, (row: { member_id?: string }) => rows.push(row));
  const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  expect(await socket.timeout(5000).emitWithAck("subscribe", { organizationId: northside.id, topic: "check-in" })).toMatchObject({ ok: true });
  return { socket, rows, disconnected };
}

const asStrings = (env: object) => Object.fromEntries(Object.entries(env).map(([k, v]) => [k, v === undefined ? undefined : String(v)]));

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

async function waitUntil(check: () => boolean, what: string, ms = 10_000) {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

describe("a live socket ends with its session, in every web process", () => {
  // web 1 runs everything and checks sockets only every minute (the default): what it does sooner came through Redis.
  // web 2 is a second web process on the same database and Redis, checking its sockets every 300 ms.
  let app: InProcessApp;
  let web2: Awaited<ReturnType<typeof startRollcall>>;
  let web2Url: string;
  let coach: HttpClient;
  let members: Member[];
  const sockets: Socket[] = [];
  const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
  let next = 0;
  const checkIn = async () => {
    const m = members[next++]!;
    const response = await coach.request("POST", "/api/check-in", { body: { ...day, memberId: m.member_id, type: "in" } });
    expect(response.status).toBe(200);
    return m.member_id;
  };
  const signedIn = async (baseUrl: string, username: string) => {
    const client = new HttpClient(baseUrl);
    await client.signIn(username);
    return client;
  };
  const watching = async (baseUrl: string, client: HttpClient) => {
    const watcher = await watch(baseUrl, client.cookie(SESSION_COOKIE)!);
    sockets.push(watcher.socket);
    return watcher;
  };

  beforeAll(async () => {
    app = await startInProcessApp("livesessions");
    await clearSignInLimits((await testServices()).redisUrl);
    const port = await freePort();
    web2 = await startRollcall(
      parseEnv({ ...asStrings(app.app.core.env), ROLE: "web", PORT: String(port), SEED_DEMO: "0", LIVE_RECHECK_MS: "300" }),
    );
    web2Url = `http://127.0.0.1:${port}`;
    coach = await signedIn(app.baseUrl, "coach@northside.demo");
    const report = (await (await coach.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] };
    members = report.data.filter((m) => m.is_waiver_signed && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id));
    expect(members.length).toBeGreaterThan(10);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await web2?.stop();
    await app?.stop();
  });

  it("logout (on the other web process) disconnects the session's socket at once; it hears no further check-in", async () => {
    const admin = await signedIn(app.baseUrl, "admin@northside.demo");
    const watcher = await watching(app.baseUrl, admin);
    const other = await watching(app.baseUrl, await signedIn(app.baseUrl, "admin@northside.demo"));
    const before = await checkIn();
    await waitUntil(() => watcher.rows.some((r) => r.member_id === before), "the check-in before logout");

    // the same session, used on web 2: the logout arrives there
    const onWeb2 = new HttpClient(web2Url);
    onWeb2.setCookie(SESSION_COOKIE, admin.cookie(SESSION_COOKIE)!);
    expect((await onWeb2.request("POST", "/api/auth/logout")).status).toBe(200);
    expect(await within(watcher.disconnected, 3000, "the socket's disconnect after logout")).toBe("io server disconnect");

    const after = await checkIn();
    await waitUntil(() => other.rows.some((r) => r.member_id === after), "the other session's check-in");
    expect(watcher.rows.some((r) => r.member_id === after)).toBe(false);
    // the other session of the same person is not signed out
    expect(other.socket.connected).toBe(true);
    // and the ended session cannot open a new socket
    await expect(watch(app.baseUrl, admin.cookie(SESSION_COOKIE)!)).rejects.toThrow(/unauthorized/);
  }, 60_000);

  it("a password reset disconnects every socket of the user, on both web processes", async () => {
    const username = "organization@northside.demo";
    const onWeb1 = await watching(app.baseUrl, await signedIn(app.baseUrl, username));
    const onWeb2 = await watching(web2Url, await signedIn(web2Url, username));
    const bystander = await watching(app.baseUrl, await signedIn(app.baseUrl, "admin@northside.demo"));

    const visitor = new HttpClient(web2Url);
    const ask = new FormData();
    ask.set("login", username);
    expect((await visitor.request("POST", "/forgot-password", { body: ask })).status).toBe(200);
    const { rows } = await app.app.core.pool.query<{ body: string }>("select body from mail_outbox where to_address = $1 order by id desc limit 1", [username]);
    const link = new URL(/\/reset-password\?\S+/.exec(rows[0]!.body)![0], web2Url);
    const reset = new FormData();
    reset.set("token", link.searchParams.get("token")!);
    reset.set("user", link.searchParams.get("user")!);
    reset.set("password", "a-brand-new-password");
    reset.set("confirmPassword", "a-brand-new-password");
    const started = Date.now();
    const answer = await visitor.request("POST", "/reset-password", { body: reset });
    expect([302, 303]).toContain(answer.status);

    expect(await within(onWeb1.disconnected, 3000, "web 1's socket after the reset")).toBe("io server disconnect");
    expect(await within(onWeb2.disconnected, 3000, "web 2's socket after the reset")).toBe("io server disconnect");
    expect(Date.now() - started).toBeLessThan(3000);
    const after = await checkIn();
    await waitUntil(() => bystander.rows.some((r) => r.member_id === after), "the bystander's check-in");
    expect(onWeb1.rows.some((r) => r.member_id === after) || onWeb2.rows.some((r) => r.member_id === after)).toBe(false);
    expect(bystander.socket.connected).toBe(true);
  }, 60_000);

  it("drops a socket whose session was ended directly in the database, at the next periodic check", async () => {
    const client = await signedIn(web2Url, "coach@northside.demo");
    const watcher = await watching(web2Url, client);
    await app.app.core.pool.query("update sessions set revoked_at = now() where id_hash = $1", [tokenHash(client.cookie(SESSION_COOKIE)!)]);
    expect(await within(watcher.disconnected, 3000, "the periodic check")).toBe("io server disconnect");
    const after = await checkIn();
    await new Promise((r) => setTimeout(r, 500));
    expect(watcher.rows.some((r) => r.member_id === after)).toBe(false);
  }, 30_000);
});
