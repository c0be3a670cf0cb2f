import { unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import { commandMetadataOf, isAdminOrAbove, isStaff, type Auth, type Services } from "../identity";
import { DomainError, needRedis, newId, payloadTooLarge, redisTargetOfClient } from "../kernel";
import type { RollcallQueue } from "../kernel/queues";
import { formUploadRefused } from "./errors";
import { recordUpload, registerAsset } from "./handlers";
import { MiB, UPLOAD_LIMITS, ZIP_LIMITS } from "./limits";
import { cleanFileName, cleanStoredPath, packagePaths, storageKeyOf } from "./paths";
import { createUploadQueue, enqueueUnpack, type UnpackJobData } from "./queue";
import { drain, DRAIN_LIMIT, recordFile } from "./service-links";
import { fileUrl } from "./service-serving";
import { looksLikeZip } from "./sniff";
import { readBounded, storeUpload } from "./store";
import { checkPackage } from "./unpack";
import { ZipRefusal } from "./zip";

const queues = new Map<string, RollcallQueue<UnpackJobData, unknown>>();

/** This process's unpack queue of the app's prefix (one per prefix: two apps in one process, the tests, each their own). */
function uploadQueue(services: Services) {
  let queue = queues.get(services.queuePrefix);
  if (!queue) {
    queue = createUploadQueue(redisTargetOfClient(services.redis), services.queuePrefix);
    queues.set(services.queuePrefix, queue);
  }
  return queue;
}

/** Closes this process's unpack queue of a prefix (the web server's stop). */
export async function closeUploadQueue(prefix: string): Promise<void> {
  const queue = queues.get(prefix);
  queues.delete(prefix);
  await queue?.close().catch(() => undefined);
}

const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);

// ---- step 3: PUT /api/asset ----------------------------------------------------------------------

/** A registration is a few short fields: a body declared larger is refused (the call reads at most its 1 MB). */
const ASSET_FIELDS_BYTES = 64 * 1024;

/**
 * PUT /api/asset (entity, property, entity_id, value; form fields or JSON): registers a stored path
 * against an entity (AssetRegistered). Members may register only against their own user; staff against
 * any entity of their organization; another organization's file or participant is not found.
 */
export async function registerAssetFor(services: Services, auth: Auth, body: unknown, request: Request) {
  if (Number(request.headers.get("content-length") ?? "0") > ASSET_FIELDS_BYTES) throw payloadTooLarge(ASSET_FIELDS_BYTES);
  const fields = typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const entity = typeof fields.entity === "string" ? fields.entity.trim() : "";
  const entityId = typeof fields.entity_id === "string" ? fields.entity_id.trim() : "";
  const mayWrite = entity === "user" ? entityId === auth.user.id || isAdminOrAbove(auth.user.roleLevel) : isStaff(auth.user.roleLevel);
  if (entity && !mayWrite) throw forbidden();
  const result = await registerAsset({ store: services.store, clock: services.clock, storage: services.storage }, fields, commandMetadataOf(auth, request, fields.command_id));
  if (!result.ok) throw result.error;
  const value = result.state.values[String(fields.property ?? "").trim()] ?? cleanStoredPath(fields.value) ?? "";
  return { message: "Asset successfully updated", data: { entity, entity_id: entityId, property: String(fields.property).trim(), value, url: await fileUrl(services, auth.organization.id, value) } };
}

// ---- POST /api/file/upload and /api/file/upload/zip -------------------------------------------------

function requireMultipart(request: Request) {
  const type = request.headers.get("content-type") ?? "";
  if (!type.startsWith("multipart/form-data") || !/boundary=/i.test(type)) throw formUploadRefused("NOT_MULTIPART", "Send the file as multipart/form-data with a field named file.");
}

/** Reads a small text field of a multipart form (at most 1 000 bytes). */
async function textOf(part: UploadHandlerPart): Promise<string> {
  let text = "";
  for await (const chunk of part.data) {
    text += Buffer.from(chunk).toString("utf8");
    if (text.length > 1000) throw formUploadRefused("FIELD_TOO_LARGE", `The field ${part.name.slice(0, 40)} is too long.`);
  }
  return text;
}

/**
 * Parses a multipart form with one file field `file`, streaming it through `onFile` (never held whole);
 * other fields are short texts. A broken form is a 400, never a 500. Remix's multipart parser is the
 * streaming one the project has.
 */
async function parseUpload(
  services: Services,
  request: Request,
  drainLimit: number,
  onFile: (part: UploadHandlerPart) => Promise<string>,
): Promise<{ file: string | null; fields: Record<string, string> }> {
  requireMultipart(request);
  if (!request.body) throw formUploadRefused("FILE_REQUIRED", "Choose a file to upload.");
  // the parser reads through a stream of ours, so that after a refusal the rest of the body can be read and dropped
  const reader = request.body.getReader();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await reader.read();
      if (next.done) controller.close();
      else controller.enqueue(next.value);
    },
  });
  const proxied = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
  let file: string | null = null;
  const fields: Record<string, string> = {};
  try {
    await unstable_parseMultipartFormData(proxied, async (part) => {
      if (part.filename !== undefined) {
        if (part.name !== "file" || file !== null) throw formUploadRefused("ONE_FILE", "Send one file, in the field named file.");
        file = await onFile(part);
        return file;
      }
      fields[part.name] = await textOf(part);
      return fields[part.name];
    });
  } catch (error) {
    await drain(reader, drainLimit);
    if (error instanceof DomainError) throw error;
    services.logger.warn("a multipart upload could not be read", { error: String(error) });
    throw formUploadRefused("BAD_FORM", "The form could not be read.");
  }
  return { file, fields };
}

/** POST /api/file/upload (a form with file): the file stored like a link upload (an image or a PDF by its bytes). Response file_path and a url. */
export async function uploadFileForm(services: Services, auth: Auth, request: Request) {
  const uploadId = newId();
  let stored: { bytes: number; sha256: string; contentType: string } | null = null;
  const { file } = await parseUpload(services, request, DRAIN_LIMIT, async (part) => {
    const filePath = `files/${uploadId}/${cleanFileName(part.filename ?? "file")}`;
    stored = await storeUpload(services.storage, storageKeyOf(auth.organization.id, filePath), part.data, { kind: "any", maxBytes: UPLOAD_LIMITS.fileBytes, refuse: formUploadRefused });
    return filePath;
  });
  if (!file || !stored) throw formUploadRefused("FILE_REQUIRED", "Choose a file to upload.");
  const done = stored as { bytes: number; sha256: string; contentType: string };
  await recordFile(services, auth.organization.id, auth.user.id, uploadId, file, done, "form");
  return { message: "File uploaded", file_path: file, content_type: done.contentType, bytes: done.bytes, url: await fileUrl(services, auth.organization.id, file) };
}

/**
 * POST /api/file/upload/zip (a form with file and file_type): the zip is staged (size-limited while it
 * streams), its directory checked in full (refused zips are deleted at once, nothing unpacked), then
 * PackageUploaded is recorded and the worker unpacks it. The value points to content/index.html.
 */
export async function uploadZipForm(services: Services, auth: Auth, request: Request) {
  const uploadId = newId();
  const organizationId = auth.organization.id;
  const paths = packagePaths(uploadId);
  const staged = storageKeyOf(organizationId, paths.staged);
  let zipBytes = 0;
  const { file, fields } = await parseUpload(services, request, 3 * UPLOAD_LIMITS.zipBytes, async (part) => {
    async function* limited() {
      let first = true;
      for await (const chunk of part.data) {
        if (first && chunk.length > 0) {
          if (chunk.length >= 4 && !looksLikeZip(chunk)) throw formUploadRefused("NOT_A_ZIP", "The file is not a zip.");
          first = false;
        }
        zipBytes += chunk.length;
        if (zipBytes > UPLOAD_LIMITS.zipBytes) throw formUploadRefused("FILE_TOO_LARGE", `The zip is larger than ${MiB(UPLOAD_LIMITS.zipBytes)}.`);
        yield chunk;
      }
    }
    await services.storage.write(staged, limited());
    return paths.staged;
  });
  const refuse = async (code: string, reason: string) => {
    await services.storage.delete(staged).catch(() => false);
    return formUploadRefused(code, reason);
  };
  if (!file) throw await refuse("FILE_REQUIRED", "Choose a zip file to upload.");
  const fileType = (fields.file_type ?? "").trim();
  if (!fileType || fileType.length > 60) throw await refuse("FILE_TYPE_REQUIRED", "file_type is required (at most 60 characters).");
  let directory;
  try {
    const zip = await readBounded(services.storage, staged, UPLOAD_LIMITS.zipBytes);
    if (!looksLikeZip(zip)) throw new ZipRefusal("The file is not a zip.");
    directory = checkPackage(zip, ZIP_LIMITS);
  } catch (error) {
    if (error instanceof ZipRefusal) throw await refuse("ZIP_REFUSED", error.message);
    throw error;
  }
  const result = await recordUpload({ store: services.store, clock: services.clock }, uploadId, {
    type: "RecordPackageUpload",
    data: { uploadId, filePath: paths.value, fileType, zipBytes, files: directory.files.length, declaredBytes: directory.declaredBytes },
    metadata: { commandId: `package-${uploadId}`, organizationId, actorId: auth.user.id },
  });
  if (!result.ok) throw result.error;
  await needRedis(enqueueUnpack(uploadQueue(services), { uploadId, organizationId }), "Unpacking packages");
  return { message: "File uploaded", file_path: paths.value, upload_id: uploadId, status: "Processing", files: directory.files.length };
}
