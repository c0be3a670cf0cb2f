import { DomainError, type Command, type Decider } from "../../kernel";
import { ATTACHMENT_TEXTS, ATTACHMENT_TYPES, ATTACHMENTS_MAX, type Attachment } from "./attachment-limits";
import type { AttachmentFact } from "./attachments";
import type { AnnouncementEvent, AnnouncementSavedData, AnnouncementStatus, Channel } from "./events";

export type AnnouncementState =
  | { exists: false }
  | { exists: true; organizationId: string; authorId: string; status: AnnouncementStatus; channels: Channel[]; sendAt: string | null };

export type AnnouncementCommand =
  /** `attachmentFacts`: what the service read from the uploads of the paths the draft names, one per path (decision 113) */
  | Command<"SaveAnnouncement", Omit<AnnouncementSavedData, "organizationId" | "attachments"> & { attachmentFacts: AttachmentFact[] }>
  /** `recipientCount` and `enabledChannels` are read by the service when the command is sent */
  | Command<"SendAnnouncement", { announcementId: string; sendAt: string | null; recipientCount: number; enabledChannels: Channel[]; actorId: string }>
  | Command<"RecordFanOut", { announcementId: string; recipientCount: number; deliveryCount: number }>
  | Command<"RetractAnnouncement", { announcementId: string; reason: string; actorId: string }>;

const fieldError = (field: string, message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { [field]: [message] } });
export const announcementNotFound = () => new DomainError("ANNOUNCEMENT_NOT_FOUND", "Communication not found", 404);
export const notADraft = () => new DomainError("NOT_A_DRAFT", "This communication was sent already; retract it instead", 409);
export const alreadyRetractedAnnouncement = () => new DomainError("ALREADY_RETRACTED", "This communication is retracted already", 409);
export const notSentYet = () => new DomainError("NOT_SENT", "A draft is not sent: edit it instead of retracting it", 409);
export const NO_AUDIENCE = "The audience has nobody in it: choose groups, programs, events, flags or people";
export const PAST_SCHEDULE = "The scheduled time is in the past: choose a later time";

/**
 * The draft's attachments from the facts (decisions 107, 113): at most five named; each an upload of this
 * organization at exactly that path (another organization's upload, or none, is "not found": it is nowhere for this
 * author), an image or a PDF by its sniffed bytes. Name, type and size come from the upload. A refusal names the file.
 */
function attachmentsFrom(facts: readonly AttachmentFact[], organizationId: string): Attachment[] | DomainError {
  if (facts.length > ATTACHMENTS_MAX) return fieldError("attachments", ATTACHMENT_TEXTS.tooMany);
  const attachments: Attachment[] = [];
  for (const fact of facts) {
    if (!fact.path || !fact.upload || fact.upload.organizationId !== organizationId) return fieldError("attachments", ATTACHMENT_TEXTS.notFound(fact.name));
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(fact.upload.contentType)) return fieldError("attachments", ATTACHMENT_TEXTS.wrongType(fact.name));
    if (!attachments.some((a) => a.path === fact.path)) attachments.push({ path: fact.path, name: fact.name, content_type: fact.upload.contentType, bytes: fact.upload.bytes });
  }
  return attachments;
}

export const initialAnnouncementState = (): AnnouncementState => ({ exists: false });

export function evolveAnnouncement(state: AnnouncementState, event: AnnouncementEvent): AnnouncementState {
  switch (event.type) {
    case "AnnouncementSaved":
      return { exists: true, organizationId: event.data.organizationId, authorId: event.data.authorId, status: "draft", channels: event.data.channels, sendAt: null };
    case "AnnouncementSendRequested":
      return state.exists ? { ...state, status: event.data.scheduled ? "scheduled" : "sending", sendAt: event.data.sendAt } : state;
    case "AnnouncementFannedOut":
      return state.exists && state.status !== "retracted" ? { ...state, status: "sent" } : state;
    case "AnnouncementRetracted":
      return state.exists ? { ...state, status: "retracted" } : state;
    default:
      return state;
  }
}

/**
 * Pure (decision 088). A draft is saved any number of times by staff of its organization, its attachments checked
 * against the facts the service read (decision 113); it is sent once (now, or
 * at a time that is not past), to an audience of at least one person, over channels the organization enabled. The
 * fan-out is recorded once. A scheduled or sent announcement is never deleted nor edited: it is retracted with a
 * reason, once (a scheduled one then never goes out).
 */
export function decideAnnouncement(state: AnnouncementState, command: AnnouncementCommand, now: Date): AnnouncementEvent[] | DomainError {
  const organizationId = command.metadata.organizationId!;
  if (command.type === "SaveAnnouncement") {
    if (state.exists && state.organizationId !== organizationId) return announcementNotFound();
    if (state.exists && state.status !== "draft") return notADraft();
    const { attachmentFacts, ...draft } = command.data;
    const attachments = attachmentsFrom(attachmentFacts, organizationId);
    if (attachments instanceof DomainError) return attachments;
    return [{ type: "AnnouncementSaved", data: { ...draft, organizationId, attachments } }];
  }
  if (!state.exists || state.organizationId !== organizationId) return announcementNotFound();
  switch (command.type) {
    case "SendAnnouncement": {
      if (state.status !== "draft") return notADraft();
      if (state.channels.length === 0) return fieldError("channels", "Choose at least one channel");
      const disabled = state.channels.filter((c) => !command.data.enabledChannels.includes(c));
      if (disabled.length) return fieldError("channels", `${disabled.join(", ")} is not enabled for this organization`);
      if (command.data.recipientCount < 1) return fieldError("audience", NO_AUDIENCE);
      const sendAt = command.data.sendAt ? new Date(command.data.sendAt) : now;
      if (Number.isNaN(sendAt.getTime())) return fieldError("send_at", "The scheduled time is not a date and time");
      if (command.data.sendAt && sendAt.getTime() < now.getTime() - 60_000) return fieldError("send_at", PAST_SCHEDULE);
      const scheduled = sendAt.getTime() > now.getTime() + 60_000;
      return [{ type: "AnnouncementSendRequested", data: { announcementId: command.data.announcementId, sendAt: sendAt.toISOString(), scheduled, requestedBy: command.data.actorId } }];
    }
    case "RecordFanOut":
      if (state.status !== "sending" && state.status !== "scheduled") return [];
      return [{ type: "AnnouncementFannedOut", data: command.data }];
    case "RetractAnnouncement": {
      if (state.status === "retracted") return alreadyRetractedAnnouncement();
      if (state.status === "draft") return notSentYet();
      const reason = command.data.reason.trim();
      if (!reason) return fieldError("reason", "Reason is required");
      return [{ type: "AnnouncementRetracted", data: { announcementId: command.data.announcementId, reason, retractedBy: command.data.actorId } }];
    }
    default: {
      const never: never = command;
      return never;
    }
  }
}

export const announcementDecider: Decider<AnnouncementState, AnnouncementCommand, AnnouncementEvent> = {
  initialState: initialAnnouncementState,
  evolve: evolveAnnouncement,
  decide: decideAnnouncement,
};
