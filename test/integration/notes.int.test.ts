import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { SESSION_COOKIE } from "../../app/utils/cookies.server";
import { notesProjection } from "../../projections/notes";
import { rebuildProjection } from "../../projections/runner";
import { DEMO_FLAGGED_PARTICIPANT_IDS, demoOrganizations } from "../factories/demo-seed";
import { TINY_PNG } from "../support/craft-zip";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; member_id: string; first_name: string };
type Note = {
  id: string;
  message: string;
  type: string | null;
  status: string;
  is_flagged: boolean;
  is_warned: boolean;
  resolved: boolean;
  created_by: string;
  created_by_user: { full_name: string; role_name: string | null };
  created_date: string;
  updated_date: string;
  role_ids: string[];
  role_names: string[];
  comment_count: number;
  note_comment: { type: string; message: string }[];
  attachment?: string | null;
  attachments?: { attachment_url: string }[];
};
type List = { data: Note[]; count: number };
type Comment = { id: string; message: string; type: string; status: string; user_full_name: string; deleted_comment: null | { user_full_name: string; role: string; created_date: string; message: string } };

describe("notes and comments over the API on real PostgreSQL", () => {
  let app: InProcessApp;
  const clients: Record<"admin" | "coach" | "organization" | "participant" | "maple", HttpClient> = {} as never;
  let members: Member[];
  let adminGroupId: string;
  const used = new Set<string>(DEMO_FLAGGED_PARTICIPANT_IDS);
  /** a participant with no flags, not used by an earlier test: its note list starts empty */
  const fresh = () => {
    // never a member the demo flagged: each test starts from a member without notes or flags
    const found = members.find((m) => !used.has(m.id) && !DEMO_FLAGGED_PARTICIPANT_IDS.has(m.id))!;
    used.add(found.id);
    return found;
  };
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const create = (client: HttpClient, body: Record<string, unknown>) => client.request("POST", "/api/note", { body });
  const list = async (client: HttpClient, participantId: string, query = "") => json<List>(await client.request("GET", `/api/note?user_id=${participantId}${query}`));
  const write = async (client: HttpClient, participantId: string, message: string, extra: Record<string, unknown> = {}) =>
    (await json<{ data: Note }>(await create(client, { user_id: participantId, message, ...extra }))).data;

  beforeAll(async () => {
    app = await startInProcessApp("notes");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const role of ["admin", "coach", "organization", "participant"] as const) {
      clients[role] = new HttpClient(app.baseUrl);
      await clients[role].signIn(`${role}@northside.demo`);
    }
    clients.maple = new HttpClient(app.baseUrl);
    await clients.maple.signIn("admin@maple.demo");
    const report = await json<{ data: Member[] }>(await clients.admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"));
    members = report.data;
    const groups = await json<{ data: { id: string; name: string }[] }>(await clients.admin.request("GET", "/api/user/role"));
    adminGroupId = groups.data.find((g) => g.name === "ADMIN")!.id;
  }, 120_000);
  afterAll(() => app?.stop());

  async function socketOf(client: HttpClient): Promise<Socket & { received: { topic?: string; note_id: string; participant_id: string }[] }> {
    const socket = connect(app.baseUrl, { transports: ["websocket"], forceNew: true, reconnection: false, extraHeaders: { cookie: `${SESSION_COOKIE}=${client.cookie(SESSION_COOKIE)}` } });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    const received: { note_id: string; participant_id: string }[] = [];
    socket.on("notes:changed", (payload: { note_id: string; participant_id: string }) => received.push(payload));
    return Object.assign(socket, { received });
  }

  it("writes a note, lists and counts it, and the participant call shows it", async () => {
    const m = fresh();
    const response = await create(clients.coach, { user_id: m.id, message: "  Arrived 20 minutes late, bus was delayed ", type: "Late" });
    const created = await json<{ message: string; data: Note }>(response);
    expect(created.message).toBe("Note successfully created");
    expect(created.data).toMatchObject({ message: "Arrived 20 minutes late, bus was delayed", type: "Late", status: "Active", comment_count: 0, role_ids: [] });
    expect(created.data.created_by_user).toMatchObject({ full_name: expect.stringContaining("Northside"), role_name: "COACH" });
    expect(created.data.updated_date).toBe(created.data.created_date);

    await write(clients.admin, m.id, "Away next week for a family trip", { type: "Away" });
    const all = await list(clients.coach, m.id);
    expect(all.count).toBe(2);
    expect(all.data.map((n) => n.message)).toEqual(["Away next week for a family trip", "Arrived 20 minutes late, bus was delayed"]);
    const oldest = await list(clients.coach, m.id, "&sort=created_date,asc&size=10&page=0");
    expect(oldest.data.map((n) => n.type)).toEqual(["Late", "Away"]);
    const paged = await list(clients.coach, m.id, "&size=10&page=1");
    expect(paged).toMatchObject({ count: 2, data: [] });
    const searched = await list(clients.coach, m.id, "&search=FAMILY");
    expect(searched.data.map((n) => n.type)).toEqual(["Away"]);
    expect((await list(clients.coach, m.id, "&search=%25")).count).toBe(0);

    const detail = await json<{ notes: { count: number; data: Note[] } }>(await clients.coach.request("GET", `/api/participant/${m.id}`));
    expect(detail.notes.count).toBe(2);
    expect(detail.notes.data[0]!.message).toBe("Away next week for a family trip");

    const resent = { user_id: m.id, message: "Sick today", type: "Sick" };
    const headers = { "idempotency-key": `note-resend-${m.id}` };
    const first = await json<{ data: Note }>(await clients.coach.request("POST", "/api/note", { body: resent, headers }));
    const second = await json<{ data: Note }>(await clients.coach.request("POST", "/api/note", { body: resent, headers }));
    expect(second.data.id).toBe(first.data.id);
    expect((await list(clients.coach, m.id)).count).toBe(3);
  });

  it("refuses bad input with 400 and appends nothing; an unknown participant is 404", async () => {
    const m = fresh();
    const cases: [Record<string, unknown>, string][] = [
      [{ user_id: m.id, message: "  " }, "Message is required"],
      [{ user_id: m.id }, "Message is required"],
      [{ user_id: m.id, message: "x".repeat(5001) }, "Message must be at most 5000 characters"],
      [{ user_id: m.id, message: "x", type: "Manual Flag" }, "Type must be Late, Away, Sick, Attending or Program/Event Note"],
      [{ user_id: m.id, message: "x", role_ids: "everyone" }, "Who can see this note? must be a list of user groups"],
      [{ message: "x" }, "User ID is required"],
    ];
    for (const [body, message] of cases) {
      const response = await create(clients.admin, body);
      expect(await json(response, 400), message).toMatchObject({ code: "VALIDATION", message });
    }
    expect(await json(await clients.admin.request("POST", "/api/note", { body: "{not json" }), 400)).toMatchObject({ code: "BAD_JSON" });
    expect((await list(clients.admin, m.id)).count).toBe(0);
    expect(await json(await create(clients.admin, { user_id: "7f3c8a52-4a8e-4f0b-9f7e-2d7c1b6a0e11", message: "x" }), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect(await json(await create(clients.admin, { user_id: "not-an-id", message: "x" }), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    for (const query of ["&size=15", "&filter_id=Mine", "&page=-1", "&sort=message,asc"]) {
      expect((await clients.admin.request("GET", `/api/note?user_id=${m.id}${query}`)).status, query).toBe(400);
    }
    expect(await json(await clients.admin.request("PUT", "/api/note", { body: { id: "x", action: "Hide" } }), 400)).toMatchObject({ message: "Action must be Edit, Archive or Restore" });
    expect((await clients.participant.request("GET", `/api/note?user_id=${m.id}`)).status).toBe(403);
  });

  it("edit is for the author only; archive needs a reason and closes comments; restore is admin only", async () => {
    const m = fresh();
    const note = await write(clients.coach, m.id, "Left early with a headache", { type: "Sick" });
    const put = (client: HttpClient, body: Record<string, unknown>) => client.request("PUT", "/api/note", { body: { id: note.id, ...body } });

    expect(await json(await put(clients.admin, { action: "Edit", message: "Changed by admin" }), 403)).toEqual({ code: "NOT_NOTE_AUTHOR", message: "Only the author can edit this note" });
    const edited = await json<{ message: string; data: Note }>(await put(clients.coach, { action: "Edit", message: "Left early with a headache; mother picked up" }));
    expect(edited.message).toBe("Note successfully updated");
    expect(edited.data.message).toBe("Left early with a headache; mother picked up");
    expect(edited.data.updated_date).not.toBe(edited.data.created_date);

    const comment = await json<{ id: string; message: string }>(await clients.admin.request("POST", "/api/note/comment", { body: { note_id: note.id, message: "Nurse informed" } }));
    expect(comment.message).toBe("Comment successfully created");

    expect(await json(await put(clients.coach, { action: "Archive", message: " " }), 400)).toMatchObject({ message: "Reason is required" });
    const archived = await json<{ message: string; hint: string; data: Note }>(await put(clients.admin, { action: "Archive", message: "Recorded twice" }));
    expect(archived).toMatchObject({ message: "Note Archived", hint: "You can restore a note anytime by going to Archived Notes." });
    expect(archived.data).toMatchObject({ status: "Archive", comment_count: 2, note_comment: [{ type: "Archive Note", message: "Recorded twice" }] });

    expect((await list(clients.coach, m.id)).count).toBe(0);
    expect((await list(clients.coach, m.id, "&filter_id=Archived Notes")).data.map((n) => n.id)).toEqual([note.id]);
    const filters = await json<{ data: { id: string; count: number }[] }>(await clients.coach.request("GET", `/api/note/filter/${m.id}`));
    expect(filters.data).toEqual(expect.arrayContaining([{ id: "All Notes", name: "All Notes", count: 0 }, { id: "Archived Notes", name: "Archived Notes", count: 1 }]));

    expect(await json(await clients.coach.request("POST", "/api/note/comment", { body: { note_id: note.id, message: "Too late" } }), 409)).toEqual({
      code: "COMMENTS_DISABLED",
      message: "Comments disabled for archived notes",
    });
    expect(await json(await put(clients.coach, { action: "Edit", message: "Again" }), 409)).toMatchObject({ code: "NOTE_NOT_ACTIVE" });
    expect(await json(await put(clients.coach, { action: "Restore" }), 403)).toEqual({ code: "FORBIDDEN", message: "Only an admin can restore a note" });
    const restored = await json<{ message: string; data: Note }>(await put(clients.admin, { action: "Restore" }));
    expect(restored).toMatchObject({ message: "Note successfully restored", data: { status: "Active" } });
    expect((await list(clients.coach, m.id)).count).toBe(1);
  });

  it("comments: edit by the author only, delete with a reason keeps who, role, when and why", async () => {
    const m = fresh();
    const note = await write(clients.coach, m.id, "Forgot the permission slip", { type: "Program/Event Note" });
    const added = await json<{ id: string }>(await clients.coach.request("POST", "/api/note/comment", { body: { note_id: note.id, message: "Parent will bring it" } }));
    const edit = (client: HttpClient, message: string) => client.request("PUT", "/api/note/comment", { body: { note_id: note.id, comment_id: added.id, message, action: "Edit" } });
    expect(await json(await edit(clients.admin, "Changed"), 403)).toEqual({ code: "NOT_COMMENT_AUTHOR", message: "Only the author can edit this comment" });
    expect(await json(await edit(clients.coach, "Mother will bring it tomorrow"))).toEqual({ message: "Comment successfully updated" });
    expect(await json(await edit(clients.coach, ""), 400)).toMatchObject({ message: "Message is required" });

    const del = (client: HttpClient, confirmation?: string) => client.request("DELETE", "/api/note/comment", { body: { id: added.id, note_id: note.id, confirmation } });
    expect(await json(await del(clients.admin), 400)).toMatchObject({ message: "Reason is required" });
    expect(await json(await del(clients.admin, "Posted on the wrong note"))).toEqual({ message: "Comment successfully deleted" });
    const comments = await json<{ data: Comment[]; count: number }>(await clients.coach.request("GET", `/api/note_comment_report?note_id=${note.id}`));
    expect(comments.data).toEqual([
      expect.objectContaining({ id: added.id, status: "deleted", message: "", deleted_comment: expect.objectContaining({ user_full_name: expect.stringContaining("Northside"), role: "Admins", message: "Posted on the wrong note" }) }),
    ]);
    expect((await json<Note>(await clients.coach.request("GET", `/api/note_report/${note.id}`))).comment_count).toBe(0);
    expect((await del(clients.admin, "again")).status).toBe(404);
  });

  it("a flag is a note that stays active until resolved, and cannot be archived or deleted", async () => {
    const m = fresh();
    expect((await clients.coach.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Fever reported by parent", type: "stop", action: "Flag" } })).status).toBe(200);
    let flags: List = { data: [], count: 0 };
    // until the flag's note is in the read model (a demo member may have other flags already)
    const raised = () => flags.data.some((n) => n.message === "Fever reported by parent");
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && !raised(); await new Promise((r) => setTimeout(r, 20))) {
      flags = await list(clients.coach, m.id, "&filter_id=Flag Notes");
    }
    expect(flags.data).toEqual([expect.objectContaining({ type: "Manual Flag", is_flagged: true, resolved: false, status: "Active", message: "Fever reported by parent" })]);
    expect(flags.data[0]!.created_by_user).toMatchObject({ full_name: expect.stringContaining("Northside"), role_name: "COACH" });
    const flagNote = flags.data[0]!;
    for (const action of ["Archive", "Edit", "Restore"]) {
      const response = await clients.admin.request("PUT", "/api/note", { body: { id: flagNote.id, action, message: "Trying" } });
      expect(await json(response, 409), action).toMatchObject({ code: "FLAG_NOTE" });
    }
    expect(await json(await clients.admin.request("DELETE", "/api/note", { body: { id: flagNote.id } }), 409)).toEqual({
      code: "FLAG_NOTE",
      message: "Flag and warn notes cannot be deleted; resolve the flag instead",
    });

    expect((await clients.admin.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Cleared by the nurse", type: "stop", action: "Unflag" } })).status).toBe(200);
    let note = flagNote;
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && !note.resolved; await new Promise((r) => setTimeout(r, 20))) {
      note = await json<Note>(await clients.coach.request("GET", `/api/note_report/${flagNote.id}`));
    }
    expect(note).toMatchObject({ resolved: true, is_flagged: false, note_comment: [{ type: "Flag Note", message: "Cleared by the nurse" }] });
    expect((await list(clients.coach, m.id)).count).toBe(1);
  });

  it("a note limited to admins reaches a coach in no list, count, search, filter, report or participant call", async () => {
    const m = fresh();
    const open = await write(clients.admin, m.id, "Open note about the science fair");
    const hidden = await write(clients.admin, m.id, "Custody matter: only the mother may pick up", { role_ids: [adminGroupId] });
    expect(hidden.role_names).toEqual(["Admins"]);
    // a coach cannot limit visibility: the role ids are ignored
    const coachNote = await write(clients.coach, m.id, "Coach note about the science fair", { role_ids: [adminGroupId] });
    expect(coachNote.role_ids).toEqual([]);

    expect((await list(clients.admin, m.id)).count).toBe(3);
    expect((await list(clients.organization, m.id)).count).toBe(3);
    const coachList = await list(clients.coach, m.id);
    expect(coachList.count).toBe(2);
    expect(coachList.data.map((n) => n.id).sort()).toEqual([open.id, coachNote.id].sort());
    expect((await list(clients.coach, m.id, "&search=custody")).count).toBe(0);
    const filters = await json<{ data: { id: string; count: number }[] }>(await clients.coach.request("GET", `/api/note/filter/${m.id}`));
    expect(filters.data.find((f) => f.id === "All Notes")!.count).toBe(2);
    expect(await json(await clients.coach.request("GET", `/api/note_report/${hidden.id}`), 404)).toEqual({ code: "NOTE_NOT_FOUND", message: "Note not found" });
    expect((await clients.coach.request("GET", `/api/note_comment_report?note_id=${hidden.id}`)).status).toBe(404);
    const detail = await json<{ notes: { count: number; data: Note[] } }>(await clients.coach.request("GET", `/api/participant/${m.id}`));
    expect(detail.notes.count).toBe(2);
    expect(JSON.stringify(detail)).not.toContain("Custody");
    // nor can the coach act on it: it is not found for them, and nothing is appended
    expect(await json(await clients.coach.request("POST", "/api/note/comment", { body: { note_id: hidden.id, message: "Seen it" } }), 404)).toEqual({ code: "NOTE_NOT_FOUND", message: "Note not found" });
    expect((await clients.coach.request("PUT", "/api/note", { body: { id: hidden.id, action: "Archive", message: "x" } })).status).toBe(404);
    expect((await json<Note>(await clients.admin.request("GET", `/api/note_report/${hidden.id}`))).comment_count).toBe(0);
  });

  it("live: a note limited to admins is announced to admins only; open notes to all staff", async () => {
    const m = fresh();
    const organizationId = demoOrganizations.find((o) => o.domain === "northside.demo")!.id;
    const adminSocket = await socketOf(clients.admin);
    const coachSocket = await socketOf(clients.coach);
    try {
      const subscribe = (socket: Socket, topic: string) => socket.emitWithAck("subscribe", { organizationId, topic }) as Promise<{ ok: boolean }>;
      expect(await subscribe(coachSocket, "notes")).toMatchObject({ ok: true });
      expect(await subscribe(coachSocket, "notes-admin")).toMatchObject({ ok: false });
      expect(await subscribe(coachSocket, `notes-g-${adminGroupId.replace(/-/g, "")}`)).toMatchObject({ ok: false });
      expect(await subscribe(adminSocket, "notes-admin")).toMatchObject({ ok: true });
      expect(await subscribe(adminSocket, "notes")).toMatchObject({ ok: true });

      const hidden = await write(clients.admin, m.id, "Custody matter, admins only", { role_ids: [adminGroupId] });
      const open = await write(clients.admin, m.id, "Open note for every staff member");
      const until = async (check: () => boolean) => {
        for (const deadline = Date.now() + 10_000; Date.now() < deadline && !check(); ) await new Promise((r) => setTimeout(r, 20));
      };
      await until(() => adminSocket.received.some((e) => e.note_id === open.id) && coachSocket.received.some((e) => e.note_id === open.id));
      expect(adminSocket.received.map((e) => e.note_id)).toEqual(expect.arrayContaining([hidden.id, open.id]));
      expect(coachSocket.received.map((e) => e.note_id)).toContain(open.id);
      expect(coachSocket.received.map((e) => e.note_id)).not.toContain(hidden.id);
      expect(coachSocket.received.every((e) => e.participant_id === m.id)).toBe(true);
    } finally {
      adminSocket.disconnect();
      coachSocket.disconnect();
    }
  });

  it("another organization's note and participant are not found (404), for its admin too", async () => {
    const m = fresh();
    const note = await write(clients.coach, m.id, "Attending the Saturday program", { type: "Attending" });
    const maple = clients.maple;
    expect((await maple.request("GET", `/api/note?user_id=${m.id}`)).status).toBe(404);
    expect((await maple.request("GET", `/api/note/filter/${m.id}`)).status).toBe(404);
    expect((await maple.request("GET", `/api/note_report/${note.id}`)).status).toBe(404);
    expect((await maple.request("POST", "/api/note", { body: { user_id: m.id, message: "x" } })).status).toBe(404);
    for (const action of ["Edit", "Archive", "Restore"]) {
      expect((await maple.request("PUT", "/api/note", { body: { id: note.id, action, message: "x" } })).status, action).toBe(404);
    }
    expect((await maple.request("DELETE", "/api/note", { body: { id: note.id } })).status).toBe(404);
    expect((await maple.request("POST", "/api/note/comment", { body: { note_id: note.id, message: "x" } })).status).toBe(404);
    expect((await list(clients.coach, m.id)).count).toBe(1);
  });

  it("delete is for the admin or the author; a deleted note is gone", async () => {
    const m = fresh();
    const note = await write(clients.admin, m.id, "Written by the admin");
    expect(await json(await clients.coach.request("DELETE", "/api/note", { body: { id: note.id } }), 403)).toEqual({
      code: "FORBIDDEN",
      message: "Only an admin or the author can delete this note",
    });
    const own = await write(clients.coach, m.id, "Written by the coach");
    expect(await json(await clients.coach.request("DELETE", `/api/note?id=${own.id}`))).toEqual({ message: "Note successfully deleted" });
    expect(await json(await clients.admin.request("DELETE", "/api/note", { body: { id: note.id } }))).toEqual({ message: "Note successfully deleted" });
    expect((await list(clients.admin, m.id)).count).toBe(0);
    expect((await clients.admin.request("GET", `/api/note_report/${note.id}`)).status).toBe(404);
    expect((await clients.admin.request("DELETE", "/api/note", { body: { id: note.id } })).status).toBe(404);
  });

  it("a note carries an uploaded image ('Attached Image'): kept, listed with a url, replaced, removed; another organization's file or a PDF refused", async () => {
    /** steps 1 and 2 of the upload: a signed link, the bytes PUT to it; the stored path comes back */
    const upload = async (client: HttpClient, name: string, bytes: Buffer, fileType = "image/png") => {
      const link = await json<{ file_path: string; url: string }>(await client.request("GET", `/api/asset/upload/${name}?file_type=${encodeURIComponent(fileType)}&file_sub_path=notes`));
      const put = await fetch(`${app.baseUrl}${link.url}`, { method: "PUT", body: new Uint8Array(bytes) });
      expect(put.status, await put.clone().text()).toBe(200);
      return link.file_path;
    };
    const m = fresh();
    const image = await upload(clients.coach, "scraped-knee.png", TINY_PNG);
    const note = await write(clients.coach, m.id, "Scraped a knee on the playground", { attachment: image });
    expect(note.attachment).toBe(image);
    expect(note.attachments).toEqual([{ attachment_url: expect.stringMatching(/^\/api\/asset\/file\/[^/]+\/scraped-knee\.png$/) }]);

    // the list (and another staff member) sees it, with a url that serves the image
    const listed = (await list(clients.admin, m.id)).data.find((n) => n.id === note.id)!;
    expect(listed.attachment).toBe(image);
    const served = await clients.admin.request("GET", listed.attachments![0]!.attachment_url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(Buffer.from(await served.arrayBuffer()).equals(TINY_PNG)).toBe(true);
    // the participant call's latest notes carry it too
    const detail = await json<{ notes: List }>(await clients.coach.request("GET", `/api/participant/${m.id}`));
    expect(detail.notes.data.find((n) => n.id === note.id)?.attachments).toHaveLength(1);

    // another organization's upload is not found, a PDF is no image, a made-up path is not found: nothing is written
    const mapleImage = await upload(clients.maple, "maple.png", TINY_PNG);
    expect(await json(await create(clients.coach, { user_id: m.id, message: "With Maple's file", attachment: mapleImage }), 404)).toEqual({
      code: "ATTACHMENT_NOT_FOUND",
      message: "Attached image not found",
    });
    const pdf = await upload(clients.coach, "form.pdf", Buffer.from("%PDF-1.4\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"), "application/pdf");
    expect(await json(await create(clients.coach, { user_id: m.id, message: "With a PDF", attachment: pdf }), 400)).toEqual({
      code: "ATTACHMENT_NOT_IMAGE",
      message: "The attached file must be a PNG, JPEG, GIF or WebP image",
    });
    expect((await json<{ code: string }>(await create(clients.coach, { user_id: m.id, message: "Made up", attachment: "notes/not-an-upload/x.png" }), 404)).code).toBe("ATTACHMENT_NOT_FOUND");
    expect((await list(clients.coach, m.id)).count).toBe(1);

    // Edit: a new image replaces it (another organization's refused), remove_attachment removes it
    const edit = (body: Record<string, unknown>) => clients.coach.request("PUT", "/api/note", { body: { id: note.id, action: "Edit", message: "Scraped a knee on the playground", ...body } });
    expect((await json<{ code: string }>(await edit({ attachment: mapleImage }), 404)).code).toBe("ATTACHMENT_NOT_FOUND");
    const second = await upload(clients.coach, "bandage.png", TINY_PNG);
    expect((await json<{ data: Note }>(await edit({ remove_attachment: true, attachment: second }))).data.attachment).toBe(second);
    const removed = (await json<{ message: string; data: Note }>(await edit({ remove_attachment: true })));
    expect(removed.message).toBe("Note successfully updated");
    expect(removed.data).toMatchObject({ attachment: null, attachments: [] });
    expect((await list(clients.coach, m.id)).data[0]).toMatchObject({ id: note.id, attachment: null, attachments: [] });
  });

  it("a rebuild of the notes read model from the store gives the same tables", async () => {
    const { db, store } = app.app.core;
    // every earlier write is projected before the tables are read (writes wait for the read model)
    await write(clients.admin, fresh().id, "Last note before the rebuild");
    const snapshot = async () => ({
      notes: (await sql`select * from rm_notes order by id`.execute(db)).rows,
      comments: (await sql`select * from rm_note_comments order by id`.execute(db)).rows,
    });
    const before = await snapshot();
    expect(before.notes.length).toBeGreaterThan(10);
    expect(before.comments.length).toBeGreaterThan(2);
    await rebuildProjection({ db, store, projection: notesProjection, batchSize: 1000 });
    expect(await snapshot()).toEqual(before);
  });
});
