/**
 * `npm run bench:people` (issue 17): an organization with 50,000 more staff members (the coach group),
 * created through the real command (CreateStaffUser: each claims its e-mail, decision 061) and projected by
 * the projector. Then, over HTTP as the admin:
 *   - the user list (GET /api/user of the coach group, a page of 25) searched by name, e-mail and partial
 *     words, and unsearched sorted by newest and by last name: p95 (goal < 100 ms)
 *   - 2,000 invitation e-mails queued through the one mail path (queueMail, decision 059) and delivered by
 *     the app's own mail worker to a real SMTP server in this process (smtp-server): the rate, and p95
 *     from queueMail's answer to the message's arrival
 * Baseline, measured in the same run: GET /api/setting/organization (a signed-in call reading one row).
 * BENCH_PEOPLE_MEMBERS / BENCH_PEOPLE_MAILS make it smaller for a smoke run.
 */
import { sql, type Kysely } from "kysely";
import { handleStaffUserCommand, LEVEL, type StaffUserCommand } from "../../modules/identity";
import { idFrom, publicUrlOf, systemClock } from "../../modules/kernel";
import { queueMail } from "../../modules/mail";
import type { ReadModels } from "../../projections";
import { listUserGroups, staffUserPage } from "../../projections/identity";
import { demoOrganizations } from "../factories/demo-seed";
import { inPool } from "../factories/participants";
import { clearSignInLimits, HttpClient } from "../support/http-client";
import { startInProcessApp, waitForProjections } from "../support/in-process-app";
import { testServices } from "../support/services";
import { queuePrefixFor } from "../../workers/exports";
import { startSmtpSink } from "../support/smtp-sink";
import { percentile } from "./stats";

const MEMBERS = Number(process.env.BENCH_PEOPLE_MEMBERS ?? 50_000);
const MAILS = Number(process.env.BENCH_PEOPLE_MAILS ?? 2_000);
const RUNS = 60;
const FIRST = ["Avery", "Jordan", "Riley", "Morgan", "Taylor", "Casey", "Jamie", "Quinn", "Rowan", "Skyler", "Emerson", "Harper", "Kai", "Noor", "Mateo", "Amara"];
const LAST = ["Nguyen", "Okafor", "Singh", "MacLeod", "Tremblay", "Kowalski", "Haddad", "Fernandes", "Lindqvist", "Osei", "Moreau", "Park", "Abara", "Quispe", "Dubois", "Sato"];

const smtp = await startSmtpSink();
const app = await startInProcessApp("bench_people", { nodeEnv: "production", env: { SMTP_URL: smtp.url, PUBLIC_URL: "https://rollcall.example.org" } });
const { store, db, env, logger, redis } = app.app.core;
const org = demoOrganizations[1];
const groups = (await listUserGroups(db as Kysely<ReadModels>, org.id)).map((g) => ({ id: g.id, level: g.level, name: g.name }));
const coachGroup = groups.find((g) => g.name === "COACH");
const adminGroup = groups.find((g) => g.level === LEVEL.admin);
if (!coachGroup || !adminGroup) throw new Error("the demo organization has no COACH or admin group");

const t0 = performance.now();
await inPool(
  Array.from({ length: MEMBERS }, (_, i) => i),
  16,
  async (i) => {
    const userId = idFrom("bench", "staff", org.id, i);
    const command: StaffUserCommand = {
      type: "CreateStaffUser",
      data: {
        userId,
        actor: { userId: idFrom("bench", "admin"), level: LEVEL.admin },
        groups,
        input: { first_name: `${FIRST[i % FIRST.length]}${i % 97 === 0 ? "-Lee" : ""}`, last_name: `${LAST[Math.floor(i / FIRST.length) % LAST.length]}${i}`, email: `coach${i}@bench.northside.demo`, user_group_id: coachGroup.id, phone_number: "", status: i % 10 === 0 ? "Inactive" : "Active", status_reason: i % 10 === 0 ? "Left for the season" : undefined },
      },
      metadata: { commandId: idFrom("bench", "create", userId), organizationId: org.id, actorId: null, correlationId: userId },
    };
    const result = await handleStaffUserCommand({ store, clock: systemClock }, command);
    if (!result.ok) throw new Error(`member ${i}: ${result.error.message}`);
  },
);
const tSeeded = performance.now();
await waitForProjections(app.baseUrl, 600_000);
const tProjected = performance.now();
// the planner's statistics, as autovacuum refreshes them within a minute of a bulk load
await sql`analyze rm_users`.execute(db);
console.log(`created ${MEMBERS} staff members in ${((tSeeded - t0) / 1000).toFixed(1)} s; projected in ${((tProjected - tSeeded) / 1000).toFixed(1)} s`);

const admin = new HttpClient(app.baseUrl);
await clearSignInLimits((await testServices()).redisUrl);
await admin.signIn("admin@northside.demo");

async function p95Of(paths: string[]): Promise<{ p50: number; p95: number; count: number }> {
  const times: number[] = [];
  let count = 0;
  for (let i = 0; i < RUNS; i++) {
    const path = paths[i % paths.length]!;
    const t = performance.now();
    const response = await admin.request("GET", path);
    const body = await response.text();
    times.push(performance.now() - t);
    if (!response.ok) throw new Error(`GET ${path}: ${response.status} ${body}`);
    if (i < paths.length) count += (JSON.parse(body) as { count?: number }).count ?? 0;
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p95: percentile(times, 95), count: Math.round(count / Math.min(RUNS, paths.length)) };
}

const list = (query: Record<string, string>) => `/api/user?${new URLSearchParams({ role_id: coachGroup.id, page: "0", size: "25", ...query })}`;
// warm-up: the first requests pay for the plans and the pool
await p95Of([list({}), "/api/setting/organization"]);
const baseline = await p95Of(["/api/setting/organization"]);
const newest = await p95Of([list({})]);
const byLastName = await p95Of([list({ sort: "last_name asc" }), list({ sort: "last_name asc", page: "40" })]);
const byName = await p95Of(["Avery", "Okafor", "Quispe", "Amara Sato"].map((search) => list({ search })));
const byEmail = await p95Of(["coach4242@", "coach31337@bench", "bench.northside"].map((search) => list({ search })));
// the list's two statements alone (the page and the count), newest first and searched by e-mail
const sqlTimes: number[] = [];
for (let i = 0; i < RUNS; i++) {
  const t = performance.now();
  await staffUserPage(db as Kysely<ReadModels>, org.id, { userGroupId: coachGroup.id, search: i % 2 ? "coach31337@bench" : "", sort: { field: "created_date", desc: true }, page: 0, size: 25 });
  sqlTimes.push(performance.now() - t);
}
sqlTimes.sort((a, b) => a - b);
// BENCH_EXPLAIN=1: the plans of the searched list's statements, term by term (what the planner chose, and why a term is slow)
if (process.env.BENCH_EXPLAIN) {
  const page = db as Kysely<ReadModels>;
  for (const search of ["Avery", "Okafor", "Amara Sato", "coach4242@", "coach31337@bench", "bench.northside", "ri", "lee", "zzz-nobody"]) {
    const times: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t = performance.now();
      await staffUserPage(page, org.id, { userGroupId: coachGroup.id, search, sort: { field: "created_date", desc: true }, page: 0, size: 25, countUpTo: 1000 });
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    console.log(`SQL '${search}': p50 ${percentile(times, 50).toFixed(1)} ms, max ${times[times.length - 1]!.toFixed(1)} ms`);
  }
  const like = "%coach31337@bench%";
  const plan = await sql<{ "QUERY PLAN": string }>`explain (analyze, buffers) select count(*) from (select 1 from rm_users u join rm_user_groups g on g.id = u.user_group_id where u.organization_id = ${org.id} and g.level >= 2 and u.user_group_id = ${coachGroup.id} and u.search_text like ${like} limit 1001) m`.execute(page);
  console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
  await sql`create extension if not exists pgstattuple`.execute(page).catch(() => undefined);
  const gin = await sql<Record<string, unknown>>`select * from pgstatginindex('rm_users_search_trgm_idx')`.execute(page).catch(() => ({ rows: [] }));
  console.log("gin pending list:", JSON.stringify(gin.rows[0] ?? "pgstattuple not installed"));
}
const partial = await p95Of(["ri", "lee", "zzz-nobody"].map((search) => list({ search, status: "Active" })));

// 2,000 invitations through the mail path, delivered by the app's own worker to the SMTP server here
const services = { db: db as Kysely<ReadModels>, publicUrl: publicUrlOf(env), queuePrefix: queuePrefixFor(env.DATABASE_URL), logger, clock: systemClock, redis };
const queuedAt = new Map<string, number>();
const before = smtp.arrived.length;
const tMail = performance.now();
await inPool(
  Array.from({ length: MAILS }, (_, i) => i),
  8,
  async (i) => {
    const to = `invitee${i}@bench.northside.demo`;
    const expiresAt = new Date(Date.now() + 14 * 86_400_000).toISOString();
    await queueMail(services, { organizationId: org.id, to, kind: "invitation", data: { role: "coach", firstName: FIRST[i % FIRST.length], inviterName: "Alex Admin", link: `/user/invite/bench-${i}?token=x`, expiresAt } });
    queuedAt.set(to, performance.now());
  },
);
const tQueued = performance.now();
const deadline = Date.now() + 10 * 60_000;
while (smtp.arrived.length - before < MAILS && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
const tDelivered = performance.now();
const delivered = smtp.arrived.slice(before);
const lags = delivered
  .map((a) => {
    const sent = queuedAt.get(a.envelopeTo[0]!.toLowerCase());
    return sent === undefined ? null : a.at - (performance.timeOrigin + sent);
  })
  .filter((ms): ms is number => ms !== null)
  .sort((a, b) => a - b);

const line = (label: string, ms: number, goal: number, p50?: number) =>
  console.log(`${label.padEnd(46)} ${ms.toFixed(1).padStart(7)} ms   goal < ${goal} ms   ${ms < goal ? "ok  " : "MISS"}   (${(ms / baseline.p95).toFixed(1)}x the baseline${p50 === undefined ? "" : `; p50 ${p50.toFixed(1)} ms`})`);
console.log(`\n${MEMBERS} coaches in the list; ${RUNS} requests each, one at a time, p95 (p50)`);
console.log(`${"baseline GET /api/setting/organization".padEnd(46)} ${baseline.p95.toFixed(1).padStart(7)} ms   (p50 ${baseline.p50.toFixed(1)} ms)`);
line(`user list, newest first (${newest.count} users)`, newest.p95, 100, newest.p50);
line("user list, by last name, pages 1 and 41", byLastName.p95, 100, byLastName.p50);
line(`user list, search by name (~${byName.count} found)`, byName.p95, 100, byName.p50);
line(`user list, search by e-mail (~${byEmail.count} found, count capped at 1,000, decision 071)`, byEmail.p95, 100, byEmail.p50);
console.log(`${"  of which the list's SQL statements".padEnd(46)} ${percentile(sqlTimes, 95).toFixed(1).padStart(7)} ms   (p50 ${percentile(sqlTimes, 50).toFixed(1)} ms)`);
line(`user list, partial words, Active (~${partial.count} found)`, partial.p95, 100, partial.p50);
console.log(
  `\n${MAILS} invitations: queued in ${((tQueued - tMail) / 1000).toFixed(1)} s, ${delivered.length} delivered in ${((tDelivered - tMail) / 1000).toFixed(1)} s ` +
    `(${(delivered.length / ((tDelivered - tMail) / 1000)).toFixed(0)} messages/s); queue to delivery p50 ${percentile(lags, 50).toFixed(0)} ms, p95 ${percentile(lags, 95).toFixed(0)} ms`,
);
if (delivered.length < MAILS) console.log(`MISS: ${MAILS - delivered.length} invitations did not arrive within 10 minutes`);

await app.stop();
await smtp.close();
process.exit(0);
