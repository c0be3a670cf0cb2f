import type { Services } from "../../identity";
import { DomainError, type EventStore } from "../../kernel";
import { baseNameOf, cleanStoredPath, storedFileUrl, uploadStreamId, type UploadEvent } from "../../uploads";
import { ATTACHMENT_TEXTS, ATTACHMENT_TYPES, type Attachment, type AttachmentView } from "./attachment-limits";

const refused = (field: string, message: string) => new DomainError("VALIDATION", message, 400, { fieldErrors: { [field]: [message] } });

/**
 * The attachments a draft names, read from the uploads' own streams (decision 107): each path must be a file uploaded
 * in this organization at exactly that path, an image or a PDF by its sniffed bytes. The name, type and size come
 * from the upload, never from the caller. A refusal names the file.
 */
export async function attachmentsOf(store: EventStore, organizationId: string, paths: readonly string[]): Promise<Attachment[]> {
  const found: Attachment[] = [];
  for (const raw of paths) {
    const path = cleanStoredPath(raw);
    const uploadId = path?.split("/").at(-2);
    const name = baseNameOf(path ?? String(raw)) || String(raw).slice(0, 80);
    if (!path || !uploadId) throw refused("attachments", ATTACHMENT_TEXTS.notFound(name));
    const read = await store.readStream<UploadEvent>(uploadStreamId(uploadId));
    const file = read.events.find((e) => e.type === "FileUploaded" && e.data.organizationId === organizationId && e.data.filePath === path);
    if (!file || file.type !== "FileUploaded") throw refused("attachments", ATTACHMENT_TEXTS.notFound(name));
    if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.data.contentType)) throw refused("attachments", ATTACHMENT_TEXTS.wrongType(name));
    if (!found.some((a) => a.path === path)) found.push({ path, name, content_type: file.data.contentType, bytes: file.data.bytes });
  }
  return found;
}

/** The attachments with short-lived signed urls for a reader of the organization. */
export async function attachmentViews(services: Pick<Services, "redis" | "clock">, organizationId: string, attachments: readonly Attachment[] | null | undefined): Promise<AttachmentView[]> {
  return Promise.all((attachments ?? []).map(async (a) => ({ ...a, url: await storedFileUrl(services, organizationId, a.path) })));
}
