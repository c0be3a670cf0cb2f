import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { ensureBuild, wantedMode } from "./app-build";
import { buildLayout, projectRoot } from "./build-layout.js";

/**
 * The prebuilt server (decision 121): server.ts and the Remix server build in BUILD_DIR bundled by esbuild
 * into BUILD_DIR/server/ (`server.js` and its chunks, one copy of every module both share), so that a
 * process starts on plain JavaScript. Under `node --import tsx server.ts` tsx compiled ~1,200 TypeScript
 * sources at every start: about 9 s of CPU of the 10 a web process needed to answer /api/health.
 * Packages stay in node_modules (imported, not bundled). `inputs.json` beside the bundle lists the files it
 * was made from: the bundle is stale when one of them is newer than it, or gone.
 */
const ROOT = projectRoot();
const ENTRY = "rollcall:server-entry";
const INPUTS = "inputs.json";

type Env = Record<string, string | undefined>;

/** Why the prebuilt server in BUILD_DIR cannot be run as it is, or null when it can. */
export function serverBundleProblem(env: Env = process.env): string | null {
  const { serverBundlePath, serverBundleDir, serverBuildPath } = buildLayout(env, ROOT);
  if (!existsSync(serverBundlePath)) return `${path.relative(ROOT, serverBundlePath)} is missing`;
  let inputs: string[];
  try {
    inputs = JSON.parse(readFileSync(path.join(serverBundleDir, INPUTS), "utf8")) as string[];
  } catch {
    return `${path.relative(ROOT, path.join(serverBundleDir, INPUTS))} is missing`;
  }
  const builtAt = statSync(serverBundlePath).mtimeMs;
  // the Remix build is one of the inputs: a rebuild of it (another mode, changed routes) makes the bundle stale
  for (const input of [serverBuildPath, ...inputs.map((file) => path.resolve(ROOT, file))]) {
    if (!existsSync(input)) return `${path.relative(ROOT, input)} is gone since the server was bundled`;
    if (statSync(input).mtimeMs > builtAt) return `${path.relative(ROOT, input)} changed since the server was bundled`;
  }
  return null;
}

/**
 * Bundles server.ts with the Remix build of BUILD_DIR (which must exist: `remix build` first) into
 * BUILD_DIR/server/. Built beside it and renamed into place, so a process starting meanwhile reads a whole
 * bundle. Returns the build's wall time in ms.
 */
export async function buildServerBundle(env: Env = process.env): Promise<number> {
  const started = performance.now();
  const { serverBuildPath, serverBundleDir } = buildLayout(env, ROOT);
  if (!existsSync(serverBuildPath)) throw new Error(`${serverBuildPath} is missing: run remix build first`);
  let esbuild: typeof import("esbuild");
  try {
    // the Remix compiler's own esbuild (@remix-run/dev, a devDependency, as `remix build` needs)
    esbuild = await import("esbuild");
  } catch {
    throw new Error("esbuild (installed with @remix-run/dev) is missing: run `npm install --include=dev`, or ship a build made beforehand");
  }
  const staging = `${serverBundleDir}.${process.pid}.tmp`;
  rmSync(staging, { recursive: true, force: true });
  const result = await esbuild.build({
    absWorkingDir: ROOT,
    entryPoints: { server: ENTRY },
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    packages: "external",
    // class and function names as in the sources (two modules' same-named classes would be renamed)
    keepNames: true,
    sourcemap: true,
    metafile: true,
    outdir: staging,
    logLevel: "warning",
    plugins: [
      {
        name: "rollcall-server-entry",
        setup(build) {
          build.onResolve({ filter: /^rollcall:server-entry$/ }, () => ({ path: ENTRY, namespace: "rollcall" }));
          build.onLoad({ filter: /.*/, namespace: "rollcall" }, () => ({
            resolveDir: ROOT,
            loader: "ts",
            // the Remix build is loaded when the web part starts (a projector or worker never loads it)
            contents: [
              `import { useBundledServerBuild } from "./runtime/server-build-source";`,
              `useBundledServerBuild(() => import(${JSON.stringify("./" + path.relative(ROOT, serverBuildPath).split(path.sep).join("/"))}));`,
              `await import("./server");`,
            ].join("\n"),
          }));
        },
      },
    ],
  });
  const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.startsWith("rollcall:"));
  writeFileSync(path.join(staging, INPUTS), JSON.stringify(inputs.sort(), null, 1));
  const old = `${serverBundleDir}.${process.pid}.old`;
  if (existsSync(serverBundleDir)) renameSync(serverBundleDir, old);
  mkdirSync(path.dirname(serverBundleDir), { recursive: true });
  renameSync(staging, serverBundleDir);
  rmSync(old, { recursive: true, force: true });
  return performance.now() - started;
}

/** Bundles the server unless the bundle in BUILD_DIR is current. Returns why it rebuilt, or null. */
export async function ensureServerBundle({ env = process.env, log = (line: string) => console.log(line) }: { env?: Env; log?: (line: string) => void } = {}): Promise<string | null> {
  const problem = serverBundleProblem(env);
  if (!problem) return null;
  const ms = await buildServerBundle(env);
  log(`[rollcall] bundled the server into ${path.relative(ROOT, buildLayout(env, ROOT).serverBundleDir)}/ in ${(ms / 1000).toFixed(1)} s: ${problem}`);
  return problem;
}

/**
 * `npm start`'s build step (scripts/start.js): the Remix build for this NODE_ENV's mode (decision 030), then
 * the bundle of the server with it, each made only when missing or stale. Returns the bundle's path.
 */
export async function prepareStart(env: Env = process.env): Promise<string> {
  ensureBuild(wantedMode(env.NODE_ENV), { env });
  await ensureServerBundle({ env });
  return buildLayout(env, ROOT).serverBundlePath;
}
