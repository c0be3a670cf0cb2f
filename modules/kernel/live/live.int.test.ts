import http from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connectClient, type Socket as ClientSocket } from "socket.io-client";
import { Redis } from "ioredis";
import { attachLiveServer, createLivePublisher, roomFor, type LiveAuthorize, type LivePublisher, type LiveServer, type LiveServerOptions } from "./index";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
// a prefix of our own, so parallel runs (and the app) never see these rooms
const KEY = `rollcall-test-live-${randomUUID()}`;
const SETTLE_MS = 300;

type Received = { event: string; payload: unknown }[];
type Running = { server: http.Server; live: LiveServer; url: string };

const servers: Running[] = [];
const clients: ClientSocket[] = [];
let a: Running;
let b: Running;
let publisher: LivePublisher;

// the test's identity: the rooms a client names in its handshake (the app uses its session's and user's)
const roomsFromHandshake = (socket: { handshake: { auth: Record<string, unknown> } }) =>
  Array.isArray(socket.handshake.auth.rooms) ? socket.handshake.auth.rooms.map(String) : [];

async function startServer(authorize?: LiveAuthorize, extra: Partial<LiveServerOptions> = {}): Promise<Running> {
  const server = http.createServer();
  const live = attachLiveServer(server, { redisUrl: REDIS_URL, key: KEY, authorize, identityRooms: roomsFromHandshake, ...extra });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const running = { server, live, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  servers.push(running);
  return running;
}

async function connect(url: string, rooms: string[] = []): Promise<{ client: ClientSocket; received: Received }> {
  const client = connectClient(url, { transports: ["websocket"], forceNew: true, reconnection: false, auth: { rooms } });
  clients.push(client);
  const received: Received = [];
  client.onAny((event: string, payload: unknown) => received.push({ event, payload }));
  await new Promise<void>((resolve, reject) => {
    client.once("connect", resolve);
    client.once("connect_error", reject);
  });
  return { client, received };
}

function subscribe(client: ClientSocket, body: unknown): Promise<unknown> {
  return client.timeout(2000).emitWithAck("subscribe", body);
}

async function waitFor(check: () => boolean, what: string, timeoutMs = 3000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([promise, new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`${what}: not within ${ms} ms`)), ms))]);
const has = (received: Received, event: string, id?: string) =>
  received.some((r) => r.event === event && (id === undefined || (r.payload as { id?: string })?.id === id));

beforeAll(async () => {
  a = await startServer(() => true);
  b = await startServer((_socket, organizationId) => organizationId !== "o-denied");
  publisher = createLivePublisher(REDIS_URL, { key: KEY });
  // both adapters have subscribed once their request channel counts two subscribers (psubscribe went first)
  const probe = new Redis(REDIS_URL);
  try {
    const until = Date.now() + 5000;
    for (;;) {
      const reply = (await probe.call("PUBSUB", "NUMSUB", `${KEY}-request#/#`)) as [string, number];
      if (Number(reply[1]) >= 2) break;
      if (Date.now() > until) throw new Error("the Redis adapters did not subscribe");
      await sleep(20);
    }
  } finally {
    probe.disconnect();
  }
});

afterAll(async () => {
  for (const client of clients) client.disconnect();
  await publisher?.close();
  for (const { server, live } of servers) {
    await live.close();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }
});

describe("live channel across two processes", () => {
  it("delivers a publisher's message and a peer server's emit to a client on another server", async () => {
    const { client, received } = await connect(b.url);
    expect(await subscribe(client, { organizationId: "o1", topic: "board" })).toEqual({ ok: true, room: "org:o1:board" });

    await publisher.publish([{ organizationId: "o1", topic: "board", event: "board:changed", payload: { id: "p1" } }]);
    await waitFor(() => has(received, "board:changed", "p1"), "the published message");

    a.live.io.to(roomFor("o1", "board")).emit("board:changed", { id: "a1" });
    await waitFor(() => has(received, "board:changed", "a1"), "server A's emit");
    expect(received.find((r) => r.payload && (r.payload as { id: string }).id === "p1")?.payload).toEqual({ id: "p1" });
  });

  it("does not deliver another organization's messages", async () => {
    const { client, received } = await connect(b.url);
    await subscribe(client, { organizationId: "o1", topic: "board" });

    await publisher.publish([{ organizationId: "o2", topic: "board", event: "board:changed", payload: { id: "o2-pub" } }]);
    a.live.io.to(roomFor("o2", "board")).emit("board:changed", { id: "o2-emit" });
    await publisher.publish([{ organizationId: "o1", topic: "board", event: "control", payload: { id: "c2" } }]);
    await waitFor(() => has(received, "control", "c2"), "the control message");
    await sleep(SETTLE_MS);

    expect(has(received, "board:changed", "o2-pub")).toBe(false);
    expect(has(received, "board:changed", "o2-emit")).toBe(false);
  });

  it("refuses an invalid subscription with BAD_SUBSCRIPTION", async () => {
    const { client } = await connect(b.url);
    for (const body of [{ organizationId: "", topic: "board" }, { organizationId: "o1", topic: "Board!" },
      { organizationId: "o1", topic: "x".repeat(41) }, { organizationId: "o".repeat(101), topic: "board" }, "board", null]) {
      expect(await subscribe(client, body)).toEqual({ ok: false, code: "BAD_SUBSCRIPTION", message: expect.any(String) });
    }
    expect(() => roomFor("o1", "Board")).toThrow();
  });

  it("refuses what authorize denies, and that socket receives nothing from the room", async () => {
    const { client, received } = await connect(b.url);
    expect(await subscribe(client, { organizationId: "o-denied", topic: "board" })).toEqual({
      ok: false,
      code: "FORBIDDEN",
      message: expect.any(String),
    });
    await subscribe(client, { organizationId: "o1", topic: "board" });
    expect(await b.live.io.in(roomFor("o-denied", "board")).fetchSockets()).toHaveLength(0);

    await publisher.publish([
      { organizationId: "o-denied", topic: "board", event: "board:changed", payload: { id: "denied" } },
      { organizationId: "o1", topic: "board", event: "control", payload: { id: "c4" } },
    ]);
    await waitFor(() => has(received, "control", "c4"), "the control message");
    await sleep(SETTLE_MS);
    expect(has(received, "board:changed", "denied")).toBe(false);
  });

  it("stops delivering after unsubscribe", async () => {
    const { client, received } = await connect(b.url);
    await subscribe(client, { organizationId: "o5", topic: "board" });
    await subscribe(client, { organizationId: "o5", topic: "control" });
    expect(await client.timeout(2000).emitWithAck("unsubscribe", { organizationId: "o5", topic: "board" })).toEqual({
      ok: true,
      room: "org:o5:board",
    });

    await publisher.publish([
      { organizationId: "o5", topic: "board", event: "board:changed", payload: { id: "gone" } },
      { organizationId: "o5", topic: "control", event: "control", payload: { id: "c5" } },
    ]);
    await waitFor(() => has(received, "control", "c5"), "the control message");
    await sleep(SETTLE_MS);
    expect(has(received, "board:changed", "gone")).toBe(false);
  });

  it("refuses every subscription when no authorizer is given (fails closed)", async () => {
    const bare = await startServer(undefined);
    const { client } = await connect(bare.url);
    expect(await subscribe(client, { organizationId: "o1", topic: "board" })).toEqual({ ok: false, code: "FORBIDDEN", message: expect.any(String) });
    expect((await bare.live.io.local.in(roomFor("o1", "board")).fetchSockets()).map((s) => s.id)).not.toContain(client.id);
  });

  it("passes an authorizer's BAD_SUBSCRIPTION on to the client", async () => {
    const strict = await startServer((_socket, _organizationId, topic) => (topic === "board" ? true : { code: "BAD_SUBSCRIPTION", message: `There is no live topic "${topic}".` }));
    const { client } = await connect(strict.url);
    expect(await subscribe(client, { organizationId: "o1", topic: "other" })).toEqual({ ok: false, code: "BAD_SUBSCRIPTION", message: 'There is no live topic "other".' });
    expect(await subscribe(client, { organizationId: "o1", topic: "board" })).toMatchObject({ ok: true });
  });

  it("disconnectRooms on one server disconnects those rooms' sockets on the other, through Redis", async () => {
    const ended = await connect(a.url, ["session:ended"]);
    const other = await connect(a.url, ["session:other"]);
    await subscribe(ended.client, { organizationId: "o7", topic: "board" });
    await subscribe(other.client, { organizationId: "o7", topic: "board" });
    const gone = new Promise<string>((resolve) => ended.client.once("disconnect", resolve));
    b.live.disconnectRooms(["session:ended"]);
    expect(await within(gone, 2000, "the disconnect")).toBe("io server disconnect");
    await publisher.publish([{ organizationId: "o7", topic: "board", event: "board:changed", payload: { id: "after" } }]);
    await waitFor(() => has(other.received, "board:changed", "after"), "the other socket's message");
    expect(other.client.connected).toBe(true);
    expect(has(ended.received, "board:changed", "after")).toBe(false);
  });

  it("checks every socket again each recheckEveryMs and drops those that fail", async () => {
    const revoked = new Set<string>();
    const checked = await startServer(() => true, {
      recheck: async (socket) => !roomsFromHandshake(socket).some((room) => revoked.has(room)),
      recheckEveryMs: 100,
    });
    const kept = await connect(checked.url, ["session:kept"]);
    const dropped = await connect(checked.url, ["session:dropped"]);
    const gone = new Promise<string>((resolve) => dropped.client.once("disconnect", resolve));
    revoked.add("session:dropped");
    const started = Date.now();
    expect(await within(gone, 2000, "the recheck")).toBe("io server disconnect");
    expect(Date.now() - started).toBeLessThan(1000);
    await sleep(300);
    expect(kept.client.connected).toBe(true);
  });
});
