import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { newId, type NewEvent } from "../../modules/kernel";
import { demoOrganizations } from "../factories/demo-seed";
import { testMetadata } from "../support/events";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { findUserById } from "../../projections/identity";
import { exportTopicFor } from "../../projections/exports";
import type { ReadModels } from "../../projections/read-models";
import type { Kysely } from "kysely";

const [maple, northside] = demoOrganizations;
type Projected = { count: number; position: number };

async function socketFor(baseUrl: string, sessionToken: string | undefined): Promise<Socket> {
  const socket = connect(baseUrl, {
    transports: ["websocket"],
    forceNew: true,
    reconnection: false,
    extraHeaders: sessionToken ? { cookie: `${SESSION_COOKIE}=${sessionToken}` } : {},
  });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
}

describe("the live channel's handshake uses the session", () => {
  let app: InProcessApp;
  const sockets: Socket[] = [];
  const tokens: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  beforeAll(async () => {
    app = await startInProcessApp("live");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const [key, username] of [["north", "admin@northside.demo"], ["maple", "admin@maple.demo"]] as const) {
      const client = new HttpClient(app.baseUrl);
      const payload = (await (await client.signIn(username)).json()) as { user: { id: string } };
      tokens[key] = client.cookie(SESSION_COOKIE)!;
      userIds[key] = payload.user.id;
    }
  }, 120_000);
  afterAll(async () => {
    for (const socket of sockets) socket.disconnect();
    await app?.stop();
  });

  it("refuses a socket without a session", async () => {
    await expect(socketFor(app.baseUrl, undefined)).rejects.toThrow(/unauthorized/);
    await expect(socketFor(app.baseUrl, "not-a-session")).rejects.toThrow(/unauthorized/);
  });

  it("lets a socket follow only its own organization", async () => {
    const socket = await socketFor(app.baseUrl, tokens.maple);
    sockets.push(socket);
    expect(await socket.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await socket.emitWithAck("subscribe", { organizationId: maple.id, topic: "activity" })).toMatchObject({ ok: true });
  });

  it("refuses a topic without a rule (BAD_SUBSCRIPTION), and allows every topic the browser follows", async () => {
    const socket = await socketFor(app.baseUrl, tokens.maple);
    sockets.push(socket);
    // published by projections, but no rule says who may follow them: refused, even within the organization
    for (const topic of ["participants", "organization", "no-such-topic"]) {
      expect(await socket.emitWithAck("subscribe", { organizationId: maple.id, topic })).toEqual({ ok: false, code: "BAD_SUBSCRIPTION", message: `There is no live topic "${topic}".` });
    }
    // what app/components subscribe to: the board, the screening card, the Downloads page, the notes tab
    const user = await findUserById(app.app.core.db as Kysely<ReadModels>, userIds.maple!);
    const compact = (id: string) => id.toLowerCase().replace(/-/g, "");
    const used = ["check-in", "screening", exportTopicFor(userIds.maple!), "notes", "notes-admin", `notes-g-${compact(user!.user_group_id!)}`, `notes-u-${compact(userIds.maple!)}`];
    for (const topic of used) {
      expect({ topic, ack: await socket.emitWithAck("subscribe", { organizationId: maple.id, topic }) }).toMatchObject({ topic, ack: { ok: true } });
    }
    // someone else's export topic stays refused
    expect(await socket.emitWithAck("subscribe", { organizationId: maple.id, topic: exportTopicFor(userIds.north!) })).toMatchObject({ ok: false, code: "FORBIDDEN" });
  });

  it("follows a superadmin's session into the organization they enter, and back (decision 069)", async () => {
    const client = new HttpClient(app.baseUrl);
    await clearSignInLimits((await testServices()).redisUrl);
    await client.signIn("superadmin@northside.demo");
    const token = client.cookie(SESSION_COOKIE)!;
    const before = await socketFor(app.baseUrl, token);
    sockets.push(before);
    expect(await before.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: true });
    const dropped = new Promise<void>((resolve) => before.once("disconnect", () => resolve()));
    expect((await client.request("POST", `/api/organization/${maple.id}/enter`)).status).toBe(200);
    // the socket in Northside's rooms is closed at once; a new one follows Maple only
    await dropped;
    const inside = await socketFor(app.baseUrl, token);
    sockets.push(inside);
    expect(await inside.emitWithAck("subscribe", { organizationId: maple.id, topic: "check-in" })).toMatchObject({ ok: true });
    expect(await inside.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    const droppedAgain = new Promise<void>((resolve) => inside.once("disconnect", () => resolve()));
    expect((await client.request("POST", "/api/organization/leave")).status).toBe(200);
    await droppedAgain;
    const home = await socketFor(app.baseUrl, token);
    sockets.push(home);
    expect(await home.emitWithAck("subscribe", { organizationId: maple.id, topic: "activity" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await home.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: true });
  });

  it("never delivers organization B's events to a socket of organization A (1,000 events)", async () => {
    const north = await socketFor(app.baseUrl, tokens.north);
    const mapleSocket = await socketFor(app.baseUrl, tokens.maple);
    sockets.push(north, mapleSocket);
    const got = { north: 0, maple: 0 };
    north.on("events-projected", (p: Projected) => (got.north += p.count));
    mapleSocket.on("events-projected", (p: Projected) => (got.maple += p.count));
    expect(await north.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: true });
    expect(await mapleSocket.emitWithAck("subscribe", { organizationId: maple.id, topic: "activity" })).toMatchObject({ ok: true });
    // a socket that asks for the other organization's room is refused and so hears nothing more
    expect(await mapleSocket.emitWithAck("subscribe", { organizationId: northside.id, topic: "activity" })).toMatchObject({ ok: false });
    await new Promise((r) => setTimeout(r, 200)); // the adapters have joined the rooms

    const store = app.app.core.store;
    const event = (organizationId: string): NewEvent => ({ type: "ProbeRecorded", data: { n: 1 }, eventId: newId(), metadata: testMetadata({ organizationId }) });
    let north1000 = 0;
    let maple50 = 0;
    for (let i = 0; i < 100; i++) {
      await store.appendToStream(`probe-${newId()}`, Array.from({ length: 10 }, () => event(northside.id)));
      north1000 += 10;
      if (i % 20 === 0) {
        await store.appendToStream(`probe-${newId()}`, Array.from({ length: 10 }, () => event(maple.id)));
        maple50 += 10;
      }
    }
    const deadline = Date.now() + 20_000;
    while ((got.north < north1000 || got.maple < maple50) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500)); // anything stray would have arrived by now
    expect(got).toEqual({ north: 1000, maple: 50 });
  }, 60_000);
});
