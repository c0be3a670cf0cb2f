import { spawnSync } from "node:child_process";
import { fileURLToPath, pathToFileURL } from "node:url";
import { buildLayout } from "../runtime/build-layout.js";

/**
 * `npm start`: (re)build the Remix app into BUILD_DIR when the build is missing, older than its sources or
 * of another mode than this NODE_ENV's (a development build cannot serve in production: decision 030),
 * bundle the server with it when that bundle is missing or stale, then run the bundle (decision 121).
 * Plain JavaScript: the build step's TypeScript runs under tsx in a short process of its own
 * (scripts/prepare-start.ts), and this process loads the bundle without any TypeScript loader hooked in.
 */
const ROOT = fileURLToPath(new URL("..", import.meta.url));
const prepared = spawnSync(process.execPath, ["--import", "tsx", "scripts/prepare-start.ts"], { cwd: ROOT, stdio: "inherit" });
if (prepared.status !== 0) {
  console.error(`[rollcall] failed to start: the build step ${prepared.signal ? `was killed (${prepared.signal})` : `exited with ${prepared.status}`}`);
  process.exit(1);
}
// NODE_ENV stays as given: `npm start` on a laptop is development (demo data, cookies without Secure);
// a deployment sets NODE_ENV=production
await import(pathToFileURL(buildLayout().serverBundlePath).href);
