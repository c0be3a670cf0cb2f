import { createHmac } from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { API_TABLE } from "../../runtime/api-table";
import { createDb, createPool } from "../../modules/kernel";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";
import { TINY_PNG } from "../support/craft-zip";

type Failure = { code: string; message: string };
const TWILIO_TOKEN = "twilio-test-token";
const PUBLIC_URL = "https://rollcall.test";
type Announcement = { id: string; subject: string; body: string; status: string; kind: string; channels: string[]; retract_reason: string | null; recipient_count: number | null; attachments: { path: string; name: string; content_type: string; bytes: number; url: string | null }[] };
type Detail = Announcement & { deliveries: { user_id: string; channel: string; status: string; reason: string | null }[]; delivery_tally: Record<string, number>; delivery_count: number };
type Inbox = { data: { id: string; subject: string; is_read: boolean }[]; count: number };

/**
 * Announcements over HTTP (decisions 088-091) on real PostgreSQL and Redis with the app's own workers: Maple Street
 * School (a school with communications on, every channel) composes, counts, sends and retracts; Northside (not a
 * school, the feature off) is refused. Bad input is a 400 with a readable message, never a 500.
 */
describe("announcements: compose, audience, send, deliver, retract", () => {
  let app: InProcessApp;
  const admin = () => clients.admin!;
  const clients: Record<string, HttpClient> = {};
  const ids: Record<string, string> = {};
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const draft = (over: Record<string, unknown> = {}) => ({ subject: "Soccer is cancelled tonight", body: "<p>The field is <strong>flooded</strong>.</p>", audience: { user_ids: [ids.parent] }, channels: ["INTERNAL", "EMAIL"], ...over });
  const create = async (over: Record<string, unknown> = {}) => (await json<{ message: string; data: Announcement }>(await admin().request("POST", "/api/communication", { body: draft(over) }))).data;
  const detail = (id: string) => admin().request("GET", `/api/communication/${id}`).then((r) => json<Detail>(r));

  beforeAll(async () => {
    // Twilio's status callbacks are checked with this token against this public address (decision 108)
    app = await startInProcessApp("announcements", { env: { TWILIO_AUTH_TOKEN: TWILIO_TOKEN, PUBLIC_URL: PUBLIC_URL } });
    const { redisUrl } = await testServices();
    for (const [key, username] of [
      ["admin", "admin@maple.demo"],
      ["parent", "parent@maple.demo"],
      ["coach", "coach@maple.demo"],
      ["northside", "admin@northside.demo"],
    ] as const) {
      await clearSignInLimits(redisUrl);
      clients[key] = new HttpClient(app.baseUrl);
      ids[key] = ((await (await clients[key].signIn(username)).json()) as { user: { id: string } }).user.id;
    }
  }, 240_000);
  afterAll(() => app?.stop());

  it("lists the demo announcements; another kind of organization, or a parent, is refused", async () => {
    const list = await json<{ data: Announcement[]; count: number }>(await admin().request("GET", "/api/communication"));
    expect(list.data.map((a) => a.subject)).toEqual(expect.arrayContaining(["Permission forms due Friday", "Gym closed Thursday", "Picture day on Monday", "Winter programs open soon"]));
    expect(list.data.find((a) => a.subject === "Picture day on Monday")).toMatchObject({ status: "retracted", retract_reason: "Sent with the wrong date; a corrected notice follows." });
    expect((await clients.northside!.request("GET", "/api/communication")).status).toBe(403);
    expect((await clients.parent!.request("GET", "/api/communication")).status).toBe(403);
    expect((await clients.parent!.request("POST", "/api/communication", { body: draft() })).status).toBe(403);
    const page = await admin().request("GET", "/communications");
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Permission forms due Friday");
    const refused = await clients.northside!.request("GET", "/communications");
    expect(refused.status).toBe(403);
  });

  it("counts an audience live: groups, programs' registrants, people; each person once", async () => {
    const pool = createPool(app.databaseUrl, { max: 1 });
    const db = createDb<unknown>(pool);
    const program = (await sql<{ program_id: string; n: number }>`select program_id, count(*)::int as n from rm_program_registrations where organization_id = (select organization_id::text from rm_users where id = ${ids.admin!}::uuid) group by 1 order by 2 desc limit 1`.execute(db)).rows[0]!;
    await pool.end();
    const count = async (audience: Record<string, string[]>) => (await json<{ data: { count: number } }>(await admin().request("POST", "/api/communication/audience", { body: audience }))).data.count;
    expect(await count({})).toBe(0);
    expect(await count({ user_ids: [ids.parent!, ids.parent!, "not-an-id"] })).toBe(1);
    expect(await count({ user_ids: [ids.northside!] })).toBe(0);
    expect(await count({ program_ids: [program.program_id] })).toBeGreaterThan(0);
    const both = await count({ program_ids: [program.program_id], user_ids: [ids.coach!] });
    expect(both).toBe((await count({ program_ids: [program.program_id] })) + 1);
    expect((await json<Failure>(await admin().request("POST", "/api/communication/audience", { body: { flag_types: ["red"] } }), 400)).message).toBe("Flag filters are stop or warn");
  });

  it("bad input: a clear 400, never a 500", async () => {
    const refuse = async (body: unknown) => (await json<Failure>(await admin().request("POST", "/api/communication", { body }), 400)).message;
    expect(await refuse(draft({ subject: "" }))).toBe("Subject is required");
    expect(await refuse(draft({ body: "   " }))).toBe("Message is required");
    expect(await refuse(draft({ body: "<script>alert(1)</script>" }))).toBe("Message is required");
    expect(await refuse(draft({ channels: ["FAX"] }))).toBe("Channels are INTERNAL, EMAIL or SMS");
    expect(await refuse(draft({ channels: ["SMS"], body: `<p>${"Long words. ".repeat(150)}</p>` }))).toMatch(/^The text message would be \d+ SMS segments; at most 10/);
    expect(await refuse({ subject: 5, body: [], audience: "all" })).toMatch(/required|list|expected/i);
    // a script is removed, never stored or run
    const saved = await create({ body: '<p onclick="x()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">link</a>' });
    expect(saved.body).toBe("<p>Hi</p><a>link</a>");
    // nobody in the audience; a time in the past; not a time
    const empty = await create({ audience: {} });
    expect((await json<Failure>(await admin().request("POST", `/api/communication/${empty.id}/send`, { body: {} }), 400)).message).toBe("The audience has nobody in it: choose groups, programs, events, flags or people");
    const past = await admin().request("POST", `/api/communication/${saved.id}/send`, { body: { send_at: "2020-01-01T00:00:00.000Z" } });
    expect((await json<Failure>(past, 400)).message).toBe("The scheduled time is in the past: choose a later time");
    expect((await json<Failure>(await admin().request("POST", `/api/communication/${saved.id}/send`, { body: { send_at: "tomorrow" } }), 400)).message).toBe("The scheduled time must be a date and time");
    expect((await admin().request("GET", "/api/communication/not-an-id")).status).toBe(404);
    expect((await clients.northside!.request("GET", `/api/communication/${saved.id}`)).status).toBe(403);
  });

  it("sends to the parent over INTERNAL and EMAIL: delivered, then read when the parent opens it; retracted with a reason", async () => {
    const before = (await json<Inbox>(await clients.parent!.request("GET", "/api/message/inbox?is_read=false&status=Active&page=0&size=1"))).count;
    const a = await create({ subject: "Permission forms: last call" });
    const sent = await json<{ message: string; data: Announcement }>(await admin().request("POST", `/api/communication/${a.id}/send`, { body: {} }));
    expect(sent.message).toBe("Communication sent");
    const done = await eventually(
      () => detail(a.id),
      (d) => d.delivery_count === 2 && d.deliveries.length === 2 && d.deliveries.every((x) => x.status !== "queued"),
      { timeoutMs: 30_000, everyMs: 100 },
    );
    expect(done.status).toBe("sent");
    expect(done.deliveries.map((d) => [d.channel, d.status]).sort()).toEqual([
      ["EMAIL", "sent"],
      ["INTERNAL", "delivered"],
    ]);
    // the parent's badge rose; opening the copy marks it read on the sender's view
    const inbox = await eventually(
      () => clients.parent!.request("GET", "/api/message/inbox?is_read=false").then((r) => json<Inbox>(r)),
      (i) => i.data.some((t) => t.subject === "Permission forms: last call"),
      { timeoutMs: 15_000, everyMs: 100 },
    );
    expect(inbox.count).toBe(before + 1);
    const thread = inbox.data.find((t) => t.subject === "Permission forms: last call")!;
    expect((await json<{ messages: { body: string }[] }>(await clients.parent!.request("GET", `/api/message/${thread.id}`))).messages[0]!.body).toBe("The field is flooded.");
    await json(await clients.parent!.request("PUT", `/api/message/${thread.id}/read`));
    const read = await eventually(
      () => detail(a.id),
      (d) => d.deliveries.some((x) => x.channel === "INTERNAL" && x.status === "read"),
      { timeoutMs: 10_000, everyMs: 100 },
    );
    expect(read.delivery_tally).toEqual({ read: 1, sent: 1 });
    // a sent announcement is never edited nor deleted: retracted with a reason that stays
    expect((await json<Failure>(await admin().request("PUT", `/api/communication/${a.id}`, { body: draft() }), 409)).code).toBe("NOT_A_DRAFT");
    expect((await admin().request("DELETE", `/api/communication/${a.id}`)).status).toBe(405);
    expect((await json<Failure>(await admin().request("POST", `/api/communication/${a.id}/retract`, { body: { reason: "" } }), 400)).message).toBe("Reason is required");
    const retracted = await json<{ message: string; data: Announcement }>(await admin().request("POST", `/api/communication/${a.id}/retract`, { body: { reason: "Forms are due next week instead" } }));
    expect(retracted).toMatchObject({ message: "Communication retracted", data: { status: "retracted", retract_reason: "Forms are due next week instead" } });
    // the inbox copy is withdrawn with the same reason
    const copy = await eventually(
      () => clients.parent!.request("GET", `/api/message/${thread.id}`).then((r) => json<{ messages: { body: string | null; retract_reason: string | null }[] }>(r)),
      (t) => t.messages[0]!.retract_reason !== null,
      { timeoutMs: 15_000, everyMs: 100 },
    );
    expect(copy.messages[0]).toMatchObject({ body: null, retract_reason: "Forms are due next week instead" });
  });

  it("carries up to five uploaded images or PDFs (decision 107): the inbox copy serves them, the e-mail names them and links to it", async () => {
    /** steps 1 and 2 of the upload flow: a signed link, the bytes PUT to it; the stored path comes back */
    const upload = async (client: HttpClient, name: string, bytes: Uint8Array<ArrayBuffer>, fileType: string) => {
      const link = await json<{ file_path: string; url: string }>(await client.request("GET", `/api/asset/upload/${name}?file_type=${encodeURIComponent(fileType)}&file_sub_path=communications`));
      const put = await fetch(`${app.baseUrl}${link.url}`, { method: "PUT", body: bytes });
      expect(put.status, await put.clone().text()).toBe(200);
      return link.file_path;
    };
    const pdfBytes = new TextEncoder().encode("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");
    const pdf = await upload(admin(), "field-trip-form.pdf", pdfBytes, "application/pdf");
    const png = await upload(admin(), "map.png", new Uint8Array(TINY_PNG), "image/png");
    // bad input: a clear 400 naming the file, never a 500
    const refuse = async (over: Record<string, unknown>) => (await json<Failure>(await admin().request("POST", "/api/communication", { body: draft(over) }), 400)).message;
    expect(await refuse({ attachments: [pdf, png, pdf, png, pdf, png] })).toBe("At most 5 attachments");
    expect(await refuse({ attachments: ["communications/not-an-upload/ghost.pdf"] })).toBe("Attachment not found: ghost.pdf. Upload it again");
    expect(await refuse({ attachments: [pdf], channels: ["EMAIL"] })).toBe("Attachments go with the in-app message: choose the In-app channel too (e-mails link to it, texts cannot carry files)");
    expect(await refuse({ attachments: "x" })).toBe("Attachments must be a list");
    // another organization's upload is not found here
    const northsidePng = await upload(clients.northside!, "theirs.png", new Uint8Array(TINY_PNG), "image/png");
    expect(await refuse({ attachments: [northsidePng] })).toBe("Attachment not found: theirs.png. Upload it again");

    const a = await create({ subject: "Field trip: the form and the map", attachments: [pdf, png, pdf] });
    // named, typed and sized from the uploads, each once, with a signed url
    expect(a.attachments.map((f) => [f.name, f.content_type, f.bytes])).toEqual([
      ["field-trip-form.pdf", "application/pdf", pdfBytes.length],
      ["map.png", "image/png", TINY_PNG.length],
    ]);
    expect(a.attachments[0]!.url).toMatch(/^\/api\/asset\/file\/[^/]+\/field-trip-form\.pdf$/);
    await json(await admin().request("POST", `/api/communication/${a.id}/send`, { body: {} }));
    await eventually(() => detail(a.id), (d) => d.deliveries.length === 2 && d.deliveries.every((x) => x.status !== "queued"), { timeoutMs: 30_000, everyMs: 100 });
    const inbox = await eventually(
      () => clients.parent!.request("GET", "/api/message/inbox").then((r) => json<Inbox>(r)),
      (i) => i.data.some((t) => t.subject === "Field trip: the form and the map"),
      { timeoutMs: 15_000, everyMs: 100 },
    );
    const threadId = inbox.data.find((t) => t.subject === "Field trip: the form and the map")!.id;
    const thread = await json<{ messages: { attachments: { name: string; url: string | null }[] }[] }>(await clients.parent!.request("GET", `/api/message/${threadId}`));
    const files = thread.messages[0]!.attachments;
    expect(files.map((f) => f.name)).toEqual(["field-trip-form.pdf", "map.png"]);
    const served = await clients.parent!.request("GET", files[0]!.url!);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("application/pdf");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(pdfBytes);
    // the e-mail names the files and links to the in-app copy; it carries no file
    const pool = createPool(app.databaseUrl, { max: 1 });
    try {
      const mail = await eventually(
        async () => (await sql<{ body: string; html: string }>`select body, html from mail_outbox where subject = 'Field trip: the form and the map'`.execute(createDb<unknown>(pool))).rows,
        (rows) => rows.length === 1,
        { timeoutMs: 15_000, everyMs: 100 },
      );
      expect(mail[0]!.body).toContain(`Attached (open them in your Rollcall inbox): field-trip-form.pdf (1 KB), map.png (1 KB).`);
      expect(mail[0]!.body).toContain(`/inbox?thread=${threadId}`);
    } finally {
      await pool.end();
    }
  });

  it("a text message goes to the SMS outbox when no provider is configured, shown on /dev/mail", async () => {
    const a = await create({ subject: "Early pick-up", body: "<p>School closes at <strong>noon</strong> on Friday.</p>", channels: ["SMS"] });
    await json(await admin().request("POST", `/api/communication/${a.id}/send`, { body: {} }));
    const done = await eventually(
      () => detail(a.id),
      (d) => d.delivery_count === 1 && d.deliveries.length === 1 && d.deliveries[0]!.status !== "queued",
      { timeoutMs: 30_000, everyMs: 100 },
    );
    expect(done.deliveries[0]).toMatchObject({ channel: "SMS", status: "sent" });
    const page = await (await admin().request("GET", "/dev/mail")).text();
    expect(page).toContain("Early pick-up\nSchool closes at noon on Friday.");
  });

  it("a text message to someone with no mobile number is recorded as failed with that reason at once, not sent as a job that can only fail", async () => {
    const a = await create({ subject: "Gym is open late", body: "<p>Until nine tonight.</p>", channels: ["SMS"], audience: { user_ids: [ids.parent, ids.coach] } });
    await json(await admin().request("POST", `/api/communication/${a.id}/send`, { body: {} }));
    const done = await eventually(
      () => detail(a.id),
      (d) => d.deliveries.length === 2 && d.deliveries.every((x) => x.status !== "queued"),
      { timeoutMs: 30_000, everyMs: 100 },
    );
    expect(done.deliveries.find((x) => x.user_id === ids.parent)).toMatchObject({ channel: "SMS", status: "sent" });
    expect(done.deliveries.find((x) => x.user_id === ids.coach)).toMatchObject({ channel: "SMS", status: "failed", reason: "No mobile number on the profile" });
    const pool = createPool(app.databaseUrl, { max: 1 });
    try {
      const row = (await sql<{ attempts: number }>`select attempts from comm_deliveries where announcement_id = ${a.id} and user_id = ${ids.coach}`.execute(createDb<unknown>(pool))).rows[0]!;
      expect(row.attempts).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it("settles a text message by Twilio's signed status callback (decision 108); unsigned or forged ones are refused", async () => {
    const a = await create({ subject: "The bus is late", body: "<p>Ten minutes late today.</p>", channels: ["SMS"] });
    await json(await admin().request("POST", `/api/communication/${a.id}/send`, { body: {} }));
    await eventually(() => detail(a.id), (d) => d.deliveries.length === 1 && d.deliveries[0]!.status === "sent", { timeoutMs: 30_000, everyMs: 100 });
    const pool = createPool(app.databaseUrl, { max: 1 });
    const ref = (await sql<{ ref: string }>`select ref from comm_deliveries where announcement_id = ${a.id}`.execute(createDb<unknown>(pool))).rows[0]!.ref;
    await pool.end();
    // Twilio's scheme: HMAC-SHA1 over the url and the fields sorted by name, base64, with the account's token
    const sign = (fields: Record<string, string>, token = TWILIO_TOKEN) =>
      createHmac("sha1", token)
        .update(`${PUBLIC_URL}/api/sms/status${Object.keys(fields).sort().map((k) => k + fields[k]).join("")}`)
        .digest("base64");
    const post = (fields: Record<string, string>, signature?: string) =>
      fetch(`${app.baseUrl}/api/sms/status`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", ...(signature ? { "x-twilio-signature": signature } : {}) }, body: new URLSearchParams(fields) });
    const delivered = { MessageSid: ref, MessageStatus: "delivered", AccountSid: "AC1" };
    expect(await json<Failure>(await post(delivered), 403)).toEqual({ code: "FORBIDDEN", message: "The request's signature does not match" });
    expect((await post(delivered, sign(delivered, "someone-else"))).status).toBe(403);
    expect((await post({ ...delivered, MessageStatus: "failed" }, sign(delivered))).status).toBe(403);
    // an intermediate status changes nothing; delivered settles it; a late 'failed' cannot undo a final state
    expect(await json(await post({ ...delivered, MessageStatus: "sent" }, sign({ ...delivered, MessageStatus: "sent" })))).toEqual({ message: "Status recorded", data: { settled: 0 } });
    expect(await json(await post(delivered, sign(delivered)))).toEqual({ message: "Status recorded", data: { settled: 1 } });
    const failed = { ...delivered, MessageStatus: "undelivered", ErrorCode: "30003" };
    expect(await json(await post(failed, sign(failed)))).toEqual({ message: "Status recorded", data: { settled: 0 } });
    expect((await detail(a.id)).deliveries[0]).toMatchObject({ channel: "SMS", status: "delivered" });
  });

  it("a newsletter skips an address that turned newsletters off; a scheduled send waits", async () => {
    // the demo parent turned newsletters off on My profile (decision 060)
    const n = await create({ kind: "newsletter", subject: "December newsletter", channels: ["EMAIL"] });
    await json(await admin().request("POST", `/api/communication/${n.id}/send`, { body: {} }));
    const skipped = await eventually(
      () => detail(n.id),
      (d) => d.deliveries.some((x) => x.status === "skipped"),
      { timeoutMs: 30_000, everyMs: 100 },
    );
    expect(skipped.deliveries[0]).toMatchObject({ channel: "EMAIL", status: "skipped", reason: "Unsubscribed from newsletters" });
    const later = await create({ subject: "Concert on Friday" });
    const at = new Date(Date.now() + 60 * 60 * 1000).toISOString();
    const scheduled = await json<{ message: string; data: Announcement & { send_at: string } }>(await admin().request("POST", `/api/communication/${later.id}/send`, { body: { send_at: at } }));
    expect(scheduled.message).toBe("Communication scheduled");
    expect(scheduled.data).toMatchObject({ status: "scheduled", send_at: at });
    await new Promise((r) => setTimeout(r, 500));
    expect((await detail(later.id)).delivery_count).toBe(0);
    // retracting a scheduled one: it never goes out
    await json(await admin().request("POST", `/api/communication/${later.id}/retract`, { body: { reason: "Concert moved" } }));
    expect((await detail(later.id)).status).toBe("retracted");
  });

  it("answers as the OpenAPI document declares: create, audience count, send, detail, retract (decision 081)", async () => {
    const schemaOf = (id: string) => API_TABLE.rows.find((r) => r.id === id)!.answers!.schema!;
    const check = async (id: string, response: Response) => {
      const body = await json<unknown>(response);
      const parsed = schemaOf(id).safeParse(body);
      expect(parsed.success, `${id}: ${JSON.stringify(parsed.error?.issues ?? [])}`).toBe(true);
      return body as { data: { id: string } };
    };
    const created = await check("communication-create", await admin().request("POST", "/api/communication", { body: draft({ subject: "Contract check" }) }));
    const id = created.data.id;
    await check("communication-update", await admin().request("PUT", `/api/communication/${id}`, { body: draft({ subject: "Contract check, changed" }) }));
    await check("communication-audience", await admin().request("POST", "/api/communication/audience", { body: { user_ids: [ids.parent] } }));
    await check("communication-send", await admin().request("POST", `/api/communication/${id}/send`, { body: {} }));
    await check("communication-detail", await admin().request("GET", `/api/communication/${id}`));
    await check("communication-retract", await admin().request("POST", `/api/communication/${id}/retract`, { body: { reason: "Sent by mistake" } }));
  });
});
