import { readFileSync } from "node:fs";

export type RunStats = { operations: number; seconds: number; perSecond: number; p50: number; p99: number };

export const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : 0;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `writers` loops of `perWriter` operations each, timing every operation. With `paceMs`, each loop
 * starts one operation every `paceMs` (from a random offset, so loops do not fire together), as people
 * queueing at a kiosk do; without it, each loop starts its next operation as soon as the last one ends.
 */
export async function timedRun(writers: number, perWriter: number, op: (writer: number, i: number) => Promise<unknown>, paceMs = 0): Promise<RunStats> {
  const latencies: number[] = [];
  const started = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, w) => {
      let next = performance.now() + Math.random() * paceMs;
      for (let i = 0; i < perWriter; i++) {
        if (paceMs) await sleep(Math.max(0, next - performance.now()));
        next += paceMs;
        const t = performance.now();
        await op(w, i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  return { operations: latencies.length, seconds, perSecond: latencies.length / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

export const fmt = (s: RunStats) =>
  `${s.perSecond.toFixed(0).padStart(7)} ops/s   p50 ${s.p50.toFixed(2).padStart(6)} ms   p99 ${s.p99.toFixed(2).padStart(6)} ms   (${s.operations} ops in ${s.seconds.toFixed(1)} s)`;

/**
 * CPU time (user + system, ms) a process has used so far, from /proc: the cost of the work itself,
 * which, unlike latency, other load on the machine does not inflate. 0 where /proc is missing.
 */
export function cpuMsOf(pid: number | undefined): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, "utf8").replace(/^.*\) /, "").split(" ");
    // after "pid (comm) ": state is field 0, utime 11, stime 12, in clock ticks (100 per second on Linux)
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return 0;
  }
}

/** A memory field of a process's /proc status (VmRSS, RssAnon, ...) in MB; 0 where /proc is missing. */
export function statusMbOf(pid: number | undefined, field = "VmRSS"): number {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;
  } catch {
    return 0;
  }
}
