import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import { createReadableStreamFromReadable, unstable_parseMultipartFormData, type UploadHandlerPart } from "@remix-run/node";
import type { Redis } from "ioredis";
import { DomainError, newId } from "../../modules/kernel";
import type { RollcallQueue } from "../../modules/kernel/queues";
import { StorageNotFoundError } from "../../modules/storage";
import {
  assetNotFound,
  baseNameOf,
  checkPackage,
  cleanFileName,
  cleanStoredPath,
  cleanSubPath,
  FILE_URL_TTL_MS,
  folderOf,
  MiB,
  formUploadRefused,
  isImageType,
  linkRefused,
  loadUpload,
  looksLikeZip,
  packagePaths,
  readBounded,
  recordUpload,
  registerAsset,
  signLink,
  sniff,
  storageKeyOf,
  storeUpload,
  transferRefused,
  UPLOAD_LIMITS,
  UPLOAD_LINK_TTL_MS,
  uploadKindOf,
  verifyLink,
  ZIP_LIMITS,
  ZipRefusal,
  SNIFF_BYTES,
  type LinkClaims,
} from "../../modules/uploads";
import { assetValueOf } from "../../projections/assets";
import { createUploadQueue, enqueueUnpack, type UnpackJobData } from "../../workers/uploads/queue";
import { readJson } from "./api.server";
import type { Auth } from "./auth.server";
import type { AppServices } from "./load-context";

const SECRET_KEY = "rollcall:uploads:link-secret";
let secret: Promise<Buffer> | null = null;
let queue: RollcallQueue<UnpackJobData, unknown> | null = null;

/**
 * The HMAC key of upload links and file urls, shared by every web process through Redis (made once,
 * kept), as the export download links do (decisions 014 and 019).
 */
export function uploadLinkSecret(redis: Redis): Promise<Buffer> {
  secret ??= (async () => {
    await redis.set(SECRET_KEY, randomBytes(32).toString("hex"), "NX");
    const value = await redis.get(SECRET_KEY);
    if (!value) throw new Error("no upload link secret");
    return Buffer.from(value, "hex");
  })().catch((error: unknown) => {
    secret = null;
    throw error;
  });
  return secret;
}

function uploadQueue(services: AppServices) {
  queue ??= createUploadQueue({ ...services.redis.options }, services.queuePrefix);
  return queue;
}

const metadataOf = (auth: Auth, commandId: string) => ({ commandId, organizationId: auth.organization.id, actorId: auth.user.id });
const isStaff = (auth: Auth) => auth.user.roleLevel >= 2 && auth.user.roleLevel <= 6;
const isAdmin = (auth: Auth) => auth.user.roleLevel >= 3 && auth.user.roleLevel <= 6;
const forbidden = () => new DomainError("FORBIDDEN", "You do not have permission to do this.", 403);

/** A signed url that serves the stored file at `path` (and its siblings: a package's relative links). */
async function fileUrl(services: AppServices, organizationId: string, path: string): Promise<string> {
  const token = signLink(await uploadLinkSecret(services.redis), {
    purpose: "get",
    organizationId,
    path: folderOf(path),
    expires: services.clock.now().getTime() + FILE_URL_TTL_MS,
  });
  return `/api/asset/file/${token}/${baseNameOf(path)}`;
}

/**
 * A short-lived signed url showing a stored value of the organization (a note's attached image), or
 * null when the value is no stored path. Signing needs no storage call: a file that is gone answers 404.
 */
export async function storedFileUrl(services: AppServices, organizationId: string, value: string | null): Promise<string | null> {
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}

// ---- step 1: GET /api/asset/upload/:path ---------------------------------------------------------

/**
 * GET /api/asset/upload/{path}?file_type&file_sub_path (spec-2 section 7): a signed upload link that
 * expires, for one file: {path} is the file's name, file_type what it is meant to be (an image type,
 * 'image', or application/pdf), file_sub_path an optional folder. Response: file_path (the stored
 * path to register later), url (where to PUT the bytes), expires_at, max_bytes.
 */
export async function uploadLinkFor(services: AppServices, auth: Auth, name: string, url: URL) {
  const fileType = url.searchParams.get("file_type") ?? "";
  const kind = uploadKindOf(fileType);
  if (!fileType.trim()) throw linkRefused("FILE_TYPE_REQUIRED", "file_type is required.");
  if (!kind) throw linkRefused("FILE_TYPE_NOT_ALLOWED", "Only PNG, JPEG, GIF and WebP images and PDF files can be uploaded.");
  const sub = cleanSubPath(url.searchParams.get("file_sub_path"));
  if (!sub) throw linkRefused("BAD_SUB_PATH", "file_sub_path must be up to three folders of letters, digits, '_' and '-'.");
  if (!name.trim() || name.length > 255) throw linkRefused("BAD_FILE_NAME", "The file needs a name of at most 255 characters.");
  const filePath = `${sub}/${newId()}/${cleanFileName(name)}`;
  const expires = services.clock.now().getTime() + UPLOAD_LINK_TTL_MS;
  const token = signLink(await uploadLinkSecret(services.redis), { purpose: "put", organizationId: auth.organization.id, path: filePath, kind, expires });
  return { file_path: filePath, url: `/api/asset/put/${token}`, method: "PUT", expires_at: new Date(expires).toISOString(), max_bytes: UPLOAD_LIMITS.fileBytes };
}

// ---- step 2: PUT /api/asset/put/:token -----------------------------------------------------------

const USED_PREFIX = "rollcall:uploads:used:";

/**
 * PUT the file's bytes to the signed link: no session needed, the signature is the permission. The
 * body is streamed to storage (never held whole), sniffed (it must be what the link was made for) and
 * cut off past the size limit. A link serves one upload: the first PUT claims it.
 */
export async function putToLink(services: AppServices, token: string, request: Request) {
  const check = verifyLink(await uploadLinkSecret(services.redis), token, "put", services.clock.now());
  if (!check.ok) {
    throw check.reason === "expired"
      ? transferRefused("UPLOAD_LINK_EXPIRED", "The upload link has expired. Ask for a new one.")
      : transferRefused("UPLOAD_LINK_INVALID", "The upload link is not valid.");
  }
  const claims = check.claims;
  if (!request.body) throw transferRefused("FILE_EMPTY", "The file is empty.");
  const reader = request.body.getReader();
  try {
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (Number.isFinite(declared) && declared > UPLOAD_LIMITS.fileBytes) throw transferRefused("FILE_TOO_LARGE", `The file is larger than ${MiB(UPLOAD_LIMITS.fileBytes)}.`);
    const ttl = Math.max(1000, claims.e - services.clock.now().getTime() + 60_000);
    const claimed = await services.redis.set(`${USED_PREFIX}${token.slice(token.indexOf(".") + 1)}`, "1", "PX", ttl, "NX");
    if (claimed !== "OK") throw transferRefused("UPLOAD_LINK_USED", "The upload link has been used already. Ask for a new one.");
    const uploadId = claims.k.split("/").at(-2) ?? newId();
    const stored = await storeUpload(services.storage, storageKeyOf(claims.o, claims.k), chunksOf(reader), {
      kind: claims.t ?? "image",
      maxBytes: UPLOAD_LIMITS.fileBytes,
      refuse: transferRefused,
    });
    await record(services, claims.o, null, uploadId, claims.k, stored, "link");
    return { message: "File uploaded", file_path: claims.k, content_type: stored.contentType, bytes: stored.bytes };
  } catch (error) {
    // read (and drop) what the client still sends, so that it gets the answer rather than a reset connection
    await drain(reader, DRAIN_LIMIT);
    throw error;
  }
}

/** At most this much of a refused body is read and dropped before answering; past it the connection is cut. */
const DRAIN_LIMIT = 3 * UPLOAD_LIMITS.fileBytes;

/** The body's chunks; stopping early leaves the reader open (for drain). */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = await reader.read();
    if (next.done) return;
    yield next.value;
  }
}

async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  let dropped = 0;
  try {
    while (dropped <= limit) {
      const next = await reader.read();
      if (next.done) return;
      dropped += next.value.length;
    }
    await reader.cancel();
  } catch {
    // the client went away
  }
}
async function record(
  services: AppServices,
  organizationId: string,
  actorId: string | null,
  uploadId: string,
  filePath: string,
  stored: { bytes: number; sha256: string; contentType: string },
  via: "link" | "form",
) {
  const result = await recordUpload({ store: services.store, clock: services.clock }, uploadId, {
    type: "RecordFileUpload",
    data: { uploadId, filePath, contentType: stored.contentType, bytes: stored.bytes, sha256: stored.sha256, via },
    metadata: { commandId: `upload-${uploadId}`, organizationId, actorId },
  });
  if (!result.ok) throw result.error;
}

// ---- step 3: PUT /api/asset ----------------------------------------------------------------------

/** The body of PUT /api/asset: form fields (urlencoded or multipart) or JSON. */
async function readFields(request: Request): Promise<Record<string, unknown>> {
  const length = Number(request.headers.get("content-length") ?? "0");
  if (length > 64 * 1024) throw new DomainError("BODY_TOO_LARGE", "The request is too large.", 400);
  const type = request.headers.get("content-type") ?? "";
  if (type.startsWith("application/x-www-form-urlencoded") || type.startsWith("multipart/form-data")) {
    try {
      const form = await request.formData();
      return Object.fromEntries([...form.entries()].filter(([, v]) => typeof v === "string"));
    } catch {
      throw new DomainError("BAD_FORM", "The form could not be read.", 400);
    }
  }
  const body = await readJson(request);
  return typeof body === "object" && body !== null && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
}

/**
 * PUT /api/asset (entity, property, entity_id, value): registers a stored path against an entity
 * (AssetRegistered). Members may register only against their own user; staff against any entity of
 * their organization; another organization's file or participant is not found.
 */
export async function registerAssetFor(services: AppServices, auth: Auth, request: Request) {
  const fields = await readFields(request);
  const entity = typeof fields.entity === "string" ? fields.entity.trim() : "";
  const entityId = typeof fields.entity_id === "string" ? fields.entity_id.trim() : "";
  const mayWrite = entity === "user" ? entityId === auth.user.id || isAdmin(auth) : isStaff(auth);
  if (entity && !mayWrite) throw forbidden();
  const commandId = request.headers.get("idempotency-key") ?? (typeof fields.command_id === "string" ? fields.command_id : newId());
  const result = await registerAsset({ store: services.store, clock: services.clock, storage: services.storage }, fields, {
    ...metadataOf(auth, commandId),
    organizationId: auth.organization.id,
  });
  if (!result.ok) throw result.error;
  const value = result.state.values[String(fields.property ?? "").trim()] ?? cleanStoredPath(fields.value) ?? "";
  return { message: "Asset successfully updated", data: { entity, entity_id: entityId, property: String(fields.property).trim(), value, url: await fileUrl(services, auth.organization.id, value) } };
}

// ---- GET /api/asset/:value -----------------------------------------------------------------------

/**
 * GET /api/asset/{value}: a short-lived signed url serving the stored file, for people of its
 * organization (the value is looked up in the caller's own organization only: another
 * organization's file is not found). A zip package still being unpacked answers 409; one refused by
 * the worker 400 with its reason.
 */
export async function assetUrlFor(services: AppServices, auth: Auth, value: string) {
  const path = cleanStoredPath(value);
  if (!path) throw assetNotFound();
  const organizationId = auth.organization.id;
  if (await services.storage.stat(storageKeyOf(organizationId, path))) return { url: await fileUrl(services, organizationId, path) };
  const packageId = /^packages\/([A-Za-z0-9-]+)\/content\//.exec(path)?.[1];
  if (packageId) {
    const upload = await loadUpload(services.store, packageId);
    if (upload.organizationId === organizationId && upload.status === "package-uploaded") {
      throw new DomainError("ASSET_PROCESSING", "The file is still being processed. Try again in a moment.", 409);
    }
    if (upload.organizationId === organizationId && upload.status === "package-failed") {
      const { events } = await services.store.readStream(`upload-${packageId}`);
      const failed = events.find((e) => e.type === "PackageFailed")?.data as { reason?: string } | undefined;
      throw formUploadRefused("PACKAGE_FAILED", failed?.reason ?? "");
    }
  }
  throw assetNotFound();
}

// ---- GET /api/asset/file/:token/... ---------------------------------------------------------------

/** Types a package's files are served as, by extension (a package is a small web site). */
const PACKAGE_TYPES: Record<string, string> = {
  html: "text/html; charset=utf-8",
  htm: "text/html; charset=utf-8",
  css: "text/css; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  mjs: "text/javascript; charset=utf-8",
  json: "application/json",
  txt: "text/plain; charset=utf-8",
  svg: "image/svg+xml",
  woff: "font/woff",
  woff2: "font/woff2",
  ttf: "font/ttf",
  mp3: "audio/mpeg",
  mp4: "video/mp4",
};

/**
 * Serves a stored file by a signed url. Images and PDFs go out as what their bytes are (sniffed again
 * here), inline; a package's other files by their extension, under a sandboxing Content-Security-Policy
 * (its pages run in an opaque origin: no cookies, no access to the app); anything else as an
 * attachment of application/octet-stream. Always `X-Content-Type-Options: nosniff`. A signed-in person
 * of another organization gets 404; without a session the signature alone admits (decision 020).
 */
export async function serveFile(services: AppServices, auth: Auth | null, token: string, rest: string[]): Promise<Response> {
  const check = verifyLink(await uploadLinkSecret(services.redis), token, "get", services.clock.now());
  if (!check.ok) {
    throw check.reason === "expired"
      ? new DomainError("FILE_URL_EXPIRED", "This file link has expired. Open the file again for a new one.", 400)
      : new DomainError("FILE_URL_INVALID", "This file link is not valid.", 400);
  }
  const claims: LinkClaims = check.claims;
  if (auth && auth.organization.id !== claims.o) throw assetNotFound();
  const path = cleanStoredPath(`${claims.k}/${rest.join("/")}`);
  if (!path || rest.length === 0) throw assetNotFound();
  let body: Readable;
  try {
    body = await services.storage.read(storageKeyOf(claims.o, path));
  } catch (error) {
    if (error instanceof StorageNotFoundError) throw assetNotFound();
    throw error;
  }
  const head = await firstBytes(body);
  const sniffed = sniff(head.bytes);
  const name = baseNameOf(path);
  const inPackage = claims.k.startsWith("packages/");
  const extension = name.includes(".") ? name.slice(name.lastIndexOf(".") + 1).toLowerCase() : "";
  // X-Content-Type-Options: nosniff is on every response of the web server (runtime/web.ts); the integration test checks it here
  const headers: Record<string, string> = { "Cache-Control": "private, max-age=300" };
  const safeName = name.replace(/[^A-Za-z0-9._-]/g, "_");
  if (sniffed) {
    headers["Content-Type"] = sniffed;
    headers["Content-Disposition"] = `inline; filename="${safeName}"`;
    headers["Content-Security-Policy"] = "default-src 'none'; sandbox";
  } else if (inPackage && PACKAGE_TYPES[extension] && !isImageType(PACKAGE_TYPES[extension]!)) {
    headers["Content-Type"] = PACKAGE_TYPES[extension]!;
    headers["Content-Disposition"] = `inline; filename="${safeName}"`;
    headers["Content-Security-Policy"] = "sandbox allow-scripts allow-forms allow-popups; default-src 'self' 'unsafe-inline' data:";
  } else {
    headers["Content-Type"] = "application/octet-stream";
    headers["Content-Disposition"] = `attachment; filename="${safeName}"`;
    headers["Content-Security-Policy"] = "default-src 'none'; sandbox";
  }
  return new Response(createReadableStreamFromReadable(head.stream), { status: 200, headers });
}

/** The first bytes of a stream, and a stream that still yields every byte. */
async function firstBytes(stream: Readable): Promise<{ bytes: Buffer; stream: Readable }> {
  const iterator = stream[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const taken: Buffer[] = [];
  let size = 0;
  let done = false;
  while (size < SNIFF_BYTES) {
    const next = await iterator.next();
    if (next.done) {
      done = true;
      break;
    }
    taken.push(next.value);
    size += next.value.length;
  }
  async function* all() {
    for (const chunk of taken) yield chunk;
    if (done) return;
    for (;;) {
      const next = await iterator.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { bytes: Buffer.concat(taken), stream: Readable.from(all()) };
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
 * other fields are short texts. A broken form is a 400, never a 500.
 */
async function parseUpload(
  services: AppServices,
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
export async function uploadFileForm(services: AppServices, auth: Auth, request: Request) {
  const uploadId = newId();
  let stored: { bytes: number; sha256: string; contentType: string } | null = null;
  const { file } = await parseUpload(services, request, DRAIN_LIMIT, async (part) => {
    const filePath = `files/${uploadId}/${cleanFileName(part.filename ?? "file")}`;
    stored = await storeUpload(services.storage, storageKeyOf(auth.organization.id, filePath), part.data, { kind: "any", maxBytes: UPLOAD_LIMITS.fileBytes, refuse: formUploadRefused });
    return filePath;
  });
  if (!file || !stored) throw formUploadRefused("FILE_REQUIRED", "Choose a file to upload.");
  const done = stored as { bytes: number; sha256: string; contentType: string };
  await record(services, auth.organization.id, auth.user.id, uploadId, file, done, "form");
  return { message: "File uploaded", file_path: file, content_type: done.contentType, bytes: done.bytes, url: await fileUrl(services, auth.organization.id, file) };
}

/**
 * POST /api/file/upload/zip (a form with file and file_type): the zip is staged (size-limited while it
 * streams), its directory checked in full (refused zips are deleted at once, nothing unpacked), then
 * PackageUploaded is recorded and the worker unpacks it. The value points to content/index.html.
 */
export async function uploadZipForm(services: AppServices, auth: Auth, request: Request) {
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
    metadata: metadataOf(auth, `package-${uploadId}`),
  });
  if (!result.ok) throw result.error;
  await enqueueUnpack(uploadQueue(services), { uploadId, organizationId });
  return { message: "File uploaded", file_path: paths.value, upload_id: uploadId, status: "Processing", files: directory.files.length };
}

// ---- photos --------------------------------------------------------------------------------------

/**
 * A signed url showing the file registered for an entity's property (a participant's photo_url), from
 * the assets read model; null when none is registered or the file is gone.
 */
export async function registeredFileUrl(services: AppServices, organizationId: string, entity: string, entityId: string, property = "photo_url"): Promise<string | null> {
  const value = await assetValueOf(services.db, organizationId, entity, entityId, property);
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}
