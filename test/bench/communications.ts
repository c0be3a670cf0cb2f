/**
 * `npm run bench:communications` (issue 18, decision 089): an announcement by e-mail to BENCH_COMM_RECIPIENTS people
 * (default 10,000) of one school, on a database of its own, through the real fan-out, the e-mail queue and the mail
 * worker to an SMTP server in this process (smtp-server); then the inbox badge's count for a user with 5,000
 * conversations among 200,000 members' rows; and the inbox badge's live latency for a recipient online. Prints:
 *   - time to queue: the send command to the fan-out recorded (every delivery row and job written)
 *   - deliveries per second to the SMTP server (rate limits raised out of the way), and queue-to-SMTP p50/p95
 *   - unread count p95 (goal < 20 ms), beside a baseline `select 1` measured in the same run
 *   - badge latency (decision 113): a recipient's socket.io client follows their inbox topic through the app's own
 *     live server and access rule; BENCH_COMM_BADGE_SENDS announcements (default 40) are sent to them in-app one at a
 *     time, each timed from the send command accepted (events appended, read model caught up, fan-out job added: when
 *     the API answers) to `inbox:changed` received; the baseline is the live hop alone (a message published to the
 *     same topic, to received), measured in the same run
 * The machine is shared (2 cores, other helpers' tests): figures are noisy. BENCH_COMM_RECIPIENTS=1000 for a short run.
 */
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Kysely } from "kysely";
import { sql } from "kysely";
import { io as connect } from "socket.io-client";
import { announcementDecider, announcementStreamId, announcementThreadId, createFanoutQueue, enqueueFanout, INBOX_CHANGED, inboxTopic, type AnnouncementCommand } from "../../modules/communications";
import { SESSION_COOKIE, SessionStore, type SessionTables } from "../../modules/identity";
import { createLogger, handleCommand, idFrom, systemClock, type Logger } from "../../modules/kernel";
import { attachLiveServer, createLivePublisher, liveKeyFor } from "../../modules/kernel/live";
import { defaultSettings } from "../../modules/organizations";
import { ProjectionRunner, type ReadModels } from "../../projections";
import { announcementsProjection } from "../../projections/announcements";
import { messagesProjection, unreadThreadCount } from "../../projections/messages";
import { waitForProjection } from "../../projections/runner";
import { sessionLiveAuth } from "../../runtime/live-auth";
import { startCommunicationWorker } from "../../workers/communications";
import { queuePrefixFor } from "../../workers/exports";
import { startMailWorker } from "../../workers/mail";
import { testServices } from "../support/services";
import { startSmtpSink } from "../support/smtp-sink";
import { createTestDatabase } from "../support/test-db";
import { percentile } from "./stats";

const N = Number(process.env.BENCH_COMM_RECIPIENTS ?? 10_000);
const BADGE_SENDS = Number(process.env.BENCH_COMM_BADGE_SENDS ?? 40);
const ORG = idFrom("bench-comm", "org");
const GROUP = idFrom("bench-comm", "group");
const AUTHOR = idFrom("bench-comm", "author");
const printed = createLogger("bench", "warn");
/** what reached the sweep instead of its own add (decision 113): mail jobs the mail sweep queued, queueMail's deadline missed */
const leftToSweep = { swept: 0, deadlineMissed: 0 };
const logger: Logger = {
  ...printed,
  info: (message, fields) => {
    if (message === "mail sweep queued") leftToSweep.swept += Number(fields?.messages ?? 0);
  },
  warn: (message, fields) => {
    if (message.startsWith("mail recorded, its job not queued yet")) leftToSweep.deadlineMissed++;
    else printed.warn(message, fields);
  },
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const database = await createTestDatabase("benchcomm", { poolSize: 20 });
const db = database.db as Kysely<ReadModels>;
const { redisUrl } = await testServices();
const smtp = await startSmtpSink();
const now = new Date();
const base = defaultSettings("Bench School", "school");
await db.insertInto("rm_organizations").values({ id: ORG, name: "Bench School", type: "school", settings: JSON.stringify({ ...base, features: { ...base.features, communication: { is_enabled: true, sending_methods: ["INTERNAL", "EMAIL"] } } }), main_color: "#95358F", revision: 1, updated_at: now }).execute();
const group = (id: string, name: string, level: number) => ({ id, organization_id: ORG, name, display_name: name, level, icon: "", scheme: JSON.stringify({}), permission_ids: [], created_at: now, updated_at: now });
await db.insertInto("rm_user_groups").values([group(idFrom("bench-comm", "staff"), "ADMIN", 3), { ...group(GROUP, "PARENT", 1), permission_ids: ["CAN_VIEW_INBOX"] }]).execute();
const user = (id: string, n: number, groupId: string) => ({ id, organization_id: ORG, username: `b${n}`, email: `p${n}@bench.test`, first_name: "P", last_name: String(n), user_group_id: groupId, parent_id: null, password_hash: "x", status: "Active", created_at: now, updated_at: now });
await db.insertInto("rm_users").values(user(AUTHOR, -1, idFrom("bench-comm", "staff"))).execute();
for (let i = 0; i < N; i += 2000) await db.insertInto("rm_users").values(Array.from({ length: Math.min(2000, N - i) }, (_, k) => user(idFrom("bench-comm", "user", i + k), i + k, GROUP))).execute();

const prefix = queuePrefixFor(database.url);
const comm = startCommunicationWorker({ db: database.db, store: database.store, logger, redisUrl, prefix, publicUrl: "http://bench.test", rateLimits: { EMAIL: 1_000_000, INTERNAL: 1_000_000 }, concurrency: { EMAIL: 16 } });
const mail = startMailWorker({ db: database.db, logger, redisUrl, prefix, smtpUrl: smtp.url, from: "no-reply@bench.test", concurrency: 8 });
const queue = createFanoutQueue(redisUrl, prefix);
// the projector's part: announcements and messages, woken by appends, publishing live messages as the app's projector
const liveKey = liveKeyFor(database.url);
const publisher = createLivePublisher(redisUrl, { logger, key: liveKey });
const runners = [announcementsProjection, messagesProjection].map((projection) => new ProjectionRunner({ db: database.db, store: database.store, projection, publisher, logger }));
for (const r of runners) r.start();

const announcementId = idFrom("bench-comm", "announcement");
/** a command on an announcement's stream, then its read model caught up (as the API's send does before it answers) */
const runOn = async (id: string, command: Omit<AnnouncementCommand, "metadata">, step: string) => {
  const result = await handleCommand({ store: database.store, clock: systemClock }, announcementDecider, announcementStreamId(id), { ...command, metadata: { commandId: idFrom("bench-comm", id, step), organizationId: ORG, actorId: AUTHOR } } as AnnouncementCommand);
  if (!result.ok) throw result.error;
  await waitForProjection({ db: database.db, store: database.store }, "announcements", { atLeast: Math.max(0, ...result.events.map((e) => e.position)), timeoutMs: 30_000 });
};
const run = (command: Omit<AnnouncementCommand, "metadata">, step: string) => runOn(announcementId, command, step);
await run({ type: "SaveAnnouncement", data: { announcementId, authorId: AUTHOR, kind: "announcement", subject: "Soccer is cancelled tonight", body: "<p>The field is flooded.</p>", audience: { group_ids: [GROUP], program_ids: [], event_ids: [], flag_types: [], user_ids: [] }, channels: ["EMAIL"], attachmentFacts: [] } }, "save");
const t0 = performance.now();
await run({ type: "SendAnnouncement", data: { announcementId, sendAt: null, recipientCount: N, enabledChannels: ["INTERNAL", "EMAIL"], actorId: AUTHOR } }, "send");
await enqueueFanout(queue, { announcementId, organizationId: ORG }, 0);
for (;;) {
  const types = (await database.store.readStream(announcementStreamId(announcementId))).events.map((e) => e.type);
  if (types.includes("AnnouncementFannedOut")) break;
  await sleep(20);
}
const tQueued = performance.now();
let tRecorded = 0;
while (smtp.arrived.length < N) {
  if (!tRecorded && (await sql<{ n: number }>`select count(*)::int as n from mail_outbox`.execute(db)).rows[0]!.n >= N) tRecorded = performance.now();
  await sleep(50);
}
const tDone = performance.now();
tRecorded ||= tDone;
// (percentile takes a percent: 50, 95)
const latencies = smtp.arrived.map((a) => a.at - (performance.timeOrigin + tQueued)).sort((a, b) => a - b);

console.log(`\nfan-out to ${N.toLocaleString("en")} recipients by e-mail`);
console.log(`  time to queue (send command to every delivery row and job written): ${((tQueued - t0) / 1000).toFixed(2)} s`);
console.log(`  all delivered to the in-process SMTP server after ${((tDone - t0) / 1000).toFixed(1)} s: ${(N / ((tDone - tQueued) / 1000)).toFixed(0)} deliveries/s after queueing`);
console.log(`  from queued to the SMTP server: p50 ${(percentile(latencies, 50) / 1000).toFixed(1)} s, p95 ${(percentile(latencies, 95) / 1000).toFixed(1)} s, last ${((latencies.at(-1) ?? 0) / 1000).toFixed(1)} s`);
console.log(`  two stages in the worker process: every e-mail recorded in the mail outbox (rendered, its job added) after ${((tRecorded - t0) / 1000).toFixed(1)} s; the mail worker's sends follow`);
console.log(`  mail jobs left to the sweep: ${leftToSweep.swept} (queueMail's 1 s Redis deadline missed: ${leftToSweep.deadlineMissed})`);
const retried = await sql<{ n: number }>`select count(*)::int as n from mail_outbox where attempts > 1`.execute(db);
console.log(`  e-mails that needed more than one try (the mail worker's retry waits 30 s, then 60 s): ${retried.rows[0]!.n}`);

// the badge live (decision 113): a recipient online, through the app's live server, its access rule and the real chain
// (send command, fan-out job, INTERNAL delivery job, the conversation's events, the messages projection, the publish)
const recipient = idFrom("bench-comm", "user", 0);
const http = createServer();
const live = attachLiveServer(http, { redisUrl, key: liveKey, logger, ...sessionLiveAuth(new SessionStore(db as unknown as Kysely<SessionTables>), systemClock, db) });
await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
const { token } = await new SessionStore(db as unknown as Kysely<SessionTables>).create(recipient, ORG, new Date());
const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${token}` } });
await new Promise<void>((resolve, reject) => (socket.once("connect", resolve), socket.once("connect_error", reject)));
const ack = (await socket.emitWithAck("subscribe", { organizationId: ORG, topic: inboxTopic(recipient) })) as { ok: boolean };
if (!ack.ok) throw new Error(`the recipient may not follow their inbox topic: ${JSON.stringify(ack)}`);
// each wait is for one event: the conversation of that announcement, or that ping (a second nudge of an earlier one is not it)
const waiting = new Map<string, (at: number) => void>();
socket.on(INBOX_CHANGED, (payload: { thread_id?: string }) => waiting.get(`inbox:${payload.thread_id}`)?.(performance.now()));
socket.on("bench:ping", (payload: { i?: number }) => waiting.get(`ping:${payload.i}`)?.(performance.now()));
const nextEvent = (key: string, timeoutMs: number) =>
  new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no live event ${key} within ${timeoutMs} ms`)), timeoutMs);
    waiting.set(key, (at) => {
      clearTimeout(timer);
      waiting.delete(key);
      resolve(at);
    });
  });
const badgeLatency: number[] = [];
const liveHop: number[] = [];
for (let i = 0; i < BADGE_SENDS; i++) {
  const id = idFrom("bench-comm", "badge", i);
  await runOn(id, { type: "SaveAnnouncement", data: { announcementId: id, authorId: AUTHOR, kind: "announcement", subject: `Badge ${i}`, body: "<p>Pick-up moves to the north door.</p>", audience: { group_ids: [], program_ids: [], event_ids: [], flag_types: [], user_ids: [recipient] }, channels: ["INTERNAL"], attachmentFacts: [] } }, "save");
  const event = nextEvent(`inbox:${announcementThreadId(id, recipient)}`, 30_000);
  await runOn(id, { type: "SendAnnouncement", data: { announcementId: id, sendAt: null, recipientCount: 1, enabledChannels: ["INTERNAL", "EMAIL"], actorId: AUTHOR } }, "send");
  await enqueueFanout(queue, { announcementId: id, organizationId: ORG }, 0);
  const accepted = performance.now();
  badgeLatency.push((await event) - accepted);
  // the baseline: the live hop alone, to the same socket, publish to received
  const ping = nextEvent(`ping:${i}`, 10_000);
  const published = performance.now();
  await publisher.publish([{ organizationId: ORG, topic: inboxTopic(recipient), event: "bench:ping", payload: { i } }]);
  liveHop.push((await ping) - published);
}
badgeLatency.sort((a, b) => a - b);
liveHop.sort((a, b) => a - b);
console.log(`\ninbox badge live for a recipient online, ${BADGE_SENDS} in-app announcements one at a time (send accepted to inbox:changed received):`);
console.log(`  p50 ${percentile(badgeLatency, 50).toFixed(0)} ms, p95 ${percentile(badgeLatency, 95).toFixed(0)} ms, max ${(badgeLatency.at(-1) ?? 0).toFixed(0)} ms`);
console.log(`  baseline, the live hop alone (publish to received) in the same run: p50 ${percentile(liveHop, 50).toFixed(1)} ms, p95 ${percentile(liveHop, 95).toFixed(1)} ms`);
socket.disconnect();
await live.close();
http.close();

// the badge's count: a user with 5,000 conversations (1,000 unread, 200 archived) among 200,000 members' rows
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
const p95 = percentile(badge, 95);
console.log(`\nunread count for a user with 5,000 conversations (${count} unread) among 200,000 rows: p50 ${percentile(badge, 50).toFixed(2)} ms, p95 ${p95.toFixed(2)} ms (goal < 20 ms): ${p95 < 20 ? "ok" : "MISS"}`);
console.log(`  baseline select 1 in the same run: p50 ${percentile(baseline, 50).toFixed(2)} ms, p95 ${percentile(baseline, 95).toFixed(2)} ms`);
console.log("  (a shared 2-core machine: figures are noisy)");

await queue.obliterate({ force: true }).catch(() => undefined);
for (const q of [comm.fanoutQueue, ...Object.values(comm.channelQueues), mail.queue]) await q.obliterate({ force: true }).catch(() => undefined);
await queue.close();
for (const r of runners) await r.stop();
await publisher.close();
await comm.close();
await mail.close();
await smtp.close();
await database.drop();
process.exit(0);
