import { spawn, type ChildProcess } from "node:child_process";
import { fileURLToPath } from "node:url";
import type { HealthReport } from "../../modules/kernel";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const OUTPUT_LIMIT = 50_000;

export type Exit = { code: number | null; signal: NodeJS.Signals | null };

export type AppProcess = {
  child: ChildProcess;
  label: string;
  stdout(): string;
  stderr(): string;
  /** stdout and stderr interleaved as they arrived, labelled, for failure messages */
  output(): string;
  exited: Promise<Exit>;
  alive(): boolean;
  /** resolves with the exit, or with null when the process is still running after timeoutMs */
  exitWithin(timeoutMs: number): Promise<Exit | null>;
  /** resolves once stdout or stderr contains text; rejects on exit or timeout */
  waitForOutput(text: string, timeoutMs?: number): Promise<void>;
  /** polls GET /api/health until 200 and returns the report; rejects on exit or timeout */
  waitForHealth(port: number, timeoutMs?: number): Promise<HealthReport>;
  /** SIGKILL to the whole process group, if it is still there */
  kill(): void;
};

const spawned = new Set<AppProcess>();
process.once("exit", () => killAll());

/** SIGKILLs every process group spawnApp started that has not exited. */
export function killAll(): void {
  for (const app of spawned) app.kill();
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts `node --import tsx server.ts` (or another entry: `npm start`'s scripts/start.js, the prebuilt
 * server in BUILD_DIR/server/; a JavaScript entry runs on plain node, without tsx) in the repo root, in a
 * process group of its own (one node process, so SIGTERM reaches the app itself). env is
 * laid over a production-like base: NODE_ENV=production, HOST=127.0.0.1, LOG_LEVEL=info, no EventStoreDB,
 * no demo seed. nodeArgs go before the script (e.g. --expose-gc).
 */
export function spawnApp(env: Record<string, string>, label = env.ROLE ?? "app", entry = "server.ts", nodeArgs: string[] = []): AppProcess {
  // CPU_PROFILE_DIR=/some/dir writes a V8 CPU profile of each spawned app process there on exit (for benchmarks)
  const profile = process.env.CPU_PROFILE_DIR ? ["--cpu-prof", `--cpu-prof-dir=${process.env.CPU_PROFILE_DIR}`] : [];
  const tsx = /\.[cm]?ts$/.test(entry) ? ["--import", "tsx"] : [];
  const child = spawn(process.execPath, [...profile, ...tsx, ...nodeArgs, entry], {
    cwd: ROOT,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      LOG_LEVEL: "info",
      EVENTSTORE_URL: "",
      SEED_DEMO: "0",
      ...env,
    },
  });
  let out = "";
  let err = "";
  let both = "";
  const keep = (text: string) => text.slice(-OUTPUT_LIMIT);
  child.stdout!.on("data", (chunk: Buffer) => {
    out = keep(out + chunk.toString("utf8"));
    both = keep(both + chunk.toString("utf8"));
  });
  child.stderr!.on("data", (chunk: Buffer) => {
    err = keep(err + chunk.toString("utf8"));
    both = keep(both + chunk.toString("utf8"));
  });
  let exit: Exit | null = null;
  const exited = new Promise<Exit>((resolve) =>
    child.once("exit", (code, signal) => {
      exit = { code, signal };
      resolve(exit);
    }),
  );
  const describeExit = () => (exit ? `exited (code ${exit.code}, signal ${exit.signal})` : "running");

  const app: AppProcess = {
    child,
    label,
    stdout: () => out,
    stderr: () => err,
    output: () => `--- ${label} (pid ${child.pid}, ${describeExit()}) ---\n${both}`,
    exited,
    alive: () => exit === null,
    async exitWithin(timeoutMs) {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), timeoutMs)));
      const result = await Promise.race([exited, timeout]);
      clearTimeout(timer);
      return result;
    },
    async waitForOutput(text, timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      while (!both.includes(text)) {
        if (exit) throw new Error(`${label} ${describeExit()} before printing '${text}'\n${app.output()}`);
        if (Date.now() > deadline) throw new Error(`${label} did not print '${text}' within ${timeoutMs} ms\n${app.output()}`);
        await sleep(50);
      }
    },
    async waitForHealth(port, timeoutMs = 45_000) {
      const deadline = Date.now() + timeoutMs;
      let last = "no answer yet";
      for (;;) {
        if (exit) throw new Error(`${label} ${describeExit()} before /api/health answered 200 (${last})\n${app.output()}`);
        if (Date.now() > deadline) throw new Error(`${label} not healthy within ${timeoutMs} ms (${last})\n${app.output()}`);
        try {
          const response = await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(3_000) });
          const body = await response.text();
          if (response.status === 200) return JSON.parse(body) as HealthReport;
          last = `GET /api/health answered ${response.status}: ${body.slice(0, 500)}`;
        } catch (error) {
          last = `GET /api/health failed: ${(error as Error).message}`;
        }
        await sleep(200);
      }
    },
    kill() {
      if (!child.pid) return;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // the group is gone already
      }
    },
  };
  spawned.add(app);
  return app;
}
