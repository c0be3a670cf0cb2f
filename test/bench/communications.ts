/**
 * `npm run bench:communications` (issue 18, decision 089): an announcement by e-mail to BENCH_COMM_RECIPIENTS people
 * (default 10,000) of one school, on a database of its own, through the real fan-out, the e-mail queue and the mail
 * worker to an SMTP server in this process (smtp-server); then the inbox badge's count for a user with 5,000
 * conversations among 200,000 members' rows. Prints:
 *   - time to queue: the send command to the fan-out recorded (every delivery row and job written)
 *   - deliveries per second to the SMTP server (rate limits raised out of the way), and queue-to-inbox p50/p95
 *   - unread count p95 (goal < 20 ms), beside a baseline `select 1` measured in the same run
 * The machine is shared (2 cores, other helpers' tests): figures are noisy.
 */
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { announcementDecider, announcementStreamId, createFanoutQueue, enqueueFanout, type AnnouncementCommand } from "../../modules/communications";
import { createLogger, handleCommand, idFrom, systemClock } from "../../modules/kernel";
import { defaultSettings } from "../../modules/organizations";
import { ProjectionRunner, type ReadModels } from "../../projections";
import { announcementsProjection } from "../../projections/announcements";
import { unreadThreadCount } from "../../projections/messages";
import { startCommunicationWorker } from "../../workers/communications";
import { queuePrefixFor } from "../../workers/exports";
import { startMailWorker } from "../../workers/mail";
import { testServices } from "../support/services";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-db";
import { percentile } from "./stats";

const N = Number(process.env.BENCH_COMM_RECIPIENTS ?? 10_000);
const ORG = idFrom("bench-comm", "org");
const GROUP = idFrom("bench-comm", "group");
const AUTHOR = idFrom("bench-comm", "author");
const logger = createLogger("bench", "warn");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await createTestDatabase("benchcomm", { poolSize: 20 });
const db = database.db as Kysely<ReadModels>;
const { redisUrl } = await testServices();
const smtp = await startSmtpSink();
const now = new Date();
const base = defaultSettings("Bench School", "school");
await db.insertInto("rm_organizations").values({ id: ORG, name: "Bench School", type: "school", settings: JSON.stringify({ ...base, features: { ...base.features, communication: { is_enabled: true, sending_methods: ["INTERNAL", "EMAIL"] } } }), main_color: "#95358F", revision: 1, updated_at: now }).execute();
const group = (id: string, name: string, level: number) => ({ id, organization_id: ORG, name, display_name: name, level, icon: "", scheme: JSON.stringify({}), permission_ids: [], created_at: now, updated_at: now });
await db.insertInto("rm_user_groups").values([group(idFrom("bench-comm", "staff"), "ADMIN", 3), group(GROUP, "PARENT", 1)]).execute();
const user = (id: string, n: number, groupId: string) => ({ id, organization_id: ORG, username: `b${n}`, email: `p${n}@bench.test`, first_name: "P", last_name: String(n), user_group_id: groupId, parent_id: null, password_hash: "x", status: "Active", created_at: now, updated_at: now });
await db.insertInto("rm_users").values(user(AUTHOR, -1, idFrom("bench-comm", "staff"))).execute();
for (let i = 0; i < N; i += 2000) await db.insertInto("rm_users").values(Array.from({ length: Math.min(2000, N - i) }, (_, k) => user(idFrom("bench-comm", "user", i + k), i + k, GROUP))).execute();

const prefix = queuePrefixFor(database.url);
const comm = startCommunicationWorker({ db: database.db, store: database.store, logger, redisUrl, prefix, publicUrl: "http://bench.test", rateLimits: { EMAIL: 1_000_000, INTERNAL: 1_000_000 }, concurrency: { EMAIL: 16 } });
const mail = startMailWorker({ db: database.db, logger, redisUrl, prefix, smtpUrl: smtp.url, from: "no-reply@bench.test", concurrency: 8 });
const queue = createFanoutQueue(redisUrl, prefix);

const announcementId = idFrom("bench-comm", "announcement");
const run = async (command: Omit<AnnouncementCommand, "metadata">, step: string) => {
  const result = await handleCommand({ store: database.store, clock: systemClock }, announcementDecider, announcementStreamId(announcementId), { ...command, metadata: { commandId: idFrom("bench-comm", step), organizationId: ORG, actorId: AUTHOR } } as AnnouncementCommand);
  if (!result.ok) throw result.error;
};
await run({ type: "SaveAnnouncement", data: { announcementId, authorId: AUTHOR, kind: "announcement", subject: "Soccer is cancelled tonight", body: "<p>The field is flooded.</p>", audience: { group_ids: [GROUP], program_ids: [], event_ids: [], flag_types: [], user_ids: [] }, channels: ["EMAIL"] } }, "save");
const t0 = performance.now();
await run({ type: "SendAnnouncement", data: { announcementId, sendAt: null, recipientCount: N, enabledChannels: ["INTERNAL", "EMAIL"], actorId: AUTHOR } }, "send");
await new ProjectionRunner({ db: database.db, store: database.store, projection: announcementsProjection }).runOnce();
await enqueueFanout(queue, { announcementId, organizationId: ORG }, 0);
for (;;) {
  const types = (await database.store.readStream(announcementStreamId(announcementId))).events.map((e) => e.type);
  if (types.includes("AnnouncementFannedOut")) break;
  await sleep(20);
}
const tQueued = performance.now();
while (smtp.arrived.length < N) await sleep(50);
const tDone = performance.now();
const latencies = smtp.arrived.map((a) => a.at - (performance.timeOrigin + tQueued)).sort((a, b) => a - b);

console.log(`\nfan-out to ${N.toLocaleString("en")} recipients by e-mail`);
console.log(`  time to queue (send command to every delivery row and job written): ${((tQueued - t0) / 1000).toFixed(2)} s`);
console.log(`  all delivered to the in-process SMTP server after ${((tDone - t0) / 1000).toFixed(1)} s: ${(N / ((tDone - tQueued) / 1000)).toFixed(0)} deliveries/s after queueing`);
console.log(`  from queued to the SMTP server: p50 ${(percentile(latencies, 0.5) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 0.95) / 1000).toFixed(1)} s, last ${((latencies.at(-1) ?? 0) / 1000).toFixed(1)} s`);
const retried = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where attempts > 1`.execute(db);
console.log(`  e-mails that needed more than one try (the mail worker's retry waits 30 s, then 60 s): ${retried.rows[0]!.n}`);

// the badge: a user with 5,000 conversations (1,000 unread, 200 archived) among 200,000 members' rows
const reader = idFrom("bench-comm", "reader");
await sql`
  insert into rm_thread_members (thread_id, user_id, organization_id, reason, unread, archived, last_message_at)
  select 'bench-' || g, case when g <= 5000 then ${reader} else 'other-' || (g % 20000) end, ${ORG}, 'recipient',
    case when g % 5 = 0 then 1 else 0 end, g % 25 = 0, now() - (g || ' seconds')::interval
  from generate_series(1, 200000) g`.execute(db);
await sql`analyze rm_thread_members`.execute(db);
const time = async (runs: number, op: () => Promise<unknown>) => {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const s = performance.now();
    await op();
    ms.push(performance.now() - s);
  }
  return ms.sort((a, b) => a - b);
};
await time(20, () => unreadThreadCount(db, reader));
const baseline = await time(300, () => sql`select 1`.execute(db));
const badge = await time(300, () => unreadThreadCount(db, reader));
const count = await unreadThreadCount(db, reader);
const p95 = percentile(badge, 0.95);
console.log(`\nunread count for a user with 5,000 conversations (${count} unread) among 200,000 rows: p50 ${percentile(badge, 0.5).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal < 20 ms): ${p95 < 20 ? "ok" : "MISS"}`);
console.log(`  baseline select 1 in the same run: p50 ${percentile(baseline, 0.5).toFixed(2)} ms, p95 ${percentile(baseline, 0.95).toFixed(2)} ms`);
console.log("  (a shared 2-core machine: figures are noisy)");

await queue.obliterate({ force: true }).catch(() => undefined);
for (const q of [comm.fanoutQueue, ...Object.values(comm.channelQueues), mail.queue]) await q.obliterate({ force: true }).catch(() => undefined);
await queue.close();
await comm.close();
await mail.close();
await smtp.close();
await database.drop();
process.exit(0);
