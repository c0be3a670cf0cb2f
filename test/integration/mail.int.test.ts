import { Redis } from "ioredis";
import type { Kysely } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemClock, type Logger } from "../../modules/kernel";
import { queueMail, unsubscribeByLink, unsubscribeView, type MailServices } from "../../modules/mail";
import { defaultSettings } from "../../modules/organizations";
import type { ReadModels } from "../../projections";
import { mailById } from "../../projections/mail";
import { queuePrefixFor } from "../../workers/exports";
import { startMailWorker, sweepQueuedMail } from "../../workers/mail";
import { createTestDatabase, type TestDatabase } from "../support/test-db";
import { testServices } from "../support/services";
import { rawHeader, startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * The mail path end to end (decision 059): a real SMTP server in this process (smtp-server), the real
 * mail worker on a queue of this file's own (its prefix is named after this file's database), PostgreSQL
 * for the outbox. What arrives is parsed (mailparser) and checked.
 */
const PUBLIC_URL = "http://rollcall.test";
const ORG_ID = "3f6d2a0e-5b8c-4e1f-9a7d-1c2b3d4e5f60";
const quiet: Logger = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

let db: TestDatabase;
let smtp: SmtpSink;
let redis: Redis;
let services: MailServices;
let worker: ReturnType<typeof startMailWorker>;

async function eventually<T>(probe: () => Promise<T | undefined | null | false>, what: string, timeoutMs = 15_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const row = (id: string) => mailById(db.db, id);
const settled = (id: string) => eventually(async () => ((r) => (r && r.status !== "queued" ? r : undefined))(await row(id)), `outbox row ${id} to settle`);
const arrivedFor = (to: string) => smtp.arrivedFor(to);

beforeAll(async () => {
  db = await createTestDatabase("mail");
  const settings = { ...defaultSettings("Maple Street School", "school"), brand_color_hex_code: "#1D4ED8", email_banner: "/banner/maple.png", email_banner_alt: "Maple banner", time_zone: "America/Vancouver" };
  await (db.db as Kysely<ReadModels>)
    .insertInto("rm_organizations")
    .values({ id: ORG_ID, name: "Maple Street School", type: "school", settings: JSON.stringify(settings), main_color: "#95358F", revision: 1, updated_at: new Date() })
    .execute();

  smtp = await startSmtpSink();

  const { redisUrl } = await testServices();
  redis = new Redis(redisUrl);
  const prefix = queuePrefixFor(db.url);
  services = { db: db.db as Kysely<ReadModels>, publicUrl: PUBLIC_URL, queuePrefix: prefix, logger: quiet, clock: systemClock, redis };
  worker = startMailWorker({ db: db.db, logger: quiet, redisUrl, prefix, smtpUrl: smtp.url, from: "no-reply@rollcall.test", retryBaseMs: 100, concurrency: 2 });
});

afterAll(async () => {
  await worker?.queue.obliterate({ force: true }).catch(() => {});
  await worker?.close();
  redis?.disconnect();
  await smtp?.close();
  await db?.drop();
});

describe("mail over SMTP (decision 059)", () => {
  it("delivers an invitation: subject, branded HTML, text alternative, List-Unsubscribe", async () => {
    const id = await queueMail(services, {
      organizationId: ORG_ID,
      to: "carla.coach@example.com",
      kind: "invitation",
      data: { role: "coach", firstName: "Carla", inviterName: "Adam <Admin>", link: "/user/invite/abc?token=t1", expiresAt: "2026-12-11T05:30:00.000Z" },
    });
    expect(id).toMatch(/^\d+$/);
    const done = await settled(id);
    expect(done).toMatchObject({ status: "sent", attempts: 1, last_error: null, kind: "invitation", organization_id: ORG_ID });
    const [got] = arrivedFor("carla.coach@example.com");
    expect(got).toBeDefined();
    const mail = got!.mail;
    expect(mail.subject).toBe("Adam <Admin> invited you to join Maple Street School as a coach");
    expect(mail.from?.value[0]).toEqual({ name: "Maple Street School", address: "no-reply@rollcall.test" });
    expect(mail.messageId).toBe(`<rollcall-mail-${id}@rollcall.test>`);
    expect(mail.html).toContain(`<img src="${PUBLIC_URL}/banner/maple.png" alt="Maple banner"`);
    expect(mail.html).toContain("background:#1D4ED8");
    expect(mail.html).toContain("Adam &lt;Admin&gt; invited you");
    expect(mail.html).toContain(`href="${PUBLIC_URL}/user/invite/abc?token=t1"`);
    expect(mail.text).toContain(`Accept the invitation: ${PUBLIC_URL}/user/invite/abc?token=t1`);
    expect(mail.text).toContain("Adam <Admin> invited you");
    expect(mail.text).toMatch(/December 10, 2026 at 9:30 p\.m\. PST/);
    const unsubscribe = rawHeader(mail, "List-Unsubscribe");
    expect(unsubscribe).toMatch(new RegExp(`^<${PUBLIC_URL}/unsubscribe/[\\w-]+\\.[\\w-]+>$`));
    expect(rawHeader(mail, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
  });

  it("tries again after the server refuses once (451), and records both tries", async () => {
    smtp.refuseNext({ code: 451, message: "451 Try again later" });
    const id = await queueMail(services, { organizationId: ORG_ID, to: "pat@example.com", kind: "password-reset", data: { firstName: "Pat", link: "/reset-password?token=x&user=y" } });
    const done = await settled(id);
    expect(done).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(arrivedFor("pat@example.com").map((a) => a.mail.subject)).toEqual(["Reset your Rollcall password"]);
  });

  it("records a permanent refusal (550) as failed with the server's reason, at once", async () => {
    smtp.refuseNext({ code: 550, message: "550 No such mailbox" });
    const id = await queueMail(services, { organizationId: ORG_ID, to: "gone@example.com", kind: "membership-request-received", data: { firstName: "Gone" } });
    const done = await settled(id);
    expect(done.status).toBe("failed");
    expect(done.attempts).toBe(1);
    expect(done.last_error).toMatch(/550/);
    expect(arrivedFor("gone@example.com")).toEqual([]);
  });

  it("sends what was recorded while Redis could not take the job (the sweep queues it)", async () => {
    const id = await queueMail({ ...services, redis: null }, { organizationId: ORG_ID, to: "late@example.com", kind: "membership-request-approved", data: { firstName: "Late" } });
    expect((await row(id))?.status).toBe("queued");
    await sweepQueuedMail({ db: db.db, queue: worker.queue, logger: quiet });
    expect((await settled(id)).status).toBe("sent");
    expect(arrivedFor("late@example.com")).toHaveLength(1);
  });

  it("records one message per dedupe key", async () => {
    const input = { organizationId: ORG_ID, to: "once@example.com", kind: "membership-request-received" as const, data: { firstName: "Once" }, dedupeKey: "test:once" };
    const [a, b] = [await queueMail(services, input), await queueMail(services, input)];
    expect(b).toBe(a);
    await settled(a);
    expect(arrivedFor("once@example.com")).toHaveLength(1);
  });

  it("an unsubscribe link stops the newsletter but not an invitation; a forged link is refused", async () => {
    const to = "Parent@Example.com";
    const newsletter = { organizationId: ORG_ID, to, kind: "newsletter" as const, data: { title: "Spring news", paragraphs: ["Programs open Monday."] } };
    const first = await settled(await queueMail(services, newsletter));
    expect(first.status).toBe("sent");
    const [got] = arrivedFor(to);
    const link = /^<(.+)>$/.exec(rawHeader(got!.mail, "List-Unsubscribe"))![1]!;
    expect(got!.mail.html).toContain(`href="${link}"`);
    expect(got!.mail.text).toContain(link);
    const token = new URL(link).pathname.split("/").pop()!;

    expect(await unsubscribeView(services, token)).toMatchObject({ ok: true, address: "parent@example.com", organizationName: "Maple Street School", unsubscribed: false });
    expect(await unsubscribeByLink(services, token)).toMatchObject({ ok: true, unsubscribed: true });
    expect(await unsubscribeByLink(services, token)).toMatchObject({ ok: true, unsubscribed: true });

    const second = await queueMail(services, newsletter);
    expect((await row(second))?.status).toBe("skipped");
    const invitation = await queueMail(services, {
      organizationId: ORG_ID,
      to,
      kind: "invitation",
      data: { role: "participant", inviterName: "Adam Admin", link: "/invite/p1?token=t", expiresAt: "2026-12-11T05:30:00.000Z" },
    });
    expect((await settled(invitation)).status).toBe("sent");
    expect(arrivedFor(to).map((a) => a.mail.subject)).toEqual(["Spring news", "Adam Admin invited you to join Maple Street School"]);

    const forged = `${Buffer.from(JSON.stringify({ v: 1, a: "victim@example.com", o: ORG_ID })).toString("base64url")}.${token.split(".")[1]}`;
    expect(await unsubscribeView(services, forged)).toMatchObject({ ok: false });
    expect(await unsubscribeByLink(services, forged)).toMatchObject({ ok: false });
    expect(await unsubscribeView(services, "not-a-token")).toMatchObject({ ok: false });
  });
});
