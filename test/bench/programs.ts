/**
 * `npm run bench:programs` (issue 16, decision 054): an organization with 2,000 more members, 40 weekly
 * programs over a year (~2,000 sessions) with 30 registered each (~60,000 attendance marks), seeded
 * through the real commands (participants, BuildProgram, RegisterParticipantToProgram) and, for the
 * marks, the session decider's events appended to the real event store in one batch per session (as the
 * demo seed does); the projector builds the read models. Then, over HTTP as the admin:
 *   - program summary first page p95 and program report first page p95 (goal < 150 ms)
 *   - schedule week p95 (the /programs-events loader, scheduleOf; goal < 100 ms)
 *   - the full program report and program summary CSV exports end to end (request to ExportCompleted; goal < 10 s)
 * Baseline, measured in the same run: GET /api/setting/organization (a signed-in call reading one row).
 * BENCH_PROGRAMS_MEMBERS / _PROGRAMS / _WEEKS make it smaller for a smoke run.
 */
import { DomainError, idFrom, systemClock, type CommandMetadata } from "../../modules/kernel";
import { startOfDayIn, todayIn } from "../../modules/organizations";
import { addDays, buildProgram, loadProgram, programSessionStreamId, registerParticipantToProgram, sessionDecider, sessionKey, sessionsBetween, weekdayOf, type AttendanceCommand, type AttendanceEvent, type SessionFacts } from "../../modules/programs";
import { demoStatusOf } from "../factories/program-attendance";
import { demoOrganizations } from "../factories/demo-seed";
import { createParticipant, demoParticipant, inPool } from "../factories/participants";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections } from "../support/in-process-app";
import { testServices } from "../support/services";
import { percentile } from "./stats";
import type { Kysely } from "kysely";
import type { ReadModels } from "../../projections";
import { programSummaryPage, registeredDobsOf, scheduleSources } from "../../projections/programs";

const MEMBERS = Number(process.env.BENCH_PROGRAMS_MEMBERS ?? 2000);
const PROGRAMS = Number(process.env.BENCH_PROGRAMS_PROGRAMS ?? 40);
const WEEKS = Number(process.env.BENCH_PROGRAMS_WEEKS ?? 52);
const PER_PROGRAM = 30;
const RUNS = 60;

const app = await startInProcessApp("bench_programs", { nodeEnv: "production" });
const { store } = app.app.core;
const deps = { store, clock: systemClock };
const org = demoOrganizations[1];
const meta = (commandId: string): CommandMetadata => ({ commandId, organizationId: org.id, actorId: null, correlationId: commandId });
const admin = new HttpClient(app.baseUrl);
await clearSignInLimits((await testServices()).redisUrl);
await admin.signIn("admin@northside.demo");
const json = async <T>(response: Response): Promise<T> => {
  const text = await response.text();
  if (!response.ok) throw new Error(`${response.status}: ${text}`);
  return JSON.parse(text) as T;
};

// a program cycle of a year back (and a month ahead), weekends allowed
const settings = await json<Record<string, unknown> & { time_zone: string; features: Record<string, Record<string, unknown>> }>(await admin.request("GET", "/api/setting/organization"));
const today = todayIn(settings.time_zone, new Date());
const cycle = { start: addDays(today, -7 * WEEKS), end: addDays(today, 30) };
const features = { ...settings.features, program: { ...settings.features.program, is_enabled: true, program_cycle_start: cycle.start, program_cycle_end: cycle.end, has_saturday: true, has_sunday: true, max_no_of_programs: 0 } };
await json(await admin.request("PUT", "/api/setting/organization", { body: { ...settings, features } }));

const t0 = performance.now();
// registered over the last year (the factory dates a registration (total - index) x 1.7 days back)
const seeds = Array.from({ length: MEMBERS }, (_, i) => demoParticipant(org, 10_000 + i, 10_000 + i + (i % 200), new Date()));
const members = await inPool(seeds, 8, async (seed) => (await createParticipant(deps, seed)).participantId);
const tMembers = performance.now();

const programIds: string[] = [];
let marks = 0;
let sessionCount = 0;
await inPool(
  Array.from({ length: PROGRAMS }, (_, n) => n),
  4,
  async (n) => {
    const programId = idFrom("bench", "program", org.id, n);
    programIds[n] = programId;
    const built = await buildProgram(deps, {
      type: "BuildProgram",
      data: {
        programId,
        organizationId: org.id,
        input: { name: `Bench Program ${String(n + 1).padStart(2, "0")}`, type: "registered", activity_type: "Other", members_limit: PER_PROGRAM + 10, points_per_session: 5, start_date: cycle.start, end_date: cycle.end, sessions: [{ week_day: n % 7, start_time: "16:00", end_time: "17:30" }], coach_ids: [] },
        rules: {},
      },
      metadata: meta(idFrom("bench", "build", programId)),
    });
    if (!built.ok) throw new Error(`building program ${n}: ${built.error.message}`);
    for (let i = 0; i < PER_PROGRAM; i++) {
      const participantId = members[(n * PER_PROGRAM + i) % members.length]!;
      const result = await registerParticipantToProgram(deps, { type: "RegisterParticipantToProgram", data: { programId, participantId }, metadata: meta(idFrom("bench", "register", programId, participantId)) });
      if (!result.ok && result.error.code !== "ALREADY_REGISTERED") throw new Error(`registering to program ${n}: ${result.error.message}`);
    }
    const program = (await loadProgram(store, programId))!;
    const facts: SessionFacts = { organizationId: org.id, today, plans: program.plans, archivedOn: program.archivedOn, registered: program.participantIds, inOrganization: [] };
    const sessions = sessionsBetween(programId, program.plans, cycle.start, addDays(today, -1), program.archivedOn);
    await inPool(sessions, 8, async (s) => {
      const key = sessionKey(programId, s.date, s.startTime);
      const commandId = idFrom("bench", "attendance", key);
      const command: AttendanceCommand = {
        type: "MarkAttendance",
        data: { programId, date: s.date, startTime: s.startTime, input: { marks: program.participantIds.map((id) => ({ participant_id: id, status: demoStatusOf(key, id) })) }, facts },
        metadata: meta(commandId),
      };
      const decided = sessionDecider.decide(sessionDecider.initialState(), command, new Date());
      if (decided instanceof DomainError) throw new Error(`marking ${s.date}: ${decided.message}`);
      const stream = programSessionStreamId(key);
      const occurredAt = new Date(startOfDayIn(settings.time_zone, s.date).getTime() + 17.5 * 3600_000).toISOString();
      await store.appendToStream<AttendanceEvent>(
        stream,
        decided.map((e, index) => ({ ...e, eventId: idFrom(commandId, stream, index), metadata: { ...command.metadata, correlationId: commandId, causationId: null, occurredAt } })),
        { expectedRevision: "any" },
      );
      sessionCount++;
      marks += program.participantIds.length;
    });
  },
);
const tSeeded = performance.now();
await waitForProjections(app.baseUrl, 600_000);
const tProjected = performance.now();
console.log(`seeded ${members.length} members in ${((tMembers - t0) / 1000).toFixed(1)} s; ${PROGRAMS} programs, ${sessionCount} sessions, ${marks} marks in ${((tSeeded - tMembers) / 1000).toFixed(1)} s; projected in ${((tProjected - tSeeded) / 1000).toFixed(1)} s`);

/** p95 (and p50) of RUNS sequential requests, after 5 to warm up. */
async function p95Of(path: string): Promise<{ p50: number; p95: number }> {
  for (let i = 0; i < 5; i++) await (await admin.request("GET", path)).arrayBuffer();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const response = await admin.request("GET", path);
    await response.arrayBuffer();
    if (!response.ok) throw new Error(`${path}: ${response.status}`);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95) };
}

async function exportTime(kind: string, filters: Record<string, unknown>): Promise<{ seconds: number; rows: number }> {
  const t = performance.now();
  const asked = await json<{ data: { id: string } }>(await admin.request("POST", "/api/export", { body: { kind, filters: { ...filters, timeZone: settings.time_zone } } }));
  for (;;) {
    const list = await json<{ data: { id: string; status: string; rows: number | null; reason: string | null }[] }>(await admin.request("GET", "/api/export"));
    const item = list.data.find((e) => e.id === asked.data.id);
    if (item && item.status !== "Requested") {
      if (item.status !== "Completed") throw new Error(`${kind} export ${item.status}: ${item.reason}`);
      return { seconds: (performance.now() - t) / 1000, rows: item.rows ?? 0 };
    }
    await new Promise((r) => setTimeout(r, 20));
  }
}

const line = (label: string, ms: number, goal: number, baseline: number, p50?: number) =>
  console.log(`${label.padEnd(42)} ${ms.toFixed(1).padStart(7)} ms   goal < ${goal} ms   ${ms < goal ? "ok  " : "MISS"}   (${(ms / baseline).toFixed(1)}x the baseline${p50 === undefined ? "" : `; p50 ${p50.toFixed(1)} ms`})`);

const baseline = await p95Of("/api/setting/organization");
const summary = await p95Of("/api/base/program_report?page=0&size=25");
const report = await p95Of(`/api/program/${programIds[0]}/report?page=0&size=25`);
const summaryPage = await p95Of("/programs/report?_data=routes%2Fprograms_.report");
const reportPage = await p95Of(`/programs/${programIds[0]}/report?_data=routes%2Fprograms_.%24id.report`);
const week = await p95Of(`/programs-events?view=week&date=${addDays(today, -7)}&_data=routes%2Fprograms-events`);
// where the summary's time goes: its one statement alone (the read model)
const db = app.app.core.db as Kysely<ReadModels>;
const sqlTimes: number[] = [];
for (let i = 0; i < 25; i++) {
  const t = performance.now();
  await programSummaryPage(db, org.id, today, 0, 25);
  if (i >= 5) sqlTimes.push(performance.now() - t);
}
sqlTimes.sort((a, b) => a - b);
/** p95 of 20 runs (after 5) of one read. */
async function p95Read(read: () => Promise<unknown>): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 25; i++) {
    const t = performance.now();
    await read();
    if (i >= 5) times.push(performance.now() - t);
  }
  return percentile(times.sort((a, b) => a - b), 95);
}
const firstIds = (await programSummaryPage(db, org.id, today, 0, 25)).rows.map((r) => r.id);
const registrants = [...(await registeredDobsOf(db, org.id, firstIds)).values()].flat().length;
const parts = {
  sources: await p95Read(() => scheduleSources(db, org.id, "0000-01-01", "9999-12-31")),
  dobs: await p95Read(() => registeredDobsOf(db, org.id, firstIds)),
};
const programExport = await exportTime("program-report", { programId: programIds[0] });
const summaryExport = await exportTime("program-summary", {});

console.log(`\nweekday of today ${weekdayOf(today)}; ${RUNS} requests each, one at a time, p95 (p50)`);
console.log(`${"baseline GET /api/setting/organization".padEnd(42)} ${baseline.p95.toFixed(1).padStart(7)} ms   (p50 ${baseline.p50.toFixed(1)} ms)`);
line("program summary, first page (call)", summary.p95, 150, baseline.p95, summary.p50);
line("program summary, first page (page)", summaryPage.p95, 150, baseline.p95, summaryPage.p50);
console.log(`${"  of which the summary's SQL statement".padEnd(42)} ${percentile(sqlTimes, 95).toFixed(1).padStart(7)} ms`);
console.log(`${"  schedules / registrants' dates of birth".padEnd(42)} ${parts.sources.toFixed(1)} / ${parts.dobs.toFixed(1)} ms (${registrants} registrants)`);
line("program report, first page (call)", report.p95, 150, baseline.p95, report.p50);
line("program report, first page (page)", reportPage.p95, 150, baseline.p95, reportPage.p50);
line("schedule week (/programs-events)", week.p95, 100, baseline.p95, week.p50);
line(`program report CSV (${programExport.rows} rows), end to end`, programExport.seconds * 1000, 10_000, baseline.p95);
line(`program summary CSV (${summaryExport.rows} rows), end to end`, summaryExport.seconds * 1000, 10_000, baseline.p95);

await app.stop();
process.exit(0);
