import type { Kysely } from "kysely";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { announcementDecider, announcementStreamId, announcementThreadId, createFanoutQueue, enqueueFanout, threadStreamId, type AnnouncementCommand, type FanoutJobData } from "../../modules/communications";
import { handleCommand, idFrom, systemClock } from "../../modules/kernel";
import type { RollcallQueue } from "../../modules/kernel/queues";
import { defaultSettings } from "../../modules/organizations";
import { ProjectionRunner, type ReadModels } from "../../projections";
import { announcementsProjection } from "../../projections/announcements";
import { queuePrefixFor } from "../../workers/exports";
import { killAll, spawnApp, type AppProcess } from "../support/app-process";
import { testServices } from "../support/services";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { createTestDatabase, type TestDatabase } from "../support/test-db";

const ORG = idFrom("comms-kill", "org");
const STAFF_GROUP = idFrom("comms-kill", "group", "staff");
const FAMILY_GROUP = idFrom("comms-kill", "group", "family");
const AUTHOR = idFrom("comms-kill", "author");
const RECIPIENTS = 200;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Decision 089's promise, end to end: an announcement to 200 people over INTERNAL and EMAIL is fanned out and
 * delivered by a worker process that is SIGKILLed halfway; a second worker finishes. Every recipient then has
 * exactly one inbox copy (one conversation stream, started once), exactly one mail outbox row, and the real
 * in-process SMTP server got each recipient's message under one Message-ID. (A message the server took in the
 * instant between its reply and the killed worker's bookkeeping is sent again under the same Message-ID, which a
 * receiving server folds: at most the mail worker's concurrency of such repeats, counted and bounded below.)
 */
describe("announcement delivery survives a SIGKILLed worker", () => {
  let db: TestDatabase;
  let smtp: SmtpSink;
  let redisUrl: string;
  let queue: RollcallQueue<FanoutJobData, unknown>;
  const workers: AppProcess[] = [];
  const startWorker = async (label: string) => {
    const worker = spawnApp({ DATABASE_URL: db.url, REDIS_URL: redisUrl, SMTP_URL: smtp.url, LOCK_MS: "1500", RATE: "40", LOG_LEVEL: "warn" }, label, "test/support/comms-worker-child.ts");
    workers.push(worker);
    await worker.waitForOutput("started", 60_000);
    return worker;
  };
  const read = () => db.db as Kysely<ReadModels>;

  beforeAll(async () => {
    db = await createTestDatabase("commskill");
    redisUrl = (await testServices()).redisUrl;
    smtp = await startSmtpSink();
    const base = defaultSettings("Kill Street School", "school");
    const settings = { ...base, features: { ...base.features, communication: { is_enabled: true, sending_methods: ["INTERNAL", "EMAIL"] } } };
    const now = new Date();
    await read().insertInto("rm_organizations").values({ id: ORG, name: "Kill Street School", type: "school", settings: JSON.stringify(settings), main_color: "#95358F", revision: 1, updated_at: now }).execute();
    const group = (id: string, name: string, level: number) => ({ id, organization_id: ORG, name, display_name: name, level, icon: "", scheme: JSON.stringify({}), permission_ids: [], created_at: now, updated_at: now });
    await read().insertInto("rm_user_groups").values([group(STAFF_GROUP, "ADMIN", 3), group(FAMILY_GROUP, "PARENT", 1)]).execute();
    const user = (id: string, n: string, groupId: string) => ({ id, organization_id: ORG, username: `u${n}`, email: `person${n}@kill.test`, first_name: "Person", last_name: n, user_group_id: groupId, parent_id: null, password_hash: "x", status: "Active", created_at: now, updated_at: now });
    await read()
      .insertInto("rm_users")
      .values([user(AUTHOR, "author", STAFF_GROUP), ...Array.from({ length: RECIPIENTS }, (_, i) => user(idFrom("comms-kill", "user", i), String(i).padStart(3, "0"), FAMILY_GROUP))])
      .execute();
    queue = createFanoutQueue(redisUrl, queuePrefixFor(db.url));
  }, 120_000);

  afterAll(async () => {
    killAll();
    await queue?.obliterate({ force: true }).catch(() => undefined);
    await queue?.close();
    await smtp?.close();
    await db?.drop();
  });

  it("each recipient gets exactly one inbox copy and one e-mail", async () => {
    const announcementId = idFrom("comms-kill", "announcement");
    const run = async (command: Omit<AnnouncementCommand, "metadata">, step: string) => {
      const result = await handleCommand({ store: db.store, clock: systemClock }, announcementDecider, announcementStreamId(announcementId), {
        ...command,
        metadata: { commandId: idFrom("comms-kill", step), organizationId: ORG, actorId: AUTHOR },
      } as AnnouncementCommand);
      expect(result.ok).toBe(true);
    };
    await run({ type: "SaveAnnouncement", data: { announcementId, authorId: AUTHOR, kind: "announcement", subject: "Soccer is cancelled tonight", body: "<p>The field is <strong>flooded</strong>.</p>", audience: { group_ids: [FAMILY_GROUP], program_ids: [], event_ids: [], flag_types: [], user_ids: [] }, channels: ["INTERNAL", "EMAIL"], attachmentFacts: [] } }, "save");
    await run({ type: "SendAnnouncement", data: { announcementId, sendAt: null, recipientCount: RECIPIENTS, enabledChannels: ["INTERNAL", "EMAIL"], actorId: AUTHOR } }, "send");
    await new ProjectionRunner({ db: db.db, store: db.store, projection: announcementsProjection }).runOnce();
    await enqueueFanout(queue, { announcementId, organizationId: ORG }, 0);

    const doomed = await startWorker("comms-1");
    const delivered = async () => Number((await sql<{ n: number }>`select count(*)::int as n from comm_deliveries where status <> 'queued'`.execute(db.db)).rows[0]!.n);
    for (const until = Date.now() + 60_000; Date.now() < until && smtp.arrived.length < RECIPIENTS / 2; ) await sleep(20);
    const atKill = { mail: smtp.arrived.length, deliveries: await delivered() };
    console.info("at the kill:", atKill);
    doomed.kill();
    await doomed.exited;
    expect(atKill.mail, doomed.output()).toBeGreaterThanOrEqual(RECIPIENTS / 2);
    // halfway: the e-mails are not all sent when the worker dies (the delivery rows may all be done by then: an
    // EMAIL delivery is done once its message is in the mail outbox, which is quicker than the SMTP hop)
    expect(atKill.mail).toBeLessThan(RECIPIENTS);
    expect(atKill.deliveries).toBeLessThanOrEqual(RECIPIENTS * 2);

    const rescuer = await startWorker("comms-2");
    const done = async () => {
      const queued = await sql<{ d: number; m: number }>`select (select count(*)::int from comm_deliveries where status = 'queued') as d, (select count(*)::int from mail_outbox where status = 'queued') as m`.execute(db.db);
      const distinct = new Set(smtp.arrived.map((a) => a.mail.messageId)).size;
      return queued.rows[0]!.d === 0 && queued.rows[0]!.m === 0 && distinct >= RECIPIENTS;
    };
    for (const until = Date.now() + 90_000; Date.now() < until && !(await done()); ) await sleep(200);
    expect(await done(), rescuer.output()).toBe(true);
    console.info("after recovery: arrivals", smtp.arrived.length, "for", RECIPIENTS, "recipients");

    // the deliveries: one row per recipient and channel, all done
    const rows = await sql<{ channel: string; status: string; n: number }>`select channel, status, count(*)::int as n from comm_deliveries group by 1, 2 order by 1, 2`.execute(db.db);
    expect(rows.rows).toEqual([
      { channel: "EMAIL", status: "sent", n: RECIPIENTS },
      { channel: "INTERNAL", status: "delivered", n: RECIPIENTS },
    ]);
    // INTERNAL: each recipient's conversation was started exactly once
    for (let i = 0; i < RECIPIENTS; i++) {
      const threadId = announcementThreadId(announcementId, idFrom("comms-kill", "user", i));
      const types = (await db.store.readStream(threadStreamId(threadId))).events.map((e) => e.type);
      expect(types).toEqual(["ThreadStarted", "MessagePosted"]);
    }
    // EMAIL: one outbox row per recipient, each sent; each address got the message under one Message-ID
    const outbox = await sql<{ to_address: string; status: string }>`select to_address, status from mail_outbox order by to_address`.execute(db.db);
    expect(outbox.rows).toHaveLength(RECIPIENTS);
    expect(outbox.rows.every((r) => r.status === "sent")).toBe(true);
    for (let i = 0; i < RECIPIENTS; i++) {
      const got = smtp.arrivedFor(`person${String(i).padStart(3, "0")}@kill.test`);
      expect(got.length).toBeGreaterThanOrEqual(1);
      expect(new Set(got.map((g) => g.mail.messageId)).size).toBe(1);
      expect(got[0]!.mail.subject).toBe("Soccer is cancelled tonight");
    }
    // repeats only for messages in flight at the kill (the mail worker sends two at once)
    expect(smtp.arrived.length - RECIPIENTS).toBeLessThanOrEqual(2);
    // the announcement recorded its fan-out once, though two workers ran it
    const types = (await db.store.readStream(announcementStreamId(announcementId))).events.map((e) => e.type);
    expect(types).toEqual(["AnnouncementSaved", "AnnouncementSendRequested", "AnnouncementFannedOut"]);
  }, 240_000);
});
