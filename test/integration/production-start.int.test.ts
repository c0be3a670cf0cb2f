/**
 * `NODE_ENV=production npm start` after a development build: scripts/start.js sees the build's mode
 * differ, rebuilds it for production and serves pages (a development build renders with jsxDEV, which
 * React's production runtime lacks: every page answered 500). And the other way round, development
 * after a production build. The builds go into a directory of this test's own (BUILD_DIR), so the
 * shared build/ of the other test files is never touched. Either way npm start bundles the server with the new
 * build and runs that bundle on plain node (decision 121). Production also means HSTS; both modes send
 * the nonce'd Content-Security-Policy on pages (decision 030).
 */
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import { mkdir, mkdtemp, rm } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { dropDatabase } from "../../modules/kernel";
import { builtMode, type BuildMode } from "../../runtime/app-build";
import { buildLayout } from "../../runtime/build-layout.js";
import { freePort } from "../e2e/harness";
import { killAll, spawnApp } from "../support/app-process";
import { expectNoncedPage } from "../support/csp";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { waitForProjections } from "../support/in-process-app";
import { createSeededDatabase } from "../support/seeded-template";
import { testServices } from "../support/services";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

let buildDir = "";
let redisUrl = "";
const databases: string[] = [];

beforeAll(async () => {
  redisUrl = (await testServices()).redisUrl;
  // inside the repo: the server build imports its packages from node_modules
  await mkdir(path.join(ROOT, "var"), { recursive: true });
  buildDir = await mkdtemp(path.join(ROOT, "var", "build-"));
});

afterAll(async () => {
  killAll();
  for (const databaseUrl of databases) await dropDatabase(databaseUrl);
  if (buildDir) await rm(buildDir, { recursive: true, force: true });
}, 60_000);

/**
 * A database of its own (dropped after the file), a copy of the run's seeded template: start.js's seed
 * step then finds the demo data there (seeding it afresh, about 7 s a case, is the template's own test).
 */
async function seededDatabase(): Promise<string> {
  const url = new URL((await testServices()).databaseUrl);
  url.pathname = `/rollcall_start_${randomBytes(4).toString("hex")}`;
  databases.push(url.toString());
  await createSeededDatabase(url.toString());
  return url.toString();
}

describe("npm start after a build of the other mode", () => {
  it.each([
    ["development", "production"],
    ["production", "development"],
  ] as [BuildMode, BuildMode][])("after a %s build, NODE_ENV=%s rebuilds and serves /login and a signed-in page with real HTML", async (before, mode) => {
    const { serverBuildPath } = buildLayout({ BUILD_DIR: buildDir }, ROOT);
    // a build of the other mode, newer than every source: only its mode can tell start.js to rebuild (the
    // second case finds the first one's production build there, and starts from it)
    if (builtMode(serverBuildPath) !== before) {
      const built = spawnSync(path.join(ROOT, "node_modules/.bin/remix"), ["build"], { cwd: ROOT, encoding: "utf8", env: { ...process.env, NODE_ENV: before, BUILD_DIR: buildDir } });
      expect(built.status, `${built.stdout}\n${built.stderr}`).toBe(0);
    }
    expect(builtMode(serverBuildPath)).toBe(before);

    // as `npm start` runs it (node scripts/start.js), on a database holding the demo data
    const port = await freePort();
    const env = { BUILD_DIR: buildDir, NODE_ENV: mode, SEED_DEMO: "1", ROLE: "all", DATABASE_URL: await seededDatabase(), REDIS_URL: redisUrl, PORT: String(port) };
    const app = spawnApp(env, `npm-start-${mode}`, "scripts/start.js");
    await app.waitForHealth(port, 120_000);
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForProjections(baseUrl);

    const login = await fetch(`${baseUrl}/login`);
    const loginHtml = await login.text();
    expect(login.status, loginHtml.slice(0, 500)).toBe(200);
    expect(loginHtml).toMatch(/^<!DOCTYPE html>/i);
    expect(loginHtml).toContain("<form");
    expect(loginHtml).not.toContain("jsxDEV");
    expect(app.output()).toContain(`building the app (remix build, ${mode} mode): the build is a ${before} build and ${mode} is wanted`);
    expect(builtMode(serverBuildPath)).toBe(mode);
    // and runs the server bundled with that build (decision 121): plain node, no tsx in the process
    expect(app.output()).toMatch(/\[rollcall\] bundled the server into .+ in [\d.]+ s: /);
    expect(readFileSync(`/proc/${app.child.pid}/cmdline`, "utf8").split("\0")).not.toContain("tsx");
    // HSTS in production only; the page's inline scripts carry the nonce of its policy
    expect(login.headers.get("strict-transport-security")).toBe(mode === "production" ? "max-age=31536000; includeSubDomains" : null);
    expectNoncedPage(login, loginHtml);

    await clearSignInLimits(redisUrl);
    const admin = new HttpClient(baseUrl);
    await admin.signIn("admin@northside.demo");
    const home = await admin.request("GET", "/");
    const homeHtml = await home.text();
    expect(home.status, homeHtml.slice(0, 500)).toBe(200);
    expect(homeHtml).toContain("Welcome, ");
    expect(homeHtml).not.toContain("jsxDEV");
    expectNoncedPage(home, homeHtml);

    // SIGTERM to the process group: drains and exits cleanly
    process.kill(-app.child.pid!, "SIGTERM");
    expect(await app.exitWithin(30_000), app.output()).toEqual({ code: 0, signal: null });
  }, 240_000);
});
