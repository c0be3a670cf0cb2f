import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string };

/** The request edge (decision 028): body limits and types, control characters, CSRF spellings, idempotency keys, logout. */
describe("the request edge over HTTP", () => {
  let app: InProcessApp;
  let admin: HttpClient;
  let coach: HttpClient;
  let members: Member[];
  const head = () => app.app.core.store.headPosition();
  const body = async (response: Response) => ({ status: response.status, ...((await response.json()) as { code: string; message: string }) });
  const stillSignedIn = async (client: HttpClient) => (await client.request("GET", "/api/user-session")).status === 200;
  /** a raw request: no cookies or tokens unless given */
  const raw = (method: string, path: string, init: RequestInit & { duplex?: "half" } = {}) => fetch(`${app.baseUrl}${path}`, { method, redirect: "manual", ...init });

  beforeAll(async () => {
    app = await startInProcessApp("edge");
    await clearSignInLimits((await testServices()).redisUrl);
    admin = new HttpClient(app.baseUrl);
    await admin.signIn("admin@northside.demo");
    coach = new HttpClient(app.baseUrl);
    await coach.signIn("coach@northside.demo");
    members = ((await (await admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active")).json()) as { data: Member[] }).data;
  }, 120_000);
  afterAll(() => app?.stop());

  describe("body limits and types (defect 2)", () => {
    it("answers an unauthenticated 20 MB sign-in with 413 before reading it", async () => {
      const huge = JSON.stringify({ username: "a".repeat(20 * 1024 * 1024), password: "x" });
      const response = await new HttpClient(app.baseUrl).request("POST", "/api/auth/login", { body: huge });
      expect(await body(response)).toEqual({ status: 413, code: "PAYLOAD_TOO_LARGE", message: "The request body is larger than 1 MB." });
    });

    it("counts a chunked body (no Content-Length) and stops at the limit with 413", async () => {
      const chunk = new TextEncoder().encode(`"${"b".repeat(64 * 1024)}",`);
      let sent = 0;
      const stream = new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent === 0) controller.enqueue(new TextEncoder().encode("["));
          // 4 MB in all: past the 1 MB limit
          if (sent >= 64) return controller.close();
          sent++;
          controller.enqueue(chunk);
        },
      });
      const csrf = await admin.fetchCsrf();
      const response = await raw("POST", "/api/note", {
        body: stream,
        duplex: "half",
        headers: { "content-type": "application/json", "x-csrf-token": csrf, cookie: `rollcall_csrf=${admin.cookie("rollcall_csrf")}; ${SESSION_COOKIE}=${admin.cookie(SESSION_COOKIE)}` },
      });
      expect(await body(response)).toMatchObject({ status: 413, code: "PAYLOAD_TOO_LARGE" });
      // the connection still answers afterwards
      expect(await stillSignedIn(admin)).toBe(true);
    });

    it("answers at once when a body is refused unread, and the connection goes on (no stall until a reset)", async () => {
      const started = Date.now();
      const upload = await raw("PUT", "/api/asset/put/not-a-link", { body: "x".repeat(500_000), headers: { "content-type": "text/plain" } });
      expect(await body(upload)).toMatchObject({ status: 400, code: "UPLOAD_LINK_INVALID" });
      // a call that reads no body (logout without a session), past the 64 KB read whole before the handler
      const csrf = await admin.fetchCsrf();
      const logout = await raw("POST", "/api/auth/logout", { body: JSON.stringify({ pad: "x".repeat(500_000) }), headers: { "content-type": "application/json", "x-csrf-token": csrf, cookie: `rollcall_csrf=${admin.cookie("rollcall_csrf")}` } });
      expect(logout.status).toBe(200);
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it("refuses JSON sent as another content type with 415, and still takes JSON and empty bodies", async () => {
      const before = await head();
      const text = await admin.request("POST", "/api/role", { body: JSON.stringify({ name: "Plain", icon: "Volunteers", level: 2, permission_ids: [] }), headers: { "content-type": "text/plain" } });
      expect(await body(text)).toEqual({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE", message: "Send the request body as JSON, with Content-Type: application/json." });
      const form = await admin.request("POST", "/api/auth/login", { body: "username=admin%40northside.demo&password=rollcall-demo", headers: { "content-type": "application/x-www-form-urlencoded" } });
      expect(await body(form)).toMatchObject({ status: 415, code: "UNSUPPORTED_MEDIA_TYPE" });
      expect(await head()).toBe(before);
      expect((await admin.request("POST", "/api/check-in/participant", { body: { memberId: members[0]!.member_id, type: "in", start: "2026-01-01T00:00:00Z", end: "2026-01-02T00:00:00Z" }, headers: { "content-type": "application/json; charset=utf-8" } })).status).not.toBe(415);
    });

    it("gives a call its own larger limit where its registry entry says so (screening questions: 4 MB)", async () => {
      const questions = Array.from({ length: 60 }, (_, i) => ({ label: `Question ${i}`, type: "RICHTEXT", section_text: "\\u00e9".repeat(5000) }));
      const text = JSON.stringify({ questions }).replaceAll("\\\\u00e9", "\\u00e9");
      expect(text.length).toBeGreaterThan(1024 * 1024);
      const response = await admin.request("PUT", "/api/note/screening/questions", { body: text });
      // past 1 MB but within its 4 MB: read, and refused for its content (60 questions), not its size
      expect(await body(response)).toMatchObject({ status: 400, message: "At most 50 questions" });
    });
  });

  describe("control characters (defect 6)", () => {
    it("refuses a NUL in every kind of text input with a 400 naming the field", async () => {
      const cases: [string, string, unknown, string][] = [
        ["POST", "/api/auth/login", { username: "admin\u0000@northside.demo", password: "x" }, "username"],
        ["POST", "/api/participant/member", { member_id: "AB\u0000CDEFG" }, "member_id"],
        ["POST", "/api/note", { user_id: members[0]!.id, message: "late\u0000" }, "message"],
        ["POST", "/api/note/comment", { note_id: members[0]!.id, message: "hi\u0000" }, "message"],
        ["POST", "/api/check-in/bulk", { type: "in", data: [{ participant_id: "x\u0007" }] }, "data[0].participant_id"],
        ["GET", "/api/participant_report?page=0&size=10&search=a%00b", undefined, "search"],
        ["GET", "/api/note?user_id=%00", undefined, "user_id"],
        ["GET", "/api/participant/ab%00cd", undefined, "id"],
        ["GET", "/api/note_report/%1B", undefined, "noteId"],
      ];
      const before = await head();
      for (const [method, path, input, field] of cases) {
        const response = await admin.request(method, path, { body: input });
        expect(await body(response), `${method} ${path}`).toEqual({ status: 400, code: "CONTROL_CHARACTER", message: `${field} must not contain control characters.` });
      }
      expect(await head()).toBe(before);
    });

    it("refuses control characters in the page forms, and keeps tab, newline and carriage return", async () => {
      const post = (path: string, form: Record<string, string>) =>
        raw("POST", path, { body: new URLSearchParams(form), headers: { origin: app.baseUrl } });
      const forgot = await post("/forgot-password", { login: "admin\u0000@northside.demo" });
      expect(forgot.status).toBe(400);
      expect(await forgot.text()).toContain("login must not contain control characters.");
      const login = await post("/login", { username: "x\u0000", password: "y" });
      expect(login.status).toBe(400);
      const reset = await post("/reset-password", { token: "t\u0000", user: "00000000-0000-0000-0000-000000000000", password: "a-long-password", confirmPassword: "a-long-password" });
      expect(reset.status).toBe(400);
      const note = await admin.request("POST", "/api/note", { body: { user_id: members[1]!.id, message: "line one\r\n\tline two" } });
      expect(note.status).toBe(200);
    });
  });

  describe("CSRF however the path is spelled (defect 7)", () => {
    it("refuses /API/…, //api/… and /%61pi/… without the token, and appends nothing", async () => {
      const client = new HttpClient(app.baseUrl);
      await client.signIn("admin@northside.demo");
      const before = await head();
      const role = { name: "Sneaky", icon: "Admin", level: 2, permission_ids: ["CAN_VIEW_SCHEDULE"] };
      for (const path of ["/API/role", "/Api/Role", "//api/role", "/%61pi/role", "/api/%72ole"]) {
        const response = await client.request("POST", path, { body: role, csrf: false });
        expect([403, 404], path).toContain(response.status);
      }
      const logout = await client.request("POST", "/API/auth/logout", { csrf: false });
      expect(await body(logout)).toMatchObject({ status: 403, code: "EBADCSRFTOKEN" });
      expect(await stillSignedIn(client)).toBe(true);
      expect(await head()).toBe(before);
    });

    it("refuses a page form posted with neither Origin nor token, and one from another site", async () => {
      const form = new URLSearchParams({ login: "admin@northside.demo" });
      expect((await raw("POST", "/forgot-password", { body: form })).status).toBe(403);
      expect((await raw("POST", "/forgot-password", { body: form, headers: { origin: "null" } })).status).toBe(403);
      expect((await raw("POST", "/forgot-password", { body: form, headers: { origin: "https://evil.example" } })).status).toBe(403);
      expect((await raw("POST", "/forgot-password", { body: form, headers: { origin: app.baseUrl } })).status).toBe(200);
    });
  });

  describe("idempotency keys", () => {
    it("refuses a key longer than 128 characters with 400, and takes one of 128", async () => {
      const m = members[2]!;
      const long = await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "Long key" }, headers: { "idempotency-key": "k".repeat(129) } });
      expect(await body(long)).toEqual({ status: 400, code: "IDEMPOTENCY_KEY_TOO_LONG", message: "Idempotency-Key must be at most 128 characters." });
      const fits = await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "Key of 128" }, headers: { "idempotency-key": "k".repeat(128) } });
      expect(fits.status).toBe(200);
    });

    it("scopes a key to its user: a resend gets the first result, another user's same key is another command", async () => {
      const m = members[3]!;
      const key = { "idempotency-key": `shared-key-${m.id}` };
      const first = (await (await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "From the admin" }, headers: key })).json()) as { data: { id: string; message: string } };
      const again = (await (await admin.request("POST", "/api/note", { body: { user_id: m.id, message: "From the admin" }, headers: key })).json()) as { data: { id: string } };
      expect(again.data.id).toBe(first.data.id);
      const other = await coach.request("POST", "/api/note", { body: { user_id: m.id, message: "From the coach" }, headers: key });
      const theirs = (await other.json()) as { data: { id: string; message: string } };
      expect(other.status).toBe(200);
      expect(theirs.data.id).not.toBe(first.data.id);
      expect(theirs.data.message).toBe("From the coach");
    });
  });

  describe("logout", () => {
    const sessionCookie = (client: HttpClient) => `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}`;

    it("does not end the session for a /logout form without the token, from this origin or none", async () => {
      const client = new HttpClient(app.baseUrl);
      await client.signIn("coach@northside.demo");
      const attempts: Record<string, string>[] = [{ cookie: sessionCookie(client) }, { cookie: sessionCookie(client), origin: app.baseUrl }];
      for (const headers of attempts) {
        const response = await raw("POST", "/logout", { body: new URLSearchParams(), headers });
        expect(response.status).toBe(403);
      }
      const forged = await raw("POST", "/logout", { body: new URLSearchParams({ csrf: "forged" }), headers: { cookie: sessionCookie(client), origin: app.baseUrl } });
      expect(forged.status).toBe(403);
      expect(await stillSignedIn(client)).toBe(true);
    });

    it("ends the session with the token the shell's logout form carries", async () => {
      const client = new HttpClient(app.baseUrl);
      await client.signIn("coach@northside.demo");
      const page = await (await client.request("GET", "/check-in")).text();
      const token = /name="csrf" value="([^"]+)"/.exec(page)?.[1];
      expect(token).toBeTruthy();
      const response = await raw("POST", "/logout", { body: new URLSearchParams({ csrf: token! }), headers: { cookie: sessionCookie(client), origin: app.baseUrl } });
      expect(response.status).toBe(302);
      expect(response.headers.get("location")).toBe("/login");
      expect(await stillSignedIn(client)).toBe(false);
    });
  });
});
