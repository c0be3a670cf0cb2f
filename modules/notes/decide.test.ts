import { describe, expect, it } from "vitest";
import type { CommandMetadata } from "../kernel";
import { deciderSpec } from "../../test/support/decider-spec";
import type { NoteCommand } from "./commands";
import { noteDecider } from "./decide";
import type { NoteActor, NoteEvent } from "./events";

const orgId = "0f5f2c1e-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const otherOrg = "9a9a9a9a-7d0e-5c1a-9d1e-1a2b3c4d5e6f";
const now = new Date("2026-11-23T14:00:00.000Z");
const metadata: CommandMetadata = { commandId: "cmd-1", organizationId: orgId, actorId: "coach-1" };

const coach: NoteActor = { userId: "coach-1", fullName: "Casey Coach", roleName: "COACH", roleDisplayName: "Coach", level: 2 };
const otherCoach: NoteActor = { userId: "coach-2", fullName: "Chris Coach", roleName: "COACH", roleDisplayName: "Coach", level: 2 };
const admin: NoteActor = { userId: "admin-1", fullName: "Adam Admin", roleName: "ADMIN", roleDisplayName: "Admin", level: 3 };
const organization: NoteActor = { userId: "org-1", fullName: "Olive Org", roleName: "ORGANIZATION", roleDisplayName: "Organization", level: 4 };

const created = (by: NoteActor = coach, roleIds: string[] = [], message = "Arrived 20 minutes late, bus was delayed"): NoteEvent => ({
  type: "NoteCreated",
  data: { noteId: "note-1", participantId: "kid-1", organizationId: orgId, type: "Late", message, roleIds, author: by },
});
const archived = (by: NoteActor = coach, reason = "Duplicate of another note"): NoteEvent => ({ type: "NoteArchived", data: { noteId: "note-1", commentId: "c-arch", reason, by } });
const restored = (by: NoteActor = admin): NoteEvent => ({ type: "NoteRestored", data: { noteId: "note-1", by } });
const deleted = (by: NoteActor = coach): NoteEvent => ({ type: "NoteDeleted", data: { noteId: "note-1", by } });
const commented = (by: NoteActor = coach, commentId = "c-1", message = "Parent called to confirm"): NoteEvent => ({ type: "NoteCommentAdded", data: { noteId: "note-1", commentId, message, by } });
const commentDeleted = (by: NoteActor = coach, commentId = "c-1", reason = "Wrong participant"): NoteEvent => ({ type: "NoteCommentDeleted", data: { noteId: "note-1", commentId, reason, by } });

const cmd = <C extends NoteCommand>(type: C["type"], data: Record<string, unknown>, meta: Partial<CommandMetadata> = {}): NoteCommand =>
  ({ type, data: { noteId: "note-1", actor: coach, ...data }, metadata: { ...metadata, ...meta } }) as NoteCommand;
const create = (data: Record<string, unknown> = {}) =>
  cmd("CreateNote", { participantId: "kid-1", type: "Late", message: "Arrived 20 minutes late, bus was delayed", participantFound: true, ...data });
const edit = (data: Record<string, unknown> = {}) => cmd("EditNote", { message: "Arrived 25 minutes late", ...data });
const archive = (data: Record<string, unknown> = {}) => cmd("ArchiveNote", { commentId: "c-arch", reason: "Duplicate of another note", ...data });
const restore = (data: Record<string, unknown> = {}) => cmd("RestoreNote", { actor: admin, ...data });
const remove = (data: Record<string, unknown> = {}) => cmd("DeleteNote", data);
const comment = (data: Record<string, unknown> = {}) => cmd("AddNoteComment", { commentId: "c-1", message: "Parent called to confirm", ...data });
const editComment = (data: Record<string, unknown> = {}) => cmd("EditNoteComment", { commentId: "c-1", message: "Mother called to confirm", ...data });
const deleteComment = (data: Record<string, unknown> = {}) => cmd("DeleteNoteComment", { commentId: "c-1", reason: "Wrong participant", ...data });

/** given the events so far / when the command / then the events or the error */
const given = deciderSpec(noteDecider, now);

describe("notes: create", () => {
  it("writes a note with its type, trimmed message and author", () => {
    given().when(create({ message: "  Arrived 20 minutes late, bus was delayed  " })).then([created()]);
  });

  it("accepts Program/Event Note, the ordinary values and no type; refuses flag types and others", () => {
    for (const type of ["Program/Event Note", "Late", "Away", "Sick", "Attending"]) {
      given().when(create({ type })).then([{ ...created(), data: { ...(created().data as object), type } } as NoteEvent]);
    }
    given().when(create({ type: "" })).then([{ ...created(), data: { ...(created().data as object), type: null } } as NoteEvent]);
    given().when(create({ type: undefined })).then([{ ...created(), data: { ...(created().data as object), type: null } } as NoteEvent]);
    for (const type of ["Manual Flag", "Manual Warn Flag", "System Generated", "Happy"]) {
      given().when(create({ type })).thenRefused("VALIDATION", 400, "Type must be Late, Away, Sick, Attending or Program/Event Note");
    }
  });

  it("requires a message, at most 5000 characters", () => {
    given().when(create({ message: "   " })).thenRefused("VALIDATION", 400, "Message is required");
    given().when(create({ message: undefined })).thenRefused("VALIDATION", 400, "Message is required");
    given().when(create({ message: "x".repeat(5001) })).thenRefused("VALIDATION", 400, "Message must be at most 5000 characters");
  });

  it("keeps 'Who can see this note?' from admins only (deduplicated); others' notes are for all staff", () => {
    given().when(create({ actor: admin, roleIds: ["g-admin", "g-admin", "g-coach"] })).then([created(admin, ["g-admin", "g-coach"])]);
    given().when(create({ actor: coach, roleIds: ["g-admin"] })).then([created(coach, [])]);
    given().when(create({ actor: admin, roleIds: "g-admin" })).thenRefused("VALIDATION", 400, "Who can see this note? must be a list of user groups");
  });

  it("refuses a participant not found in the organization, and a second creation", () => {
    given().when(create({ participantFound: false })).thenRefused("PARTICIPANT_NOT_FOUND", 404, "Participant not found");
    given(created()).when(create()).thenRefused("NOTE_EXISTS", 409);
  });
});

describe("notes: edit (author only, active notes)", () => {
  it("the author edits an active note; the event keeps the message before", () => {
    given(created())
      .when(edit())
      .then([{ type: "NoteEdited", data: { noteId: "note-1", message: "Arrived 25 minutes late", roleIds: [], previousMessage: "Arrived 20 minutes late, bus was delayed", previousRoleIds: [], by: coach } }]);
  });

  it("refuses anyone but the author, an admin too", () => {
    given(created()).when(edit({ actor: otherCoach })).thenRefused("NOT_NOTE_AUTHOR", 403, "Only the author can edit this note");
    given(created()).when(edit({ actor: admin })).thenRefused("NOT_NOTE_AUTHOR", 403);
  });

  it("refuses an archived note, and an edit that changes nothing appends nothing", () => {
    given(created(), archived()).when(edit()).thenRefused("NOTE_NOT_ACTIVE", 409, "Only active notes can be edited");
    given(created()).when(edit({ message: "Arrived 20 minutes late, bus was delayed" })).then([]);
    given(created()).when(edit({ message: "" })).thenRefused("VALIDATION", 400, "Message is required");
  });

  it("an admin author may change who can see it; a coach's roleIds are ignored", () => {
    given(created(admin, ["g-admin"]))
      .when(edit({ actor: admin, message: "Arrived 20 minutes late, bus was delayed", roleIds: ["g-admin", "g-coach"] }))
      .then([
        {
          type: "NoteEdited",
          data: { noteId: "note-1", message: "Arrived 20 minutes late, bus was delayed", roleIds: ["g-admin", "g-coach"], previousMessage: "Arrived 20 minutes late, bus was delayed", previousRoleIds: ["g-admin"], by: admin },
        },
      ]);
    given(created()).when(edit({ message: "Arrived 20 minutes late, bus was delayed", roleIds: ["g-admin"] })).then([]);
  });
});

describe("notes: archive (admin or author, active notes, with a reason)", () => {
  it("the author or an admin archives with a reason comment", () => {
    given(created()).when(archive()).then([archived()]);
    given(created()).when(archive({ actor: admin })).then([archived(admin)]);
    given(created()).when(archive({ actor: organization })).then([archived(organization)]);
  });

  it("refuses another coach, a missing reason and an archived note", () => {
    given(created()).when(archive({ actor: otherCoach })).thenRefused("FORBIDDEN", 403, "Only an admin or the author can archive this note");
    given(created()).when(archive({ reason: " " })).thenRefused("VALIDATION", 400, "Reason is required");
    given(created(), archived()).when(archive({ commentId: "c-arch-2" })).thenRefused("NOTE_ARCHIVED", 409, "This note is archived already");
  });
});

describe("notes: restore (admin only)", () => {
  it("an admin restores an archived note", () => {
    given(created(), archived()).when(restore()).then([restored()]);
  });

  it("refuses the author who is not an admin, and a note that is not archived", () => {
    given(created(), archived()).when(restore({ actor: coach })).thenRefused("FORBIDDEN", 403, "Only an admin can restore a note");
    given(created()).when(restore()).thenRefused("NOTE_NOT_ARCHIVED", 409, "Only archived notes can be restored");
  });
});

describe("notes: delete (admin or author)", () => {
  it("the author or an admin deletes, archived or not; a deleted note is not found", () => {
    given(created()).when(remove()).then([deleted()]);
    given(created(), archived()).when(remove({ actor: admin })).then([deleted(admin)]);
    given(created(), deleted()).when(remove()).thenRefused("NOTE_NOT_FOUND", 404, "Note not found");
    given(created(), deleted()).when(edit()).thenRefused("NOTE_NOT_FOUND", 404);
  });

  it("refuses another coach", () => {
    given(created()).when(remove({ actor: otherCoach })).thenRefused("FORBIDDEN", 403, "Only an admin or the author can delete this note");
  });
});

describe("notes: flag and warn notes, other organizations", () => {
  it("refuses to edit, archive, restore, delete or comment a flag note", () => {
    given().when(edit({ flagNote: true })).thenRefused("FLAG_NOTE", 409, "Flag and warn notes cannot be edited; resolve the flag instead");
    given().when(archive({ flagNote: true, actor: admin })).thenRefused("FLAG_NOTE", 409, "Flag and warn notes cannot be archived; resolve the flag instead");
    given().when(restore({ flagNote: true })).thenRefused("FLAG_NOTE", 409, "Flag and warn notes cannot be restored; resolve the flag instead");
    given().when(remove({ flagNote: true, actor: admin })).thenRefused("FLAG_NOTE", 409, "Flag and warn notes cannot be deleted; resolve the flag instead");
    given().when(comment({ flagNote: true })).thenRefused("FLAG_NOTE", 409, "Comments are not available on flag and warn notes");
  });

  it("an unknown id, or another organization's note, is not found", () => {
    given().when(archive()).thenRefused("NOTE_NOT_FOUND", 404);
        for (const command of [edit(), archive(), restore(), remove(), comment()]) {
      given(created()).when({ ...command, metadata: { ...command.metadata, organizationId: otherOrg } }).thenRefused("NOTE_NOT_FOUND", 404);
    }
  });
});

describe("notes: visibility ('Who can see this note?')", () => {
  const inGroup: NoteActor = { ...otherCoach, groupId: "g-coach" };
  const outside: NoteActor = { ...otherCoach, groupId: "g-volunteer" };
  const limited = () => created(admin, ["g-admin", "g-coach"]);

  it("a note hidden from the actor is not found, whatever the command", () => {
    for (const command of [comment({ actor: outside }), edit({ actor: outside }), archive({ actor: outside }), remove({ actor: outside }), restore({ actor: outside })]) {
      given(limited()).when(command).thenRefused("NOTE_NOT_FOUND", 404, "Note not found");
    }
    given(limited()).when(comment({ actor: { ...otherCoach, groupId: null } })).thenRefused("NOTE_NOT_FOUND", 404);
  });

  it("members of a listed group, admins and the author may act on it; a note for everyone is for all staff", () => {
    given(limited()).when(comment({ actor: inGroup })).then([commented(inGroup)]);
    given(limited()).when(comment({ actor: organization })).then([commented(organization)]);
    given(created(coach, [])).when(comment({ actor: outside })).then([commented(outside)]);
    given(limited()).when(edit({ actor: admin, message: "Arrived 20 minutes late, bus was delayed" })).then([]);
  });
});

describe("notes: comments", () => {
  it("adds a comment on an active note; refuses on an archived one with the spec's text", () => {
    given(created()).when(comment({ actor: otherCoach })).then([commented(otherCoach)]);
    given(created(), archived()).when(comment()).thenRefused("COMMENTS_DISABLED", 409, "Comments disabled for archived notes");
    given(created(), archived(), restored()).when(comment()).then([commented()]);
    given(created()).when(comment({ message: "" })).thenRefused("VALIDATION", 400, "Message is required");
    given(created(), commented()).when(comment()).thenRefused("COMMENT_EXISTS", 409);
  });

  it("edit is author only; a deleted comment is not found", () => {
    given(created(), commented())
      .when(editComment())
      .then([{ type: "NoteCommentEdited", data: { noteId: "note-1", commentId: "c-1", message: "Mother called to confirm", previousMessage: "Parent called to confirm", by: coach } }]);
    given(created(), commented()).when(editComment({ actor: admin })).thenRefused("NOT_COMMENT_AUTHOR", 403, "Only the author can edit this comment");
    given(created(), commented(), commentDeleted()).when(editComment()).thenRefused("COMMENT_NOT_FOUND", 404, "Comment not found");
    given(created(), commented(), archived()).when(editComment()).thenRefused("COMMENTS_DISABLED", 409, "Comments disabled for archived notes");
    given(created(), commented()).when(editComment({ message: "Parent called to confirm" })).then([]);
  });

  it("delete needs a reason, by the author or an admin, and keeps who, role and reason", () => {
    given(created(), commented()).when(deleteComment()).then([commentDeleted()]);
    given(created(), commented()).when(deleteComment({ actor: admin, reason: " Not about this note " })).then([commentDeleted(admin, "c-1", "Not about this note")]);
    given(created(), commented()).when(deleteComment({ actor: otherCoach })).thenRefused("FORBIDDEN", 403, "Only an admin or the author can delete this comment");
    given(created(), commented()).when(deleteComment({ reason: "" })).thenRefused("VALIDATION", 400, "Reason is required");
    given(created(), commented(), commentDeleted()).when(deleteComment()).thenRefused("COMMENT_NOT_FOUND", 404);
    given(created(), commented(), archived()).when(deleteComment()).thenRefused("COMMENTS_DISABLED", 409);
  });
});

describe("notes: evolve", () => {
  it("follows status through archive and restore, keeps comments, and ignores a second creation", () => {
    const { state } = given(created(), commented(), archived(), restored(), created(admin, ["x"], "other"));
    expect(state).toMatchObject({ exists: true, status: "Active", authorId: "coach-1", message: "Arrived 20 minutes late, bus was delayed", roleIds: [] });
    expect(Object.keys(state.comments).sort()).toEqual(["c-1", "c-arch"]);
  });
});

describe("notes: the attached image ('Attached Image')", () => {
  const image = "notes/3f1c9a52-0000-4000-8000-000000000001/fall.png";
  const other = "notes/3f1c9a52-0000-4000-8000-000000000002/bus.jpg";
  const isImage = { found: true, image: true };
  const withImage = (value = image): NoteEvent => ({ ...created(), data: { ...(created().data as object), attachment: value } } as NoteEvent);
  const edited = (extra: Record<string, unknown>): NoteEvent =>
    ({
      type: "NoteEdited",
      data: { noteId: "note-1", message: "Arrived 20 minutes late, bus was delayed", roleIds: [], previousMessage: "Arrived 20 minutes late, bus was delayed", previousRoleIds: [], by: coach, ...extra },
    }) as NoteEvent;
  const sameMessage = { message: "Arrived 20 minutes late, bus was delayed" };

  it("a new note keeps an uploaded image of its organization; none leaves the field out", () => {
    given().when(create({ attachment: image, attachmentFacts: isImage })).then([withImage()]);
    given().when(create({ attachment: "", attachmentFacts: undefined })).then([created()]);
    given().when(create({ attachment: null })).then([created()]);
  });

  it("refuses a file not uploaded in the organization (404) and one whose bytes are not an image (400)", () => {
    given().when(create({ attachment: image, attachmentFacts: { found: false, image: false } })).thenRefused("ATTACHMENT_NOT_FOUND", 404, "Attached image not found");
    // facts are the handler's: a value without them is not trusted
    given().when(create({ attachment: image })).thenRefused("ATTACHMENT_NOT_FOUND", 404);
    given().when(create({ attachment: image, attachmentFacts: { found: true, image: false } })).thenRefused("ATTACHMENT_NOT_IMAGE", 400, "The attached file must be a PNG, JPEG, GIF or WebP image");
    given().when(create({ attachment: 42, attachmentFacts: isImage })).thenRefused("VALIDATION", 400, "Attachment must be the stored path of an uploaded image");
  });

  it("an edit replaces or removes it, with the value before; leaving it out keeps it", () => {
    given(withImage()).when(edit({ ...sameMessage, attachment: other, attachmentFacts: isImage })).then([edited({ attachment: other, previousAttachment: image })]);
    given(withImage()).when(edit({ ...sameMessage, attachment: null })).then([edited({ attachment: null, previousAttachment: image })]);
    given(created()).when(edit({ ...sameMessage, attachment: image, attachmentFacts: isImage })).then([edited({ attachment: image, previousAttachment: null })]);
    given(withImage()).when(edit(sameMessage)).then([]);
    given(withImage()).when(edit({ ...sameMessage, attachment: image, attachmentFacts: isImage })).then([]);
    given(created()).when(edit({ ...sameMessage, attachment: null })).then([]);
  });

  it("an edit's new image is checked too; the author and active rules come first", () => {
    given(withImage()).when(edit({ ...sameMessage, attachment: other, attachmentFacts: { found: false, image: false } })).thenRefused("ATTACHMENT_NOT_FOUND", 404);
    given(withImage()).when(edit({ ...sameMessage, attachment: other, actor: otherCoach, attachmentFacts: { found: false, image: false } })).thenRefused("NOT_NOTE_AUTHOR", 403);
    given(withImage(), archived()).when(edit({ ...sameMessage, attachment: null })).thenRefused("NOTE_NOT_ACTIVE", 409);
  });

  it("the state follows the attachment; old NoteEdited events without the field keep it", () => {
    expect(given(withImage()).state.attachment).toBe(image);
    expect(given(withImage(), edited({})).state.attachment).toBe(image);
    expect(given(withImage(), edited({ attachment: other, previousAttachment: image })).state.attachment).toBe(other);
    expect(given(withImage(), edited({ attachment: null, previousAttachment: image })).state.attachment).toBeNull();
    expect(given(created()).state.attachment).toBeNull();
  });
});
