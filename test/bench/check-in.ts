/**
 * `npm run bench:check-in`: POST /api/check-in throughput and p50/p99 at 1, 20 and 200 simulated kiosks,
 * board latency (POST response -> `check-in:changed` at a connected board client), and the event store's raw
 * append rate measured in the same run. The app runs in this process on a database of its own.
 */
import { spawn } from "node:child_process";
import os from "node:os";
import type { Kysely } from "kysely";
import { io as connect } from "socket.io-client";
import { SessionStore, type SessionTables } from "../../modules/identity";
import { createDb, createPool, dropDatabase, newId, PostgresEventStore, systemClock } from "../../modules/kernel";
import { participantReport } from "../../projections/participants";
import type { ReadModels } from "../../projections/read-models";
import { DEMO_VISITOR_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { freePort } from "../e2e/harness";
import { createParticipant, demoParticipant, inPool } from "../factories/participants";
import { spawnApp } from "../support/app-process";
import { waitForProjections } from "../support/in-process-app";
import { testServices } from "../support/services";
import { kioskClient } from "./kiosk-client";
import { cpuMsOf, percentile, fmt, timedRun } from "./stats";

// the app runs in a process of its own (as in production), the load comes from this one
const { databaseUrl: serverUrl, redisUrl } = await testServices();
const url = new URL(serverUrl);
// a database of this run's own: two runs side by side (a baseline build and a change) never share one
url.pathname = `/rollcall_bench_checkin_${process.pid}`;
await dropDatabase(url.toString());
const port = await freePort();
const env = { DATABASE_URL: url.toString(), REDIS_URL: redisUrl, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "1", NODE_ENV: "production", LOG_LEVEL: "warn" };
const baseUrl = `http://127.0.0.1:${port}`;
// seed once with the whole app, then run as production would on two cores: a web process and a projector
// process, so that HTTP and projection each get a core (BENCH_ONE_PROCESS=1 keeps everything in one)
const seeder = spawnApp({ ...env, ROLE: "all" }, "seed");
// generous waits: on a loaded shared machine the seed alone can take minutes
await seeder.waitForHealth(port, 240_000);
await waitForProjections(baseUrl, 240_000);
const oneProcess = process.env.BENCH_ONE_PROCESS === "1";
if (!oneProcess) {
  seeder.child.kill("SIGTERM");
  await seeder.exitWithin(20_000);
}
// BENCH_WEB_PROCESSES=N: N web processes, each on a port of its own, the kiosks spread over them as a load
// balancer would (kiosk k talks to web k mod N); the board client follows the first (live events cross over Redis)
const webCount = oneProcess ? 1 : Math.max(1, Math.min(4, Number(process.env.BENCH_WEB_PROCESSES ?? 1) || 1));
const webPorts = [port, ...(await Promise.all(Array.from({ length: webCount - 1 }, () => freePort())))];
const webs = oneProcess ? [] : webPorts.map((p, i) => spawnApp({ ...env, ROLE: "web", PORT: String(p) }, webCount > 1 ? `web ${i + 1}` : "web"));
const processes = oneProcess ? [seeder] : [...webs, spawnApp({ ...env, ROLE: "projector", PORT: String(await freePort()) }, "projector")];
for (const [i, p] of webPorts.entries()) await processes[oneProcess ? 0 : i]!.waitForHealth(p, 240_000);
const app = { baseUrl };
const pool = createPool(url.toString(), { max: 8 });
const db = createDb<ReadModels>(pool);
const store = new PostgresEventStore(pool, url.toString());
const northside = demoOrganizations[1];

// 200 kiosks need 200 members of their own: register extra members with signed waivers, travelling alone
const seedDeps = { store, clock: systemClock };
const extra = await inPool(Array.from({ length: 240 }, (_, i) => i), 8, async (i) => {
  const seed = demoParticipant(northside, 1000 + i, 2000, new Date());
  seed.input.status = "Active";
  seed.input.pickUpPermission = "Child may travel to and from the facility independently";
  seed.waiver = { at: new Date(), by: "Bench Parent" };
  return createParticipant(seedDeps, seed);
});
const users = await db.selectFrom("rm_users").select(["id", "username", "organization_id"]).where("username", "in", ["kiosk@northside.demo", "admin@northside.demo"]).execute();
const kiosk = users.find((u) => u.username.startsWith("kiosk"))!;
const admin = users.find((u) => u.username.startsWith("admin"))!;
const sessions = new SessionStore(db as unknown as Kysely<SessionTables>);
const token = async (userId: string) => (await sessions.create(userId, northside.id, new Date())).token;
const csrf = newId().replace(/-/g, "");
// the projector has seen the bench's own members once they are all in the report (another transaction on
// the server can keep fresh events out of sight for a moment, docs/decisions/002)
let report = await participantReport(db, northside.id, { page: 0, size: 1000, statuses: ["Active"] });
for (let i = 0; i < 600 && extra.some((x) => !report.data.some((p) => p.id === x.participantId)); i++) {
  await new Promise((r) => setTimeout(r, 100));
  report = await participantReport(db, northside.id, { page: 0, size: 1000, statuses: ["Active"] });
}
// stop-flagged members are refused by design: the bench checks in the others
const stopped = new Set(
  (await db.selectFrom("rm_flags").select("participant_id").where("organization_id", "=", northside.id).where("type", "=", "stop").where("status", "=", "Active").execute()).map((f) => f.participant_id),
);
// a kiosk checks out only members who travel alone (a child an adult picks up is sent to staff, decision 026)
// the seed's visitors of its day are in (or out) already: a kiosk cycling them would be refused ALREADY_CHECKED_IN
const members = report.data
  .filter((p) => p.is_waiver_signed && !stopped.has(p.id) && !DEMO_VISITOR_PARTICIPANT_IDS.has(p.id) && p.pick_up_permission === "Child may travel to and from the facility independently")
  .map((p) => p.member_id);
console.log(`Rollcall check-in benchmark · node ${process.version} · ${os.cpus().length} cores · ${members.length} members with a waiver who travel alone (${extra.length} added for the bench) · ${oneProcess ? "web + projector in one server process" : `${webCount > 1 ? `${webCount} web processes` : "web"} and projector in processes of their own`}`);

const start = new Date(Date.now() - 12 * 3600 * 1000).toISOString();
const end = new Date(Date.now() + 12 * 3600 * 1000).toISOString();
const headers = async (userId: string) => ({ "content-type": "application/json", cookie: `rollcall_session=${await token(userId)}; rollcall_csrf=${csrf}`, "x-csrf-token": csrf });

// the board client: latency from each POST's response to its socket event
const boardHeaders = await headers(admin.id);
const board = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, extraHeaders: { cookie: boardHeaders.cookie } });
await new Promise<void>((resolve, reject) => (board.once("connect", resolve), board.once("connect_error", reject)));
await board.emitWithAck("subscribe", { organizationId: northside.id, topic: "check-in" });
// keyed by check-in id and direction, so that each POST meets its own event; an event that reaches the
// board before the kiosk has read its response counts as 0 ms (the board was ahead of the kiosk)
const responded = new Map<string, number>();
const arrivedFirst = new Set<string>();
const boardLatency: number[] = [];
let aheadOfResponse = 0;
board.on("check-in:changed", (row: { id: string; check_out_time: string | null }) => {
  const key = `${row.id}:${row.check_out_time ? "out" : "in"}`;
  const at = responded.get(key);
  if (at === undefined) {
    arrivedFirst.add(key);
    return;
  }
  boardLatency.push(performance.now() - at);
  responded.delete(key);
});
const noteResponse = (key: string) => {
  if (arrivedFirst.delete(key)) {
    boardLatency.push(0);
    aheadOfResponse++;
  } else responded.set(key, performance.now());
};

async function run(kiosks: number, perKiosk: number, paceMs = 0) {
  const kiosksClients = webPorts.map((p, w) => kioskClient(`http://127.0.0.1:${p}`, Math.ceil((kiosks - w) / webPorts.length)));
  const kioskHeaders = await Promise.all(Array.from({ length: kiosks }, () => headers(kiosk.id)));
  // each kiosk owns its members: it checks each in, then out, round and round
  const owned = Array.from({ length: kiosks }, (_, k) => members.filter((_, i) => i % kiosks === k));
  if (owned.some((list) => list.length === 0)) throw new Error(`${kiosks} kiosks need at least ${kiosks} members, there are ${members.length}`);
  const inside = new Set<string>();
  let failures = 0;
  const stats = await timedRun(kiosks, perKiosk, async (k, i) => {
    const list = owned[k]!;
    const memberId = list[i % list.length]!;
    const type = inside.has(memberId) ? "out" : "in";
    // each scan carries its command id, as a kiosk's does: a resend after a dropped connection applies once
    const response = await kiosksClients[k % kiosksClients.length]!.post(
      "/api/check-in",
      { ...kioskHeaders[k]!, "idempotency-key": newId() },
      // every bench member travels alone: the kiosk sends the pick-up fields empty and the server records NA
      JSON.stringify({ memberId, type, start, end, pick_up_name: "", pick_up_contact_number: "", pick_up_relationship: "" }),
    );
    const body = JSON.parse(response.text) as { data?: { id: string | null } };
    if (response.status !== 200) {
      if (failures++ === 0) console.log(`first failure: ${response.status} ${JSON.stringify(body)}`);
      return;
    }
    noteResponse(`${body.data?.id}:${type}`);
    if (type === "in") inside.add(memberId);
    else inside.delete(memberId);
  }, paceMs);
  // leave everyone checked out for the next round
  for (const memberId of inside) {
    await fetch(`${app.baseUrl}/api/check-in`, { method: "POST", headers: kioskHeaders[0]!, body: JSON.stringify({ memberId, type: "out", start, end }) });
  }
  for (const client of kiosksClients) client.close();
  return { stats, failures };
}

// CPU used by the web and projector processes and by this database's PostgreSQL backends
type CpuSnapshot = { processes: number[]; backends: Map<number, number>; self: number };
async function cpuSnapshot(): Promise<CpuSnapshot> {
  const { rows } = await pool.query<{ pid: number }>("select pid from pg_stat_activity where datname = current_database()");
  const own = process.cpuUsage();
  return { processes: processes.map((p) => cpuMsOf(p.child.pid)), backends: new Map(rows.map((r) => [r.pid, cpuMsOf(r.pid)])), self: (own.user + own.system) / 1000 };
}
/** The CPU a check-in cost each process, and in all (web, projector and PostgreSQL: the load generator is not the app's). */
function costPerCheckIn(before: CpuSnapshot, after: CpuSnapshot, operations: number): { text: string; totalMs: number } {
  const perProcess = processes.map((_, i) => (after.processes[i]! - before.processes[i]!) / operations);
  let pg = 0;
  for (const [pid, ms] of after.backends) pg += ms - (before.backends.get(pid) ?? 0);
  const totalMs = perProcess.reduce((a, b) => a + b, 0) + pg / operations;
  const parts = processes.map((p, i) => `${p.label} ${perProcess[i]!.toFixed(2)} ms`);
  return {
    text: `${parts.join(", ")}, PostgreSQL ${(pg / operations).toFixed(2)} ms (${totalMs.toFixed(2)} ms in all); the kiosks and board client (this process) ${((after.self - before.self) / operations).toFixed(2)} ms`,
    totalMs,
  };
}

/** The 25 most frequent statements of this database since the last reset, by calls. */
async function printStatements() {
  const text = `select calls, round(total_exec_time::numeric, 1) as ms, rows, left(regexp_replace(query, '\\s+', ' ', 'g'), 110) as q
    from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database()) order by calls desc limit 25`;
  const { rows } = await pool.query<{ calls: string; ms: string; rows: string; q: string }>(text).catch((error: unknown) => {
    console.log(`pg_stat_statements is not readable here: ${String(error)}`);
    return { rows: [] };
  });
  for (const r of rows) console.log(`${String(r.calls).padStart(7)} ${String(r.ms).padStart(8)} ms ${String(r.rows).padStart(7)} rows  ${r.q}`);
}

/** Starts the bare HTTP + append server in a process of its own and drives it like the kiosks. */
async function httpFloor(clients: number, perClient: number) {
  const child = spawn(process.execPath, ["--import", "tsx", "test/bench/http-floor-server.ts"], { env: { ...process.env, DATABASE_URL: url.toString() }, stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.once("data", (d: Buffer) => resolve(Number(d.toString().trim())));
    child.once("exit", () => reject(new Error("the floor server exited")));
  });
  const client = kioskClient(`http://127.0.0.1:${port}`, clients);
  await timedRun(clients, 20, () => client.post("/", {}, "{}")); // warm-up
  const stats = await timedRun(clients, perClient, (_, i) => client.post("/", {}, JSON.stringify({ i })));
  client.close();
  child.kill("SIGTERM");
  return stats;
}

await run(20, 100); // warm-up (2,000 check-ins): the JIT settles before anything is measured
boardLatency.length = 0;
// back to back: each kiosk scans again the moment it has its answer (a stress test, throughput);
// paced: each kiosk scans every 500 ms, faster than a queue of people moves (latency under real arrivals)
const phases = [
  { key: "1", kiosks: 1, per: 500, paceMs: 0, label: "  1 kiosk,   back to back" },
  { key: "20", kiosks: 20, per: 300, paceMs: 0, label: " 20 kiosks,  back to back" },
  { key: "200", kiosks: 200, per: 30, paceMs: 0, label: "200 kiosks,  back to back" },
  { key: "20p", kiosks: 20, per: 20, paceMs: 500, label: " 20 kiosks,  a scan every 500 ms each" },
  { key: "200p", kiosks: 200, per: 5, paceMs: 2000, label: "200 kiosks,  a scan every 2 s each" },
] as const;
const boardAt: Record<string, number[]> = {};
const costAt: Record<string, number> = {};
const byKey: Record<string, Awaited<ReturnType<typeof run>>> = {};
// BENCH_PHASES=20,20p runs only those phases (for profiling); the goals need the default, all of them
const only = process.env.BENCH_PHASES?.split(",");
// BENCH_SCALE=3 makes every phase three times as long (steadier figures)
const scale = Math.max(1, Number(process.env.BENCH_SCALE ?? 1) || 1);
for (const phase of phases.filter((p) => !only || only.includes(p.key))) {
  boardLatency.length = 0;
  aheadOfResponse = 0;
  responded.clear();
  arrivedFirst.clear();
  // BENCH_PGSS=1: the statements PostgreSQL ran in each phase (where pg_stat_statements is loaded)
  if (process.env.BENCH_PGSS) await pool.query("select pg_stat_statements_reset()").catch(() => undefined);
  const cpuBefore = await cpuSnapshot();
  const result = (byKey[phase.key] = await run(phase.kiosks, phase.per * scale, phase.paceMs));
  await new Promise((r) => setTimeout(r, 1500)); // the board events of this phase arrive
  const cpu = costPerCheckIn(cpuBefore, await cpuSnapshot(), result.stats.operations);
  costAt[phase.key] = cpu.totalMs;
  if (process.env.BENCH_PGSS) await printStatements();
  const b = (boardAt[phase.key] = [...boardLatency].sort((x, y) => x - y));
  console.log(`\n${phase.label}: POST /api/check-in  ${fmt(result.stats)}  failures ${result.failures}`);
  console.log(`           CPU per check-in (busy time, not inflated by other load): ${cpu.text}`);
  console.log(`           board latency (POST response -> check-in:changed), ${b.length} events (${aheadOfResponse} before the response, ${responded.size} never came): p50 ${percentile(b, 50).toFixed(1)} ms  p95 ${percentile(b, 95).toFixed(1)} ms  p99 ${percentile(b, 99).toFixed(1)} ms`);
}

// the baseline: the store's raw append rate, one event per append, 20 writers: through one store, whose
// appends of the same turn are group-committed (docs/decisions/024), and, for comparison, through a store
// per writer, so that every append is a statement and a commit of its own
const benchEvent = (i: number) => ({ type: "BenchAppended", data: { i }, eventId: newId(), metadata: { organizationId: northside.id, actorId: null, commandId: newId(), correlationId: newId(), causationId: null, occurredAt: new Date().toISOString() } });
const raw = await timedRun(20, 150, (w, i) => store.appendToStream(`benchraw-${w}-${i}`, [benchEvent(i)], { expectedRevision: "no_stream" }));
console.log(`\nraw appendToStream, 20 writers, one store (group commit)        ${fmt(raw)}`);
const ownStores = Array.from({ length: 20 }, () => new PostgresEventStore(pool, url.toString()));
const single = await timedRun(20, 150, (w, i) => ownStores[w]!.appendToStream(`benchsingle-${w}-${i}`, [benchEvent(i)], { expectedRevision: "no_stream" }));
await Promise.all(ownStores.map((s) => s.close()));
console.log(`raw appendToStream, 20 writers, a store each (a commit per append) ${fmt(single)}`);
// the floor: a bare node:http server appending one event per POST, nothing else, in a process of its own
const floor = await httpFloor(20, 150);
console.log(`bare HTTP + append (no session, no decision), 20 clients ${fmt(floor)}`);
const at20 = byKey["20"]?.stats;
const paced20 = byKey["20p"]?.stats;
if (at20 && paced20) {
  const pct = (a: number, b: number) => `${((a / b) * 100).toFixed(0)}%`;
  console.log(
    `ratio check-in/raw append at 20 kiosks back to back   ${pct(at20.perSecond, raw.perSecond)} of the group-committed rate, ${pct(at20.perSecond, single.perSecond)} of a commit per append` +
      `   (bare HTTP + append: ${pct(floor.perSecond, raw.perSecond)} and ${pct(floor.perSecond, single.perSecond)})`,
  );
  const board20 = [...boardAt["20"]!, ...boardAt["20p"]!].sort((x, y) => x - y);
  const verdict = (ok: boolean) => (ok ? "met" : "NOT met");
  console.log(
    `\ngoals: p99 < 25 ms at 20 kiosks: back to back ${at20.p99.toFixed(1)} ms (${verdict(at20.p99 < 25)}), paced ${paced20.p99.toFixed(1)} ms (${verdict(paced20.p99 < 25)}); ` +
      `board at 20 kiosks p95 < 50 ms (${percentile(board20, 95).toFixed(1)}: ${verdict(percentile(board20, 95) < 50)}), p99 < 100 ms (${percentile(board20, 99).toFixed(1)}: ${verdict(percentile(board20, 99) < 100)}); ` +
      `throughput >= 50% of raw append (group-committed: ${pct(at20.perSecond, raw.perSecond)}: ${verdict(at20.perSecond >= raw.perSecond / 2)}; a commit per append: ${pct(at20.perSecond, single.perSecond)}: ${verdict(at20.perSecond >= single.perSecond / 2)})`,
  );
}
// issue 23's goals for the cost of a check-in, at 20 kiosks back to back (printed whenever that phase ran)
if (at20 && costAt["20"] !== undefined) {
  const ok = (met: boolean) => (met ? "ok" : "MISS");
  const cost = costAt["20"];
  const ofFloor = at20.perSecond / floor.perSecond;
  console.log(
    `goals (issue 23), 20 kiosks back to back: CPU per check-in (web + projector + PostgreSQL) <= 1.2 ms: ${cost.toFixed(2)} ms ${ok(cost <= 1.2)}; ` +
      `throughput >= 60% of the bare HTTP + append floor: ${at20.perSecond.toFixed(0)}/s of ${floor.perSecond.toFixed(0)}/s = ${(ofFloor * 100).toFixed(0)}% ${ok(ofFloor >= 0.6)}`,
  );
}
board.disconnect();
if (process.env.BENCH_SHOW_SERVER) for (const p of processes) console.log(`--- ${p.label} output (last 3000 chars) ---\n${p.output().slice(-3000)}`);
for (const p of processes) p.child.kill("SIGTERM");
await Promise.all(processes.map((p) => p.exitWithin(20_000)));
await store.close();
await db.destroy();
await dropDatabase(url.toString());
process.exit(0);
