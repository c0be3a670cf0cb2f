import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildLayout } from "../../runtime/build-layout.js";

/**
 * The domain is loaded once per process (decision 034): app/ names modules/ and projections/ by their
 * package imports (`#modules/<ctx>`), which the Remix build leaves out of its bundle, so the server build
 * imports the very modules server.ts runs. `npm test` builds before vitest runs, so the build is there.
 */
const root = fileURLToPath(new URL("../..", import.meta.url));
const { serverBuildPath, serverBundleDir, serverBundlePath } = buildLayout(process.env, root);

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

describe("the prebuilt server (decision 121)", () => {
  // skipped only when no bundle exists to read (`npm run build` makes it; `vitest run --project unit` alone may have none)
  it.runIf(existsSync(serverBundlePath))("bundles server.ts and the Remix build with one copy of the domain between them", () => {
    const chunks = readdirSync(serverBundleDir).filter((file) => file.endsWith(".js")).map((file) => readFileSync(path.join(serverBundleDir, file), "utf8"));
    // the kernel's error class is defined once, in a chunk both entries import (two copies would mean two kernels)
    expect(chunks.join("\n").match(/\b(class DomainError\b|DomainError = class\b)/g)).toHaveLength(1);
    // the Remix build's package imports were resolved into the bundle: nothing loads the TypeScript sources at run time
    for (const chunk of chunks) expect(chunk).not.toMatch(/from "#(modules|projections)/);
  });
});
