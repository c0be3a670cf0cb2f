/**
 * Where a checkout's time goes (decision 132), for `npm run bench:points` with BENCH_POINTS_BREAKDOWN=1: per
 * checkout, the time to its reservations, its spend and its order (placeOrder's `trace`); every append and stream
 * read the process makes meanwhile (by stream kind: its time, events, conflicts); the projector's `readAll`s; the
 * event loop's delay (monitorEventLoopDelay) and the garbage collector's pauses over the phase.
 */
import { monitorEventLoopDelay, PerformanceObserver } from "node:perf_hooks";
import { isWrongExpectedRevision, type EventStore } from "../../modules/kernel";
import type { CheckoutTrace } from "../../modules/points";
import { percentile } from "./stats";

type Call = { kind: string; ms: number; events: number; conflict: boolean };
const kindOf = (streamId: string) => (streamId.startsWith("store-item-") ? "item" : streamId.startsWith("store-order-") ? "order" : streamId.startsWith("points-") ? "points" : "other");
const fmt = (ms: number[]) => {
  const s = [...ms].sort((a, b) => a - b);
  return `p50 ${percentile(s, 50).toFixed(1).padStart(6)}  p99 ${percentile(s, 99).toFixed(1).padStart(6)}  max ${(s[s.length - 1] ?? 0).toFixed(1).padStart(6)} ms`;
};

export function startBreakdown(store: EventStore) {
  const appends: Call[] = [];
  const reads: Call[] = [];
  const readAlls: number[] = [];
  const checkouts: { reserve: number; spend: number; order: number; total: number }[] = [];
  const gc: number[] = [];
  const s = store as unknown as Record<string, unknown>;
  const original = { appendToStream: store.appendToStream, readStream: store.readStream, readAll: store.readAll };
  s.appendToStream = async (streamId: string, events: unknown[], options: unknown) => {
    const t = performance.now();
    let conflict = false;
    try {
      return await original.appendToStream.call(store, streamId, events as never, options as never);
    } catch (error) {
      conflict = isWrongExpectedRevision(error);
      throw error;
    } finally {
      appends.push({ kind: kindOf(streamId), ms: performance.now() - t, events: events.length, conflict });
    }
  };
  s.readStream = async (streamId: string, options: unknown) => {
    const t = performance.now();
    const result = await original.readStream.call(store, streamId, options as never);
    reads.push({ kind: `${kindOf(streamId)}${(options as { last?: number } | undefined)?.last ? " (last)" : ""}`, ms: performance.now() - t, events: result.events.length, conflict: false });
    return result;
  };
  s.readAll = async (from: number, limit: number) => {
    const t = performance.now();
    const result = await original.readAll.call(store, from, limit);
    readAlls.push(performance.now() - t);
    return result;
  };
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const observer = new PerformanceObserver((list) => list.getEntries().forEach((e) => gc.push(e.duration)));
  observer.observe({ entryTypes: ["gc"] });

  return {
    /** a trace for one checkout; call done() when it answers */
    checkout() {
      const t0 = performance.now();
      const at: Record<string, number> = {};
      const trace: CheckoutTrace = (step) => void (at[step] = performance.now());
      return {
        trace,
        done() {
          const end = performance.now();
          const reserved = at.reserved ?? end;
          const spent = at.spent ?? reserved;
          checkouts.push({ reserve: reserved - t0, spend: spent - reserved, order: (at.placed ?? end) - spent, total: end - t0 });
        },
      };
    },
    /** stops measuring and prints the breakdown */
    stop(label: string) {
      Object.assign(s, original);
      loop.disable();
      observer.disconnect();
      const out = (text: string) => console.log(`    ${text}`);
      out(`breakdown: ${label}`);
      const byTotal = [...checkouts].sort((a, b) => a.total - b.total);
      const tail = byTotal.slice(Math.floor(byTotal.length * 0.95));
      const mean = (rows: typeof checkouts, k: keyof (typeof checkouts)[number]) => rows.reduce((sum, r) => sum + r[k], 0) / Math.max(1, rows.length);
      out(`checkout steps (all):        reservations ${fmt(checkouts.map((c) => c.reserve))} | spend ${fmt(checkouts.map((c) => c.spend))} | order ${fmt(checkouts.map((c) => c.order))}`);
      out(`slowest 5 % (${tail.length}), mean:      total ${mean(tail, "total").toFixed(1)} ms = reservations ${mean(tail, "reserve").toFixed(1)} + spend ${mean(tail, "spend").toFixed(1)} + order ${mean(tail, "order").toFixed(1)} ms`);
      for (const kind of [...new Set(appends.map((a) => a.kind))].sort()) {
        const of = appends.filter((a) => a.kind === kind);
        out(`appends ${kind.padEnd(6)} ${String(of.length).padStart(5)} x, ${(of.reduce((n, a) => n + a.events, 0) / of.length).toFixed(1)} events each, ${of.filter((a) => a.conflict).length} conflicts: ${fmt(of.map((a) => a.ms))}`);
      }
      for (const kind of [...new Set(reads.map((a) => a.kind))].sort()) {
        const of = reads.filter((a) => a.kind === kind);
        out(`reads ${kind.padEnd(15)} ${String(of.length).padStart(5)} x, ${(of.reduce((n, a) => n + a.events, 0) / of.length).toFixed(1)} events each: ${fmt(of.map((a) => a.ms))}`);
      }
      out(`projector readAll ${readAlls.length} x: ${fmt(readAlls)}`);
      out(`event loop delay: p50 ${(loop.percentile(50) / 1e6).toFixed(1)}  p99 ${(loop.percentile(99) / 1e6).toFixed(1)}  max ${(loop.max / 1e6).toFixed(1)} ms (resolution 5 ms)`);
      out(`GC: ${gc.length} pauses, ${gc.reduce((a, b) => a + b, 0).toFixed(0)} ms in all, max ${Math.max(0, ...gc).toFixed(1)} ms`);
    },
  };
}
