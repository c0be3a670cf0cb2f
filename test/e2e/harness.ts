import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { ensureBuild as ensureAppBuild } from "../../runtime/app-build";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

export type RunningApp = {
  baseUrl: string;
  databaseUrl: string;
  /** stops the app, drops its database and stored files */
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

/**
 * The whole app (web, projector, workers) in this test file's process, in production mode, on a free port
 * with a database of its own copied from the run's seeded template (decision 062). Spawning server.ts
 * under tsx took 8 to 11 s a file (tsx compiling the server's sources each time); in process it is well
 * under a second once the template exists.
 */
export async function startApp(): Promise<RunningApp> {
  // imported when called: in-process-app imports this file's ensureBuild and freePort
  const { startInProcessApp } = await import("../support/in-process-app");
  const app = await startInProcessApp("e2e", { nodeEnv: "production" });
  return { baseUrl: app.baseUrl, databaseUrl: app.databaseUrl, stop: () => app.stop() };
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

/**
 * Debian's old headless shell (package chromium-headless-shell) when installed, else Debian's Chromium in its
 * new headless mode: since Chromium 132 `--headless` runs the whole browser, about twice as slow on two cores.
 * ROLLCALL_CHROMIUM names another binary.
 */
export const CHROMIUM_PATH = process.env.ROLLCALL_CHROMIUM ?? (existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : "/usr/bin/chromium");

/** Debian's Chromium, headless; every page it opens reports CSP violations to cspViolations. */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
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
