import { z } from "zod";
import type { Command } from "../kernel";
import { WRITABLE_NOTE_TYPES, type NoteActor, type WritableNoteType } from "./events";

export const NOTE_MESSAGE_MAX = 5000;

export const NOTE_MESSAGES = {
  message: "Message is required",
  messageTooLong: `Message must be at most ${NOTE_MESSAGE_MAX} characters`,
  reason: "Reason is required",
  type: "Type must be Late, Away, Sick, Attending or Program/Event Note",
  participant: "Participant is required",
  note: "Note is required",
  comment: "Comment is required",
  roleIds: "Who can see this note? must be a list of user groups",
  attachment: "Attachment must be the stored path of an uploaded image",
  attachmentNotFound: "Attached image not found",
  attachmentNotImage: "The attached file must be a PNG, JPEG, GIF or WebP image",
} as const;

const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message }).max(NOTE_MESSAGE_MAX, { error: NOTE_MESSAGES.messageTooLong });

export const noteMessageSchema = requiredText(NOTE_MESSAGES.message);
export const noteReasonSchema = requiredText(NOTE_MESSAGES.reason);
export const noteIdSchema = z.string({ error: NOTE_MESSAGES.note }).trim().min(1, { error: NOTE_MESSAGES.note });
export const commentIdSchema = z.string({ error: NOTE_MESSAGES.comment }).trim().min(1, { error: NOTE_MESSAGES.comment });
export const noteParticipantIdSchema = z.string({ error: NOTE_MESSAGES.participant }).trim().min(1, { error: NOTE_MESSAGES.participant });
/** absent, null or '' is a note of no type */
export const noteTypeSchema = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.enum(WRITABLE_NOTE_TYPES, { error: NOTE_MESSAGES.type }).nullable(),
);
export const roleIdsSchema = z.preprocess(
  (v) => (v === undefined || v === null ? [] : v),
  z.array(z.string({ error: NOTE_MESSAGES.roleIds }).trim().min(1, { error: NOTE_MESSAGES.roleIds }), { error: NOTE_MESSAGES.roleIds }).max(50, { error: NOTE_MESSAGES.roleIds }),
);

/** An attached image's stored path (modules/uploads); '' or null: none. */
export const attachmentSchema = z.preprocess(
  (v) => (v === "" ? null : v),
  z.string({ error: NOTE_MESSAGES.attachment }).trim().min(1, { error: NOTE_MESSAGES.attachment }).max(600, { error: NOTE_MESSAGES.attachment }).nullable(),
);

export const createNoteSchema = z.object({
  noteId: noteIdSchema,
  participantId: noteParticipantIdSchema,
  type: noteTypeSchema,
  message: noteMessageSchema,
  roleIds: roleIdsSchema,
  attachment: attachmentSchema.optional(),
});
/** roleIds absent: the visibility stays as it is; attachment absent: it stays, null: it is removed */
export const editNoteSchema = z.object({ noteId: noteIdSchema, message: noteMessageSchema, roleIds: roleIdsSchema.optional(), attachment: attachmentSchema.optional() });
export const archiveNoteSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, reason: noteReasonSchema });
export const noteRefSchema = z.object({ noteId: noteIdSchema });
export const addCommentSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, message: noteMessageSchema });
export const editCommentSchema = addCommentSchema;
export const deleteCommentSchema = z.object({ noteId: noteIdSchema, commentId: commentIdSchema, reason: noteReasonSchema });

/**
 * Facts the handler reads and the decider trusts: `actor` (who asks, from the session), `participantFound`
 * (the participant's stream, in the command's organization) and `flagNote` (the id names a flag on the
 * participant's flag stream: a flag note, which these commands may not change). Callers' values are replaced.
 */
type Facts = { actor: NoteActor; flagNote?: boolean };

/**
 * What the handler found for the attachment's stored path (the uploads stream `upload-{uploadId}`): a file
 * uploaded in the command's organization at exactly that path (`found`), and whether its bytes are an image.
 * Caller's values are replaced.
 */
export type AttachmentFacts = { found: boolean; image: boolean };

export type CreateNoteInput = {
  noteId: string;
  participantId: string;
  type?: WritableNoteType | null;
  message: string;
  roleIds?: string[];
  /** the attached image's stored path; absent or null: none */
  attachment?: string | null;
  attachmentFacts?: AttachmentFacts;
  participantFound?: boolean;
  actor: NoteActor;
};
/** `attachment`: absent, it stays; null, it is removed; a stored path, it replaces the attachment. */
export type EditNoteInput = { noteId: string; message: string; roleIds?: string[]; attachment?: string | null; attachmentFacts?: AttachmentFacts } & Facts;
export type ArchiveNoteInput = { noteId: string; commentId: string; reason: string } & Facts;
export type NoteRefInput = { noteId: string } & Facts;
export type CommentInput = { noteId: string; commentId: string; message: string } & Facts;
export type DeleteCommentInput = { noteId: string; commentId: string; reason: string } & Facts;

export type CreateNote = Command<"CreateNote", CreateNoteInput>;
export type EditNote = Command<"EditNote", EditNoteInput>;
export type ArchiveNote = Command<"ArchiveNote", ArchiveNoteInput>;
export type RestoreNote = Command<"RestoreNote", NoteRefInput>;
export type DeleteNote = Command<"DeleteNote", NoteRefInput>;
export type AddNoteComment = Command<"AddNoteComment", CommentInput>;
export type EditNoteComment = Command<"EditNoteComment", CommentInput>;
export type DeleteNoteComment = Command<"DeleteNoteComment", DeleteCommentInput>;

export type NoteCommand = CreateNote | EditNote | ArchiveNote | RestoreNote | DeleteNote | AddNoteComment | EditNoteComment | DeleteNoteComment;

/* ---------- the /api calls' inputs ---------- */

/** The 'View Notes' choices of the filter dialog (GET /api/note/filter/{userId}); All Notes is the default. */
export const NOTE_FILTERS = ["All Notes", "Flag Notes", "Warn Notes", "Program/Event Notes", "Archived Notes"] as const;
export type NoteFilter = (typeof NOTE_FILTERS)[number];
export const NOTE_PAGE_SIZES = [10, 20, 40, 60, 80] as const;

const requiredId = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, { error: `${label} is required` });
export const noteUserIdSchema = requiredId("User ID");

/** A query parameter sent empty counts as not sent. */
const withoutEmpty = (query: unknown) => Object.fromEntries(Object.entries(query as Record<string, string | undefined>).filter(([, value]) => value !== "" && value !== undefined));

/** GET /api/note?user_id&filter_id&sort&direction&search&page&size */
export const noteListQuery = z.preprocess(
  withoutEmpty,
  z.object({
    user_id: noteUserIdSchema,
    filter_id: z.enum(NOTE_FILTERS, { error: `Filter must be one of ${NOTE_FILTERS.join(", ")}` }).default("All Notes"),
    sort: z
      .string()
      .trim()
      .regex(/^created_date(,(asc|desc))?$/i, { error: "Sort must be created_date,asc or created_date,desc" })
      .optional(),
    direction: z.enum(["asc", "desc"], { error: "Direction must be asc or desc" }).optional(),
    search: z.string().max(200, { error: "Search must be at most 200 characters" }).optional(),
    page: z.coerce.number({ error: "Page must be a number" }).int({ error: "Page must be a whole number" }).min(0, { error: "Page must be 0 or more" }).default(0),
    size: z.coerce
      .number({ error: "Size must be a number" })
      .refine((n) => (NOTE_PAGE_SIZES as readonly number[]).includes(n), { error: `Size must be one of ${NOTE_PAGE_SIZES.join(", ")}` })
      .default(10),
  }),
);

/** GET /api/note_comment_report?note_id (an empty one is none). */
export const noteCommentsQuery = z.preprocess(withoutEmpty, z.object({ note_id: noteIdSchema }));

/**
 * POST /api/note `{ user_id, message, type, role_ids, attachment }`: the decider checks the message, type,
 * visibility and that the attachment is an image uploaded in this organization.
 */
export const createNoteBody = z.object({
  user_id: noteUserIdSchema,
  message: z.unknown().optional(),
  type: z.unknown().optional(),
  role_ids: z.unknown().optional(),
  /** the attached image: the stored path of a file uploaded with the upload link (GET /api/asset/upload/{path}, then PUT) */
  attachment: z.unknown().optional(),
});

/** PUT /api/note `{ id, action: Edit|Archive|Restore, message, role_ids, attachment, remove_attachment }`: Archive's message is the reason. */
export const updateNoteBody = z.object({
  id: noteIdSchema,
  action: z.enum(["Edit", "Archive", "Restore"], { error: "Action must be Edit, Archive or Restore" }),
  message: z.unknown().optional(),
  role_ids: z.unknown().optional(),
  status: z.unknown().optional(),
  comment_id: z.unknown().optional(),
  /** Edit: a new attached image (replaces the one there is) */
  attachment: z.unknown().optional(),
  /** Edit: true removes the attached image (an attachment sent with it replaces it instead) */
  remove_attachment: z.boolean({ error: "remove_attachment must be true or false" }).optional(),
});

/** POST /api/note/comment `{ note_id, message }`. */
export const createCommentBody = z.object({ note_id: noteIdSchema, message: z.unknown().optional() });

/** PUT /api/note/comment `{ note_id, comment_id, message, action: Edit }`. */
export const editCommentBody = z.object({
  note_id: noteIdSchema,
  comment_id: commentIdSchema,
  message: z.unknown().optional(),
  action: z.literal("Edit", { error: "Action must be Edit" }).default("Edit"),
});

/** DELETE /api/note `{ id }`, its id in the JSON body or the query. */
export const deleteNoteInput = z.object({ id: noteIdSchema });

/** DELETE /api/note/comment `{ id, note_id, confirmation }` (the confirmation is the reason), in the JSON body or the query. */
export const deleteCommentInput = z.object({ id: commentIdSchema, note_id: noteIdSchema, confirmation: z.unknown().optional() });

/** The query a DELETE may carry its input in (checked once joined with the body, by the schemas above). */
export const deleteNoteQuery = z.object({ id: z.string().optional() });
export const deleteCommentQuery = z.object({ id: z.string().optional(), note_id: z.string().optional(), confirmation: z.string().optional() });

/** A DELETE's input: the query's non-empty parameters, and over them a JSON object body's fields (anything else sent is no input). */
export const deleteInputOf = (query: Record<string, string | undefined>, body: unknown) => ({
  ...withoutEmpty(query),
  ...(z.object({}).passthrough().safeParse(body).data ?? {}),
});

export type NoteListInput = z.infer<typeof noteListQuery>;
export type NoteCommentsInput = z.infer<typeof noteCommentsQuery>;
export type CreateNoteBody = z.infer<typeof createNoteBody>;
export type UpdateNoteBody = z.infer<typeof updateNoteBody>;
export type CreateCommentBody = z.infer<typeof createCommentBody>;
export type EditCommentBody = z.infer<typeof editCommentBody>;
