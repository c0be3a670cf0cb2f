import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * Where a build of the app lives: one directory, `BUILD_DIR` (default `build`, relative to the working
 * directory), holding the server build (`index.js`), the prebuilt server (`server/`) and the browser files (`assets/`, served at
 * `/build/`). Read by remix.config.js (plain JavaScript, so this file is too), runtime/web.ts,
 * scripts/start.js, runtime/server-bundle.ts and the tests, which build into a directory of their own (decision 030).
 *
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [cwd]
 */
export function buildLayout(env = process.env, cwd = process.cwd()) {
  const dir = path.resolve(cwd, env.BUILD_DIR || "build");
  return {
    dir,
    serverBuildPath: path.join(dir, "index.js"),
    // the prebuilt server (runtime/server-bundle.ts, decision 121): server.ts and the Remix build bundled
    // together, what `npm start` runs
    serverBundleDir: path.join(dir, "server"),
    serverBundlePath: path.join(dir, "server", "server.js"),
    assetsDir: path.join(dir, "assets"),
    publicPath: "/build/",
  };
}

/**
 * The project's root, the directory of its package.json, found upwards from this file: from its source
 * (runtime/) and from the prebuilt server in BUILD_DIR/server/ alike (decision 121).
 */
export function projectRoot() {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, "package.json"))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = parent;
  }
  return dir;
}
