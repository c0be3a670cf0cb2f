/**
 * `npm run bench:reports` (issue 21, decisions 092-093): a year of data for BENCH_REPORTS_MEMBERS members (default
 * 5,000) of one organization: BENCH_REPORTS_CHECK_INS check-ins (default 500,000) and, beside them, flags,
 * screenings, survey responses, points and attendance marks, written into the event store by bulk SQL (one
 * insert ... select per kind, in time order). The rollups are then built the documented way: a rebuild of the
 * `reports` projection (the same fold the projector runs, 5,000 events a batch) and swapped in. Then, with the
 * read models warm:
 *   - every dashboard's figures (what /reports and GET /api/report/{name} compute), over the last 30 days and the
 *     last year, unfiltered and with each filter (program, user group, age band, gender): p50 and p95
 *     (goal: p95 < 300 ms)
 *   - the whole /reports page's figures (the eight dashboards at once)
 *   - baselines measured in the same run: a `select 1` round trip, and the attendance figures counted from the raw
 *     events (a scan of the year's check-ins) as a page would without rollups.
 * The machine is shared (2 cores): figures are noisy.
 */
import { sql, type Kysely } from "kysely";
import type { ReadModels } from "../../projections";
import { rebuildProjection } from "../../projections";
import { reportsProjection, type ReportFilter } from "../../projections/reports";
import { figuresOf } from "../../modules/reports/figures";
import { REPORT_NAMES, type ReportName } from "../../modules/reports";
import { createTestDatabase } from "../support/test-db";
import { percentile } from "./stats";

const MEMBERS = Number(process.env.BENCH_REPORTS_MEMBERS ?? 5_000);
const CHECK_INS = Number(process.env.BENCH_REPORTS_CHECK_INS ?? 500_000);
const RUNS = Number(process.env.BENCH_REPORTS_RUNS ?? 40);
const GOAL_MS = 300;
const ORG = "bench-org";
const PROGRAMS = Array.from({ length: 10 }, (_, i) => `bench-program-${i}`);
const GENDERS = ["Male", "Female", "Non-binary", "Unspecified", "Female", "Male", "Two Spirit"];

const database = await createTestDatabase("bench_reports", { poolSize: 6 });
const db = database.db as unknown as Kysely<ReadModels>;
try {
const today = new Date().toISOString().slice(0, 10);
const seconds = (t: number) => ((performance.now() - t) / 1000).toFixed(1);

/** Appends events made by `select type, stream_id, data, occurred_at from (...)`, in occurred_at order. */
async function append(label: string, select: ReturnType<typeof sql>) {
  const t = performance.now();
  const { rows } = await sql<{ n: string }>`
    with src as (${select}),
    numbered as (
      select s.type, s.data, s.at, base.b + row_number() over (order by s.at, s.stream_id) as pos, gen_random_uuid() as event_id,
             jsonb_build_object('organizationId', ${ORG}::text, 'actorId', null, 'commandId', gen_random_uuid()::text, 'correlationId', gen_random_uuid()::text, 'causationId', null,
                                'occurredAt', to_char(s.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) as metadata, s.stream_id
        from src s, (select coalesce(max(global_position), 0) as b from events) base
    ),
    ins as (
      insert into events (global_position, stream_id, revision, event_id, type, data, metadata, hash)
      select pos, stream_id || '-' || pos, 0, event_id, type, data, metadata, rollcall_event_hash(null, stream_id || '-' || pos, 0, pos, event_id, type, data, metadata)
        from numbered
      returning stream_id, revision, hash
    ),
    heads as (
      insert into stream_heads (stream_id, revision, hash) select stream_id, revision, hash from ins
      returning 1
    )
    select count(*)::text as n from ins`.execute(database.db);
  await sql`select setval('events_global_position_seq', (select max(global_position) from events))`.execute(database.db);
  console.log(`  ${label.padEnd(34)} ${Number(rows[0]!.n).toLocaleString("en").padStart(9)} events in ${seconds(t)} s`);
}

const year = sql`(now() - interval '365 days')`;
const seedStart = performance.now();
console.log(`\nSeeding a year for ${MEMBERS.toLocaleString("en")} members, ${CHECK_INS.toLocaleString("en")} check-ins (bulk SQL into the event store):`);
await append(
  "organization",
  sql`select 'OrganizationRegistered' as type, 'organization' as stream_id, jsonb_build_object('organizationId', ${ORG}::text, 'name', 'Bench', 'type', 'other') as data, ${year} - interval '2 days' as at
      union all select 'OrganizationSettingsUpdated', 'organization', jsonb_build_object('organizationId', ${ORG}::text, 'settings', jsonb_build_object('time_zone', 'America/Toronto')), ${year} - interval '1 day'`,
);
await append(
  "users (a tenth of the members)",
  sql`select 'UserRegistered' as type, 'user' as stream_id, jsonb_build_object('userId', 'bench-user-' || i, 'organizationId', ${ORG}::text, 'userGroupId', case when i % 2 = 0 then 'bench-group-participant' else 'bench-group-volunteer' end) as data, ${year} - interval '1 day' as at
        from generate_series(0, ${MEMBERS / 10 - 1}::int) i`,
);
await append(
  "members",
  sql`select 'ParticipantRegistered' as type, 'participant' as stream_id,
             jsonb_build_object('participantId', 'bench-member-' || i, 'organizationId', ${ORG}::text, 'gender', (${GENDERS}::text[])[1 + i % ${GENDERS.length}::int],
                                'dob', to_char(date '2005-01-01' + (i * 37 % 5800), 'YYYY-MM-DD'), 'userId', case when i < ${MEMBERS / 10}::int then 'bench-user-' || i end) as data,
             ${year} - interval '1 day' as at
        from generate_series(0, ${MEMBERS - 1}::int) i`,
);
await append(
  "program registrations",
  sql`select 'ParticipantRegisteredToProgram' as type, 'program' as stream_id, jsonb_build_object('programId', (${PROGRAMS}::text[])[1 + p], 'participantId', 'bench-member-' || i) as data, ${year} - interval '12 hours' as at
        from generate_series(0, ${MEMBERS - 1}::int) i, lateral (select i % 10 as p union all select (i + 3) % 10 where i % 3 = 0) ps`,
);
await append(
  "check-ins",
  sql`select 'MemberCheckedIn' as type, 'checkin' as stream_id,
             jsonb_build_object('participantId', 'bench-member-' || ((k::bigint * 7919) % ${MEMBERS}::int), 'organizationId', ${ORG}::text, 'checkInId', 'v' || k,
                                'checkInTime', to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 'source', 'kiosk') as data, at
        from (select k, date_trunc('day', ${year}) + (k % 365) * interval '1 day' + interval '19 hours' + (k % 7) * interval '1 hour' + (k % 60) * interval '1 minute' as at
                from generate_series(0, ${CHECK_INS - 1}::int) k) c`,
);
const flags = Math.round(CHECK_INS / 100);
await append(
  "flags raised and resolved",
  sql`select case when k % 3 = 2 then 'MemberFlagResolved' else 'MemberFlagged' end as type, 'flags' as stream_id,
             jsonb_build_object('flagId', 'f' || k, 'participantId', 'bench-member-' || (k % ${MEMBERS}::int), 'organizationId', ${ORG}::text, 'type', case when k % 2 = 0 then 'stop' else 'warn' end, 'message', 'bench') as data,
             ${year} + (k % 365) * interval '1 day' as at
        from generate_series(0, ${flags - 1}::int) k`,
);
await append(
  "screenings",
  sql`select case when k % 20 = 0 then 'DailyScreeningDeclined' else 'DailyScreeningFilled' end as type, 'screening' as stream_id,
             jsonb_build_object('participantId', 'bench-member-' || ((k::bigint * 7919) % ${MEMBERS}::int), 'organizationId', ${ORG}::text, 'day', to_char(date_trunc('day', ${year}) + (k % 365) * interval '1 day', 'YYYY-MM-DD'), 'failed', k % 50 = 1) as data,
             date_trunc('day', ${year}) + (k % 365) * interval '1 day' + interval '19 hours' as at
        from generate_series(0, ${CHECK_INS / 5 - 1}::int) k`,
);
await append(
  "survey responses, points",
  sql`select case when k % 10 = 0 then 'SurveyResponseSubmitted' when k % 10 = 1 then 'PointsSpent' else 'PointsAwarded' end as type, 'points' as stream_id,
             jsonb_build_object('participantId', 'bench-member-' || (k % ${MEMBERS}::int), 'organizationId', ${ORG}::text, 'surveyId', 's1', 'amount', 5 + k % 20) as data,
             ${year} + (k % 365) * interval '1 day' as at
        from generate_series(0, ${CHECK_INS / 10 - 1}::int) k`,
);
await append(
  "attendance marks",
  sql`select 'AttendanceMarked' as type, 'session' as stream_id,
             jsonb_build_object('programId', (${PROGRAMS}::text[])[1 + k % 10], 'date', to_char(date_trunc('day', ${year}) + (k % 365) * interval '1 day', 'YYYY-MM-DD'), 'startTime', '16:00',
                                'participantId', 'bench-member-' || ((k / 10) % ${MEMBERS}::int), 'status', (array['present', 'present', 'present', 'late', 'absent', 'excused'])[1 + k % 6]) as data,
             date_trunc('day', ${year}) + (k % 365) * interval '1 day' + interval '22 hours' as at
        from generate_series(0, ${CHECK_INS / 10 - 1}::int) k`,
);
const total = Number((await sql<{ n: string }>`select count(*)::text as n from events`.execute(database.db)).rows[0]!.n);
console.log(`  seeded ${total.toLocaleString("en")} events in ${seconds(seedStart)} s`);

const tRebuild = performance.now();
const rebuilt = await rebuildProjection({ db: database.db, store: database.store, projection: reportsProjection, batchSize: 5000 });
const sizes = await sql<{ t: string; n: string }>`
  select 'rm_report_counts' as t, count(*)::text as n from rm_report_counts union all select 'rm_report_member_months', count(*)::text from rm_report_member_months`.execute(database.db);
// what autovacuum does to the live tables after a rebuild's writes (visibility map for index-only scans, statistics)
await sql`vacuum analyze rm_report_counts, rm_report_member_months`.execute(database.db);
console.log(`\nRollups built by a rebuild of the 'reports' projection: ${rebuilt.events.toLocaleString("en")} events in ${seconds(tRebuild)} s (${Math.round(rebuilt.eventsPerSecond).toLocaleString("en")} events/s); ${sizes.rows.map((r) => `${r.t} ${Number(r.n).toLocaleString("en")} rows`).join(", ")}`);

const sorted = (ms: number[]) => [...ms].sort((a, b) => a - b);
async function timed(runs: number, op: (i: number) => Promise<unknown>) {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    await op(i);
    ms.push(performance.now() - t);
  }
  return sorted(ms);
}
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
const names = new Map(PROGRAMS.map((p, i) => [p, `Program ${i}`]));
/** Filters rotated run by run: none, a program, the participant group (with members without a login), an age band, a gender. */
const FILTERS: Partial<ReportFilter>[] = [{}, { programId: PROGRAMS[3] }, { groupIds: ["bench-group-participant", ""] }, { ageBand: "13-15" }, { gender: "Female" }, { programId: PROGRAMS[1], gender: "Male" }];
const filterOf = (days: number, i: number): ReportFilter => ({ organizationId: ORG, from: addDays(today, -(days - 1)), to: today, bucket: days > 92 ? "month" : "day", ...FILTERS[i % FILTERS.length] });
const figures = (name: ReportName, f: ReportFilter) => figuresOf(db, name, f, { from: f.from, to: f.to, bucket: f.bucket, filters: { program_id: null, group_id: null, age_band: null, gender: null } }, names);

const ping = await timed(RUNS * 2, () => sql`select 1`.execute(database.db));
const raw = await timed(5, () =>
  sql`select (data->>'checkInTime')::timestamptz::date as day, count(*), count(distinct data->>'participantId') from events
       where type = 'MemberCheckedIn' and (data->>'checkInTime')::timestamptz >= now() - interval '365 days' and metadata->>'organizationId' = ${ORG} group by 1`.execute(database.db),
);
console.log(`\nBaselines (same run): select 1 p50 ${percentile(ping, 50).toFixed(1)} ms p95 ${percentile(ping, 95).toFixed(1)} ms; attendance per day counted from the raw events (a year, no rollups) p50 ${percentile(raw, 50).toFixed(0)} ms p95 ${percentile(raw, 95).toFixed(0)} ms`);

console.log(`\nEach dashboard's figures with warm rollups (${RUNS} runs per range, filters rotated: none, program, group, age band, gender, program + gender); goal p95 < ${GOAL_MS} ms`);
let misses = 0;
for (const name of REPORT_NAMES) {
  const cells: string[] = [];
  for (const days of [30, 365]) {
    await figures(name, filterOf(days, 0));
    const ms = await timed(RUNS, (i) => figures(name, filterOf(days, i)));
    const ok = percentile(ms, 95) < GOAL_MS;
    if (!ok) misses++;
    cells.push(`${days === 30 ? "30 days" : "a year "} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms ${ok ? "ok" : "MISS"}`);
  }
  console.log(`  ${name.padEnd(18)} ${cells.join("   ")}`);
}
for (const days of [30, 365]) {
  const ms = await timed(Math.round(RUNS / 2), (i) => Promise.all(REPORT_NAMES.map((name) => figures(name, filterOf(days, i)))));
  const ok = percentile(ms, 95) < GOAL_MS;
  if (!ok) misses++;
  console.log(`  ${"the whole page".padEnd(18)} ${days === 30 ? "30 days" : "a year "} p50 ${percentile(ms, 50).toFixed(1).padStart(6)} p95 ${percentile(ms, 95).toFixed(1).padStart(6)} ms ${ok ? "ok" : "MISS"} (eight dashboards at once)`);
}
console.log(`\nHow the read models are kept: rollup tables (rm_report_counts per organization, metric, local day, hour, program, group, age band, gender; rm_report_member_months) fed by the projector's 'reports' projection in the same transaction as its checkpoint; no page scans raw rows. ${misses ? `${misses} MISS` : "every goal met"}.`);
} finally {
  // BENCH_REPORTS_KEEP=1 keeps the database to look at (its name is printed)
  if (process.env.BENCH_REPORTS_KEEP === "1") console.log(`kept ${database.url}`);
  else await database.drop();
}
process.exit(0);
