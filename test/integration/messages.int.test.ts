import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { io as connect, type Socket } from "socket.io-client";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { INBOX_CHANGED, inboxTopic, threadStreamId } from "../../modules/communications";
import { demoOrganizations } from "../factories/demo-seed";
import { eventually } from "../support/eventually";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Inbox = { data: { id: string; subject: string; preview: string; is_read: boolean; unread: number; status: string; with_names: string }[]; count: number };
type Thread = {
  id: string;
  subject: string;
  members: { user_id: string; name: string; reason: string; for_name: string | null }[];
  messages: { id: string; author_id: string; body: string | null; retracted_at: string | null; retract_reason: string | null }[];
};
type Failure = { code: string; message: string };

const northside = demoOrganizations.find((o) => o.domain === "northside.demo")!;

/**
 * The inbox (decision 073) over HTTP on real PostgreSQL and Redis: a coach's message to a child reaches the child's
 * parent too; the child replies; the badge counts unread conversations (the spec's is_read=false&size=1 call) and
 * moves live on the user's own topic; a child writes to staff only; several families get one conversation each;
 * retraction keeps the reason and the record; read and archive; 404 for strangers and other organizations; 400s.
 */
describe("inbox: conversations with the safeguarding rules", () => {
  let app: InProcessApp;
  const clients: Record<string, HttpClient> = {};
  const ids: Record<string, string> = {};
  const as = (who: string) => clients[who]!;
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const badge = async (who: string) => (await json<Inbox>(await as(who).request("GET", "/api/message/inbox?is_read=false&status=Active&page=0&size=1"))).count;
  const send = (who: string, recipients: string[], subject = "Soccer tonight", body = "Soccer is cancelled tonight.") =>
    as(who).request("POST", "/api/message", { body: { subject, body, recipient_ids: recipients } });
  let threadId = "";

  beforeAll(async () => {
    app = await startInProcessApp("messages");
    const { redisUrl } = await testServices();
    for (const role of ["coach", "admin", "parent", "child1", "child2", "family", "kiosk"]) {
      await clearSignInLimits(redisUrl);
      clients[role] = new HttpClient(app.baseUrl);
      const payload = (await (await clients[role].signIn(`${role}@northside.demo`)).json()) as { user: { id: string } };
      ids[role] = payload.user.id;
    }
    await clearSignInLimits(redisUrl);
    clients.maple = new HttpClient(app.baseUrl);
    ids.maple = ((await (await clients.maple.signIn("parent@maple.demo")).json()) as { user: { id: string } }).user.id;
  }, 180_000);
  afterAll(() => app?.stop());

  it("shows the demo conversations: the coach's to Maya answered by her parent, the admin's to the parent unread", async () => {
    const inbox = await json<Inbox>(await as("parent").request("GET", "/api/message/inbox"));
    expect(inbox.data.map((t) => [t.subject, t.is_read])).toEqual([
      ["Volunteer drivers for Saturday", false],
      ["Swim club moves to Thursday", true],
    ]);
    expect(await badge("parent")).toBe(1);
    expect((await json<Inbox>(await as("child1").request("GET", "/api/message/inbox?is_read=false"))).data.map((t) => t.subject)).toEqual(["Swim club moves to Thursday"]);
    expect((await json<Inbox>(await as("coach").request("GET", "/api/message/inbox?is_read=false"))).data[0]).toMatchObject({ subject: "Swim club moves to Thursday", preview: "Thanks for letting us know. Maya will be there." });
  });

  it("a coach's message to a child reaches the child and the child's parent; nobody else sees it", async () => {
    const before = await badge("parent");
    const sent = await json<{ message: string; data: { thread_ids: string[] } }>(await send("coach", [ids.child1!]));
    expect(sent.message).toBe("Message successfully created");
    expect(sent.data.thread_ids).toHaveLength(1);
    threadId = sent.data.thread_ids[0]!;
    const thread = await json<Thread>(await as("parent").request("GET", `/api/message/${threadId}`));
    expect(thread.members.map((m) => [m.user_id, m.reason])).toEqual(
      expect.arrayContaining([
        [ids.coach, "author"],
        [ids.child1, "recipient"],
        [ids.parent, "guardian"],
      ]),
    );
    expect(thread.members.find((m) => m.reason === "guardian")!.for_name).toMatch(/Northside$/);
    expect(thread.messages.map((m) => m.body)).toEqual(["Soccer is cancelled tonight."]);
    expect(await badge("parent")).toBe(before + 1);
    const childInbox = await json<Inbox>(await as("child1").request("GET", "/api/message/inbox"));
    expect(childInbox.data[0]).toMatchObject({ id: threadId, subject: "Soccer tonight", is_read: false, status: "Active" });
    // the author has read their own message; the admin is no member: not found, as another organization
    expect((await json<Inbox>(await as("coach").request("GET", "/api/message/inbox"))).data.find((t) => t.id === threadId)).toMatchObject({ is_read: true });
    expect(await json<Failure>(await as("admin").request("GET", `/api/message/${threadId}`), 404)).toMatchObject({ code: "THREAD_NOT_FOUND" });
    expect((await as("maple").request("GET", `/api/message/${threadId}`)).status).toBe(404);
    expect((await as("admin").request("GET", "/api/message/not-an-id")).status).toBe(404);
  });

  it("the child replies: the coach's badge rises live on their own topic only; reading lowers it", async () => {
    const socket: Socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${as("coach").cookie(SESSION_COOKIE)}` } });
    try {
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      expect(await socket.emitWithAck("subscribe", { organizationId: northside.id, topic: inboxTopic(ids.coach!) })).toMatchObject({ ok: true });
      expect(await socket.emitWithAck("subscribe", { organizationId: northside.id, topic: inboxTopic(ids.parent!) })).toMatchObject({ ok: false });
      const heard: unknown[] = [];
      socket.on(INBOX_CHANGED, (payload: unknown) => heard.push(payload));
      const before = await badge("coach");
      await json(await as("child1").request("POST", `/api/message/${threadId}/reply`, { body: { body: "Thanks, see you Thursday." } }));
      await eventually(
        async () => heard.length,
        (n) => n > 0,
        { timeoutMs: 10_000, everyMs: 50 },
      );
      expect(heard[0]).toEqual({ thread_id: threadId });
      expect(await badge("coach")).toBe(before + 1);
      const read = await json<{ data: { unread_count: number } }>(await as("coach").request("PUT", `/api/message/${threadId}/read`));
      expect(read.data.unread_count).toBe(before);
      expect(await badge("coach")).toBe(before);
      // the parent reads the reply too
      const thread = await json<Thread>(await as("parent").request("GET", `/api/message/${threadId}`));
      expect(thread.messages.map((m) => m.body)).toEqual(["Soccer is cancelled tonight.", "Thanks, see you Thursday."]);
    } finally {
      socket.disconnect();
    }
  });

  it("a child or parent writes to staff only; the kiosk cannot write", async () => {
    expect(await json<Failure>(await send("child1", [ids.child2!]), 403)).toMatchObject({ code: "STAFF_ONLY", message: "You can send messages to staff only" });
    expect((await send("parent", [ids.family!])).status).toBe(403);
    const recipients = await json<{ data: { id: string; level: number }[] }>(await as("child1").request("GET", "/api/message/recipients?size=50"));
    expect(recipients.data.length).toBeGreaterThan(0);
    expect(recipients.data.every((r) => r.level >= 2 && r.level <= 6)).toBe(true);
    // to staff: allowed, and the child's guardian is copied
    const asked = await json<{ data: { thread_ids: string[] } }>(await send("child1", [ids.coach!], "Late pick-up", "Can I stay until six?"));
    const thread = await json<Thread>(await as("parent").request("GET", `/api/message/${asked.data.thread_ids[0]}`));
    expect(thread.messages[0]!.body).toBe("Can I stay until six?");
    expect((await send("kiosk", [ids.coach!])).status).toBe(403);
  });

  it("staff writing to two families start one conversation each, so the families never see each other", async () => {
    const sent = await json<{ data: { thread_ids: string[] } }>(await send("coach", [ids.child1!, ids.family!, ids.admin!], "Permission forms", "Permission forms are due Friday."));
    expect(sent.data.thread_ids).toHaveLength(2);
    const [first, second] = await Promise.all(sent.data.thread_ids.map(async (id) => json<Thread>(await as("coach").request("GET", `/api/message/${id}`))));
    const people = (t: Thread) => t.members.map((m) => m.user_id);
    expect(people(first!)).toEqual(expect.arrayContaining([ids.coach, ids.child1, ids.parent, ids.admin]));
    expect(people(first!)).not.toContain(ids.family);
    expect(people(second!)).toEqual(expect.arrayContaining([ids.coach, ids.family, ids.admin]));
    expect(people(second!)).not.toContain(ids.child1);
  });

  it("the author retracts with a reason that stays visible; the words stay in the record; nobody else may", async () => {
    const thread = await json<Thread>(await as("coach").request("GET", `/api/message/${threadId}`));
    const first = thread.messages[0]!;
    expect(await json<Failure>(await as("parent").request("POST", `/api/message/${threadId}/messages/${first.id}/retract`, { body: { reason: "Not mine" } }), 403)).toMatchObject({ code: "NOT_YOUR_MESSAGE" });
    const missing = await json<Failure>(await as("coach").request("POST", `/api/message/${threadId}/messages/${first.id}/retract`, { body: { reason: " " } }), 400);
    expect(missing.message).toBe("Reason is required");
    const retracted = await json<{ message: string; data: Thread }>(await as("coach").request("POST", `/api/message/${threadId}/messages/${first.id}/retract`, { body: { reason: "The game is back on" } }));
    expect(retracted.message).toBe("Message successfully retracted");
    const seen = (await json<Thread>(await as("parent").request("GET", `/api/message/${threadId}`))).messages[0]!;
    expect(seen).toMatchObject({ body: null, retract_reason: "The game is back on" });
    expect(seen.retracted_at).not.toBeNull();
    const stream = await app.app.core.store.readStream(threadStreamId(threadId));
    expect(stream.events.find((e) => e.type === "MessagePosted")!.data).toMatchObject({ body: "Soccer is cancelled tonight." });
    expect(stream.events.some((e) => e.type === "MessageRetracted")).toBe(true);
    expect((await as("coach").request("POST", `/api/message/${threadId}/messages/${first.id}/retract`, { body: { reason: "again" } })).status).toBe(409);
  });

  it("archives out of the inbox and back; a new message brings it back for everyone", async () => {
    await json(await as("parent").request("PUT", `/api/message/${threadId}/archive`, { body: { archived: true } }));
    expect((await json<Inbox>(await as("parent").request("GET", "/api/message/inbox?size=100"))).data.some((t) => t.id === threadId)).toBe(false);
    expect((await json<Inbox>(await as("parent").request("GET", "/api/message/inbox?status=Archived"))).data.map((t) => t.id)).toContain(threadId);
    await json(await as("coach").request("POST", `/api/message/${threadId}/reply`, { body: { body: "Game moved to Saturday." } }));
    const back = (await json<Inbox>(await as("parent").request("GET", "/api/message/inbox?size=100"))).data.find((t) => t.id === threadId);
    expect(back).toMatchObject({ status: "Active", is_read: false, preview: "Game moved to Saturday." });
    expect((await json<Inbox>(await as("parent").request("GET", "/api/message/inbox?search=saturday"))).data.map((t) => t.id)).toContain(threadId);
    expect((await as("parent").request("PUT", `/api/message/${threadId}/archive`, { body: { archived: "yes" } })).status).toBe(400);
  });

  it("bad input is 400 naming the field; unknown or other organizations' recipients are 404; never a 500", async () => {
    const empty = await json<Failure>(await as("coach").request("POST", "/api/message", { body: { subject: "", body: "x", recipient_ids: [ids.child1] } }), 400);
    expect(empty.message).toBe("Subject is required");
    const none = await json<Failure>(await as("coach").request("POST", "/api/message", { body: { subject: "Hi", body: "x", recipient_ids: [] } }), 400);
    expect(none.message).toBe("Choose at least one recipient");
    expect((await send("coach", [ids.child1!], "Hi", "x".repeat(5001))).status).toBe(400);
    expect(await json<Failure>(await send("coach", ["6f1c2f1e-0000-4000-8000-000000000000"]), 404)).toMatchObject({ code: "RECIPIENT_NOT_FOUND" });
    expect(await json<Failure>(await send("coach", [ids.maple!]), 404)).toMatchObject({ code: "RECIPIENT_NOT_FOUND" });
    expect((await send("coach", ["not-a-uuid"])).status).toBe(404);
    expect((await as("coach").request("POST", "/api/message", { body: "nonsense" })).status).toBe(400);
    expect((await as("coach").request("GET", "/api/message/inbox?size=0")).status).toBe(400);
    expect((await as("coach").request("GET", "/api/message/inbox?status=Gone")).status).toBe(400);
    expect((await as("coach").request("POST", `/api/message/${threadId}/reply`, { body: { body: "" } })).status).toBe(400);
  });
});
