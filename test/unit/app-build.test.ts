import { mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { builtMode, wantedMode } from "../../runtime/app-build";
import { buildLayout } from "../../runtime/build-layout.js";

describe("the build's layout and mode (decision 030)", () => {
  it("BUILD_DIR holds the server build and the browser files; build/ by default", () => {
    expect(buildLayout({}, "/repo")).toEqual({ dir: "/repo/build", serverBuildPath: "/repo/build/index.js", assetsDir: "/repo/build/assets", publicPath: "/build/" });
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
