import { Ajv, type ValidateFunction } from "ajv";
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { Redis } from "ioredis";
import { decode } from "notepack.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../modules/identity";
import { liveChannelOf, LIVE_CHANNELS } from "../../runtime/api-docs/live-channels";
import { API_TABLE, nodeOfRow } from "../../runtime/api-table";
import { launchBrowser, cspViolations } from "../e2e/harness";
import { expectNoncedPage } from "../support/csp";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Operation = { operationId: string; "x-answer-declared"?: false; responses: Record<string, { content?: Record<string, { schema: object }> }> };
type OpenApi = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, object> } };
type AsyncApi = { channels: Record<string, { "x-topic"?: string; messages: Record<string, { $ref: string }> }>; components: { messages: Record<string, { name: string; payload: object }> } };
type Ack = { ok: boolean; code?: string; room?: string; message?: string };
type Published = { topic: string; event: string; payload: unknown };

const compact = (id: string) => id.toLowerCase().replace(/-/g, "");
const INDEPENDENT = "Child may travel to and from the facility independently";

/** What the server published on the live channel: every message the emitter put on Redis for this app's rooms. */
async function sniffLiveChannel(redisUrl: string, label: string, seen: Published[]) {
  const redis = new Redis(redisUrl);
  await redis.psubscribe(`rollcall-live:rollcall_${label}_*`);
  redis.on("pmessageBuffer", (_pattern: string, _channel: Buffer, message: Buffer) => {
    const [, packet, options] = decode(message) as [string, { data?: [string, unknown] }, { rooms?: string[] }];
    for (const room of options.rooms ?? []) {
      const topic = /^org:[^:]+:(.+)$/.exec(room)?.[1];
      if (topic && packet.data) seen.push({ topic, event: packet.data[0], payload: packet.data[1] });
    }
  });
  return redis;
}

/**
 * The contract of the /api table and the live channel (issue 22, decisions 081 and 082): real answers
 * of the demo data checked against the served documents' schemas, and the live channel doing what the
 * AsyncAPI document says.
 */
describe("the API documents against the running app", () => {
  const label = "contract";
  const published: Published[] = [];
  let app: InProcessApp;
  let sniffer: Redis;
  let admin: HttpClient;
  let parent: HttpClient;
  let kiosk: HttpClient;
  let openApi: OpenApi;
  let asyncApi: AsyncApi;
  let session: { user_id: string; organization_id: string };
  let participantId: string;
  const sockets: Socket[] = [];
  const oas = new Ajv2020({ strict: false, allErrors: true });
  const aas = new Ajv({ strict: false, allErrors: true });
  addFormats.default(oas);
  addFormats.default(aas);

  beforeAll(async () => {
    const { redisUrl } = await testServices();
    sniffer = await sniffLiveChannel(redisUrl, label, published);
    app = await startInProcessApp(label);
    await clearSignInLimits(redisUrl);
    [admin, parent, kiosk] = [new HttpClient(app.baseUrl), new HttpClient(app.baseUrl), new HttpClient(app.baseUrl)];
    await admin.signIn("admin@northside.demo");
    await parent.signIn("parent@northside.demo");
    await kiosk.signIn("kiosk@northside.demo");
    openApi = (await (await fetch(`${app.baseUrl}/api/openapi.json`)).json()) as OpenApi;
    asyncApi = (await (await fetch(`${app.baseUrl}/api/asyncapi.json`)).json()) as AsyncApi;
    oas.addSchema({ $id: "openapi", components: openApi.components }, "openapi");
    session = (await (await admin.request("GET", "/api/user-session")).json()) as typeof session;
    const report = (await (await admin.request("GET", "/api/participant_report?page=0&size=10&statuses=Active")).json()) as { data: { id: string }[] };
    participantId = report.data[0]!.id;
  }, 120_000);

  afterAll(async () => {
    for (const socket of sockets) socket.close();
    await sniffer?.quit();
    await app?.stop();
  });

  const operation = (id: string) => Object.values(openApi.paths).flatMap((methods) => Object.values(methods)).find((op) => op.operationId === id)!;
  const validators = new Map<string, ValidateFunction>();
  /** The served document's schema of a call's answer with this status, as a validator. */
  function answerValidator(id: string, status: number): ValidateFunction {
    const key = `${id} ${status}`;
    const schema = operation(id).responses[String(status)]?.content?.["application/json"]?.schema;
    expect(schema, `${id} declares its ${status}`).toBeDefined();
    if (!validators.has(key)) validators.set(key, oas.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components/', '"openapi#/components/')) as object));
    return validators.get(key)!;
  }
  async function expectAnswer(client: HttpClient | null, id: string, path: string, status = 200, init: { method?: string; body?: unknown } = {}) {
    const response = client ? await client.request(init.method ?? "GET", path, { body: init.body }) : await fetch(`${app.baseUrl}${path}`);
    const body: unknown = await response.json();
    expect(response.status, `${id}: ${JSON.stringify(body).slice(0, 300)}`).toBe(status);
    const validate = answerValidator(id, status);
    expect(validate(body), `${id} ${status}: ${oas.errorsText(validate.errors)}`).toBe(true);
    return body;
  }

  it("answers a call of every node as its declared schema says", async () => {
    const samples: [HttpClient | null, string, string][] = [
      [admin, "user-me", "/api/user/me"],
      [null, "auth-csrf", "/api/auth/csrf"],
      [admin, "participant-report", "/api/participant_report?page=0&size=10&statuses=Active"],
      [admin, "user-session", "/api/user-session"],
      [admin, "organization-settings-read", "/api/setting/organization"],
      [admin, "check-in-list", `/api/check-in?type=notYetCheckout&start=${new Date(Date.now() - 12 * 3600e3).toISOString()}&end=${new Date(Date.now() + 12 * 3600e3).toISOString()}&all=true`],
      [admin, "participant-detail", `/api/participant/${participantId}`],
      [kiosk, "participant-detail", `/api/participant/${participantId}`],
      [admin, "note-flag-user", `/api/note/flag/user?participant_id=${participantId}&type=stop`],
      [admin, "note-list", `/api/note?user_id=${participantId}`],
      [admin, "screening-questions", "/api/note/screening/questions"],
      [admin, "asset-upload-link", "/api/asset/upload/photo.png?file_type=image/png"],
      [admin, "export-list", "/api/export"],
      [admin, "audit-participant", `/api/audit/participant/${participantId}`],
      [admin, "program-list", "/api/program"],
      [admin, "event-list", "/api/appointment/event"],
      [parent, "program-self-registration-options", "/api/program/registration/options"],
      [admin, "parent-list", "/api/parent"],
      [admin, "request-list", "/api/request"],
      [admin, "message-inbox", "/api/message/inbox"],
      [admin, "survey-list", "/api/survey"],
      [admin, "leaderboard", "/api/leaderboard"],
      [admin, "challenge-list", "/api/challenge"],
      [admin, "resource-list", "/api/resource"],
      [admin, "api-key-list", "/api/api-key"],
      [admin, "report-figures", "/api/report/attendance"],
      [admin, "waiver-list", "/api/waiver?status=resign"],
      [admin, "waiver-version-list", "/api/waiver/version"],
      [null, "openapi", "/api/openapi.json"],
      [null, "asyncapi", "/api/asyncapi.json"],
    ];
    const nodes = new Set(API_TABLE.rows.map((row) => nodeOfRow(row)));
    for (const node of nodes) expect(samples.some(([, id]) => nodeOfRow({ id }) === node), `a sample of node ${node}`).toBe(true);
    for (const [client, id, path] of samples) {
      expect(operation(id)["x-answer-declared"], id).toBeUndefined();
      await expectAnswer(client, id, path);
    }
  });

  it("answers the declared { code, message } errors", async () => {
    await expectAnswer(null, "user-me", "/api/user/me", 401);
    await expectAnswer(parent, "program-list", "/api/program", 403);
    await expectAnswer(admin, "participant-detail", "/api/participant/00000000-0000-4000-8000-000000000000", 404);
    await expectAnswer(admin, "participant-report", "/api/participant_report?page=0&size=7", 400);
    await expectAnswer(admin, "program-create", "/api/program", 400, { method: "POST", body: { name: "" } });
    await expectAnswer(admin, "program-create", "/api/program", 413, { method: "POST", body: { name: "x".repeat(2_000_000) } });
    // an e-mail already in use (the coach's)
    await expectAnswer(admin, "user-me-update", "/api/user/me", 409, { method: "PUT", body: { first_name: "Adam", last_name: "Northside", email: "coach@northside.demo", phone_number: "+1 416 555 0100" } });
  });

  it("serves /api/docs under its nonce policy, and Swagger UI renders every call there without a CSP violation", async () => {
    const response = await fetch(`${app.baseUrl}/api/docs`);
    expect(response.status).toBe(200);
    expectNoncedPage(response, await response.text());
    // admins find it on Customize Scoreboard (decision 081)
    expect(await (await admin.request("GET", "/customize")).text()).toContain('href="/api/docs"');
    const bundle = await fetch(`${app.baseUrl}/api/docs/swagger-ui-bundle.js`);
    expect([bundle.status, bundle.headers.get("content-type")]).toEqual([200, "text/javascript; charset=utf-8"]);
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage();
      await page.goto(`${app.baseUrl}/api/docs`);
      // Swagger UI renders the operations near the viewport only: it has read every call, and shows the first
      await page.locator(".opblock").first().waitFor({ timeout: 20_000 });
      const read = await page.evaluate(() => (window as unknown as { ui: { specSelectors: { operations(): { size: number } } } }).ui.specSelectors.operations().size);
      expect(read).toBe(API_TABLE.rows.length);
      await page.getByRole("heading", { name: "The live channel" }).waitFor();
      expect(cspViolations.splice(0)).toEqual([]);
    } finally {
      await browser.close();
    }
  }, 60_000);

  async function socketAs(client: HttpClient | null): Promise<Socket> {
    const token = client?.cookie(SESSION_COOKIE);
    const socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: token ? { cookie: `${SESSION_COOKIE}=${token}` } : {} });
    sockets.push(socket);
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    return socket;
  }
  const ackSchema = (name: "subscribeAck" | "unsubscribeAck") => aas.compile(asyncApi.components.messages[name]!.payload);
  async function ask(socket: Socket, what: "subscribe" | "unsubscribe", input: unknown): Promise<Ack> {
    const ack = (await socket.timeout(5_000).emitWithAck(what, input)) as Ack;
    const validate = ackSchema(what === "subscribe" ? "subscribeAck" : "unsubscribeAck");
    expect(validate(ack), `${what} ack ${JSON.stringify(ack)}: ${aas.errorsText(validate.errors)}`).toBe(true);
    return ack;
  }

  it("refuses a handshake without a session as documented, and answers subscribe and unsubscribe with the documented acks", async () => {
    await expect(socketAs(null)).rejects.toThrow("unauthorized");
    const socket = await socketAs(admin);
    const org = session.organization_id;
    const own = { organizationId: org };
    // each followable topic as the admin may follow it, by the document's own placeholders
    const concrete = (topic: string) => topic.replace("{userId}", topic.startsWith("exp-") ? session.user_id : compact(session.user_id));
    const results: Record<string, string> = {};
    for (const channel of LIVE_CHANNELS) {
      if (channel.topic.includes("{groupId}")) continue;
      const ack = await ask(socket, "subscribe", { ...own, topic: concrete(channel.topic) });
      results[channel.topic] = ack.ok ? "ok" : ack.code!;
    }
    expect(results).toEqual({
      "check-in": "ok",
      // the kiosk's topic is the kiosk's alone
      "check-in-kiosk": "FORBIDDEN",
      screening: "ok",
      leaderboard: "ok",
      store: "ok",
      challenges: "ok",
      "chal-{userId}": "ok",
      activity: "ok",
      "exp-{userId}": "ok",
      "inbox-{userId}": "ok",
      notes: "ok",
      "notes-admin": "ok",
      "notes-u-{userId}": "ok",
      participants: "BAD_SUBSCRIPTION",
      organization: "BAD_SUBSCRIPTION",
    });
    expect((await ask(await socketAs(kiosk), "subscribe", { ...own, topic: "check-in-kiosk" })).ok).toBe(true);
    expect(await ask(socket, "subscribe", { ...own, topic: "no-such-topic" })).toMatchObject({ ok: false, code: "BAD_SUBSCRIPTION" });
    expect(await ask(socket, "subscribe", { ...own, topic: "Not A Slug" })).toMatchObject({ ok: false, code: "BAD_SUBSCRIPTION" });
    expect(await ask(socket, "subscribe", { organizationId: "another-organization", topic: "activity" })).toMatchObject({ ok: false, code: "FORBIDDEN" });
    expect(await ask(socket, "unsubscribe", { ...own, topic: "activity" })).toEqual({ ok: true, room: `org:${org}:activity` });
    expect(await ask(socket, "unsubscribe", { topic: 5 })).toMatchObject({ ok: false, code: "BAD_SUBSCRIPTION" });
  });

  it("sends a check-in's events as documented, and publishes no topic or event the document lacks", async () => {
    const socket = await socketAs(admin);
    expect((await ask(socket, "subscribe", { organizationId: session.organization_id, topic: "check-in" })).ok).toBe(true);
    const received = new Promise<unknown>((resolve) => socket.once("check-in:changed", resolve));
    const members = (await (await admin.request("GET", "/api/participant_report?page=0&size=80&statuses=Active")).json()) as { data: { member_id: string; is_waiver_signed: boolean; pick_up_permission: string }[] };
    const member = members.data.find((m) => m.is_waiver_signed && m.pick_up_permission === INDEPENDENT)!;
    const day = { start: new Date(Date.now() - 12 * 3600e3).toISOString(), end: new Date(Date.now() + 12 * 3600e3).toISOString() };
    // the write's own answer as declared, too
    await expectAnswer(admin, "check-in", "/api/check-in", 200, { method: "POST", body: { ...day, memberId: member.member_id, type: "in", pick_up_name: "" } });
    const payload = await received;
    const documented = asyncApi.components.messages["check-in.check-in-changed"]!;
    expect(documented.name).toBe("check-in:changed");
    const validate = aas.compile(documented.payload);
    expect(validate(payload), aas.errorsText(validate.errors)).toBe(true);

    // everything the server published since it started (the demo seed's projections, this check-in)
    expect(published.length).toBeGreaterThan(0);
    const checked = new Set<string>();
    for (const message of published) {
      const channel = liveChannelOf(message.topic);
      expect(channel, `published topic ${message.topic} is documented`).toBeDefined();
      const key = Object.keys(asyncApi.channels).find((k) => asyncApi.channels[k]!["x-topic"] === channel!.topic)!;
      const refs = Object.values(asyncApi.channels[key]!.messages).map((m) => m.$ref.split("/").pop()!);
      const doc = refs.map((ref) => asyncApi.components.messages[ref]!).find((m) => m.name === message.event);
      expect(doc, `event ${message.event} of ${message.topic} is documented`).toBeDefined();
      const check = aas.compile(doc!.payload);
      expect(check(message.payload), `${message.topic} ${message.event}: ${aas.errorsText(check.errors)}`).toBe(true);
      checked.add(`${channel!.topic} ${message.event}`);
    }
    expect(checked).toContain("check-in check-in:changed");
  });
});
