/**
 * `npm run bench:points` (issue 19, decisions 075 and 076): BENCH_POINTS_EVENTS ledger events (default 1,000,000)
 * over BENCH_POINTS_MEMBERS members (default 20,000) of Northside Youth Centre, appended to the real event store
 * (one append per member, dated over 90 days) and projected by the real projector; then:
 *   - the leaderboard over HTTP as the admin, all time, this month and this week (decision 085): p95 (goal < 50 ms)
 *   - a member's balance and history (the read-model queries the balance call runs, decision 085): p95 (goal < 20 ms)
 *   - checkout (placeOrder: reserve on the item's stream, spend on the member's, the order, a one-line cart's three in
 *     one append: decision 137; decisions 086, 116, 119, 134)
 *     at 20 concurrent buyers over 5 items, after a warm-up of 200 checkouts: p99 (goal < 50 ms), three times: 20
 *     buyers checking out 25 times each (their points state known after the first); 500 different buyers, each
 *     deciding from the fold of their points stream their balance row keeps (decision 125); and 500 more different
 *     buyers reading their whole points stream instead (as before decision 125, for comparison in the same run); and
 *     500 more different buyers whose checkouts append step by step (as before decision 137, three commits)
 * BENCH_POINTS_MEMBERS must be at least 1,720 (the warm-up, the 20 and the three 500).
 * The app runs in this one process (web, projector and worker: ROLE=all, production's default, README).
 * BENCH_POINTS_BREAKDOWN=1 prints under each checkout line where its time went (decision 132: each step, the
 * appends and reads by stream kind with their conflicts, the projector's readAll, event loop delay, GC);
 * /proc/loadavg is printed beside each checkout line; BENCH_POINTS_LABEL names the database (rollcall_<label>_...).
 * Before the reads and before the checkouts the database is settled (BENCH_POINTS_SETTLE=0 skips it): a checkpoint and
 * VACUUM ANALYZE of the events and the points tables, so that the write-back of the million appended events and
 * autovacuum's pass over them happen before a phase, not in its p99 (a run of session 18 had a 713 ms p99 from one).
 * Prints the figures, the goals, ok or MISS, and a baseline measured in the same run (GET /api/setting/organization
 * over HTTP, p95): the machine is shared, so compare the figures with it. Smaller sizes make a smoke run.
 */
import { readFileSync } from "node:fs";
import { sql, type Kysely } from "kysely";
import type { Services } from "../../modules/identity";
import { idFrom, newId, systemClock } from "../../modules/kernel";
import { placeOrder, pointsStreamId, type PointsEvent } from "../../modules/points";
import type { ReadModels } from "../../projections";
import { balancesOf, memberEntries } from "../../projections/points";
import { demoOrganizations } from "../factories/demo-seed";
import { inPool } from "../factories/participants";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections } from "../support/in-process-app";
import { testServices } from "../support/services";
import { startBreakdown } from "./points-breakdown";
import { percentile, timedRun } from "./stats";

const loadavg = () => readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");

const MEMBERS = Number(process.env.BENCH_POINTS_MEMBERS ?? 20_000);
const EVENTS = Number(process.env.BENCH_POINTS_EVENTS ?? 1_000_000);
const RUNS = 200;
const DAY = 86_400_000;

const app = await startInProcessApp(process.env.BENCH_POINTS_LABEL ?? "bench_points", { nodeEnv: "production" });
const services = { ...app.app.core, clock: systemClock } as unknown as Services;
const db = app.app.core.db as Kysely<ReadModels>;
const org = demoOrganizations[1];
const admin = new HttpClient(app.baseUrl);
await clearSignInLimits((await testServices()).redisUrl);
await admin.signIn("admin@northside.demo");

if (MEMBERS < 1_720) throw new Error("BENCH_POINTS_MEMBERS must be at least 1,720 (the warm-up, the 20 and the three 500 buyers)");
const perMember = Math.max(1, Math.round(EVENTS / MEMBERS));
const members = Array.from({ length: MEMBERS }, (_, i) => idFrom("bench", "points-member", i));
const now = Date.now();
const t0 = performance.now();
await inPool(members, 8, async (participantId, i) => {
  const commandId = idFrom("bench", "points", participantId);
  const events: PointsEvent[] = Array.from({ length: perMember }, (_, k) => ({
    type: "PointsAwarded",
    data: { organizationId: org.id, participantId, entryId: idFrom(commandId, "entry", k), amount: 1 + ((i * 31 + k * 7) % 50), category: "general", reason: "Bench", source: { kind: "manual", id: null }, awardedBy: null },
  }));
  await services.store.appendToStream<PointsEvent>(
    pointsStreamId(participantId),
    events.map((e, k) => ({ ...e, eventId: idFrom(commandId, k), metadata: { organizationId: org.id, actorId: null, commandId: idFrom(commandId, "c", k), correlationId: commandId, causationId: null, occurredAt: new Date(now - ((k * 90) / perMember) * DAY).toISOString() } })),
    { expectedRevision: "any" },
  );
});
const tAppended = performance.now();
await waitForProjections(app.baseUrl, 3_600_000);
const tProjected = performance.now();
console.log(`\n${(MEMBERS * perMember).toLocaleString("en")} ledger events over ${MEMBERS.toLocaleString("en")} members: appended in ${((tAppended - t0) / 1000).toFixed(1)} s, projected in ${((tProjected - tAppended) / 1000).toFixed(1)} s`);

const SETTLE = process.env.BENCH_POINTS_SETTLE !== "0";
const settle = async (before: string) => {
  if (!SETTLE) return;
  const t = performance.now();
  try {
    await sql`checkpoint`.execute(db);
    await sql.raw("vacuum (analyze) events, rm_point_entries, rm_point_balances, rm_point_periods, rm_store_items, rm_store_reservations, rm_store_orders").execute(db);
    console.log(`  (settled before ${before}: checkpoint and vacuum analyze in ${((performance.now() - t) / 1000).toFixed(1)} s, load ${loadavg()})`);
  } catch (error) {
    console.log(`  (not settled before ${before}: ${String(error)})`);
  }
};
await settle("the reads");

const timed = async (runs: number, op: (i: number) => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await op(i);
    ms.push(performance.now() - t);
  }
  return ms.sort((a, b) => a - b);
};
const verdict = (value: number, goal: number) => (value < goal ? "ok" : "MISS");
const line = (label: string, ms: number[], p: number, goal: number) => console.log(`  ${label.padEnd(44)} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} ms   p${p} ${percentile(ms, p).toFixed(1).padStart(6)} ms   goal < ${goal} ms   ${verdict(percentile(ms, p), goal)}`);

const baseline = await timed(RUNS, async () => {
  const response = await admin.request("GET", "/api/setting/organization");
  if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
  await response.arrayBuffer();
});
console.log(`  ${"baseline GET /api/setting/organization".padEnd(44)} p50 ${percentile(baseline, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(baseline, 95).toFixed(1).padStart(6)} ms`);
for (const period of ["all", "month", "week"] as const) {
  const ms = await timed(RUNS, async () => {
    const response = await admin.request("GET", `/api/leaderboard?period=${period}&size=20`);
    if (!response.ok) throw new Error(`${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  line(`leaderboard over HTTP, period ${period}`, ms, 95, 50);
}
const balanceMs = await timed(RUNS, async (i) => {
  const id = members[(i * 7919) % MEMBERS]!;
  await Promise.all([balancesOf(db, org.id, [id]), memberEntries(db, org.id, id, 20)]);
});
line("a member's balance and history (queries)", balanceMs, 95, 20);

// checkout: 20 buyers at once, each with enough points, over 5 items with stock for everyone
const created = await Promise.all(
  Array.from({ length: 5 }, async (_, n) => {
    const response = await admin.request("POST", "/api/store/item", { body: { name: `Bench item ${n}`, price: 1, stock: 100_000 } });
    return ((await response.json()) as { data: { id: string } }).data.id;
  }),
);
// BENCH_POINTS_BREAKDOWN=1: where each checkout phase's time goes (decision 132), printed under its line
const BREAKDOWN = process.env.BENCH_POINTS_BREAKDOWN === "1";
let breakdown: ReturnType<typeof startBreakdown> | null = null;
const measured = async <T>(label: string, run: () => Promise<T>) => {
  breakdown = BREAKDOWN ? startBreakdown(services.store) : null;
  const result = await run();
  return { result, print: () => breakdown?.stop(label) };
};
const checkout = async (participantId: string, item: string, fromReadModel = true, oneAppend = true) => {
  const traced = breakdown?.checkout();
  await placeOrder(services, { organizationId: org.id, actorId: participantId, participantId, roleName: "PARTICIPANT" }, [{ id: item, quantity: 1 }], newId(), { fromReadModel, oneAppend, trace: traced?.trace });
  traced?.done();
};
// warm-up (as bench:check-in's): 200 checkouts by members the measured runs do not use, so that the JIT and the
// prepared statements settle before anything is measured
await timedRun(20, 10, (w, i) => checkout(members[MEMBERS - 1 - (w * 10 + i)]!, created[(w + i) % 5]!));
await settle("the checkouts");
// 20 buyers, each checking out 25 times: from the second time on, each buyer's points state is known (decision 119)
const { result: stats, print: printRepeat } = await measured("repeat buyers", () => timedRun(20, 25, (w, i) => checkout(members[w]!, created[(w + i) % 5]!)));
console.log(`  ${"checkout, 20 buyers at once, 25 each".padEnd(44)} p50 ${stats.p50.toFixed(1).padStart(6)} ms   p99 ${stats.p99.toFixed(1).padStart(6)} ms   goal < 50 ms   ${verdict(stats.p99, 50)}   (${stats.operations} checkouts, ${stats.perSecond.toFixed(0)}/s)   load ${loadavg()}`);
printRepeat();
// 20 at once, every checkout by another member (500 buyers, as a store's buyers mostly are): each decides from the
// fold its balance row keeps (decision 125); then 500 others each reading their whole points stream (as before 125)
const { result: distinct, print: printDistinct } = await measured("500 different buyers", () => timedRun(20, 25, (w, i) => checkout(members[20 + w * 25 + i]!, created[(w + i) % 5]!)));
console.log(`  ${"checkout, 20 at once, 500 different buyers".padEnd(44)} p50 ${distinct.p50.toFixed(1).padStart(6)} ms   p99 ${distinct.p99.toFixed(1).padStart(6)} ms   goal < 50 ms   ${verdict(distinct.p99, 50)}   (${distinct.operations} checkouts, ${distinct.perSecond.toFixed(0)}/s)   load ${loadavg()}`);
printDistinct();
const { result: read, print: printRead } = await measured("500 different buyers reading their streams", () => timedRun(20, 25, (w, i) => checkout(members[520 + w * 25 + i]!, created[(w + i) % 5]!, false)));
console.log(`  ${"  the same, each reading its stream (no 125)".padEnd(44)} p50 ${read.p50.toFixed(1).padStart(6)} ms   p99 ${read.p99.toFixed(1).padStart(6)} ms   goal < 50 ms   ${verdict(read.p99, 50)}   (${read.operations} checkouts, ${read.perSecond.toFixed(0)}/s, for comparison)   load ${loadavg()}`);
printRead();
const { result: steps, print: printSteps } = await measured("500 different buyers step by step", () => timedRun(20, 25, (w, i) => checkout(members[1020 + w * 25 + i]!, created[(w + i) % 5]!, true, false)));
console.log(`  ${"  the same, step by step (no 137)".padEnd(44)} p50 ${steps.p50.toFixed(1).padStart(6)} ms   p99 ${steps.p99.toFixed(1).padStart(6)} ms   goal < 50 ms   ${verdict(steps.p99, 50)}   (${steps.operations} checkouts, ${steps.perSecond.toFixed(0)}/s, for comparison; one append ${(steps.p99 / distinct.p99).toFixed(2)}x faster at p99)   load ${loadavg()}`);
printSteps();

await app.stop();
process.exit(0);
