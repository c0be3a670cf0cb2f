/**
 * `npm run bench:programs` (issue 16): an organization with 2,000 members, 40 weekly programs and a year of
 * their sessions (~2,000 sessions, ~60,000 attendance marks), built through the real commands and deciders
 * and projected by the app's own projector. Then, over HTTP as its admin:
 * - the program summary's first page (GET /api/base/program_report) and a program report's first page
 *   (GET /api/program/{id}/report): goal p95 < 150 ms;
 * - the Schedule's week (the /programs-events page, loader and server render): goal p95 < 100 ms;
 * - the full CSV exports of the program summary and of the busiest program's report, from the request to
 *   the finished file in the background worker: goal < 10 s.
 * Baseline in the same run: GET /api/program?size=1 (a signed-in call reading one row: the HTTP floor).
 * BENCH_PROGRAMS=10 BENCH_WEEKS=12 BENCH_MEMBERS=500 runs a quick smoke test instead.
 */
import os from "node:os";
import { idFrom, createPool, dropDatabase, newId, PostgresEventStore, systemClock, type CommandMetadata } from "../../modules/kernel";
import { defaultSettings, registerOrganization, todayIn, updateOrganizationSettings } from "../../modules/organizations";
import { addDays, buildProgram, registerParticipantToProgram } from "../../modules/programs";
import { exportStreamId, requestExport } from "../../modules/exports";
import { createExportQueue, enqueueExport, queuePrefixFor } from "../../workers/exports";
import { DEMO_PASSWORD } from "../factories/demo-seed";
import { createDefaultGroups, createUser } from "../factories/identity";
import { createParticipant, demoParticipant, inPool } from "../factories/participants";
import { seedProgramAttendance } from "../factories/program-attendance";
import { freePort } from "../e2e/harness";
import { spawnApp } from "../support/app-process";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { waitForProjections } from "../support/in-process-app";
import { testServices } from "../support/services";
import { percentile } from "./stats";

const PROGRAMS = Number(process.env.BENCH_PROGRAMS ?? 40);
const WEEKS = Number(process.env.BENCH_WEEKS ?? 52);
const MEMBERS = Number(process.env.BENCH_MEMBERS ?? 2000);
const PER_PROGRAM = 30;
const RUNS = 60;
const ZONE = "America/Toronto";

const { databaseUrl: serverUrl, redisUrl } = await testServices();
const url = new URL(serverUrl);
url.pathname = "/rollcall_bench_programs";
await dropDatabase(url.toString());
const databaseUrl = url.toString();
const port = await freePort();
const baseUrl = `http://127.0.0.1:${port}`;
const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "1", NODE_ENV: "production", LOG_LEVEL: "warn", STORAGE_DIR: `${os.tmpdir()}/rollcall_bench_programs_files` };
// one process (web, projector and worker), as the demo runs
const app = spawnApp({ ...env, ROLE: "all" }, "app");
await app.waitForHealth(port, 120_000);
await waitForProjections(baseUrl, 120_000);

const pool = createPool(databaseUrl, { max: 8 });
const store = new PostgresEventStore(pool, databaseUrl);
const deps = { store, clock: systemClock };
const meta = (commandId: string, organizationId: string | null): CommandMetadata => ({ commandId, organizationId, actorId: null, correlationId: commandId });

console.log(`Rollcall programs benchmark · node ${process.version} · ${os.cpus().length} cores · ${MEMBERS} members, ${PROGRAMS} programs, ${WEEKS} weeks`);
let t = performance.now();
const org = { id: newId(), name: "Bench Youth Centre", type: "other" as const, timeZone: ZONE };
const today = todayIn(ZONE, new Date());
const cycle = { start: addDays(today, -7 * WEEKS - 7), end: addDays(today, 60) };
const registered = await registerOrganization(deps, { type: "RegisterOrganization", data: { organizationId: org.id, name: org.name, type: org.type }, metadata: meta(newId(), null) });
if (!registered.ok) throw new Error(registered.error.message);
const defaults = defaultSettings(org.name, org.type);
const settings = {
  ...defaults,
  address: { address: "", unit: "", street_address: "1 Bench Road", city: "Toronto", state: "Ontario", postal_code: "M4B 1B3" },
  time_zone: ZONE,
  features: {
    ...defaults.features,
    program_builder: { is_enabled: true },
    program: { ...defaults.features.program, is_enabled: true, program_cycle_start: cycle.start, program_cycle_end: cycle.end, has_saturday: true, has_sunday: true },
  },
};
const updated = await updateOrganizationSettings(deps, { type: "UpdateOrganizationSettings", data: { organizationId: org.id, settings }, metadata: meta(newId(), null) });
if (!updated.ok) throw new Error(updated.error.message);
const groups = await createDefaultGroups(deps, org.id, org.type);
const adminName = `admin-${org.id.slice(0, 8)}@bench.demo`;
await createUser(deps, { organizationId: org.id, username: adminName, firstName: "Bench", lastName: "Admin", userGroupId: groups.admin!.id, password: DEMO_PASSWORD });
const members = await inPool(Array.from({ length: MEMBERS }, (_, i) => i), 8, async (i) => (await createParticipant(deps, demoParticipant(org, i, MEMBERS, new Date()))).participantId);
console.log(`  ${MEMBERS} members in ${((performance.now() - t) / 1000).toFixed(1)} s`);

t = performance.now();
const programIds: string[] = [];
let registrations = 0;
for (let p = 0; p < PROGRAMS; p++) {
  const programId = idFrom("bench", "program", org.id, String(p));
  const hour = 15 + (p % 4);
  const built = await buildProgram(deps, {
    type: "BuildProgram",
    data: {
      programId,
      organizationId: org.id,
      input: {
        name: `Program ${String(p + 1).padStart(2, "0")}`,
        type: "registered",
        activity_type: "Sport",
        members_limit: PER_PROGRAM + 5,
        points_per_session: 5,
        start_date: cycle.start,
        end_date: cycle.end,
        sessions: [{ week_day: p % 7, start_time: `${hour}:00`, end_time: `${hour + 1}:30` }],
      },
      rules: {},
    },
    metadata: meta(idFrom("bench", "build", programId), org.id),
  });
  if (!built.ok) throw new Error(`program ${p}: ${built.error.message}`);
  programIds.push(programId);
  // participants spread over the programs, none twice in one (ages and genders are open)
  const wanted = Array.from({ length: PER_PROGRAM }, (_, k) => members[(p * PER_PROGRAM + k * 7) % members.length]!);
  await inPool([...new Set(wanted)], 4, async (participantId) => {
    const r = await registerParticipantToProgram(deps, { type: "RegisterParticipantToProgram", data: { programId, participantId }, metadata: meta(idFrom("bench", "reg", programId, participantId), org.id) });
    if (!r.ok) throw new Error(`registration: ${r.error.message}`);
    registrations++;
  });
}
console.log(`  ${PROGRAMS} programs, ${registrations} registrations in ${((performance.now() - t) / 1000).toFixed(1)} s`);

t = performance.now();
const totals = { sessions: 0, marks: 0, dropIns: 0 };
await inPool(programIds, 4, async (programId, salt) => {
  const done = await seedProgramAttendance(deps, org, programId, members, { from: addDays(today, -7 * WEEKS), to: addDays(today, -1), salt });
  totals.sessions += done.sessions;
  totals.marks += done.marks;
  totals.dropIns += done.dropIns;
});
console.log(`  ${totals.sessions} sessions, ${totals.marks} attendance marks (${totals.dropIns} drop-ins) in ${((performance.now() - t) / 1000).toFixed(1)} s`);
t = performance.now();
await waitForProjections(baseUrl, 600_000);
console.log(`  projected in ${((performance.now() - t) / 1000).toFixed(1)} s`);

await clearSignInLimits(redisUrl);
const admin = new HttpClient(baseUrl);
await admin.signIn(adminName);

/** p50 / p95 of RUNS sequential requests (after 5 to warm up), each checked for a 200. */
async function timed(label: string, path: string) {
  const latencies: number[] = [];
  for (let i = 0; i < RUNS + 5; i++) {
    const started = performance.now();
    const response = await admin.request("GET", path);
    const body = await response.text();
    const ms = performance.now() - started;
    if (response.status !== 200) throw new Error(`${label}: ${response.status} ${body.slice(0, 300)}`);
    if (i >= 5) latencies.push(ms);
  }
  latencies.sort((a, b) => a - b);
  return { label, p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
}

const floor = await timed("baseline: GET /api/program?size=1", "/api/program?size=1");
const busiest = programIds[0]!;
const rows = [
  { ...(await timed("program summary, first page", "/api/base/program_report?page=0&size=10")), goal: 150 },
  { ...(await timed("program report, first page", `/api/program/${busiest}/report?page=0&size=10`)), goal: 150 },
  { ...(await timed("schedule week (page)", `/programs-events?view=week&date=${addDays(today, -14)}`)), goal: 100 },
];
const ms = (n: number) => `${n.toFixed(1).padStart(6)} ms`;
console.log(`\n${floor.label.padEnd(40)} p50 ${ms(floor.p50)}   p95 ${ms(floor.p95)}`);
for (const r of rows) {
  const verdict = r.p95 < r.goal ? "met" : "NOT met";
  console.log(`${r.label.padEnd(40)} p50 ${ms(r.p50)}   p95 ${ms(r.p95)}   ${(r.p95 / floor.p95).toFixed(1)}× baseline   goal p95 < ${r.goal} ms: ${verdict}`);
}

/** One export from the request to ExportCompleted, through the app's own worker. */
async function timedExport(kind: string, filters: Record<string, unknown>) {
  const queue = createExportQueue(redisUrl, queuePrefixFor(databaseUrl));
  const started = performance.now();
  const asked = await requestExport(
    deps,
    { request: { kind, filters } as Parameters<typeof requestExport>[1]["request"], permissionIds: ["CAN_EXPORT_PROGRAMS_AND_EVENTS"] },
    { commandId: newId(), organizationId: org.id, actorId: newId() },
  );
  await enqueueExport(queue, asked.exportId);
  for (;;) {
    const events = (await store.readStream(exportStreamId(asked.exportId))).events;
    const end = events.find((e) => e.type === "ExportCompleted" || e.type === "ExportFailed");
    if (end?.type === "ExportFailed") throw new Error(`export failed: ${JSON.stringify(end.data)}`);
    if (end) {
      await queue.close();
      return { seconds: (performance.now() - started) / 1000, rows: (end.data as { rows: number }).rows };
    }
    await new Promise((r) => setTimeout(r, 10));
  }
}

for (const [label, kind, filters] of [
  ["program summary CSV (every program)", "program-summary", { timeZone: ZONE }],
  ["program report CSV (one program)", "program-report", { programId: busiest, timeZone: ZONE }],
] as const) {
  const run = await timedExport(kind, filters);
  console.log(`${label.padEnd(40)} ${run.seconds.toFixed(2).padStart(6)} s for ${run.rows} rows   goal < 10 s: ${run.seconds < 10 ? "met" : "NOT met"}`);
}

await pool.end();
app.child.kill("SIGTERM");
await app.exitWithin(20_000);
await dropDatabase(databaseUrl);
process.exit(0);
