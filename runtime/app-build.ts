import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildLayout } from "./build-layout.js";

/**
 * The Remix build and its mode, for `npm start` (scripts/prepare-start.ts) and the tests alike: a build is
 * usable when it exists, is newer than every source it is made from, and was made in the mode wanted.
 * A development (or test) build renders with `jsxDEV`, which React's production runtime lacks: under
 * NODE_ENV=production every page of such a build answers 500 (decision 030).
 */
export type BuildMode = "development" | "production" | "test";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
/** what the server build is made from: changed sources make it stale */
const SOURCES = ["app", "modules", "projections", "workers", "remix.config.js", "runtime/build-layout.js", "package-lock.json"];

/** The mode `remix build` makes in this environment: NODE_ENV, production when unset. */
export function wantedMode(nodeEnv: string | undefined): BuildMode {
  return nodeEnv === "development" || nodeEnv === "test" ? nodeEnv : "production";
}

/**
 * The mode a server build was made in, as Remix records it in the build (its `mode` export, bundled as
 * `var mode = "…"`); null when there is no build or the line is not found (then it is rebuilt).
 */
export function builtMode(serverBuildPath: string): BuildMode | null {
  if (!existsSync(serverBuildPath)) return null;
  const found = /\bvar mode = "(development|production|test)"/.exec(readFileSync(serverBuildPath, "utf8"));
  return (found?.[1] as BuildMode | undefined) ?? null;
}

function newestMtime(entry: string): number {
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const child of readdirSync(entry)) newest = Math.max(newest, newestMtime(path.join(entry, child)));
  return newest;
}

/** Why the build in `dir` cannot serve in `mode`, or null when it can. */
export function buildProblem(mode: BuildMode, env: Record<string, string | undefined> = process.env): string | null {
  const { serverBuildPath } = buildLayout(env, ROOT);
  if (!existsSync(serverBuildPath)) return `${serverBuildPath} is missing`;
  const built = builtMode(serverBuildPath);
  if (built !== mode) return `the build is ${built ? `a ${built}` : "of an unknown"} build and ${mode} is wanted`;
  const sources = SOURCES.map((s) => path.join(ROOT, s)).filter((s) => existsSync(s));
  if (Math.max(...sources.map(newestMtime)) > statSync(serverBuildPath).mtimeMs) return "the sources changed since the build";
  return null;
}

/**
 * Builds the app (`remix build` with NODE_ENV=mode, into BUILD_DIR) unless the build there can serve
 * in `mode` already. Returns why it rebuilt, or null. Throws when the build fails.
 */
export function ensureBuild(
  mode: BuildMode,
  { env = process.env, log = (line: string) => console.log(line), quiet = false }: { env?: Record<string, string | undefined>; log?: (line: string) => void; quiet?: boolean } = {},
): string | null {
  const problem = buildProblem(mode, env);
  if (!problem) return null;
  log(`[rollcall] building the app (remix build, ${mode} mode): ${problem}`);
  const remix = path.join(ROOT, "node_modules/.bin/remix");
  // NODE_ENV=production npm install leaves out devDependencies, the Remix compiler among them
  if (!existsSync(remix)) throw new Error("the Remix compiler (@remix-run/dev) is not installed: run `npm install --include=dev`, or ship a build made beforehand");
  const result = spawnSync(remix, ["build"], {
    cwd: ROOT,
    env: { ...env, NODE_ENV: mode },
    stdio: quiet ? "pipe" : "inherit",
    encoding: "utf8",
  });
  if (result.status !== 0) throw new Error(`remix build failed (exit ${result.status}):\n${result.stdout ?? ""}\n${result.stderr ?? ""}`);
  const built = builtMode(buildLayout(env, ROOT).serverBuildPath);
  if (built !== mode) throw new Error(`remix build made a ${built ?? "unknown"} build, not a ${mode} build`);
  return problem;
}
