/**
 * `npm run bench:export`: background check-in exports of 100,000 and 1,000,000 rows, from the request
 * (ExportRequested appended, job queued) to the finished file (ExportCompleted in the stream): rows/s and the
 * export worker's peak RSS (sampled from /proc every 20 ms; the worker is a ROLE=worker process of its own).
 * Baseline: the same rows, read by the same cursor query, written with fast-csv to /dev/null, in this process.
 * Then POST /api/check-in p99 at 20 kiosks, without and with a 1,000,000-row export running.
 *
 * The rows are inserted straight into the check-in read model (rm_check_ins, with rm_participants and
 * program registrations for the joined columns) of two synthetic organizations: building them from
 * events would take minutes and measures the projector, not the export.
 */
import { createWriteStream } from "node:fs";
import os from "node:os";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import { format } from "@fast-csv/format";
import { sql, type Kysely } from "kysely";
import { SessionStore, type SessionTables } from "../../modules/identity";
import { exportStreamId, requestExport, type ExportRequestedData } from "../../modules/exports";
import { createDb, createPool, dropDatabase, newId, PostgresEventStore, systemClock } from "../../modules/kernel";
import { participantReport } from "../../projections/participants";
import { INDEPENDENT_TRAVEL } from "../../modules/participants";
import type { ReadModels } from "../../projections/read-models";
import { createExportQueue, cursorRows, enqueueExport, loadLookup, queuePrefixFor, rowQueryFor } from "../../workers/exports";
import { demoOrganizations } from "../factories/demo-seed";
import { freePort } from "../e2e/harness";
import type { AppProcess } from "../support/app-process";
import { testServices } from "../support/services";
import { startAppRoles } from "./app-roles";
import { fmt, statusMbOf, timedRun } from "./stats";

// BENCH_EXPORT_SIZES=20000,50000 runs a quick smoke test instead (the last size is also the one exported during the check-in load)
const SIZES = (process.env.BENCH_EXPORT_SIZES ?? "100000,1000000").split(",").map(Number);
const BIG = SIZES[SIZES.length - 1]!;
const DAY = "2026-11-20";
const { databaseUrl: serverUrl, redisUrl } = await testServices();
const url = new URL(serverUrl);
url.pathname = "/rollcall_bench_export";
await dropDatabase(url.toString());
const databaseUrl = url.toString();
const storageDir = `${os.tmpdir()}/rollcall_bench_export_files`;
const port = await freePort();
const env = { DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, PORT: String(port), HOST: "127.0.0.1", SEED_DEMO: "1", NODE_ENV: "production", LOG_LEVEL: "warn", STORAGE_DIR: storageDir };
const baseUrl = `http://127.0.0.1:${port}`;

// seed the demo data once, then run web, projector and worker as processes of their own
const { web, projector, worker } = await startAppRoles(env);

const pool = createPool(databaseUrl, { max: 8 });
const db = createDb<ReadModels>(pool);
const store = new PostgresEventStore(pool, databaseUrl);
const queue = createExportQueue(redisUrl, queuePrefixFor(databaseUrl));

/** n visits on DAY for a new organization, over 2,000 participants, half of them in one of 3 programs. */
async function fill(rows: number): Promise<string> {
  const org = newId();
  const t = performance.now();
  await sql`
    insert into rm_participants (id, organization_id, member_id, first_name, last_name, full_name, dob, gender, has_epi_pen, has_medications, school_not_applicable, school_name,
      contact_name, phone_number, email, preferred_contact, address, pick_up_permission, status, revision, created_date, updated_date)
    select gen_random_uuid(), ${org}::uuid, substr(md5(${org} || g), 1, 8), 'First' || g, 'Last' || g, 'First' || g || ' Last' || g, '2012-05-01', 'Female', 'No', 'No', true, '',
      'Parent ' || g, '555-01' || lpad(g::text, 4, '0'), 'parent' || g || '@example.org', 'Email', '1 Main St', 'Child may travel to and from the facility independently', 'Active', 0, now(), now()
    from generate_series(1, 2000) g`.execute(db);
  await sql`
    insert into rm_programs (id, organization_id, name, type, schedule_kind, days, dates, start_date, end_date, start_time, end_time, location, created_at)
    select ${org} || '-p' || g, ${org}, (array['Soccer', 'Homework Club', 'Art Studio'])[g], 'program', 'weekly', '{1,3}', '{}', '2026-09-01', '2026-12-20', '16:00', '18:00', null, now()
    from generate_series(1, 3) g`.execute(db);
  await sql`
    insert into rm_program_registrations (program_id, participant_id, organization_id, registered_at)
    select ${org} || '-p' || (1 + (row_number() over () % 3)), id::text, ${org}, now() from (select id from rm_participants where organization_id = ${org}::uuid limit 1000) p`.execute(db);
  await sql`
    with people as (select id, member_id, first_name, last_name, full_name, row_number() over (order by id) - 1 as n from rm_participants where organization_id = ${org}::uuid)
    insert into rm_check_ins (id, organization_id, participant_id, member_id, first_name, last_name, full_name, check_in_time, check_out_time, source, updated_at)
    select gen_random_uuid(), ${org}::uuid, p.id, p.member_id, p.first_name, p.last_name, p.full_name,
      ${DAY}::timestamptz + interval '8 hours' + (g * 30 || ' milliseconds')::interval, ${DAY}::timestamptz + interval '17 hours', 'staff', now()
    from generate_series(0, ${rows - 1}) g join people p on p.n = g % 2000`.execute(db);
  await sql`analyze rm_check_ins`.execute(db);
  await sql`analyze rm_participants`.execute(db);
  console.log(`  filled ${rows.toLocaleString()} check-in rows in ${((performance.now() - t) / 1000).toFixed(1)} s`);
  return org;
}

const rssOf = (pid: number | undefined) => statusMbOf(pid) * 1024 * 1024;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

/** One export from the request to ExportCompleted, with the worker's peak RSS meanwhile. */
async function timedExport(org: string) {
  const before = rssOf(worker.child.pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssOf(worker.child.pid))), 20);
  const started = performance.now();
  const asked = await requestExport(
    { store, clock: systemClock },
    { request: { kind: "check-ins", filters: { from: DAY, to: DAY, timeZone: "UTC" } }, permissionIds: ["CAN_EXPORT_CHECK_IN_MEMBERS"] },
    { commandId: newId(), organizationId: org, actorId: newId() },
  );
  await enqueueExport(queue, asked.exportId);
  let completed: { rows: number; bytes: number } | undefined;
  for (;;) {
    const events = (await store.readStream(exportStreamId(asked.exportId))).events;
    const end = events.find((e) => e.type === "ExportCompleted" || e.type === "ExportFailed");
    if (end?.type === "ExportFailed") throw new Error(`export failed: ${JSON.stringify(end.data)}\n${worker.output()}`);
    if (end) {
      completed = end.data as { rows: number; bytes: number };
      break;
    }
    await new Promise((r) => setTimeout(r, 10));
  }
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  return { seconds, rows: completed.rows, bytes: completed.bytes, rss: { before, peak }, exportId: asked.exportId, requested: (await store.readStream(exportStreamId(asked.exportId))).events[0]!.data as ExportRequestedData };
}

/** The same rows (same cursor query and participant join), fast-csv to /dev/null: no neutralising, hashing, storage, queue or events. */
async function baseline(requested: ExportRequestedData) {
  const query = rowQueryFor(requested);
  const started = performance.now();
  const lookup = await loadLookup(pool, query);
  const join = query.lookup;
  let rows = 0;
  const flatten = new Transform({
    objectMode: true,
    transform(batch: string[][], _e, done) {
      for (const row of batch) {
        if (join) join.apply(row, lookup.get(row[join.keyColumn]!));
        this.push(row);
      }
      rows += batch.length;
      done();
    },
  });
  await pipeline(cursorRows(pool, query), flatten, format({ headers: [...query.header], writeHeaders: true }), createWriteStream("/dev/null"));
  return { seconds: (performance.now() - started) / 1000, rows };
}

console.log(`Rollcall export benchmark · node ${process.version} · ${os.cpus().length} cores · worker, web and projector in processes of their own`);
const results: { rows: number; perSecond: number; seconds: number; peak: number; before: number; base: number; bytes: number }[] = [];
let bigOrg = "";
for (const size of SIZES) {
  const org = await fill(size);
  if (size === BIG) bigOrg = org;
  const run = await timedExport(org);
  const base = await baseline(run.requested);
  const perSecond = run.rows / run.seconds;
  const basePerSecond = base.rows / base.seconds;
  results.push({ rows: run.rows, perSecond, seconds: run.seconds, peak: run.rss.peak, before: run.rss.before, base: basePerSecond, bytes: run.bytes });
  console.log(
    `${run.rows.toLocaleString().padStart(10)} rows: request -> finished file ${run.seconds.toFixed(2)} s, ${perSecond.toFixed(0)} rows/s, ${mb(run.bytes)} file; worker RSS ${mb(run.rss.before)} before, peak ${mb(run.rss.peak)}`,
  );
  console.log(`${"".padStart(16)}baseline (same cursor query, fast-csv -> /dev/null): ${base.seconds.toFixed(2)} s, ${basePerSecond.toFixed(0)} rows/s; export/baseline ${((perSecond / basePerSecond) * 100).toFixed(0)}%`);
}

// check-in POST p99 at 20 kiosks, with and without an export of 1,000,000 rows running
const northside = demoOrganizations[1];
const sessions = new SessionStore(db as unknown as Kysely<SessionTables>);
const kiosk = (await db.selectFrom("rm_users").select("id").where("username", "=", "kiosk@northside.demo").executeTakeFirstOrThrow()).id;
const csrf = newId().replace(/-/g, "");
const stopped = new Set((await db.selectFrom("rm_flags").select("participant_id").where("organization_id", "=", northside.id).where("type", "=", "stop").where("status", "=", "Active").execute()).map((f) => f.participant_id));
// members who travel alone: the kiosk refers a child an adult picks up to staff (docs/decisions/026)
const members = (await participantReport(db, northside.id, { page: 0, size: 1000, statuses: ["Active"] })).data
  .filter((p) => p.is_waiver_signed && p.pick_up_permission === INDEPENDENT_TRAVEL && !stopped.has(p.id))
  .map((p) => p.member_id);
const start = new Date(Date.now() - 12 * 3600e3).toISOString();
const end = new Date(Date.now() + 12 * 3600e3).toISOString();
const KIOSKS = Math.min(20, members.length);
const kioskHeaders = await Promise.all(
  Array.from({ length: KIOSKS }, async () => ({ "content-type": "application/json", cookie: `rollcall_session=${(await sessions.create(kiosk, northside.id, new Date())).token}; rollcall_csrf=${csrf}`, "x-csrf-token": csrf })),
);
const inside = new Set<string>();
async function load(perKiosk: number, stopWhen?: () => boolean) {
  const owned = Array.from({ length: KIOSKS }, (_, k) => members.filter((_, i) => i % KIOSKS === k));
  let failures = 0;
  const stats = await timedRun(KIOSKS, perKiosk, async (k, i) => {
    if (stopWhen?.()) return;
    const list = owned[k]!;
    const memberId = list[i % list.length]!;
    const type = inside.has(memberId) ? "out" : "in";
    const response = await fetch(`${baseUrl}/api/check-in`, { method: "POST", headers: kioskHeaders[k]!, body: JSON.stringify({ memberId, type, start, end }) });
    await response.arrayBuffer();
    if (response.status !== 200) failures++;
    else if (type === "in") inside.add(memberId);
    else inside.delete(memberId);
  });
  return { stats, failures };
}
await load(15); // warm-up
const quiet = await load(40);
console.log(`\ncheck-in POST, ${KIOSKS} kiosks, no export running:  ${fmt(quiet.stats)}  failures ${quiet.failures}`);
let exportDone = false;
const during = timedExport(bigOrg).then((r) => ((exportDone = true), r));
await new Promise((r) => setTimeout(r, 200)); // the worker has picked the job up
const busy = await load(40);
const runningAtEnd = !exportDone;
const exported = await during;
console.log(`check-in POST, ${KIOSKS} kiosks, export running:     ${fmt(busy.stats)}  failures ${busy.failures}  (a ${BIG.toLocaleString()}-row export, ${runningAtEnd ? "still running" : "finished"} when the load ended; it took ${exported.seconds.toFixed(1)} s)`);

const big = results[results.length - 1]!;
const ratio = busy.stats.p99 / quiet.stats.p99;
console.log(
  `\ngoals: ${big.rows.toLocaleString()} rows in under 15 s (${big.seconds.toFixed(1)} s: ${big.seconds < 15 ? "met" : "NOT met"}); worker peak RSS under 256 MB (${mb(big.peak)}: ${big.peak < 256 * 1024 * 1024 ? "met" : "NOT met"}); check-in p99 at most doubled during an export (${quiet.stats.p99.toFixed(1)} -> ${busy.stats.p99.toFixed(1)} ms, x${ratio.toFixed(2)}: ${ratio <= 2 ? "met" : "NOT met"})`,
);

const processes: AppProcess[] = [web, projector, worker];
for (const p of processes) p.child.kill("SIGTERM");
await Promise.all(processes.map((p) => p.exitWithin(20_000)));
await queue.obliterate({ force: true }).catch(() => undefined);
await queue.close();
await store.close();
await db.destroy();
await dropDatabase(databaseUrl);
const { rm } = await import("node:fs/promises");
await rm(storageDir, { recursive: true, force: true });
process.exit(0);
