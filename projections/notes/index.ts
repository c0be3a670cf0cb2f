export { notesProjection, NOTES_TOPIC, NOTES_CHANGED, notesAdminTopic, notesGroupTopic, notesUserTopic, mayFollowNotesTopic, isNotesTopic } from "./projection";
export * from "./queries";
export type { NoteTables, NoteUser, NoteStatusComment, DeletedComment } from "./tables";
export * as notesMigration from "./migration";
export * as notesAttachmentMigration from "./migration-attachment";
