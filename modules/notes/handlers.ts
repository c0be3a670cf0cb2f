import { handleCommand, validationError, type Clock, type CommandResult, type EventStore, type HandleOptions } from "../kernel";
import { flagStreamId, type FlagEvent } from "../flags";
import { loadParticipant } from "../participants";
import { cleanStoredPath, isImageType, uploadStreamId, type UploadEvent } from "../uploads";
import { noteIdSchema, noteParticipantIdSchema, type AttachmentFacts, type NoteCommand } from "./commands";
import { noteDecider, noteParticipantNotFound, type NoteState } from "./decide";
import { noteStreamId, type NoteEvent } from "./events";

export type NoteDeps = {
  store: EventStore;
  clock: Clock;
  /**
   * Where a flag note's flag lives: the participant whose flag stream may hold a flag of this id (the
   * caller may look it up anywhere; the answer is then checked against the flag stream itself).
   */
  flagOwner?: (noteId: string) => Promise<string | null>;
};
export type NoteResult = CommandResult<NoteState, NoteEvent>;

/** Whether `flagId` is a flag raised on the participant's flag stream in the organization. */
async function isFlagOf(store: EventStore, participantId: string, flagId: string, organizationId: string | null): Promise<boolean> {
  const read = await store.readStream<FlagEvent>(flagStreamId(participantId));
  return read.events.some((e) => e.type === "MemberFlagged" && e.data.flagId === flagId && e.data.organizationId === organizationId);
}

/**
 * What the attachment's stored path is, from the uploads stream of the file (`{sub}/{uploadId}/{name}`):
 * found when a file was uploaded at exactly that path in the organization, an image by its sniffed bytes.
 * Also the path as stored (cleaned); a value that is no stored path is simply not found.
 */
export async function attachmentFactsOf(store: EventStore, value: string, organizationId: string | null): Promise<{ path: string; facts: AttachmentFacts }> {
  const path = cleanStoredPath(value);
  const uploadId = path?.split("/").at(-2);
  if (!path || !uploadId || !organizationId) return { path: value.trim(), facts: { found: false, image: false } };
  const read = await store.readStream<UploadEvent>(uploadStreamId(uploadId));
  const file = read.events.find((e) => e.type === "FileUploaded" && e.data.organizationId === organizationId && e.data.filePath === path);
  const contentType = file?.type === "FileUploaded" ? file.data.contentType : "";
  return { path, facts: { found: file !== undefined, image: isImageType(contentType) } };
}

/** The command with its attachment's facts (read from the uploads stream) when it names one. */
async function withAttachmentFacts(store: EventStore, command: NoteCommand): Promise<NoteCommand> {
  if (command.type !== "CreateNote" && command.type !== "EditNote") return command;
  const value = command.data.attachment;
  if (typeof value !== "string" || value.trim() === "") return { ...command, data: { ...command.data, attachmentFacts: undefined } } as NoteCommand;
  const { path, facts } = await attachmentFactsOf(store, value, command.metadata.organizationId);
  return { ...command, data: { ...command.data, attachment: path, attachmentFacts: facts } } as NoteCommand;
}

/**
 * Loads `note-{noteId}`, decides, appends (handleCommand retries on a conflict). A new note's
 * participant must exist in the command's organization (read from its stream). A command on an id with
 * no note stream asks whether the id is a flag (a flag note) so the refusal can say so.
 */
export async function handleNoteCommand(deps: NoteDeps, command: NoteCommand, options?: HandleOptions): Promise<NoteResult> {
  const id = noteIdSchema.safeParse(command.data?.noteId);
  if (!id.success) return { ok: false, error: validationError(id.error) };
  const streamId = noteStreamId(id.data);
  let decided: NoteCommand = command;
  if (command.type === "CreateNote") {
    const participantId = noteParticipantIdSchema.safeParse(command.data.participantId);
    if (!participantId.success) return { ok: false, error: validationError(participantId.error) };
    const participant = await loadParticipant(deps.store, participantId.data);
    const found = participant !== null && participant.organizationId === command.metadata.organizationId;
    if (!found) return { ok: false, error: noteParticipantNotFound() };
    decided = { ...command, data: { ...command.data, participantFound: true } };
  } else {
    const read = await deps.store.readStream(streamId);
    let flagNote = false;
    if (!read.streamExists && deps.flagOwner) {
      const owner = await deps.flagOwner(id.data);
      flagNote = owner !== null && (await isFlagOf(deps.store, owner, id.data, command.metadata.organizationId));
    }
    decided = { ...command, data: { ...command.data, flagNote } } as NoteCommand;
  }
  return handleCommand(deps, noteDecider, streamId, await withAttachmentFacts(deps.store, decided), options);
}
