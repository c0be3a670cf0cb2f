import { Readable } from "node:stream";
import { createReadableStreamFromReadable } from "@remix-run/node";
import type { Auth, Services } from "../identity";
import { DomainError } from "../kernel";
import { StorageNotFoundError } from "../storage";
import { assetValueOf } from "../../projections/assets";
import { assetNotFound, formUploadRefused } from "./errors";
import { loadUpload } from "./handlers";
import { uploadStreamId } from "./events";
import { FILE_URL_TTL_MS } from "./limits";
import { baseNameOf, cleanStoredPath, folderOf, storageKeyOf } from "./paths";
import { signLink, verifyLink, type LinkClaims } from "./signing";
import { isImageType, sniff } from "./sniff";
import { firstBytes } from "./first-bytes";
import { uploadLinkSecret } from "./service-links";

/** A signed url that serves the stored file at `path` (and its siblings: a package's relative links). */
export async function fileUrl(services: Pick<Services, "redis" | "clock">, organizationId: string, path: string): Promise<string> {
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
export async function storedFileUrl(services: Pick<Services, "redis" | "clock">, organizationId: string, value: string | null): Promise<string | null> {
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}

/**
 * A signed url showing the file registered for an entity's property (a participant's photo_url), from
 * the assets read model; null when none is registered or the file is gone.
 */
export async function registeredFileUrl(services: Services, organizationId: string, entity: string, entityId: string, property = "photo_url"): Promise<string | null> {
  const value = await assetValueOf(services.db, organizationId, entity, entityId, property);
  const path = value && cleanStoredPath(value);
  return path ? fileUrl(services, organizationId, path) : null;
}

// ---- GET /api/asset/:value -----------------------------------------------------------------------

/**
 * GET /api/asset/{value}: a short-lived signed url serving the stored file, for people of its
 * organization (the value is looked up in the caller's own organization only: another
 * organization's file is not found). A zip package still being unpacked answers 409; one refused by
 * the worker 400 with its reason.
 */
export async function assetUrlFor(services: Services, auth: Auth, value: string) {
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
      const { events } = await services.store.readStream(uploadStreamId(packageId));
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
 * GET /api/asset/file/{token}/{path}: the file a signed url's address names. The token is the fourth
 * segment of the path and the file's path under the signed folder the segments after it (a package's
 * files: 1 to 4 of them, one row of the table each), every segment URI-decoded.
 */
export function serveFileAt(services: Services, auth: Auth | null, url: URL): Promise<Response> {
  const parts = url.pathname.split("/").filter(Boolean);
  return serveFile(services, auth, decodeURIComponent(parts[3] ?? ""), parts.slice(4).map((p) => decodeURIComponent(p)));
}

/**
 * Serves a stored file by a signed url. Images and PDFs go out as what their bytes are (sniffed again
 * here), inline; a package's other files by their extension, under a sandboxing Content-Security-Policy
 * (its pages run in an opaque origin: no cookies, no access to the app); anything else as an
 * attachment of application/octet-stream. Always `X-Content-Type-Options: nosniff`. A signed-in person
 * of another organization gets 404; without a session the signature alone admits (decision 020).
 */
export async function serveFile(services: Services, auth: Auth | null, token: string, rest: string[]): Promise<Response> {
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
  const head = await openStored(services, claims.o, path);
  if (!head) throw assetNotFound();
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

/** A stored file of the organization: its first bytes (to sniff) and a stream of all of it; null when it is gone. */
async function openStored(services: Pick<Services, "storage">, organizationId: string, path: string): Promise<{ bytes: Buffer; stream: Readable; close: () => void } | null> {
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
  return new Response(createReadableStreamFromReadable(head.stream), { status: 200, headers });
}

