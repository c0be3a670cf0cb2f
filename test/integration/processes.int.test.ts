/**
 * The process model, against the real PostgreSQL and Redis: server.ts refuses a bad environment, the web,
 * projector and worker roles run as separate processes (the projector's live updates reach a web client
 * through Redis), and SIGTERM drains each process to a clean exit.
 */
import { randomBytes } from "node:crypto";
import type { Kysely } from "kysely";
import type pg from "pg";
import { io as connectClient, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionStore, type SessionTables } from "../../modules/identity";
import { createDb, createPool, dropDatabase, newId, PostgresEventStore, type HealthReport, type KernelTables } from "../../modules/kernel";
import { readCheckpoint } from "../../projections";
import { ensureBuild, freePort } from "../e2e/harness";
import { killAll, spawnApp, type AppProcess } from "../support/app-process";
import { counted, uniqueStream } from "../support/events";
import { testServices } from "../support/services";

const ORG = newId();
const PROJECTION = "event-stats";
type Projected = { count: number; position: number; checkpointAtReceipt?: number };

const apps: AppProcess[] = [];
let databaseUrl = "";
let redisUrl = "";
let pool: pg.Pool | undefined;
let store: PostgresEventStore | undefined;
let client: Socket | undefined;

const outputs = () => apps.map((app) => app.output()).join("\n");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const start = (env: Record<string, string>, label: string) => {
  const app = spawnApp({ DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, ...env }, label);
  apps.push(app);
  return app;
};

beforeAll(async () => {
  const services = await testServices();
  redisUrl = services.redisUrl;
  const url = new URL(services.databaseUrl);
  url.pathname = `/rollcall_proc_${randomBytes(4).toString("hex")}`;
  databaseUrl = url.toString();
});

afterAll(async () => {
  client?.disconnect();
  await store?.close().catch(() => undefined);
  await pool?.end().catch(() => undefined);
  // whatever is still running (a failed test, a process that ignored SIGTERM): SIGKILL its process group
  killAll();
  await Promise.all(apps.map((app) => app.exitWithin(5_000)));
  if (databaseUrl) await dropDatabase(databaseUrl);
}, 60_000);

describe("a bad environment value", () => {
  it.each([
    ["PORT", "abc"],
    ["DATABASE_URL", "mysql://x"],
  ])("%s=%s stops start-up with exit code 1 and a message naming the variable", async (variable, value) => {
    const app = start({ ROLE: "web", PORT: String(await freePort()), [variable]: value }, `bad-${variable}`);
    const exit = await app.exitWithin(10_000);
    expect(exit, app.output()).toEqual({ code: 1, signal: null });
    expect(app.stderr(), app.output()).toContain("Invalid environment");
    expect(app.stderr(), app.output()).toContain(`${variable}: `);
    expect(app.stderr(), app.output()).toContain(`(got '${value}')`);
  }, 60_000);
});

describe("roles split across processes", () => {
  let web: AppProcess;
  let projector: AppProcess;
  let worker: AppProcess;
  let webPort = 0;

  const health = async (): Promise<HealthReport> => {
    const response = await fetch(`http://127.0.0.1:${webPort}/api/health`, { signal: AbortSignal.timeout(3_000) });
    expect(response.status, outputs()).toBe(200);
    return (await response.json()) as HealthReport;
  };

  beforeAll(async () => {
    // a production build of the current sources (throws when it cannot be made)
    await ensureBuild();
    webPort = await freePort();
    // all three at once, on a database that does not exist yet: they race to create and migrate it
    web = start({ ROLE: "web", PORT: String(webPort) }, "web");
    projector = start({ ROLE: "projector", PORT: String(await freePort()) }, "projector");
    worker = start({ ROLE: "worker", PORT: String(await freePort()) }, "worker");
    try {
      await web.waitForHealth(webPort);
      await Promise.all([projector.waitForOutput("projector running"), worker.waitForOutput("workers running")]);
    } catch (error) {
      throw new Error(`${(error as Error).message}\n${outputs()}`);
    }
    pool = createPool(databaseUrl, { max: 3, applicationName: "rollcall-proc-test" });
    store = new PostgresEventStore(pool, databaseUrl);
  }, 60_000);

  it("each process runs only its role", async () => {
    const report = await health();
    expect(report.role).toBe("web");
    expect(report.eventStore.adapter).toBe("postgresql");
    expect(web.output()).toContain("listening on");
    expect(web.output()).not.toContain("projector running");
    expect(projector.output()).not.toContain("listening on");
    expect(worker.output()).not.toContain("listening on");
    expect(worker.output()).not.toContain("projector running");
  }, 60_000);

  it("the projector process publishes after commit, through Redis, to a client of the web process", async () => {
    const kdb = createDb<KernelTables>(pool!) as Kysely<KernelTables>;
    const received: Projected[] = [];
    // the live channel's handshake needs a session of the organization it follows
    const { token } = await new SessionStore(createDb<SessionTables>(pool!)).create(newId(), ORG, new Date());
    client = connectClient(`http://127.0.0.1:${webPort}`, {
      transports: ["websocket"],
      forceNew: true,
      reconnection: false,
      extraHeaders: { cookie: `rollcall_session=${token}` },
    });
    client.on("events-projected", (payload: Projected) => {
      received.push(payload);
      // published after commit: the checkpoint is already at (or past) the published position
      void readCheckpoint(kdb, PROJECTION).then((checkpoint) => (payload.checkpointAtReceipt = checkpoint));
    });
    await new Promise<void>((resolve, reject) => {
      client!.once("connect", resolve);
      client!.once("connect_error", reject);
    });
    expect(await client.timeout(5_000).emitWithAck("subscribe", { organizationId: ORG, topic: "activity" })).toMatchObject({ ok: true });

    const append = async (n: number) => {
      const { positions } = await store!.appendToStream(uniqueStream("proc"), [
        counted(n, { organizationId: ORG }),
        counted(n + 1, { organizationId: ORG }),
      ]);
      return Math.max(...positions);
    };
    const appended = await append(1);
    let head = appended;
    // a message published before the web's Redis adapter subscribed would be lost (a nudge, not the truth):
    // append again a few times rather than rely on timing; each try gives a new batch and a new message
    let message: Projected | undefined;
    for (let attempt = 1; !message; attempt++) {
      const until = Date.now() + 4_000;
      while (!message && Date.now() < until) {
        message = received.find((m) => m.position >= appended);
        if (!message) await sleep(25);
      }
      if (!message && attempt === 5) {
        throw new Error(`no events-projected for ${ORG} after ${attempt} appends (got ${JSON.stringify(received)})\n${outputs()}`);
      }
      if (!message) head = await append(attempt * 10);
    }
    expect(message.count, outputs()).toBeGreaterThanOrEqual(1);
    expect(message.position).toBeGreaterThanOrEqual(appended);
    await sleep(200); // let the checkpoint read started on receipt finish
    expect(message.checkpointAtReceipt, JSON.stringify(received)).toBeGreaterThanOrEqual(message.position);

    // the web process's health report follows the projector process to the head
    let report = await health();
    const deadline = Date.now() + 20_000;
    const caughtUp = (r: HealthReport) => {
      const p = r.projections.find((x) => x.name === PROJECTION);
      return !!p && p.lag === 0 && p.checkpoint === r.eventStore.headPosition && r.eventStore.headPosition >= head;
    };
    while (!caughtUp(report) && Date.now() < deadline) {
      await sleep(200);
      report = await health();
    }
    const stats = report.projections.find((p) => p.name === PROJECTION);
    expect(stats, JSON.stringify(report)).toBeDefined();
    expect(stats!.lag, JSON.stringify(report)).toBe(0);
    expect(stats!.checkpoint, JSON.stringify(report)).toBe(report.eventStore.headPosition);
    expect(report.eventStore.headPosition).toBeGreaterThanOrEqual(head);
    expect(await readCheckpoint(kdb, PROJECTION)).toBe(report.eventStore.headPosition);
  }, 60_000);

  it("SIGTERM drains each process and it exits 0 within 15 s, saying 'stopped cleanly'", async () => {
    const roles = [web, projector, worker];
    for (const app of roles) expect(app.alive(), app.output()).toBe(true);
    // the web process still has a live socket.io client connected: the drain must not wait on it forever
    const started = Date.now();
    for (const app of roles) app.child.kill("SIGTERM");
    const exits = await Promise.all(roles.map((app) => app.exitWithin(15_000)));
    const took = Date.now() - started;
    roles.forEach((app, i) => {
      expect(exits[i], `${app.label} did not exit within 15 s after SIGTERM\n${app.output()}`).toEqual({ code: 0, signal: null });
      expect(app.output()).toContain("SIGTERM: draining");
      expect(app.output()).toContain("stopped cleanly");
      expect(app.output()).not.toMatch(/stopping \w+ failed/);
    });
    expect(took).toBeLessThan(15_000);
    expect(client?.connected).toBe(false);
  }, 60_000);
});
