import { describe, expect, it } from "vitest";
import type { FlagEvent } from "../flags";
import type { RecordedEvent } from "../kernel";
import type { NoteActor, NoteEvent } from "../notes";
import { auditCsvRow, auditCsvStream, auditDate, auditTimestamp, AUDIT_CSV_HEADER } from "./csv";
import { auditStateAt, auditTimeline, type AuditLookup } from "./index";
import { parseExportCsv } from "../exports";

const ORG = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const KID = "kid-1";
const coach: NoteActor = { userId: "coach-1", fullName: "Casey Coach", roleName: "COACH", roleDisplayName: "Coaches", level: 2 };
const admin: NoteActor = { userId: "admin-1", fullName: "Adam Admin", roleName: "ADMIN", roleDisplayName: "Admins", level: 3 };
const lookup: AuditLookup = {
  user: (id) => ({ "admin-1": { name: "Adam Admin", role: "Admins" }, "coach-1": { name: "Casey Coach", role: "Coaches" } })[id],
  group: (id) => ({ "g-admins": "Admins" })[id],
};

/**
 * A history, one event per minute from 14:00 UTC on 11/20/2026, in global order; streams interleave as
 * they would in the store.
 */
let position = 0;
function recorded(streamId: string, minute: number, event: NoteEvent | FlagEvent, actorId = "coach-1"): RecordedEvent<NoteEvent | FlagEvent> {
  position += 1;
  return {
    ...event,
    eventId: `e-${position}`,
    streamId,
    revision: 0,
    position,
    metadata: { organizationId: ORG, actorId, commandId: `c-${position}`, correlationId: `c-${position}`, causationId: null, occurredAt: at(minute).toISOString() },
  };
}
const at = (minute: number, second = 0) => new Date(Date.UTC(2026, 10, 20, 14, minute, second));

const note = (e: NoteEvent, minute: number, actorId?: string) => recorded(`note-${(e.data as { noteId: string }).noteId}`, minute, e, actorId);
const flag = (e: FlagEvent, minute: number, actorId?: string) => recorded(`flags-${KID}`, minute, e, actorId);

function history() {
  position = 0;
  return [
    note({ type: "NoteCreated", data: { noteId: "n1", participantId: KID, organizationId: ORG, type: "Late", message: "Arrived 20 minutes late", roleIds: [], author: coach } }, 0),
    note({ type: "NoteCommentAdded", data: { noteId: "n1", commentId: "c1", message: "Parent called", by: coach } }, 1),
    flag({ type: "MemberFlagged", data: { flagId: "f1", participantId: KID, organizationId: ORG, type: "stop", message: "Custody order: do not release", flaggedBy: "admin-1", flaggedByName: "Adam Admin" } }, 2, "admin-1"),
    note({ type: "NoteEdited", data: { noteId: "n1", message: "Arrived 25 minutes late", roleIds: ["g-admins"], previousMessage: "Arrived 20 minutes late", previousRoleIds: [], by: coach } }, 3),
    note({ type: "NoteCommentDeleted", data: { noteId: "n1", commentId: "c1", reason: "Wrong participant", by: admin } }, 4, "admin-1"),
    note({ type: "NoteArchived", data: { noteId: "n1", commentId: "c-arch", reason: "Duplicate", by: admin } }, 5, "admin-1"),
    flag({ type: "MemberFlagResolved", data: { flagId: "f1", participantId: KID, type: "stop", message: "Order lifted", resolvedBy: "admin-1" } }, 6, "admin-1"),
    note({ type: "NoteRestored", data: { noteId: "n1", by: admin } }, 7, "admin-1"),
    note({ type: "NoteCreated", data: { noteId: "n2", participantId: KID, organizationId: ORG, type: null, message: "=HYPERLINK(\"x\")", roleIds: [], author: coach } }, 8),
    note({ type: "NoteDeleted", data: { noteId: "n2", by: coach } }, 9),
  ];
}

describe("the auditor's replay: state at a moment", () => {
  it("shows nothing before the first event", () => {
    const state = auditStateAt(history(), new Date(at(0).getTime() - 1), lookup);
    expect(state).toMatchObject({ eventCount: 0, notes: [], flags: [] });
  });

  it("an edit: before it the note reads its old text; from its moment on, the new one", () => {
    const events = history();
    const before = auditStateAt(events, at(2, 59), lookup);
    expect(before.notes).toHaveLength(1);
    expect(before.notes[0]).toMatchObject({ noteId: "n1", message: "Arrived 20 minutes late", edited: false, viewableBy: [], status: "Active" });
    const after = auditStateAt(events, at(3), lookup);
    expect(after.notes[0]).toMatchObject({ message: "Arrived 25 minutes late", edited: true, viewableBy: ["Admins"] });
  });

  it("a comment: present after it was added, kept as deleted (who, role, when, reason) after its deletion", () => {
    const events = history();
    expect(auditStateAt(events, at(0, 30)).notes[0]!.comments).toEqual([]);
    expect(auditStateAt(events, at(1)).notes[0]!.comments).toMatchObject([{ commentId: "c1", message: "Parent called", status: "ACTIVE", deleted: null }]);
    const deleted = auditStateAt(events, at(4)).notes[0]!.comments[0]!;
    expect(deleted).toMatchObject({
      status: "deleted",
      message: "Parent called",
      deleted: { by: { name: "Adam Admin", role: "Admins" }, at: at(4).toISOString(), reason: "Wrong participant" },
    });
  });

  it("archive and restore: Archive with its reason between them, Active again after", () => {
    const events = history();
    const archived = auditStateAt(events, at(5)).notes[0]!;
    expect(archived).toMatchObject({ status: "Archive", archived: { reason: "Duplicate", by: { name: "Adam Admin" } } });
    expect(archived.comments.map((c) => [c.type, c.message])).toEqual([
      ["Note Comment", "Parent called"],
      ["Archive Note", "Duplicate"],
    ]);
    const restored = auditStateAt(events, at(7)).notes[0]!;
    expect(restored).toMatchObject({ status: "Active", archived: null });
  });

  it("a flag: Active once raised, Resolved with its reason and resolver afterwards", () => {
    const events = history();
    expect(auditStateAt(events, at(1), lookup).flags).toEqual([]);
    expect(auditStateAt(events, at(2), lookup).flags).toMatchObject([
      { flagId: "f1", type: "stop", noteType: "Manual Flag", status: "Active", message: "Custody order: do not release", flaggedBy: { name: "Adam Admin", role: "Admins" }, resolution: null },
    ]);
    expect(auditStateAt(events, at(6), lookup).flags[0]).toMatchObject({
      status: "Resolved",
      resolution: { message: "Order lifted", by: { name: "Adam Admin", role: "Admins" }, at: at(6).toISOString() },
    });
  });

  it("a deleted note: present before its deletion, status Deleted (with who and when) from then on, newest first", () => {
    const events = history();
    expect(auditStateAt(events, at(8)).notes.map((n) => [n.noteId, n.status])).toEqual([
      ["n2", "Active"],
      ["n1", "Active"],
    ]);
    expect(auditStateAt(events, at(9)).notes[0]).toMatchObject({ noteId: "n2", status: "Deleted", deleted: { by: { name: "Casey Coach" }, at: at(9).toISOString() } });
  });

  it("replays in global order whatever order the streams were read in, and counts what it replayed", () => {
    const events = history();
    const shuffled = [...events].reverse();
    expect(auditStateAt(shuffled, at(5))).toEqual(auditStateAt(events, at(5)));
    expect(auditStateAt(events, at(5)).eventCount).toBe(6);
  });
});

describe("the auditor's replay: the timeline", () => {
  it("has one entry per event, in order, with actor, role, time and before / after", () => {
    const timeline = auditTimeline(history(), lookup);
    expect(timeline.map((e) => e.action)).toEqual([
      "Note created",
      "Comment added",
      "Flag raised",
      "Note edited",
      "Comment deleted",
      "Note archived",
      "Flag resolved",
      "Note restored",
      "Note created",
      "Note deleted",
    ]);
    const edit = timeline[3]!;
    expect(edit).toMatchObject({ subject: "Note", recordId: "n1", actor: { name: "Casey Coach", role: "Coaches" }, occurredAt: at(3).toISOString() });
    expect(edit.changes).toEqual([
      { field: "Message", before: "Arrived 20 minutes late", after: "Arrived 25 minutes late" },
      { field: "Visibility", before: "All staff", after: "Admins" },
    ]);
    expect(timeline[4]!.changes).toEqual([
      { field: "Comment", before: "Parent called", after: null },
      { field: "Reason", before: null, after: "Wrong participant" },
    ]);
    expect(timeline[5]!.changes[0]).toEqual({ field: "Status", before: "Active", after: "Archive" });
    expect(timeline[6]).toMatchObject({ subject: "Flag", actor: { name: "Adam Admin", role: "Admins" }, changes: [{ field: "Status", before: "Active", after: "Resolved" }, { field: "Resolution", before: null, after: "Order lifted" }] });
    expect(timeline[7]!.changes).toEqual([{ field: "Status", before: "Archive", after: "Active" }]);
    expect(timeline[9]!.changes).toEqual([{ field: "Status", before: "Active", after: "Deleted" }]);
  });

  it("shows an edit that changed only the attached image as the image's before and after", () => {
    const events = [
      note({ type: "NoteCreated", data: { noteId: "n9", participantId: KID, organizationId: ORG, type: null, message: "Rash on arm", roleIds: [], author: coach, attachment: "uploads/o/a.png" } }, 1),
      note({ type: "NoteEdited", data: { noteId: "n9", message: "Rash on arm", roleIds: [], previousMessage: "Rash on arm", previousRoleIds: [], by: coach, attachment: "uploads/o/b.png", previousAttachment: "uploads/o/a.png" } }, 2),
      note({ type: "NoteEdited", data: { noteId: "n9", message: "Rash on arm", roleIds: [], previousMessage: "Rash on arm", previousRoleIds: [], by: coach, attachment: null, previousAttachment: "uploads/o/b.png" } }, 3),
    ];
    const [, replaced, removed] = auditTimeline(events, lookup);
    expect(replaced!.changes).toEqual([{ field: "Attached Image", before: "uploads/o/a.png", after: "uploads/o/b.png" }]);
    expect(removed!.changes).toEqual([{ field: "Attached Image", before: "uploads/o/b.png", after: null }]);
  });

  it("ignores events of other kinds", () => {
    const other = { ...history()[0]!, type: "ParticipantRegistered", position: 99 } as unknown as RecordedEvent;
    expect(auditTimeline([other])).toEqual([]);
  });
});

describe("the timeline CSV", () => {
  it("formats dates MM/DD/YYYY at hh:mm A in the time zone", () => {
    expect(auditDate("2026-11-20T14:03:00.000Z", "America/Toronto")).toBe("11/20/2026 at 09:03 AM");
    expect(auditDate("2026-11-20T23:59:00.000Z", "UTC")).toBe("11/20/2026 at 11:59 PM");
  });

  it("writes the exact instant in the time zone with its offset, the same instant as the UTC form", () => {
    const cases: [string, string, string][] = [
      ["2026-11-20T14:03:07.120Z", "America/Toronto", "2026-11-20T09:03:07.120-05:00"],
      ["2026-07-01T02:30:00.000Z", "America/Vancouver", "2026-06-30T19:30:00.000-07:00"],
      ["2026-11-20T23:59:59.999Z", "UTC", "2026-11-20T23:59:59.999+00:00"],
      ["2026-11-20T12:00:00.000Z", "Asia/Kolkata", "2026-11-20T17:30:00.000+05:30"],
      ["2026-11-20T12:00:00.000Z", "America/St_Johns", "2026-11-20T08:30:00.000-03:30"],
      ["2026-11-20T12:00:00.000Z", "Pacific/Kiritimati", "2026-11-21T02:00:00.000+14:00"],
    ];
    for (const [iso, zone, local] of cases) {
      expect(auditTimestamp(iso, zone)).toBe(local);
      expect(new Date(local).toISOString()).toBe(iso);
    }
  });

  it("writes the header and one row per event, neutralising formulas, and reads back to the original text", async () => {
    const timeline = auditTimeline(history(), lookup);
    // a comment whose text is a formula, and an actor named like one
    const formula = { ...timeline[1]!, actor: { userId: "x", name: "@SUM(A1)", role: "-1" }, changes: [{ field: "Comment", before: null, after: '=HYPERLINK("x")' }] };
    timeline.splice(2, 0, formula);
    const chunks: Buffer[] = [];
    for await (const chunk of auditCsvStream(timeline, "UTC")) chunks.push(Buffer.from(chunk as Buffer));
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text).toContain('"\'=HYPERLINK(""x"")"');
    expect(text).toContain('"\'@SUM(A1)","\'-1"');
    expect(text).not.toMatch(/(^|,)"[=+\-@\t\r]/m);
    const rows = await parseExportCsv(text);
    expect(rows[0]).toEqual([...AUDIT_CSV_HEADER]);
    expect(rows).toHaveLength(1 + timeline.length);
    expect(rows[3]![2]).toBe("@SUM(A1)");
    expect(rows[3]![10]).toBe('=HYPERLINK("x")');
    expect(rows[5]).toEqual(auditCsvRow(timeline[4]!, "UTC"));
    expect(rows[5]!.slice(8)).toEqual(["Message, Visibility", "Message: Arrived 20 minutes late\nVisibility: All staff", "Message: Arrived 25 minutes late\nVisibility: Admins", "UTC"]);
  });
});
