import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditProjection } from "../../projections/audit";
import { rebuildProjection } from "../../projections/runner";
import { parseExportCsv } from "../../modules/exports";
import { AUDIT_CSV_HEADER } from "../../modules/audit";
import { DEMO_FLAGGED_PARTICIPANT_IDS } from "../factories/demo-seed";
import { HttpClient, clearSignInLimits } from "../support/http-client";
import { startInProcessApp, type InProcessApp } from "../support/in-process-app";
import { testServices } from "../support/services";

type Member = { id: string; first_name: string; last_name: string };
type Change = { field: string; before: string | null; after: string | null };
type Entry = { eventId: string; occurredAt: string; subject: string; action: string; recordId: string; commentId: string | null; actor: { name: string; role: string }; changes: Change[] };
type NoteAt = { noteId: string; message: string; status: string; edited: boolean; comments: { commentId: string; message: string; status: string; deleted: null | { reason: string; by: { name: string } } }[] };
type FlagAt = { flagId: string; type: string; status: string; message: string; resolution: null | { message: string } };
type Audit = { participant: { id: string }; at: string; timeline: Entry[]; state: { at: string; eventCount: number; notes: NoteAt[]; flags: FlagAt[] } };

describe("the auditor's replay over the API on real PostgreSQL", () => {
  let app: InProcessApp;
  const clients: Record<"admin" | "organization" | "coach" | "granter" | "maple", HttpClient> = {} as never;
  let members: Member[];
  const used = new Set<string>(DEMO_FLAGGED_PARTICIPANT_IDS);
  const fresh = () => {
    const found = members.find((m) => !used.has(m.id))!;
    used.add(found.id);
    return found;
  };
  const json = async <T>(response: Response, status = 200): Promise<T> => {
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return JSON.parse(text) as T;
  };
  const audit = async (client: HttpClient, participantId: string, at?: string) =>
    json<Audit>(await client.request("GET", `/api/audit/participant/${participantId}${at === undefined ? "" : `?at=${encodeURIComponent(at)}`}`));

  beforeAll(async () => {
    app = await startInProcessApp("audit");
    await clearSignInLimits((await testServices()).redisUrl);
    for (const role of ["admin", "organization", "coach", "granter"] as const) {
      clients[role] = new HttpClient(app.baseUrl);
      await clients[role].signIn(`${role}@northside.demo`);
    }
    clients.maple = new HttpClient(app.baseUrl);
    await clients.maple.signIn("admin@maple.demo");
    members = (await json<{ data: Member[] }>(await clients.admin.request("GET", "/api/participant_report?page=0&size=1000&statuses=Active"))).data;
  }, 120_000);
  afterAll(() => app?.stop());

  /** A full history: note written, commented, edited, comment deleted, archived, restored; a flag raised and resolved; a second note deleted. */
  async function history(m: Member) {
    const note = (await json<{ data: { id: string } }>(await clients.admin.request("POST", "/api/note", { body: { user_id: m.id, message: "Arrived 20 minutes late", type: "Late" } }))).data;
    const comment = await json<{ id: string }>(await clients.coach.request("POST", "/api/note/comment", { body: { note_id: note.id, message: "+1 Parent called" } }));
    await json(await clients.admin.request("PUT", "/api/note", { body: { id: note.id, action: "Edit", message: "Arrived 25 minutes late" } }));
    await json(await clients.admin.request("DELETE", "/api/note/comment", { body: { id: comment.id, note_id: note.id, confirmation: "Wrong participant" } }));
    await json(await clients.admin.request("PUT", "/api/note", { body: { id: note.id, action: "Archive", message: "Recorded twice" } }));
    await json(await clients.admin.request("PUT", "/api/note", { body: { id: note.id, action: "Restore" } }));
    await json(await clients.coach.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Custody order: do not release", type: "stop", action: "Flag" } }));
    await json(await clients.admin.request("POST", "/api/note/flag", { body: { user_id: m.id, message: "Order lifted", type: "stop", action: "Unflag" } }));
    const gone = (await json<{ data: { id: string } }>(await clients.coach.request("POST", "/api/note", { body: { user_id: m.id, message: "=HYPERLINK(\"http://x\")" } }))).data;
    await json(await clients.coach.request("DELETE", "/api/note", { body: { id: gone.id } }));
    return { note, comment, gone };
  }

  it("answers the timeline of every note, comment and flag event with actor, role and before / after", async () => {
    const m = fresh();
    const { note, comment, gone } = await history(m);
    const { timeline, state } = await audit(clients.admin, m.id);
    expect(timeline.map((e) => e.action)).toEqual([
      "Note created",
      "Comment added",
      "Note edited",
      "Comment deleted",
      "Note archived",
      "Note restored",
      "Flag raised",
      "Flag resolved",
      "Note created",
      "Note deleted",
    ]);
    expect(timeline[1]).toMatchObject({ subject: "Comment", recordId: note.id, commentId: comment.id, actor: { name: expect.stringContaining("Northside"), role: "Coaches" } });
    expect(timeline[2]).toMatchObject({ actor: { role: "Admins" }, changes: [{ field: "Message", before: "Arrived 20 minutes late", after: "Arrived 25 minutes late" }] });
    expect(timeline[3]!.changes).toEqual([
      { field: "Comment", before: "+1 Parent called", after: null },
      { field: "Reason", before: null, after: "Wrong participant" },
    ]);
    expect(timeline[4]!.changes[0]).toEqual({ field: "Status", before: "Active", after: "Archive" });
    expect(timeline[5]!.changes).toEqual([{ field: "Status", before: "Archive", after: "Active" }]);
    // flag events carry the user id: the role comes from the user's group
    expect(timeline[6]).toMatchObject({ subject: "Flag", actor: { role: "Coaches" } });
    expect(timeline[7]).toMatchObject({ actor: { role: "Admins" }, changes: [{ field: "Status", before: "Active", after: "Resolved" }, { field: "Resolution", after: "Order lifted" }] });
    expect(timeline[9]).toMatchObject({ recordId: gone.id, changes: [{ field: "Status", before: "Active", after: "Deleted" }] });
    // now: the deleted note is still there for the auditor (the notes read model has dropped it)
    expect(state.notes.map((n) => [n.noteId, n.status])).toEqual([
      [gone.id, "Deleted"],
      [note.id, "Active"],
    ]);
    expect(state.flags).toMatchObject([{ type: "stop", status: "Resolved", resolution: { message: "Order lifted" } }]);
  });

  it("replays the notes and flags as they stood at any moment of the timeline", async () => {
    const m = fresh();
    const { note } = await history(m);
    const { timeline } = await audit(clients.organization, m.id);
    const when = (action: string) => timeline.find((e) => e.action === action)!.occurredAt;
    const before = (iso: string) => new Date(Date.parse(iso) - 1).toISOString();

    const created = await audit(clients.organization, m.id, when("Note created"));
    expect(created.state.notes).toMatchObject([{ noteId: note.id, message: "Arrived 20 minutes late", edited: false, status: "Active", comments: [] }]);
    expect(created.state.flags).toEqual([]);

    const beforeEdit = await audit(clients.organization, m.id, before(when("Note edited")));
    expect(beforeEdit.state.notes).toMatchObject([{ message: "Arrived 20 minutes late", comments: [{ message: "+1 Parent called", status: "ACTIVE" }] }]);
    const edited = await audit(clients.organization, m.id, when("Note edited"));
    expect(edited.state.notes).toMatchObject([{ message: "Arrived 25 minutes late", edited: true }]);

    const archived = await audit(clients.organization, m.id, when("Note archived"));
    expect(archived.state.notes[0]).toMatchObject({ status: "Archive", comments: [{ status: "deleted", deleted: { reason: "Wrong participant" } }, { message: "Recorded twice" }] });

    const flagged = await audit(clients.organization, m.id, when("Flag raised"));
    expect(flagged.state.flags).toMatchObject([{ status: "Active", message: "Custody order: do not release", resolution: null }]);
    expect(flagged.state.notes.map((n) => n.status)).toEqual(["Active"]);

    // an offset other than Z means the same moment
    const offset = new Date(Date.parse(when("Flag raised")) - 5 * 3600_000).toISOString().replace("Z", "-05:00");
    expect((await audit(clients.organization, m.id, offset)).state.eventCount).toBe(flagged.state.eventCount);
  });

  it("refuses a bad `at` with 400, another organization's or an unknown participant with 404, without the permission with 403", async () => {
    const m = fresh();
    for (const at of ["yesterday", "2026-13-45T99:00:00Z", "2026-11-20", "1700000000000"]) {
      const response = await clients.admin.request("GET", `/api/audit/participant/${m.id}?at=${encodeURIComponent(at)}`);
      expect(await json(response, 400), at).toMatchObject({ code: "VALIDATION", message: expect.stringContaining("ISO 8601") });
    }
    for (const path of [`/api/audit/participant/${m.id}`, `/api/audit/participant/${m.id}/timeline.csv`]) {
      expect(await json(await clients.maple.request("GET", path), 404)).toEqual({ code: "PARTICIPANT_NOT_FOUND", message: "Participant not found" });
      expect(await json(await clients.coach.request("GET", path), 403)).toMatchObject({ code: "FORBIDDEN" });
      expect(await json(await clients.granter.request("GET", path), 403)).toMatchObject({ code: "FORBIDDEN" });
    }
    expect(await json(await clients.admin.request("GET", "/api/audit/participant/not-an-id"), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    expect(await json(await clients.admin.request("GET", "/api/audit/participant/0f5f2c1e-7d0e-4c1a-9d1e-1a2b3c4d5e6f"), 404)).toMatchObject({ code: "PARTICIPANT_NOT_FOUND" });
    // a participant with no history: an empty timeline, not an error
    expect(await audit(clients.admin, m.id)).toMatchObject({ timeline: [], state: { notes: [], flags: [], eventCount: 0 } });
  });

  it("downloads the timeline as CSV: the header, one row per event, formulas neutralised", async () => {
    const m = fresh();
    await history(m);
    const response = await clients.admin.request("GET", `/api/audit/participant/${m.id}/timeline.csv`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="audit-history-[A-Za-z0-9-]+-\d{2}-\d{2}-\d{4}\.csv"$/);
    const text = await response.text();
    const rows = await parseExportCsv(text);
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(rows).toHaveLength(1 + 10);
    expect(rows.slice(1).map((r) => r[5])).toContain("Note edited");
    // before, after, then the organization's zone the row's date and timestamp are in (decision 041)
    expect(rows.find((r) => r[5] === "Note edited")!.slice(9)).toEqual(["Arrived 20 minutes late", "Arrived 25 minutes late", "America/Toronto"]);
    expect(rows[1]![0]).toMatch(/^\d{2}\/\d{2}\/\d{4} at \d{2}:\d{2} [AP]M$/);
    // the deleted note's text was a formula: written with a leading quote, read back as written
    expect(text).toContain(`"Message: =HYPERLINK(""http://x"")`);
    expect(text).toContain(`"'+1 Parent called"`);
    expect(rows.find((r) => r[5] === "Comment added")![10]).toBe("+1 Parent called");
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
  });

  it("keeps a deleted note's stream in the audit index (the notes read model drops it), and a rebuild gives the same index", async () => {
    const { db, store } = app.app.core;
    const m = fresh();
    const { gone } = await history(m);
    expect((await sql`select id from rm_notes where id = ${gone.id}`.execute(db)).rows).toEqual([]);
    // the audit index has caught up once an audit call answered
    await audit(clients.admin, m.id);
    const snapshot = async () => (await sql`select * from rm_audit_note_streams order by note_id`.execute(db)).rows;
    const before = await snapshot();
    expect(before).toContainEqual(expect.objectContaining({ note_id: gone.id, stream_id: `note-${gone.id}`, participant_id: m.id }));
    await rebuildProjection({ db, store, projection: auditProjection, batchSize: 1000 });
    expect(await snapshot()).toEqual(before);
  });
});
