import type { Services } from "../../identity";
import type { EventStore } from "../../kernel";
import { baseNameOf, cleanStoredPath, storedFileUrl, uploadStreamId, type UploadEvent } from "../../uploads";
import type { Attachment, AttachmentView } from "./attachment-limits";

/**
 * What the service found for one path a draft names (decision 113), read before the command and trusted by the
 * decider, which refuses or accepts (decision 107): `path` the stored path as cleaned (null: not a stored path at
 * all), `name` the file's name for a refusal's message, `upload` the upload at exactly that path as its own stream
 * says (its organization, the type sniffed from its bytes, its size), or null when there is none. One fact per path
 * named, in order, repeats included (the count the author sent is the count refused).
 */
export type AttachmentFact = {
  path: string | null;
  name: string;
  upload: { organizationId: string; contentType: string; bytes: number } | null;
};

/** Reads the facts of each path: no refusal here, the decider decides (decision 113). */
export async function attachmentFactsOf(store: EventStore, paths: readonly string[]): Promise<AttachmentFact[]> {
  const facts: AttachmentFact[] = [];
  for (const raw of paths) {
    const path = cleanStoredPath(raw);
    const uploadId = path?.split("/").at(-2);
    const name = baseNameOf(path ?? String(raw)) || String(raw).slice(0, 80);
    if (!path || !uploadId) {
      facts.push({ path: null, name, upload: null });
      continue;
    }
    const read = await store.readStream<UploadEvent>(uploadStreamId(uploadId));
    const file = read.events.find((e) => e.type === "FileUploaded" && e.data.filePath === path);
    facts.push({ path, name, upload: file?.type === "FileUploaded" ? { organizationId: file.data.organizationId, contentType: file.data.contentType, bytes: file.data.bytes } : null });
  }
  return facts;
}

/** The attachments with short-lived signed urls for a reader of the organization. */
export async function attachmentViews(services: Pick<Services, "redis" | "clock">, organizationId: string, attachments: readonly Attachment[] | null | undefined): Promise<AttachmentView[]> {
  return Promise.all((attachments ?? []).map(async (a) => ({ ...a, url: await storedFileUrl(services, organizationId, a.path) })));
}
