import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildLayout } from "../../runtime/build-layout.js";

/**
 * The domain is loaded once per process (decision 034): app/ names modules/ and projections/ by their
 * package imports (`#modules/<ctx>`), which the Remix build leaves out of its bundle, so the server build
 * imports the very modules server.ts runs. `npm test` builds before vitest runs, so the build is there.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const { serverBuildPath } = buildLayout(process.env, root);

describe("the server build", () => {
  // skipped only when no server build exists to read (`npm test` builds first; `vitest run --project unit` alone may not)
  it.runIf(existsSync(serverBuildPath))("imports the domain instead of bundling a copy of it", () => { // skipped only without a server build to read: `npm test` builds first; `vitest run --project unit` alone may have none
    const bundle = readFileSync(serverBuildPath, "utf8");
    // what the pages use of the domain, imported by name
    expect(bundle).toMatch(/from "#modules\/kernel"/);
    expect(bundle).toMatch(/from "#modules\/check-in"/);
    // and none of it inside: the kernel's error class, a decider, a read model's table
    expect(bundle).not.toMatch(/class DomainError\b/);
    expect(bundle).not.toMatch(/function decide\w*\(/);
    expect(bundle).not.toMatch(/\brm_(users|participants|check_ins)\b/);
    // nor a file of modules/ or projections/ named by the bundler's path comments
    expect(bundle).not.toMatch(/^\/\/ (modules|projections)\//m);
  });
});
