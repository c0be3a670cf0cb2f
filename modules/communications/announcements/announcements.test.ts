import { createHmac } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { DomainError } from "../../kernel";
import { decideAnnouncement, evolveAnnouncement, initialAnnouncementState, NO_AUDIENCE, PAST_SCHEDULE, type AnnouncementCommand, type AnnouncementState } from "./decide";
import type { AttachmentFact } from "./attachments";
import type { AnnouncementEvent } from "./events";
import { plainTextOf, sanitizeRichText } from "./sanitize";
import { announcementInputSchema, audienceIsEmpty } from "./schema";
import { smsSegments } from "./sms";
import { normalizePhone, PermanentSmsError, smsOutcomeOf, twilioConfigFrom, twilioProvider, twilioSignatureValid } from "./sms-provider";

const ORG = "org-1";
const NOW = new Date("2026-11-27T12:00:00.000Z");
const meta = { commandId: "c", organizationId: ORG, actorId: "author" };
const save = (over: Partial<Extract<AnnouncementCommand, { type: "SaveAnnouncement" }>["data"]> = {}): AnnouncementCommand => ({
  type: "SaveAnnouncement",
  data: { announcementId: "a1", authorId: "author", kind: "announcement", subject: "Soccer", body: "<p>Cancelled</p>", audience: { group_ids: ["g"], program_ids: [], event_ids: [], flag_types: [], user_ids: [] }, channels: ["INTERNAL", "EMAIL"], attachmentFacts: [], ...over },
  metadata: meta,
});
const send = (over: Partial<Extract<AnnouncementCommand, { type: "SendAnnouncement" }>["data"]> = {}): AnnouncementCommand => ({
  type: "SendAnnouncement",
  data: { announcementId: "a1", sendAt: null, recipientCount: 3, enabledChannels: ["INTERNAL", "EMAIL"], actorId: "author", ...over },
  metadata: meta,
});
const retract = (reason = "Wrong date"): AnnouncementCommand => ({ type: "RetractAnnouncement", data: { announcementId: "a1", reason, actorId: "author" }, metadata: meta });

function given(...commands: AnnouncementCommand[]): AnnouncementState {
  let state = initialAnnouncementState();
  for (const c of commands) {
    const events = decideAnnouncement(state, c, NOW);
    if (events instanceof DomainError) throw events;
    state = events.reduce((s, e) => evolveAnnouncement(s, e), state);
  }
  return state;
}
const refusal = (state: AnnouncementState, command: AnnouncementCommand) => {
  const answer = decideAnnouncement(state, command, NOW);
  expect(answer).toBeInstanceOf(DomainError);
  return answer as DomainError;
};
const events = (state: AnnouncementState, command: AnnouncementCommand) => decideAnnouncement(state, command, NOW) as AnnouncementEvent[];

describe("the announcement decider (decision 088)", () => {
  it("saves drafts again and again, then sends once: now, or scheduled at a later time", () => {
    const draft = given(save(), save({ subject: "Soccer tonight" }));
    expect(draft).toMatchObject({ exists: true, status: "draft" });
    expect(events(draft, send())[0]).toMatchObject({ type: "AnnouncementSendRequested", data: { scheduled: false, sendAt: NOW.toISOString() } });
    const later = "2026-11-28T09:00:00.000Z";
    expect(events(draft, send({ sendAt: later }))[0]).toMatchObject({ data: { scheduled: true, sendAt: later } });
    const sent = given(save(), send());
    expect(refusal(sent, send()).code).toBe("NOT_A_DRAFT");
    expect(refusal(sent, save()).code).toBe("NOT_A_DRAFT");
  });

  it("refuses an audience of nobody, a channel not enabled, a time in the past", () => {
    const draft = given(save({ channels: ["INTERNAL", "SMS"] }));
    expect(refusal(draft, send({ enabledChannels: ["INTERNAL", "SMS"], recipientCount: 0 })).message).toBe(NO_AUDIENCE);
    expect(refusal(draft, send()).message).toBe("SMS is not enabled for this organization");
    expect(refusal(draft, send({ enabledChannels: ["INTERNAL", "SMS"], sendAt: "2026-11-27T10:00:00.000Z" })).message).toBe(PAST_SCHEDULE);
  });

  it("another organization's announcement is not found", () => {
    const draft = given(save());
    expect(refusal(draft, { ...send(), metadata: { ...meta, organizationId: "org-2" } }).status).toBe(404);
    expect(refusal(initialAnnouncementState(), send()).status).toBe(404);
  });

  it("retracts a scheduled or sent one once, with a reason; a draft is not retracted; the fan-out is recorded once", () => {
    expect(refusal(given(save()), retract()).code).toBe("NOT_SENT");
    const sent = given(save(), send());
    expect(refusal(sent, retract(" ")).message).toBe("Reason is required");
    const fanned = given(save(), send(), { type: "RecordFanOut", data: { announcementId: "a1", recipientCount: 3, deliveryCount: 6 }, metadata: meta });
    expect(fanned).toMatchObject({ status: "sent" });
    expect(events(fanned, { type: "RecordFanOut", data: { announcementId: "a1", recipientCount: 3, deliveryCount: 6 }, metadata: meta })).toEqual([]);
    const retracted = given(save(), send(), retract());
    expect(retracted).toMatchObject({ status: "retracted" });
    expect(refusal(retracted, retract()).code).toBe("ALREADY_RETRACTED");
    // a retracted scheduled one never records a fan-out
    expect(events(retracted, { type: "RecordFanOut", data: { announcementId: "a1", recipientCount: 3, deliveryCount: 6 }, metadata: meta })).toEqual([]);
  });
});

describe("the announcement decider's attachments (decisions 107, 113)", () => {
  const upload = (name: string, over: Partial<NonNullable<AttachmentFact["upload"]>> = {}): AttachmentFact => ({
    path: `communications/${name}-id/${name}`,
    name,
    upload: { organizationId: ORG, contentType: name.endsWith(".pdf") ? "application/pdf" : "image/png", bytes: 2048, ...over },
  });
  const saved = (facts: AttachmentFact[]) => (events(initialAnnouncementState(), save({ attachmentFacts: facts }))[0] as Extract<AnnouncementEvent, { type: "AnnouncementSaved" }>).data;

  it("keeps each file once, named, typed and sized from its upload", () => {
    expect(saved([upload("form.pdf"), upload("map.png"), upload("form.pdf")]).attachments).toEqual([
      { path: "communications/form.pdf-id/form.pdf", name: "form.pdf", content_type: "application/pdf", bytes: 2048 },
      { path: "communications/map.png-id/map.png", name: "map.png", content_type: "image/png", bytes: 2048 },
    ]);
    expect(saved([]).attachments).toEqual([]);
  });

  it("refuses more than five named, counting repeats as the author sent them", () => {
    const six = ["a.pdf", "b.png", "a.pdf", "b.png", "a.pdf", "b.png"].map((n) => upload(n));
    const refused = refusal(initialAnnouncementState(), save({ attachmentFacts: six }));
    expect([refused.status, refused.message, refused.details]).toEqual([400, "At most 5 attachments", { fieldErrors: { attachments: ["At most 5 attachments"] } }]);
    expect(saved(six.slice(0, 5)).attachments).toHaveLength(2);
  });

  it("refuses another organization's upload, no upload at the path, or no stored path at all, as not found, naming the file", () => {
    expect(refusal(initialAnnouncementState(), save({ attachmentFacts: [upload("ok.png"), upload("theirs.png", { organizationId: "org-2" })] })).message).toBe("Attachment not found: theirs.png. Upload it again");
    expect(refusal(initialAnnouncementState(), save({ attachmentFacts: [{ path: "communications/x/ghost.pdf", name: "ghost.pdf", upload: null }] })).message).toBe("Attachment not found: ghost.pdf. Upload it again");
    expect(refusal(initialAnnouncementState(), save({ attachmentFacts: [{ path: null, name: "../etc", upload: null }] })).status).toBe(400);
  });

  it("refuses a file that is not an image or a PDF by its bytes, whatever its name says", () => {
    const refused = refusal(initialAnnouncementState(), save({ attachmentFacts: [upload("notes.pdf", { contentType: "application/zip" })] }));
    expect([refused.status, refused.message]).toEqual([400, "notes.pdf is not an image or a PDF"]);
    expect(saved([upload("photo.webp", { contentType: "image/webp" })]).attachments?.[0]?.content_type).toBe("image/webp");
  });

  it("checks the attachments of a draft saved again the same way, and never those of a sent one", () => {
    const draft = given(save({ attachmentFacts: [upload("a.pdf")] }));
    expect(refusal(draft, save({ attachmentFacts: [upload("b.png", { organizationId: "org-2" })] })).code).toBe("VALIDATION");
    expect(refusal(given(save(), send()), save({ attachmentFacts: [upload("b.png", { organizationId: "org-2" })] })).code).toBe("NOT_A_DRAFT");
  });
});

describe("the rich text allow-list (decision 090)", () => {
  it("keeps the allowed tags in a canonical form and escapes the text", () => {
    expect(sanitizeRichText('<p class="x" onclick="alert(1)">Hi <b>there</b> & <i>you</i></p>')).toBe("<p>Hi <b>there</b> &amp; <i>you</i></p>");
    expect(sanitizeRichText("<ul><li>one<li>two</ul>")).toBe("<ul><li>one<li>two</li></li></ul>");
  });
  it("drops scripts, styles and their content, event handlers, comments and unknown tags (keeping their words)", () => {
    expect(sanitizeRichText("Hi<script>alert(1)</script> there")).toBe("Hi there");
    expect(sanitizeRichText("<SCRIPT src=x></SCRIPT><style>p{}</style><!-- c -->ok")).toBe("ok");
    expect(sanitizeRichText('<img src=x onerror="alert(1)"><div>text</div>')).toBe("text");
    expect(sanitizeRichText("<svg><script>alert(1)</script></svg>after")).toBe("after");
    expect(sanitizeRichText("a < b > c")).toBe("a &lt; b &gt; c");
    expect(sanitizeRichText("&lt;script&gt;alert(1)&lt;/script&gt;")).toBe("&lt;script&gt;alert(1)&lt;/script&gt;");
  });
  it("keeps only http(s) and mailto links, opening safely", () => {
    expect(sanitizeRichText('<a href="https://example.org/a?b=1&amp;c=2" style="x">x</a>')).toBe('<a href="https://example.org/a?b=1&amp;c=2" rel="noopener noreferrer nofollow" target="_blank">x</a>');
    expect(sanitizeRichText('<a href="javascript:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="java&#x09;script:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href=" JaVaScRiPt:alert(1)">x</a>')).toBe("<a>x</a>");
    expect(sanitizeRichText('<a href="data:text/html,hi">x</a>')).toBe("<a>x</a>");
  });
  it("gives the words of a body for the inbox, SMS and the e-mail's text", () => {
    expect(plainTextOf(sanitizeRichText("<p>One &amp; two</p><ul><li>a</li><li>b</li></ul>"))).toBe("One & two\n• a\n• b");
  });
});

describe("bad input is a clear message (issue 18)", () => {
  const parse = (over: Record<string, unknown>) => announcementInputSchema.safeParse({ subject: "Hi", body: "<p>Hello</p>", ...over });
  const messages = (over: Record<string, unknown>) => {
    const r = parse(over);
    return r.success ? [] : r.error.issues.map((i) => i.message);
  };
  it("empty subject or body, a body of only a script", () => {
    expect(messages({ subject: " " })).toEqual(["Subject is required"]);
    expect(messages({ body: "" })).toEqual(["Message is required"]);
    expect(messages({ body: "<script>alert(1)</script>" })).toEqual(["Message is required"]);
    expect(parse({ body: "<p>Hi</p><script>alert(1)</script>" }).data?.body).toBe("<p>Hi</p>");
  });
  it("an SMS past 10 segments", () => {
    expect(messages({ channels: ["SMS"], body: "x".repeat(1600) })[0]).toMatch(/^The text message would be 11 SMS segments; at most 10/);
    expect(messages({ channels: ["INTERNAL"], body: "x".repeat(1600) })).toEqual([]);
  });
  it("an unknown channel; an empty audience", () => {
    expect(messages({ channels: ["FAX"] })).toEqual(["Channels are INTERNAL, EMAIL or SMS"]);
    expect(audienceIsEmpty(parse({}).data!.audience)).toBe(true);
  });
});

describe("SMS (decision 089)", () => {
  it("counts GSM-7 and UCS-2 segments", () => {
    expect(smsSegments("a".repeat(160))).toMatchObject({ segments: 1, encoding: "GSM-7" });
    expect(smsSegments("a".repeat(161))).toMatchObject({ segments: 2 });
    expect(smsSegments("€".repeat(80))).toMatchObject({ segments: 1, units: 160 });
    expect(smsSegments("é".repeat(10) + "ł")).toMatchObject({ encoding: "UCS-2", segments: 1 });
    expect(smsSegments("ł".repeat(71))).toMatchObject({ segments: 2 });
  });
  it("normalizes phone numbers", () => {
    expect(normalizePhone("+1 204 555 0100")).toBe("+12045550100");
    expect(normalizePhone("(416) 555-0100")).toBe("+14165550100");
    expect(normalizePhone("555")).toBeNull();
    expect(normalizePhone("")).toBeNull();
  });
  it("sends through Twilio's SDK (decision 108): the Messages API with basic auth and a form body, the status callback; a 4xx is permanent", async () => {
    // a local server standing in for api.twilio.com: the SDK's own requests, as they leave it
    const calls: { url: string; auth: string; body: string }[] = [];
    const answers = [
      [201, { sid: "SM123", status: "queued" }],
      [400, { code: 21211, message: "Invalid 'To' Phone Number", status: 400 }],
    ] as const;
    const server = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        calls.push({ url: req.url ?? "", auth: req.headers.authorization ?? "", body });
        const [status, answer] = answers[calls.length - 1] ?? [500, {}];
        res.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(answer));
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const provider = twilioProvider({ accountSid: "AC1", authToken: "tok", from: "+15550001111", statusCallback: "https://rollcall.example/api/sms/status", baseUrl: `http://127.0.0.1:${port}` });
      expect(await provider.send({ organizationId: ORG, to: "+12045550100", body: "Hi", dedupeKey: "k" })).toEqual({ ref: "SM123", status: "sent" });
      expect(calls[0]!.url).toBe("/2010-04-01/Accounts/AC1/Messages.json");
      expect(calls[0]!.auth).toBe(`Basic ${Buffer.from("AC1:tok").toString("base64")}`);
      expect(Object.fromEntries(new URLSearchParams(calls[0]!.body))).toEqual({ To: "+12045550100", Body: "Hi", From: "+15550001111", StatusCallback: "https://rollcall.example/api/sms/status" });
      await expect(provider.send({ organizationId: ORG, to: "bad", body: "Hi", dedupeKey: "k2" })).rejects.toBeInstanceOf(PermanentSmsError);
    } finally {
      server.close();
    }
  });
  it("checks a status callback's signature with the SDK, and keeps only final outcomes (decision 108)", () => {
    const url = "https://rollcall.example/api/sms/status";
    const params = { MessageSid: "SM123", MessageStatus: "delivered" };
    // Twilio's scheme: HMAC-SHA1 of the url and the sorted fields, base64
    const signature = createHmac("sha1", "tok").update(url + "MessageSidSM123MessageStatusdelivered").digest("base64");
    expect(twilioSignatureValid("tok", signature, url, params)).toBe(true);
    expect(twilioSignatureValid("other", signature, url, params)).toBe(false);
    expect(twilioSignatureValid("tok", signature, url, { ...params, MessageStatus: "failed" })).toBe(false);
    expect(smsOutcomeOf("delivered")).toEqual({ status: "delivered", reason: null });
    expect(smsOutcomeOf("undelivered", "30003")).toEqual({ status: "failed", reason: "Twilio: undelivered (error 30003)" });
    expect(smsOutcomeOf("sent")).toBeNull();
    expect(twilioConfigFrom({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1" }, "http://localhost:3000")).toEqual({ accountSid: "AC1", authToken: "t", from: "+1" });
    expect(twilioConfigFrom({ TWILIO_ACCOUNT_SID: "AC1", TWILIO_AUTH_TOKEN: "t", TWILIO_FROM: "+1" }, "https://rollcall.example/")?.statusCallback).toBe("https://rollcall.example/api/sms/status");
    expect(twilioConfigFrom({ TWILIO_ACCOUNT_SID: "AC1" })).toBeNull();
  });
});
