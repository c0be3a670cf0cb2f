import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Kysely } from "kysely";
import { publicUrlOf, systemClock } from "../../modules/kernel";
import { queueMail } from "../../modules/mail";
import type { ReadModels } from "../../projections";
import { queuePrefixFor } from "../../workers/exports";
import { demoOrganizations } from "../factories/demo-seed";
import { HttpClient } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { rawHeader, startSmtpSink, type SmtpSink } from "../support/smtp-sink";

/**
 * The mail pages over HTTP (decision 059): /dev/mail lists the demo outbox (kept: no SMTP_URL) and shows a
 * message; a one-click unsubscribe POST (no cookie, no Origin, as a mail client sends it) turns the
 * newsletter off; a forged link gets a clear message, never a 500; in production /dev/mail is a 404, and
 * with SMTP_URL set the app's own worker sends to a real SMTP server in this process.
 */
let app: InProcessApp;
let production: InProcessApp;
let smtp: SmtpSink;

const text = async (response: Response) => ({ status: response.status, body: await response.text() });
const decoded = (html: string) => html.replace(/&#x27;|&#39;/g, "'").replace(/&quot;/g, '"').replace(/&amp;/g, "&");

beforeAll(async () => {
  smtp = await startSmtpSink();
  const productionEnv = { SMTP_URL: smtp.url, MAIL_FROM: "hello@rollcall.example.org", PUBLIC_URL: "https://rollcall.example.org/" };
  [app, production] = await Promise.all([startInProcessApp("mailpages"), startInProcessApp("mailprod", { nodeEnv: "production", env: productionEnv })]);
});

afterAll(async () => {
  await Promise.all([app?.stop(), production?.stop()]);
  await smtp?.close();
});

async function demoRows() {
  const until = Date.now() + 15_000;
  for (;;) {
    const { rows } = await app.app.core.pool.query<{ id: string; kind: string; status: string; to_address: string; headers: Record<string, string> }>("select id, kind, status, to_address, headers from mail_outbox order by id");
    if (rows.length >= 4 && rows.every((r) => r.status !== "queued")) return rows;
    if (Date.now() > until) throw new Error(`the demo outbox did not settle: ${JSON.stringify(rows.map((r) => r.status))}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("mail pages", () => {
  it("lists the demo outbox at /dev/mail and shows one message with its HTML and text", async () => {
    const rows = await demoRows();
    expect(rows.map((r) => r.status)).toEqual(rows.map(() => "kept"));
    const visitor = new HttpClient(app.baseUrl);
    const list = await text(await visitor.request("GET", "/dev/mail"));
    expect(list.status).toBe(200);
    expect(decoded(list.body)).toContain("Adam Northside invited you to join Northside Youth Centre as a coach");
    expect(decoded(list.body)).toContain("This week at Northside Youth Centre");

    const newsletter = rows.find((r) => r.kind === "newsletter")!;
    const shown = await text(await visitor.request("GET", `/dev/mail/${newsletter.id}`));
    expect(shown.status).toBe(200);
    expect(shown.body).toContain('data-testid="dev-mail-html"');
    expect(shown.body).toContain("sandbox=\"\"");
    expect(decoded(shown.body)).toContain("Spring programs open for registration on Monday.");
    expect(shown.body).toContain("List-Unsubscribe");

    for (const missing of ["999999999", "abc", "1e3"]) expect((await visitor.request("GET", `/dev/mail/${missing}`)).status, missing).toBe(404);
  });

  it("is not served in production, where SMTP_URL sends the outbox", async () => {
    const visitor = new HttpClient(production.baseUrl);
    expect((await visitor.request("GET", "/dev/mail")).status).toBe(404);
    expect((await visitor.request("GET", "/dev/mail/1")).status).toBe(404);

    // a message queued the way a command queues it goes out through the app's own worker, with the production addresses
    // (to the admin: the demo parent turned newsletters off on their profile, decision 060)
    const core = production.app.core;
    const services = { db: core.db as Kysely<ReadModels>, publicUrl: publicUrlOf(core.env), queuePrefix: queuePrefixFor(core.env.DATABASE_URL), logger: core.logger, clock: systemClock, redis: core.redis };
    const northside = demoOrganizations[1].id;
    const id = await queueMail(services, { organizationId: northside, to: "admin@northside.demo", kind: "newsletter", data: { title: "Production news", paragraphs: ["Hello from production."], link: "/programs-events" } });
    const { mail } = await smtp.waitFor("admin@northside.demo");
    expect(mail.subject).toBe("Production news");
    expect(mail.from?.value[0]).toEqual({ name: "Northside Youth Centre", address: "hello@rollcall.example.org" });
    expect(rawHeader(mail, "List-Unsubscribe")).toMatch(/^<https:\/\/rollcall\.example\.org\/unsubscribe\/[\w-]+\.[\w-]+>$/);
    expect(mail.text).toContain("Read more: https://rollcall.example.org/programs-events");
    const until = Date.now() + 10_000;
    let status = "";
    while (Date.now() < until && status !== "sent") {
      status = (await core.pool.query<{ status: string }>("select status from mail_outbox where id = $1", [id])).rows[0]!.status;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(status).toBe("sent");
  });

  it("confirms, then takes a one-click unsubscribe; a forged link gets a clear message", async () => {
    const newsletter = (await demoRows()).find((r) => r.kind === "newsletter")!;
    const link = new URL(/^<(.+)>$/.exec(newsletter.headers["List-Unsubscribe"]!)![1]!);
    const path = link.pathname;
    expect(path).toMatch(/^\/unsubscribe\/[\w-]+\.[\w-]+$/);

    const page = await text(await fetch(`${app.baseUrl}${path}`));
    expect(page.status).toBe(200);
    expect(decoded(page.body)).toContain("Stop the newsletters of Northside Youth Centre to parent@northside.demo?");

    // as a mail client sends it (RFC 8058): no cookie, no Origin, no CSRF token
    const oneClick = await fetch(`${app.baseUrl}${path}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click", redirect: "manual" });
    expect(oneClick.status).toBe(200);
    await oneClick.text();
    const { rows } = await app.app.core.pool.query("select organization_id, address from mail_unsubscribes");
    expect(rows).toEqual([{ organization_id: expect.any(String), address: "parent@northside.demo" }]);
    expect(decoded((await text(await fetch(`${app.baseUrl}${path}`))).body)).toContain("You are unsubscribed: parent@northside.demo no longer receives newsletters from Northside Youth Centre.");

    const forged = `/unsubscribe/${path.split("/")[2]!.split(".")[0]}.${"A".repeat(43)}`;
    for (const bad of [forged, "/unsubscribe/nonsense", "/unsubscribe/%E2%9C%93.x"]) {
      const shown = await text(await fetch(`${app.baseUrl}${bad}`));
      expect(shown.status, bad).toBe(200);
      expect(shown.body, bad).toContain("This unsubscribe link is not valid.");
      const posted = await fetch(`${app.baseUrl}${bad}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
      expect(posted.status, bad).toBe(400);
      await posted.text();
    }
  });
});
