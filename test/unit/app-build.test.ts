import { mkdir, mkdtemp, rm, utimes, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtMode, wantedMode } from "../../runtime/app-build";
import { buildLayout, projectRoot } from "../../runtime/build-layout.js";
import { serverBundleProblem } from "../../runtime/server-bundle";

describe("the build's layout and mode (decision 030)", () => {
  it("BUILD_DIR holds the server build, the prebuilt server and the browser files; build/ by default", () => {
    expect(buildLayout({}, "/repo")).toEqual({
      dir: "/repo/build",
      serverBuildPath: "/repo/build/index.js",
      serverBundleDir: "/repo/build/server",
      serverBundlePath: "/repo/build/server/server.js",
      assetsDir: "/repo/build/assets",
      publicPath: "/build/",
    });
    expect(buildLayout({ BUILD_DIR: "var/b1" }, "/repo").serverBuildPath).toBe("/repo/var/b1/index.js");
    expect(buildLayout({ BUILD_DIR: "/tmp/b2" }, "/repo").assetsDir).toBe("/tmp/b2/assets");
  });

  it("wants the mode remix build makes: NODE_ENV, production when unset or unknown", () => {
    expect(wantedMode(undefined)).toBe("production");
    expect(wantedMode("")).toBe("production");
    expect(wantedMode("production")).toBe("production");
    expect(wantedMode("development")).toBe("development");
    expect(wantedMode("test")).toBe("test");
  });

  it("reads the mode the build records, null when there is none", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), "rollcall-mode-"));
    try {
      const file = path.join(dir, "index.js");
      expect(builtMode(file)).toBeNull();
      await writeFile(file, 'var x = 1;\nvar mode = "development", assetsBuildDirectory = "/x";\nexport { mode };\n');
      expect(builtMode(file)).toBe("development");
      await writeFile(file, "export const something = 1;\n");
      expect(builtMode(file)).toBeNull();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe("the prebuilt server's freshness (decision 121)", () => {
  it("is stale when missing, when its list of inputs is missing, or when an input or the Remix build is newer or gone", async () => {
    const root = projectRoot();
    await mkdir(path.join(root, "var"), { recursive: true });
    const dir = await mkdtemp(path.join(root, "var", "bundle-"));
    try {
      const env = { BUILD_DIR: path.relative(root, dir) };
      const { serverBuildPath, serverBundleDir, serverBundlePath } = buildLayout(env, root);
      const input = path.join(dir, "input.ts");
      const old = new Date(Date.now() - 60_000);
      // the bundle is dated between the old inputs and now: a write that lands in the same filesystem
      // timestamp tick as the bundle's own (seen on CI) would not read as newer
      const bundled = new Date(Date.now() - 30_000);
      await writeFile(serverBuildPath, "export {};");
      await writeFile(input, "export {};");
      await utimes(serverBuildPath, old, old);
      await utimes(input, old, old);
      expect(serverBundleProblem(env)).toMatch(/server\.js is missing$/);
      await mkdir(serverBundleDir);
      await writeFile(serverBundlePath, "");
      await utimes(serverBundlePath, bundled, bundled);
      expect(serverBundleProblem(env)).toMatch(/inputs\.json is missing$/);
      await writeFile(path.join(serverBundleDir, "inputs.json"), JSON.stringify([path.relative(root, input)]));
      expect(serverBundleProblem(env)).toBeNull();
      await writeFile(input, "export const changed = 1;");
      expect(serverBundleProblem(env)).toMatch(/input\.ts changed since the server was bundled$/);
      await utimes(input, old, old);
      await writeFile(serverBuildPath, "export const rebuilt = 1;");
      expect(serverBundleProblem(env)).toMatch(/index\.js changed since the server was bundled$/);
      await utimes(serverBuildPath, old, old);
      await rm(input);
      expect(serverBundleProblem(env)).toMatch(/input\.ts is gone since the server was bundled$/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
