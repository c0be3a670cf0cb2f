import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { io as connect, type Socket } from "socket.io-client";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { receivesNewsletters } from "../../modules/mail";
import { notificationPreferencesOf } from "../../projections/identity";
import type { ReadModels } from "../../projections/read-models";
import { DEMO_PASSWORD, demoOrganizations } from "../factories/demo-seed";
import { Redis } from "ioredis";
import { HttpClient } from "../support/http-client";
import { fetchFrom } from "../support/http-from";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

const [, northside] = demoOrganizations;
/** This file's clients come from an address of their own: its sign-in counters are its own to clear (others clear theirs). */
const ADDRESS = "127.0.0.61";

async function clearMyLimits(redisUrl: string) {
  const redis = new Redis(redisUrl);
  const keys = [`rollcall:ratelimit:signin:ip:{${ADDRESS}}`, ...(await redis.keys(`rollcall:ratelimit:signin:pair:{${ADDRESS}}:*`))];
  await redis.del(...keys);
  redis.disconnect();
}
type Me = { data: { first_name: string; last_name: string; email: string; phone_number: string; notifications: { newsletters: boolean; program_updates: boolean } } };

/** A signed-in socket following the organization's "activity" topic (any member may). */
async function liveSocket(baseUrl: string, token: string): Promise<{ socket: Socket; disconnected: Promise<string> }> {
  const socket = connect(baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` } });
  const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  expect(await socket.timeout(5000).emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: true });
  return { socket, disconnected };
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);

describe("my profile: own details, e-mail choices and password (decision 060)", () => {
  let app: InProcessApp;
  let redisUrl: string;
  const sockets: Socket[] = [];
  const signedIn = async (username: string, password = DEMO_PASSWORD) => {
    const client = new HttpClient(app.baseUrl, fetchFrom(ADDRESS));
    await client.signIn(username, password);
    return client;
  };
  /** GET /api/user/me until `ok` holds (the identity read model follows the command within moments). */
  const meWhen = async (client: HttpClient, ok: (me: Me["data"]) => boolean): Promise<Me["data"]> => {
    const until = Date.now() + 15_000; // a loaded CI run once took over 5 s to project the change
    for (;;) {
      const response = await client.request("GET", "/api/user/me");
      expect(response.status).toBe(200);
      const me = ((await response.json()) as Me).data;
      if (ok(me) || Date.now() > until) return me;
      await new Promise((r) => setTimeout(r, 50));
    }
  };

  beforeAll(async () => {
    app = await startInProcessApp("myprofile");
    redisUrl = (await testServices()).redisUrl;
    await clearMyLimits(redisUrl);
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.stop();
  });

  it("shows and edits one's own name and contact details; the new e-mail signs in", async () => {
    const coach = await signedIn("coach@northside.demo");
    const before = await meWhen(coach, () => true);
    expect(before).toMatchObject({ email: "coach@northside.demo", phone_number: "", notifications: { newsletters: true, program_updates: true } });

    const response = await coach.request("PUT", "/api/user/me", {
      body: { first_name: " Carlota ", last_name: "Mendes", email: "Carla.Mendes@Northside.demo", phone_number: "+1 (416) 555-0142" },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "Profile successfully updated" });
    const after = await meWhen(coach, (me) => me.last_name === "Mendes" && me.email.startsWith("carla"));
    expect(after).toMatchObject({ first_name: "Carlota", last_name: "Mendes", email: "carla.mendes@northside.demo", phone_number: "+1 (416) 555-0142" });

    // the session shows the new name, and the new address is a sign-in name
    const session = (await (await coach.request("GET", "/api/auth/session")).json()) as { user: { first_name: string } };
    expect(session.user.first_name).toBe("Carlota");
    await signedIn("carla.mendes@northside.demo");

    // sending the same details again records nothing new and still succeeds
    const again = await coach.request("PUT", "/api/user/me", { body: { first_name: "Carlota", last_name: "Mendes", email: "carla.mendes@northside.demo", phone_number: "+1 (416) 555-0142" } });
    expect(again.status).toBe(200);
  });

  it("refuses an e-mail already in use, by another account's e-mail or username, on the e-mail field", async () => {
    const parent = await signedIn("parent@northside.demo");
    for (const email of ["admin@northside.demo", "ADMIN@northside.demo"]) {
      const response = await parent.request("PUT", "/api/user/me", { body: { first_name: "Pat", last_name: "Parent", email } });
      expect(response.status).toBe(409);
      expect(await response.json()).toEqual({ code: "EMAIL_IN_USE", message: "This e-mail is already in use" });
    }
    // the page's form: the same refusal, as a field error under E-mail
    const form = new FormData();
    for (const [k, v] of Object.entries({ intent: "profile", first_name: "Pat", last_name: "Parent", email: "coach@northside.demo" })) form.set(k, v);
    const page = await parent.request("POST", "/my-profile?_data=routes%2Fmy-profile", { body: form });
    expect(page.status).toBe(409);
    const answer = (await page.json()) as { intent: string; result: { error: Record<string, string[]> } };
    expect(answer.intent).toBe("profile");
    expect(answer.result.error.email).toEqual(["This e-mail is already in use"]);
    // bad input: a readable 400 naming the field
    const bad = await parent.request("PUT", "/api/user/me", { body: { first_name: "", last_name: "Parent", email: "not-an-address" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION", message: "First name is required" });
    const badMail = await parent.request("PUT", "/api/user/me", { body: { first_name: "Pat", last_name: "Parent", email: "not-an-address" } });
    expect(await badMail.json()).toMatchObject({ code: "VALIDATION", message: "E-mail must be a valid e-mail address" });
  });

  it("stores the notification preferences where the mail context reads them", async () => {
    const db = app.app.core.db as Kysely<ReadModels>;
    const participant = await signedIn("participant@northside.demo");
    const response = await participant.request("PUT", "/api/user/me/notifications", { body: { newsletters: false, program_updates: true } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ message: "Notification preferences successfully updated", data: { newsletters: false, program_updates: true } });
    await meWhen(participant, (me) => !me.notifications.newsletters);
    expect(await notificationPreferencesOf(db, "Participant@Northside.demo")).toEqual({ newsletters: false, programUpdates: true });
    expect(await notificationPreferencesOf(db, "nobody@nowhere.demo")).toEqual({ newsletters: true, programUpdates: true });
    // the demo seed's: the parent has newsletters off, the admin a phone number on file
    expect(await notificationPreferencesOf(db, "parent@northside.demo")).toEqual({ newsletters: false, programUpdates: true });
    expect((await meWhen(await signedIn("admin@northside.demo"), () => true)).phone_number).toBe("+1 416 555 0100");
    // the mail context skips newsletters to them (decision 059): the profile's choice, and the seed's parent
    expect(await receivesNewsletters({ db }, northside.id, "participant@northside.demo")).toBe(false);
    expect(await receivesNewsletters({ db }, northside.id, "parent@northside.demo")).toBe(false);
    expect(await receivesNewsletters({ db }, northside.id, "admin@northside.demo")).toBe(true);
    const again = await participant.request("PUT", "/api/user/me/notifications", { body: { newsletters: true, program_updates: true } });
    expect(again.status).toBe(200);
    await meWhen(participant, (me) => me.notifications.newsletters);
    expect(await receivesNewsletters({ db }, northside.id, "participant@northside.demo")).toBe(true);
    const bad = await participant.request("PUT", "/api/user/me/notifications", { body: { newsletters: "no" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ code: "VALIDATION", message: "newsletters must be true or false" });
  });

  it("changes the password: a wrong current one is refused; then every other session and its socket end, this one stays", async () => {
    await clearMyLimits(redisUrl);
    const username = "organization@northside.demo";
    const here = await signedIn(username);
    const elsewhere = await signedIn(username);
    const elsewhereLive = await liveSocket(app.baseUrl, elsewhere.cookie(SESSION_COOKIE)!);
    const hereLive = await liveSocket(app.baseUrl, here.cookie(SESSION_COOKIE)!);
    sockets.push(elsewhereLive.socket, hereLive.socket);

    const wrong = await here.request("PUT", "/api/user/me/password", {
      body: { current_password: "not-my-password", new_password: "a-new-secret-1", confirm_password: "a-new-secret-1" },
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual({ code: "WRONG_CURRENT_PASSWORD", message: "The current password is incorrect" });
    const mismatch = await here.request("PUT", "/api/user/me/password", {
      body: { current_password: DEMO_PASSWORD, new_password: "a-new-secret-1", confirm_password: "a-new-secret-2" },
    });
    expect(await mismatch.json()).toMatchObject({ code: "VALIDATION", message: "The passwords do not match" });
    expect((await elsewhere.request("GET", "/api/user-session")).status).toBe(200);

    const changed = await here.request("PUT", "/api/user/me/password", {
      body: { current_password: DEMO_PASSWORD, new_password: "a-new-secret-1", confirm_password: "a-new-secret-1" },
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toMatchObject({ message: "Password successfully changed", data: { other_sessions_ended: 1 } });

    // the other session's cookie stops working and its socket is closed; this session and its socket stay
    expect((await elsewhere.request("GET", "/api/user-session")).status).toBe(401);
    expect(await within(elsewhereLive.disconnected, 3000, "the other session's socket closing")).toBe("io server disconnect");
    expect((await here.request("GET", "/api/user-session")).status).toBe(200);
    expect(hereLive.socket.connected).toBe(true);

    // the new password signs in, the old one no longer does
    await clearMyLimits(redisUrl);
    await signedIn(username, "a-new-secret-1");
    const old = await new HttpClient(app.baseUrl, fetchFrom(ADDRESS)).request("POST", "/api/auth/login", { body: { username, password: DEMO_PASSWORD } });
    expect(old.status).toBe(400);
  }, 60_000);

  it("counts wrong current passwords with the sign-in limits", async () => {
    await clearMyLimits(redisUrl);
    const admin = await signedIn("admin@northside.demo");
    const statuses: number[] = [];
    for (let i = 0; i < 15; i++) {
      const response = await admin.request("PUT", "/api/user/me/password", { body: { current_password: `wrong-${i}`, new_password: "another-pass-1", confirm_password: "another-pass-1" } });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get("retry-after")).toBeTruthy();
        expect(await response.json()).toMatchObject({ code: "TOO_MANY_ATTEMPTS" });
        break;
      }
    }
    expect(statuses).toContain(429);
    await clearMyLimits(redisUrl);
  }, 60_000);

  it("is not for a kiosk", async () => {
    await clearMyLimits(redisUrl);
    const kiosk = await signedIn("kiosk@northside.demo");
    expect((await kiosk.request("GET", "/api/user/me")).status).toBe(403);
    expect((await kiosk.request("PUT", "/api/user/me/notifications", { body: { newsletters: false, program_updates: false } })).status).toBe(403);
  });
});
