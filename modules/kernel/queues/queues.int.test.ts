import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import type { Logger } from "../logger";
import { createQueue, createWorker, enqueue, type RollcallQueue, type WorkerHandle } from "./index";

const REDIS_URL = process.env.REDIS_URL || "redis://127.0.0.1:6379";
const prefix = `rollcall-test-${randomUUID().slice(0, 8)}`;
const queues: RollcallQueue<never, never>[] = [];
const handles: WorkerHandle<never, never>[] = [];

function logSink() {
  const lines: { level: string; message: string; fields?: Record<string, unknown> }[] = [];
  const at = (level: string) => (message: string, fields?: Record<string, unknown>) => lines.push({ level, message, fields });
  const logger: Logger = { debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error") };
  return { logger, lines };
}

function queue<D, R>(name: string, defaultJobOptions?: Parameters<typeof createQueue>[1]["defaultJobOptions"]) {
  const q = createQueue<D, R>(name, { connection: REDIS_URL, prefix, defaultJobOptions, logger: logSink().logger });
  queues.push(q as unknown as RollcallQueue<never, never>);
  return q;
}

function worker<D, R>(name: string, processor: Parameters<typeof createWorker<D, R>>[1], extra: Partial<Parameters<typeof createWorker<D, R>>[2]> = {}) {
  const h = createWorker<D, R>(name, processor, { connection: REDIS_URL, prefix, concurrency: 1, logger: logSink().logger, ...extra });
  handles.push(h as unknown as WorkerHandle<never, never>);
  return h;
}

async function waitFor<T>(probe: () => Promise<T | undefined | null | false>, timeoutMs = 5000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`waitFor: timed out after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

async function finished<D, R>(q: RollcallQueue<D, R>, jobId: string, timeoutMs?: number) {
  const state = await waitFor(async () => {
    const s = await q.getJobState(jobId);
    return s === "completed" || s === "failed" ? s : undefined;
  }, timeoutMs);
  const job = await q.getJob(jobId); // read after the state is final, so returnvalue is there
  if (!job) throw new Error(`job ${jobId} vanished`);
  return { job, state };
}

afterAll(async () => {
  await Promise.allSettled(handles.map((h) => h.close()));
  for (const q of queues) {
    await q.obliterate({ force: true }).catch(() => {});
    await q.close();
  }
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}:*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
});

describe("queues (real Redis)", () => {
  it("processes a job and keeps its result", async () => {
    const q = queue<{ n: number }, { doubled: number }>("basic");
    worker<{ n: number }, { doubled: number }>("basic", async (job) => ({ doubled: job.data.n * 2 }));
    const job = await enqueue(q, "double", { n: 21 }, { jobId: "basic-1" });
    expect(job.id).toBe("basic-1");
    expect(job.opts.attempts).toBe(5);
    expect(job.opts.backoff).toEqual({ type: "exponential", delay: 1000 });

    const done = await finished(q, "basic-1");
    expect(done.state).toBe("completed");
    expect(done.job.returnvalue).toEqual({ doubled: 42 });
  });

  it("refuses an enqueue without a jobId", async () => {
    const q = queue<object, void>("no-id");
    await expect(enqueue(q, "x", {}, { jobId: "" })).rejects.toThrow(/jobId is required/);
    expect(await q.getJobCounts("waiting")).toEqual({ waiting: 0 });
  });

  it("runs a jobId once however often it is enqueued", async () => {
    const q = queue<{ id: string }, void>("idempotent");
    const a = await enqueue(q, "export", { id: "e1" }, { jobId: "export-e1" });
    const b = await enqueue(q, "export", { id: "e1" }, { jobId: "export-e1" });
    await enqueue(q, "export", { id: "sentinel-1" }, { jobId: "sentinel-1" });
    expect(b.id).toBe(a.id);
    expect(await q.getJobCounts("waiting")).toEqual({ waiting: 2 });

    const runs: string[] = [];
    worker<{ id: string }, void>("idempotent", async (job) => void runs.push(job.data.id));
    await finished(q, "sentinel-1");
    // after completion the job is still kept, so a late duplicate is ignored as well
    await enqueue(q, "export", { id: "e1" }, { jobId: "export-e1" });
    await enqueue(q, "export", { id: "sentinel-2" }, { jobId: "sentinel-2" });
    await finished(q, "sentinel-2");
    expect(runs).toEqual(["e1", "sentinel-1", "sentinel-2"]);
  });

  it("retries with exponential backoff and logs the failed attempts", async () => {
    const q = queue<object, string>("retry", { backoff: { type: "exponential", delay: 100 } });
    const sink = logSink();
    const startedAt: number[] = [];
    worker<object, string>(
      "retry",
      async () => {
        startedAt.push(Date.now());
        if (startedAt.length <= 2) throw new Error(`boom ${startedAt.length}`);
        return "third time lucky";
      },
      { logger: sink.logger },
    );
    await enqueue(q, "flaky", {}, { jobId: "flaky-1" });

    const done = await finished(q, "flaky-1");
    expect(done.state).toBe("completed");
    expect(done.job.returnvalue).toBe("third time lucky");
    expect(done.job.attemptsMade).toBe(3);
    expect(startedAt).toHaveLength(3);
    const [t0, t1, t2] = startedAt as [number, number, number];
    expect(t1 - t0).toBeGreaterThanOrEqual(100); // delay * 2^0
    expect(t2 - t1).toBeGreaterThanOrEqual(200); // delay * 2^1
    const failures = sink.lines.filter((l) => l.level === "error");
    expect(failures.map((l) => l.fields?.error)).toEqual(["boom 1", "boom 2"]);
    expect(failures[0]?.fields).toMatchObject({ jobId: "flaky-1", attemptsMade: 1 });
  });

  it("close() waits for the active job to finish", async () => {
    const q = queue<object, void>("graceful");
    let sideEffect = false;
    const h = worker<object, void>("graceful", async () => {
      await new Promise((r) => setTimeout(r, 600));
      sideEffect = true;
    });
    const active = new Promise<void>((resolve) => h.worker.once("active", () => resolve()));
    await enqueue(q, "slow", {}, { jobId: "slow-1" });
    await active;

    await h.close();
    expect(sideEffect).toBe(true);
    expect(await (await q.getJob("slow-1"))?.getState()).toBe("completed");
    expect(h.worker.isRunning()).toBe(false);
  });

  it("a job whose worker died is picked up by another worker (stalled recovery)", async () => {
    const q = queue<object, string>("stalled");
    const fast = { lockDuration: 1000, stalledInterval: 500 };
    const dead = worker<object, string>("stalled", () => new Promise<string>(() => {}), fast); // hangs forever
    const active = new Promise<void>((resolve) => dead.worker.once("active", () => resolve()));
    await enqueue(q, "orphan", {}, { jobId: "orphan-1" });
    await active;
    await dead.worker.close(true); // dies mid-job: no lock renewal, job left active
    await dead.close();
    expect(await (await q.getJob("orphan-1"))?.getState()).toBe("active");

    const sink = logSink();
    const rescued: string[] = [];
    worker<object, string>("stalled", async (job) => (rescued.push(job.id ?? "?"), "rescued"), { ...fast, logger: sink.logger });
    const done = await finished(q, "orphan-1", 8000);
    expect(done.state).toBe("completed");
    expect(done.job.returnvalue).toBe("rescued");
    expect(rescued).toEqual(["orphan-1"]);
    expect(sink.lines.some((l) => l.message.includes("stalled") && l.fields?.jobId === "orphan-1")).toBe(true);
  }, 15_000);
});
