import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

/** `npm start`: build the Remix app when the build is missing or older than its sources, then run. */
function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : statSync(full).mtimeMs);
  }
  return newest;
}

const build = path.resolve("build/index.js");
const sources = ["app", "modules", "projections"].filter((d) => existsSync(d));
const stale = !existsSync(build) || Math.max(...sources.map(newestMtime)) > statSync(build).mtimeMs;
if (stale) {
  console.log("[rollcall] building the app (remix build)...");
  execSync("npx remix build", { stdio: "inherit" });
}
// NODE_ENV stays as given: `npm start` on a laptop is development (demo data, cookies without Secure);
// a deployment sets NODE_ENV=production
await import("../server");
