import { randomBytes } from "node:crypto";
import { Readable } from "node:stream";
import type { Redis } from "ioredis";
import type { Services } from "../identity";
import { needRedis } from "../kernel";
import { StorageNotFoundError } from "../storage";
import { assetValueOf } from "../../projections/assets";
import { FILE_URL_TTL_MS } from "./limits";
import { baseNameOf, cleanStoredPath, folderOf, storageKeyOf } from "./paths";
import { signLink } from "./signing";
import { isImageType, sniff, SNIFF_BYTES } from "./sniff";

const SECRET_KEY = "rollcall:uploads:link-secret";
let secret: Promise<Buffer> | null = null;

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
  // made once per process; until then Redis must answer within the request deadline (503 otherwise)
  return needRedis(secret, "Files");
}

type FileServices = Pick<Services, "redis" | "clock">;

/** A signed url that serves the stored file at `path` (and its siblings: a package's relative links). */
export async function fileUrl(services: FileServices, organizationId: string, path: string): Promise<string> {
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
export async function storedFileUrl(services: FileServices, organizationId: string, value: string | null): Promise<string | null> {
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}

/**
 * A signed url showing the file registered for an entity's property (a participant's photo_url), from
 * the assets read model; null when none is registered or the file is gone.
 */
export async function registeredFileUrl(services: FileServices & Pick<Services, "db">, organizationId: string, entity: string, entityId: string, property = "photo_url"): Promise<string | null> {
  const value = await assetValueOf(services.db, organizationId, entity, entityId, property);
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}

/** A stored file of the organization: its first bytes (to sniff) and a stream of all of it; null when it is gone. */
export async function openStored(services: Pick<Services, "storage">, organizationId: string, path: string): Promise<{ bytes: Buffer; stream: Readable; close: () => void } | null> {
  try {
    const source = await services.storage.read(storageKeyOf(organizationId, path));
    return { ...(await firstBytes(source)), close: () => source.destroy() };
  } catch (error) {
    if (error instanceof StorageNotFoundError) return null;
    throw error;
  }
}

/**
 * A stored image of the organization as a response (a participant's photo): the type its bytes are,
 * inline, `X-Content-Type-Options: nosniff`, `Cache-Control: private, max-age=300`. A value that is no
 * stored path, a file that is gone and a file that is no image are all `notFound`.
 */
export async function storedImageResponse(services: Pick<Services, "storage">, organizationId: string, value: string, notFound: () => Error): Promise<Response> {
  const path = cleanStoredPath(value);
  const head = path ? await openStored(services, organizationId, path) : null;
  const sniffed = head && sniff(head.bytes);
  if (!path || !head || !sniffed || !isImageType(sniffed)) {
    head?.close();
    throw notFound();
  }
  const headers = {
    "Content-Type": sniffed,
    "Content-Disposition": `inline; filename="${baseNameOf(path).replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "X-Content-Type-Options": "nosniff",
    "Cache-Control": "private, max-age=300",
  };
  return new Response(Readable.toWeb(head.stream) as ReadableStream<Uint8Array>, { status: 200, headers });
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
