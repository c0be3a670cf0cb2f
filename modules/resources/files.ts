import { Readable } from "node:stream";
import { createReadableStreamFromReadable, unstable_parseMultipartFormData } from "@remix-run/node";
import type { Auth, Services } from "../identity";
import { actingAsMetadata, DomainError, newId, type DomainErrorStatus } from "../kernel";
import { StorageNotFoundError } from "../storage";
import { baseNameOf, cleanFileName, cleanStoredPath, firstBytes, MiB, recordUpload, SNIFF_BYTES, storageKeyOf } from "../uploads";
import { resourceOpensStreamId, type ResourceOpened } from "./events";
import { RESOURCE_FILE_HINT, opensInline } from "./format";
import { RESOURCE_LIMITS } from "./limits";
import { sniffResource } from "./sniff";

const refused = (code: string, message: string, status: DomainErrorStatus = 400) => new DomainError(code, message, status);
const tooLarge = () => refused("FILE_TOO_LARGE", `The file is larger than ${MiB(RESOURCE_LIMITS.fileBytes)}.`, 413);
const notAccepted = () => refused("FILE_TYPE_NOT_ALLOWED", `The file must be a ${RESOURCE_FILE_HINT} file.`);
const fileMissing = () => refused("FILE_NOT_FOUND", "The file was not found. Upload it again.");

/** The first bytes of a stored object and a stream of all of it; null when there is none. */
async function openStored(services: Pick<Services, "storage">, key: string): Promise<{ head: Buffer; stream: AsyncIterable<Buffer>; close: () => void } | null> {
  let source: Readable;
  try {
    source = await services.storage.read(key);
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
  const { bytes, stream } = await firstBytes(source);
  return { head: bytes, stream, close: () => source.destroy() };
}

/** A file named by a resource's file_path: stored in the caller's organization and an accepted format, else 400. */
export async function storedResourceFile(services: Services, organizationId: string, filePath: string) {
  const path = cleanStoredPath(filePath);
  if (!path) throw fileMissing();
  const key = storageKeyOf(organizationId, path);
  const [stat, opened] = await Promise.all([services.storage.stat(key), openStored(services, key)]);
  if (!stat || !opened) throw fileMissing();
  opened.close();
  const name = baseNameOf(path);
  const contentType = sniffResource(opened.head, name);
  if (!contentType) throw notAccepted();
  return { path, name, contentType, bytes: stat.bytes };
}

/** Reads and drops the rest of a refused body (at most three times the limit), so that the client reads the answer. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>) {
  let dropped = 0;
  try {
    while (dropped <= 3 * RESOURCE_LIMITS.fileBytes) {
      const next = await reader.read();
      if (next.done) return;
      dropped += next.value.length;
    }
    await reader.cancel();
  } catch {
    // the client went away
  }
}

export type UploadedResourceFile = { file_path: string; file_name: string; content_type: string; bytes: number };

/**
 * Streams a multipart form's `file` into the organization's storage (resources/{uploadId}/{name}), never
 * holding it whole: its first bytes must be an accepted format (with its name's extension for office
 * files), past 10 MB it is refused with 413 and nothing is kept; FileUploaded is recorded like any upload.
 * The form's other fields (short texts) are returned with it, for the page's one-step form.
 */
export async function receiveResourceForm(services: Services, auth: Auth, request: Request): Promise<{ file: UploadedResourceFile | null; fields: Record<string, string[]> }> {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data") || !/boundary=/i.test(type)) throw refused("NOT_MULTIPART", "Send the file as multipart/form-data with a field named file.");
  if (!request.body) throw refused("FILE_REQUIRED", "Choose a file to upload.");
  const reader = request.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const proxied = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
  const organizationId = auth.organization.id;
  const fields: Record<string, string[]> = {};
  let file: UploadedResourceFile | null = null;
  let sha256 = "";
  try {
    await unstable_parseMultipartFormData(proxied, async (part) => {
      if (part.filename !== undefined) {
        if (part.name !== "file" || file !== null) throw refused("ONE_FILE", "Send one file, in the field named file.");
        // a form's empty file input: no file chosen
        if (!part.filename) {
          for await (const _chunk of part.data) void _chunk;
          return undefined;
        }
        const uploadId = newId();
        const name = cleanFileName(part.filename);
        const path = `resources/${uploadId}/${name}`;
        let contentType: string | null = null;
        async function* checked(): AsyncGenerator<Buffer> {
          let head = Buffer.alloc(0);
          let bytes = 0;
          for await (const raw of part.data) {
            const chunk = Buffer.from(raw);
            bytes += chunk.length;
            if (bytes > RESOURCE_LIMITS.fileBytes) throw tooLarge();
            if (contentType) {
              yield chunk;
              continue;
            }
            head = Buffer.concat([head, chunk]);
            if (head.length >= SNIFF_BYTES) {
              contentType = sniffResource(head, name);
              if (!contentType) throw notAccepted();
              yield head;
            }
          }
          if (!contentType) {
            if (head.length === 0) throw refused("FILE_EMPTY", "The file is empty.");
            contentType = sniffResource(head, name);
            if (!contentType) throw notAccepted();
            yield head;
          }
        }
        const written = await services.storage.write(storageKeyOf(organizationId, path), checked());
        sha256 = written.sha256;
        file = { file_path: path, file_name: name, content_type: contentType ?? "application/octet-stream", bytes: written.bytes };
        return path;
      }
      let text = "";
      for await (const chunk of part.data) {
        text += Buffer.from(chunk).toString("utf8");
        if (text.length > RESOURCE_LIMITS.description * 4) throw refused("FIELD_TOO_LARGE", `The field ${part.name.slice(0, 40)} is too long.`);
      }
      (fields[part.name] ??= []).push(text);
      return text;
    });
  } catch (error) {
    await drain(reader);
    if (error instanceof DomainError) throw error;
    services.logger.warn("a resource form could not be read", { error: String(error) });
    throw refused("BAD_FORM", "The form could not be read.");
  }
  const stored = file as UploadedResourceFile | null;
  if (stored) {
    const uploadId = stored.file_path.split("/")[1]!;
    const result = await recordUpload({ store: services.store, clock: services.clock }, uploadId, {
      type: "RecordFileUpload",
      data: { uploadId, filePath: stored.file_path, contentType: stored.content_type, bytes: stored.bytes, sha256, via: "form" },
      metadata: { commandId: `upload-${uploadId}`, organizationId, actorId: auth.user.id },
    });
    if (!result.ok) throw result.error;
  }
  return { file: stored, fields };
}

/** POST /api/resource/file: the file alone; its file_path then goes into POST or PUT /api/resource. */
export async function uploadResourceFile(services: Services, auth: Auth, request: Request) {
  const { file } = await receiveResourceForm(services, auth, request);
  if (!file) throw refused("FILE_REQUIRED", "Choose a file to upload.");
  return { message: "File uploaded", ...file };
}

/** ResourceOpened on the resource's opens stream: any revision (opens never conflict), one new event per open. */
async function recordOpen(services: Services, auth: Auth, resourceId: string) {
  const commandId = newId();
  const event = {
    type: "ResourceOpened" as const,
    data: { organizationId: auth.organization.id, resourceId, userId: auth.user.id },
    eventId: commandId,
    metadata: { organizationId: auth.organization.id, actorId: auth.user.id, commandId, correlationId: commandId, causationId: null, occurredAt: services.clock.now().toISOString(), ...actingAsMetadata() },
  };
  await services.store.appendToStream<ResourceOpened>(resourceOpensStreamId(resourceId), [event], { expectedRevision: "any" });
}

/**
 * GET /api/resource/{id}/open: records the open (the download count), then sends a link's visitor on
 * (302) or streams the file: PDFs and images inline, office files as attachments, never sniffed by the
 * browser, sandboxed. A file that is gone is not found and not counted.
 */
export async function openResourceFile(services: Services, auth: Auth, row: { id: string; kind: string; url: string | null; file_path: string | null; file_name: string | null; content_type: string | null }): Promise<Response> {
  if (row.kind === "link" && row.url) {
    await recordOpen(services, auth, row.id);
    return new Response(null, { status: 302, headers: { Location: row.url, "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" } });
  }
  const path = row.file_path && cleanStoredPath(row.file_path);
  const opened = path ? await openStored(services, storageKeyOf(auth.organization.id, path)) : null;
  if (!opened) throw new DomainError("RESOURCE_FILE_NOT_FOUND", "The resource's file was not found", 404);
  await recordOpen(services, auth, row.id).catch((error: unknown) => {
    opened.close();
    throw error;
  });
  const name = (row.file_name ?? "file").replace(/[^A-Za-z0-9._-]/g, "_");
  const inline = opensInline(row.content_type);
  return new Response(createReadableStreamFromReadable(Readable.from(opened.stream)), {
    status: 200,
    headers: {
      "Content-Type": row.content_type ?? "application/octet-stream",
      "Content-Disposition": `${inline ? "inline" : "attachment"}; filename="${name}"`,
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}
