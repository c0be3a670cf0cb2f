import type { RedisClient } from "../kernel";
import type { Auth, Services } from "../identity";
import { needRedis, newId, sharedSecret } from "../kernel";
import { linkRefused, transferRefused } from "./errors";
import { recordUpload } from "./handlers";
import { MiB, UPLOAD_LIMITS, UPLOAD_LINK_TTL_MS } from "./limits";
import { cleanFileName, cleanSubPath, storageKeyOf } from "./paths";
import { signLink, verifyLink } from "./signing";
import { uploadKindOf } from "./sniff";
import { storeUpload } from "./store";

const SECRET_KEY = "rollcall:uploads:link-secret";

/** The HMAC key of upload links and file urls, shared by every web process through Redis (decisions 014 and 019). */
export const uploadLinkSecret = (redis: RedisClient): Promise<Buffer> => sharedSecret(redis, SECRET_KEY, "Files");

// ---- step 1: GET /api/asset/upload/:path ---------------------------------------------------------

/**
 * GET /api/asset/upload/{path}?file_type&file_sub_path (spec-2 section 7): a signed upload link that
 * expires, for one file: {path} is the file's name, file_type what it is meant to be (an image type,
 * 'image', or application/pdf), file_sub_path an optional folder. Response: file_path (the stored
 * path to register later), url (where to PUT the bytes), expires_at, max_bytes.
 */
export async function uploadLinkFor(services: Services, auth: Auth, name: string, url: URL) {
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
export async function putToLink(services: Services, token: string, request: Request) {
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
    const claimed = await needRedis(services.redis.set(`${USED_PREFIX}${token.slice(token.indexOf(".") + 1)}`, "1", "PX", ttl, "NX"), "Uploads");
    if (claimed !== "OK") throw transferRefused("UPLOAD_LINK_USED", "The upload link has been used already. Ask for a new one.");
    const uploadId = claims.k.split("/").at(-2) ?? newId();
    const stored = await storeUpload(services.storage, storageKeyOf(claims.o, claims.k), chunksOf(reader), {
      kind: claims.t ?? "image",
      maxBytes: UPLOAD_LIMITS.fileBytes,
      refuse: transferRefused,
    });
    await recordFile(services, claims.o, null, uploadId, claims.k, stored, "link");
    return { message: "File uploaded", file_path: claims.k, content_type: stored.contentType, bytes: stored.bytes };
  } catch (error) {
    // read (and drop) what the client still sends, so that it gets the answer rather than a reset connection
    await drain(reader, DRAIN_LIMIT);
    throw error;
  }
}

/** At most this much of a refused body is read and dropped before answering; past it the connection is cut. */
export const DRAIN_LIMIT = 3 * UPLOAD_LIMITS.fileBytes;

/** The body's chunks; stopping early leaves the reader open (for drain). */
async function* chunksOf(reader: ReadableStreamDefaultReader<Uint8Array>): AsyncGenerator<Uint8Array> {
  for (;;) {
    const next = await reader.read();
    if (next.done) return;
    yield next.value;
  }
}

/** Reads and drops the rest of a refused body, at most `limit` bytes (then cancels it). */
export async function drain(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
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

/** FileUploaded for a stored file (by a link or a form), its command id the upload's. */
export async function recordFile(
  services: Pick<Services, "store" | "clock">,
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
