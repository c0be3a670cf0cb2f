import path from "node:path";

/**
 * Where a build of the app lives: one directory, `BUILD_DIR` (default `build`, relative to the working
 * directory), holding the server build (`index.js`) and the browser files (`assets/`, served at
 * `/build/`). Read by remix.config.js (plain JavaScript, so this file is too), runtime/web.ts,
 * scripts/start.ts and the tests, which build into a directory of their own (decision 030).
 *
 * @param {Record<string, string | undefined>} [env]
 * @param {string} [cwd]
 */
export function buildLayout(env = process.env, cwd = process.cwd()) {
  const dir = path.resolve(cwd, env.BUILD_DIR || "build");
  return {
    dir,
    serverBuildPath: path.join(dir, "index.js"),
    assetsDir: path.join(dir, "assets"),
    publicPath: "/build/",
  };
}
