import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { dropDatabase } from "../../modules/kernel";
import { ensureBuild as ensureAppBuild } from "../../runtime/app-build";
import { createSeededDatabase } from "../support/seeded-template";
import { testServices } from "../support/services";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;
const OUTPUT_LIMIT = 20_000;

export type RunningApp = {
  baseUrl: string;
  databaseUrl: string;
  /** SIGTERM, wait for exit (SIGKILL after 10 s), drop the database */
  stop(): Promise<void>;
};

let building: Promise<void> | null = null;

/**
 * Makes sure the build in BUILD_DIR is a production build of the current sources (the apps here run
 * NODE_ENV=production, where a development build answers 500 on every page), building it once otherwise.
 */
export function ensureBuild(): Promise<void> {
  building ??= Promise.resolve().then(() => {
    ensureAppBuild("production", { quiet: true, log: () => undefined });
  });
  return building;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/** Starts server.ts (ROLE=all, production build) on a free port with a database of its own. */
export async function startApp(): Promise<RunningApp> {
  await ensureBuild();
  const port = await freePort();
  const { databaseUrl: baseDatabaseUrl, redisUrl } = await testServices();
  const dbUrl = new URL(baseDatabaseUrl);
  dbUrl.pathname = `/rollcall_e2e_${randomBytes(4).toString("hex")}`;
  const databaseUrl = dbUrl.toString();
  const baseUrl = `http://127.0.0.1:${port}`;
  // the demo data, copied from the run's seeded template (the server's own seed step then has nothing to do)
  await createSeededDatabase(databaseUrl);

  const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), ["server.ts"], {
    cwd: ROOT,
    // its own process group, so a SIGKILL also reaches the node process tsx starts
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, PORT: String(port), DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, NODE_ENV: "production", ROLE: "all", HOST: "127.0.0.1", SEED_DEMO: "1" },
  });
  let output = "";
  const capture = (chunk: Buffer) => {
    output = (output + chunk.toString("utf8")).slice(-OUTPUT_LIMIT);
  };
  child.stdout?.on("data", capture);
  child.stderr?.on("data", capture);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const killGroupOnExit = () => killGroup(child, "SIGKILL");
  process.once("exit", killGroupOnExit);

  let stopped: Promise<void> | null = null;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGTERM");
        const timer = new Promise<"timeout">((resolve) => setTimeout(() => resolve("timeout"), STOP_TIMEOUT_MS).unref());
        if ((await Promise.race([exited, timer])) === "timeout") {
          killGroup(child, "SIGKILL");
          await exited;
        }
      }
      // whatever tsx left behind
      killGroup(child, "SIGKILL");
      process.removeListener("exit", killGroupOnExit);
      await dropDatabase(databaseUrl);
    })();
    return stopped;
  };

  try {
    await waitForHealthy(baseUrl, exited);
  } catch (error) {
    await stop().catch(() => undefined);
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output}`);
  }
  return { baseUrl, databaseUrl, stop };
}

async function waitForHealthy(
  baseUrl: string,
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>,
): Promise<void> {
  const state: { exit?: { code: number | null; signal: NodeJS.Signals | null } } = {};
  void exited.then((value) => (state.exit = value));
  const deadline = Date.now() + START_TIMEOUT_MS;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    const { exit } = state;
    if (exit) throw new Error(`server.ts exited before it was healthy (code ${exit.code}, signal ${exit.signal})`);
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.status === 200) return;
      last = `GET /api/health answered ${response.status}: ${(await response.text()).slice(0, 500)}`;
    } catch (error) {
      last = `GET /api/health failed: ${(error as Error).message}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server.ts was not healthy within ${START_TIMEOUT_MS / 1000} s (${last})`);
}

function killGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (!child.pid) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // the group is gone already
  }
}

/**
 * Content-Security-Policy violations any page of a launchBrowser() browser reported on its console
 * ("Refused to … because it violates the following Content Security Policy directive"), not yet
 * claimed: test/e2e/csp-guard.ts (a setup file of the e2e project) fails the test they happened in.
 */
export const cspViolations: string[] = [];

function watchCsp(context: BrowserContext, watched: WeakSet<BrowserContext>): BrowserContext {
  if (watched.has(context)) return context;
  watched.add(context);
  context.on("console", (message) => {
    if (/Content Security Policy/i.test(message.text())) cspViolations.push(`${message.page()?.url() ?? "?"}: ${message.text()}`);
  });
  return context;
}

/** Debian's Chromium, headless; every page it opens reports CSP violations to cspViolations. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: "/usr/bin/chromium",
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
    ],
  });
  const watched = new WeakSet<BrowserContext>();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = async (options) => watchCsp(await newContext(options), watched);
  browser.newPage = async (options) => {
    const page = await newPage(options);
    watchCsp(page.context(), watched);
    return page;
  };
  return browser;
}

/**
 * Waits until every projection has caught up with the store (lag 0 in /api/health): the demo seed is
 * appended at start, and pages read the read models the projector builds from it.
 */
export async function waitForProjections(baseUrl: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    try {
      const response = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) });
      const report = (await response.json()) as { eventStore?: { headPosition: number }; projections?: { name: string; lag: number }[] };
      const projections = report.projections ?? [];
      if (projections.length > 0 && (report.eventStore?.headPosition ?? 0) > 0 && projections.every((p) => p.lag === 0)) return;
      last = projections.map((p) => `${p.name} lag ${p.lag}`).join(", ") || `no projections (status ${response.status})`;
    } catch (error) {
      last = `GET /api/health failed: ${(error as Error).message}`;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the projections did not catch up within ${timeoutMs / 1000} s (${last})`);
}

/** Saves a full-page screenshot to <dir>/<name>.png (default test/e2e/screenshots, the CI artifacts' folder) and returns its path. */
export async function screenshot(page: Page, name: string, dir = "test/e2e/screenshots"): Promise<string> {
  dir = path.join(ROOT, dir);
  await mkdir(dir, { recursive: true });
  const file = path.join(dir, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}
