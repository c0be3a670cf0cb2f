import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CSRF_COOKIE, type ApiRoute } from "../../modules/identity";
import { API_TABLE } from "../../runtime/api-table";
import { dropDatabase } from "../../modules/kernel";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { ensureBuild, freePort, waitForProjections } from "../e2e/harness";
import { spawnApp, type AppProcess } from "../support/app-process";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { malformedBody, malformedQuery, paramValue, type Malformed } from "../support/malformed-requests";
import { createSeededDatabase } from "../support/seeded-template";
import { testServices } from "../support/services";

/**
 * Every /api call of the one table (API_TABLE.rows) gets 120 malformed requests (decisions 028, 055): bodies of
 * wrong types, with control characters, huge strings, deep nesting, wrong content types and past the
 * limit (GETs: malformed queries), path parameters filled with ids that exist, other organizations'
 * and junk. Sent as a signed-in admin with a valid CSRF token (so bodies reach the handlers), one in
 * ten without a session. No answer may be a 5xx, every refusal is `{ code, message }`, and the server
 * process's memory after a GC stays within 50 MB of where it started. Seeded: FUZZ_SEED reproduces a
 * run, and a failure names its route and case.
 */
const SEED = Number(process.env.FUZZ_SEED ?? 20261125);
const CASES_PER_CALL = Number(process.env.FUZZ_CASES ?? 120);
const CONCURRENCY = 4;
const MEMORY_BUDGET_BYTES = 50 * 1024 * 1024;
const GC_PRELOAD = fileURLToPath(new URL("../support/gc-on-signal.ts", import.meta.url));

type Sent = Malformed & { method: string; anonymous: boolean; route: string; index: number };
type Failure = { what: string; status: number | string; answer: string };

describe("every /api call under 120 malformed requests", () => {
  let server: AppProcess;
  let baseUrl = "";
  let databaseUrl = "";
  let storageDir = "";
  let csrf = "";
  let cookies = { signedIn: "", anonymous: "" };
  const ids: string[] = [];
  let gcRuns = 0;

  /** the server's resident memory after a full GC in it, in bytes (from /proc, not this process) */
  async function settledRss(): Promise<number> {
    return (await settled()).rss;
  }

  /**
   * After two full GCs in the server: its RSS (from /proc) and its JavaScript heap and Buffer memory still in use (as
   * the server printed it). A leak is live objects, which the heap counts; the RSS also holds memory the
   * allocator keeps for reuse, which grows and shrinks with load and is only printed.
   */
  async function settled(): Promise<{ rss: number; heap: number }> {
    for (let i = 0; i < 2; i++) {
      process.kill(server.child.pid!, "SIGUSR2");
      await server.waitForOutput(`gc-done ${++gcRuns} heap`, 10_000);
    }
    const heap = Number(new RegExp(`gc-done ${gcRuns} heap (\\d+)`).exec(server.output())?.[1] ?? NaN);
    return { rss: rssOf(server.child.pid!), heap };
  }

  beforeAll(async () => {
    await ensureBuild();
    const services = await testServices();
    await clearSignInLimits(services.redisUrl);
    const url = new URL(services.databaseUrl);
    url.pathname = `/rollcall_fuzz_${randomBytes(4).toString("hex")}`;
    databaseUrl = url.toString();
    storageDir = path.join(os.tmpdir(), url.pathname.slice(1));
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    await createSeededDatabase(databaseUrl);
    server = spawnApp(
      { DATABASE_URL: databaseUrl, REDIS_URL: services.redisUrl, PORT: String(port), ROLE: "all", SEED_DEMO: "1", LOG_LEVEL: "warn", STORAGE_DIR: storageDir },
      "fuzz",
      "server.ts",
      ["--expose-gc", "--import", GC_PRELOAD],
    );
    await server.waitForHealth(port, 60_000);
    await waitForProjections(baseUrl);

    const admin = new HttpClient(baseUrl);
    await admin.signIn("admin@northside.demo");
    csrf = await admin.fetchCsrf();
    cookies = {
      signedIn: `${CSRF_COOKIE}=${admin.cookie(CSRF_COOKIE)}; ${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}`,
      anonymous: `${CSRF_COOKIE}=${admin.cookie(CSRF_COOKIE)}`,
    };
    // ids that exist: participants and Member IDs, user groups, notes, exports; and another organization's
    const get = async (client: HttpClient, p: string) => (await (await client.request("GET", p)).json()) as { data?: Record<string, unknown>[] };
    const people = (await get(admin, "/api/participant_report?page=0&size=20&statuses=Active")).data ?? [];
    for (const p of people.slice(0, 6)) ids.push(String(p.id), String(p.member_id));
    for (const g of ((await get(admin, "/api/user/role")).data ?? []).slice(0, 4)) ids.push(String(g.id));
    for (const n of ((await get(admin, `/api/note?user_id=${String(people[0]?.id)}`)).data ?? []).slice(0, 3)) ids.push(String(n.id));
    const maple = new HttpClient(baseUrl);
    await maple.signIn("admin@maple.demo");
    for (const p of ((await get(maple, "/api/participant_report?page=0&size=10&statuses=Active")).data ?? []).slice(0, 2)) ids.push(String(p.id));
    expect(ids.length).toBeGreaterThan(10);
  }, 120_000);

  afterAll(async () => {
    server?.kill();
    await server?.exitWithin(5_000);
    if (databaseUrl) await dropDatabase(databaseUrl);
    if (storageDir) await rm(storageDir, { recursive: true, force: true });
  }, 60_000);

  /** login and logout go without the admin's session: a malformed sign-in must not end it, a logout would */
  const sessionless = (route: ApiRoute) => route.id === "auth-login" || route.id === "auth-logout";

  function casesOf(route: ApiRoute, routeIndex: number): Sent[] {
    const names = [...route.path.matchAll(/:([A-Za-z]+)(\?)?/g)];
    const arbitrary = fc.record({
      params: fc.tuple(...names.map(() => paramValue(ids)), fc.constant(null)),
      dropOptional: fc.boolean(),
      query: malformedQuery(ids),
      body: malformedBody(ids),
    });
    return fc.sample(arbitrary, { seed: SEED + routeIndex, numRuns: CASES_PER_CALL }).map((c, index) => {
      let filled = route.path;
      names.forEach(([whole, , optional], i) => {
        filled = filled.replace(whole, optional && c.dropOptional ? "" : String(c.params[i]));
      });
      filled = filled.replace(/\/+$/, "") || "/";
      const anonymous = index % 10 === 0 || sessionless(route);
      const common = { method: route.method, route: `${route.method} ${route.path}`, index, anonymous };
      return route.method === "GET" ? { ...common, kind: "query", path: `${filled}?${c.query}`, headers: {} } : { ...common, ...c.body, path: filled };
    });
  }

  async function send(request: Sent): Promise<Failure | null> {
    const what = `${request.route} case ${request.index} (${request.kind}${request.anonymous ? ", no session" : ""}): ${request.method} ${request.path.slice(0, 160)}`;
    const headers: Record<string, string> = { cookie: request.anonymous ? cookies.anonymous : cookies.signedIn, ...request.headers };
    if (request.method !== "GET") headers["x-csrf-token"] = csrf;
    const body = request.body === undefined ? undefined : request.chunked ? streamOf(request.body) : request.body;
    try {
      const response = await fetch(`${baseUrl}${request.path}`, {
        method: request.method,
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(20_000),
        ...(request.chunked ? { duplex: "half" } : {}),
      } as RequestInit);
      const text = await response.text();
      if (response.status >= 500) return { what, status: response.status, answer: text.slice(0, 300) };
      if (response.status >= 400 && response.status !== 431 && !isApiError(text)) return { what, status: response.status, answer: `not { code, message }: ${text.slice(0, 200)}` };
      return null;
    } catch (error) {
      return { what, status: "no answer", answer: String((error as Error).cause ?? error) };
    }
  }

  it(
    "answers no 5xx, refuses in { code, message }, and keeps the server's memory within 50 MB",
    async () => {
      const routes = API_TABLE.rows as readonly ApiRoute[];
      // warm-up: ten cases of every call (another seed), so code compiled and pools and caches filled on first
      // use are not counted as growth
      for (const [i, route] of routes.entries()) for (const request of casesOf(route, i + 10_000).slice(0, 10)) await send(request);
      const settledBefore = await settled();
      const before = settledBefore.rss;
      const started = Date.now();
      const failures: Failure[] = [];
      let peak = before;
      let sent = 0;
      const slowest: [string, number][] = [];
      for (const [i, route] of routes.entries()) {
        const queue = casesOf(route, i);
        const routeStarted = Date.now();
        await Promise.all(
          Array.from({ length: CONCURRENCY }, async () => {
            for (let next = queue.shift(); next; next = queue.shift()) {
              const failure = await send(next);
              sent++;
              if (failure) failures.push(failure);
            }
          }),
        );
        peak = Math.max(peak, rssOf(server.child.pid!));
        slowest.push([`${route.method} ${route.path}`, Date.now() - routeStarted]);
      }
      const settledAfter = await settled();
      const after = settledAfter.rss;
      const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`;
      console.info(
        `fuzz: ${sent} requests to ${routes.length} calls in ${Math.round((Date.now() - started) / 1000)} s (seed ${SEED}); server RSS ${mb(before)} before, ${mb(after)} after (GC), ${mb(peak)} peak; heap in use ${mb(settledBefore.heap)} before, ${mb(settledAfter.heap)} after`,
      );
      console.info(`slowest calls: ${slowest.sort((a, b) => b[1] - a[1]).slice(0, 8).map(([r, ms]) => `${r} ${ms} ms`).join(", ")}`);
      // one example per call and status, and how many there were
      const byCall = new Map<string, Failure & { count: number }>();
      for (const f of failures) {
        const key = `${f.what.slice(0, f.what.indexOf(" case "))} -> ${f.status}`;
        const seen = byCall.get(key);
        if (seen) seen.count++;
        else byCall.set(key, { ...f, count: 1 });
      }
      const serverErrors = server.output().split("\n").filter((line) => /failed|error/i.test(line)).slice(-15).join("\n");
      expect([...byCall.values()], `${failures.length} failures; the server said:\n${serverErrors}`).toEqual([]);
      expect(sent).toBe(routes.length * CASES_PER_CALL);
      expect(settledAfter.heap - settledBefore.heap, `server heap in use ${mb(settledBefore.heap)} -> ${mb(settledAfter.heap)} (RSS ${mb(before)} -> ${mb(after)})`).toBeLessThan(MEMORY_BUDGET_BYTES);
    },
    240_000,
  );

  it("answers a 200 MB unauthenticated sign-in (declared or chunked) with 413, the server's memory within 50 MB", async () => {
    const before = await settledRss();
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssOf(server.child.pid!))), 20);
    const answers: Record<string, number | string> = {};
    try {
      for (const declared of [true, false]) {
        const response = await fetch(`${baseUrl}/api/auth/login`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-csrf-token": csrf, cookie: cookies.anonymous, ...(declared ? { "content-length": String(200 * 1024 * 1024) } : {}) },
          body: repeated(200 * 1024 * 1024),
          duplex: "half",
        } as RequestInit).catch((error: Error) => error);
        // a chunked body past the limit is read and dropped for 16 MB after the 413, then the connection is cut:
        // a client still sending may see that reset before it reads the answer
        const cut = !(response instanceof Response) && /ECONNRESET|EPIPE|other side closed/.test(String(response.cause ?? response));
        answers[declared ? "declared" : "chunked"] = response instanceof Response ? response.status : cut ? "connection cut" : String(response.cause ?? response);
      }
    } finally {
      clearInterval(sampler);
    }
    expect(peak - before, `server RSS ${Math.round(before / 1048576)} MB, peak ${Math.round(peak / 1048576)} MB`).toBeLessThan(MEMORY_BUDGET_BYTES);
    expect(answers.declared).toBe(413);
    expect([413, "connection cut"]).toContain(answers.chunked);
  });
});

/** `total` bytes of body, streamed in 1 MB chunks (never held whole here either). */
function repeated(total: number): ReadableStream<Uint8Array> {
  const chunk = new TextEncoder().encode("a".repeat(1024 * 1024));
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= total) return controller.close();
      const part = chunk.subarray(0, Math.min(chunk.length, total - sent));
      sent += part.length;
      controller.enqueue(part);
    },
  });
}

function rssOf(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(kb) * 1024;
}

function isApiError(text: string): boolean {
  try {
    const parsed = JSON.parse(text) as { code?: unknown; message?: unknown };
    return typeof parsed.code === "string" && typeof parsed.message === "string";
  } catch {
    return false;
  }
}

/** A body sent in 64 KB chunks without Content-Length. */
function streamOf(body: string | Uint8Array): ReadableStream<Uint8Array> {
  const bytes = typeof body === "string" ? new TextEncoder().encode(body) : body;
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, offset + 64 * 1024));
      offset += 64 * 1024;
    },
  });
}
