import { z } from "zod";
import { answerSchemas as A, apiRow, LEVELS, signedIn, type AccessRule, type ApiRow } from "../identity";
import { registerAssetFor, uploadFileForm, uploadZipForm } from "./service-forms";
import { putToLink, uploadLinkFor } from "./service-links";
import { assetUrlFor, serveFileAt } from "./service-serving";

/** GET /api/asset/upload/{path}'s answer (decision 081): where to PUT the bytes, until when, and how many at most. */
const UPLOAD_LINK_ANSWER = z.looseObject({ file_path: z.string(), url: z.string(), method: z.literal("PUT"), expires_at: A.isoTime, max_bytes: A.count });

/** Anyone signed in, levels 1-6, not the kiosk: members upload their own photos, staff anything. */
const UPLOADERS = { auth: "required" } as const satisfies AccessRule;
/** Anyone signed in, the kiosk too (it shows participants' photos). */
const VIEWERS = { auth: "required", kioskAllowed: true } as const satisfies AccessRule;
/** Staff, levels 2-6: zip packages (content for programs). */
const STAFF = { auth: "required", level: LEVELS.staff } as const satisfies AccessRule;
/**
 * The signature is the permission (decisions 019 and 020): an upload link is a capability for one
 * file, a file url one for one folder, both short-lived. A signed-in person of another organization
 * still gets 404 for a file url.
 */
const SIGNED = { auth: "optional", kioskAllowed: true } as const satisfies AccessRule;

/** A stored file by its signed url: one row per depth of its path under the signed folder (a package's files are deeper). */
const fileRow = (id: string, path: string) =>
  apiRow({
    id,
    method: "GET",
    path,
    description: "A stored file, by a signed url that expires (a package's files by their path under it).",
    rule: SIGNED,
    answers: { description: "The file's bytes: an image or a PDF inline as its bytes are, a package's pages by their extension, anything else an attachment", contentType: "application/octet-stream" },
    handle: (ctx) => serveFileAt(ctx.services, ctx.auth, new URL(ctx.request.url)),
  });

/** The upload and asset calls (spec-2 section 7, "Assets and files"; sections 4 and 5), rows of the one /api table. The public variants with token and token_type are not built. */
export const uploadsApi: readonly ApiRow[] = [
  apiRow({
    id: "asset-upload-link",
    method: "GET",
    path: "/api/asset/upload/:path",
    description: "A signed upload link that expires: {path} the file name, file_type, file_sub_path. Response file_path and url.",
    rule: UPLOADERS,
    answers: { description: "{ file_path, url, method: 'PUT', expires_at, max_bytes }", schema: UPLOAD_LINK_ANSWER },
    handle: (ctx) => uploadLinkFor(ctx.services, signedIn(ctx), ctx.params.path ?? "", new URL(ctx.request.url)),
  }),
  apiRow({
    id: "asset-put",
    method: "PUT",
    path: "/api/asset/put/:token",
    description: "The file's bytes, PUT to the signed upload link; sniffed and size-limited while streaming.",
    rule: SIGNED,
    maxBodyBytes: "streamed",
    answers: { description: "{ message, file_path, content_type, bytes }" },
    handle: (ctx) => putToLink(ctx.services, ctx.params.token ?? "", ctx.request),
  }),
  apiRow({
    id: "asset-register",
    method: "PUT",
    path: "/api/asset",
    description: "Register a stored path against an entity: entity, property, entity_id, value.",
    rule: UPLOADERS,
    formBody: true,
    answers: { description: "{ message, data: { entity, entity_id, property, value, url } }" },
    handle: (ctx) => registerAssetFor(ctx.services, signedIn(ctx), ctx.body, ctx.request),
  }),
  apiRow({
    id: "asset-url",
    method: "GET",
    path: "/api/asset/:value",
    description: "A short-lived signed url serving the stored file {value}, for people of its organization.",
    rule: VIEWERS,
    answers: { description: "{ url }" },
    handle: (ctx) => assetUrlFor(ctx.services, signedIn(ctx), ctx.params.value ?? ""),
  }),
  fileRow("asset-file-1", "/api/asset/file/:token/:a"),
  fileRow("asset-file-2", "/api/asset/file/:token/:a/:b"),
  fileRow("asset-file-4", "/api/asset/file/:token/:a/:b/:c/:d?"),
  apiRow({
    id: "file-upload",
    method: "POST",
    path: "/api/file/upload",
    description: "Upload one file (a multipart form with file): an image or a PDF by its bytes.",
    rule: UPLOADERS,
    maxBodyBytes: "streamed",
    answers: { description: "{ message, file_path, content_type, bytes, url }" },
    handle: (ctx) => uploadFileForm(ctx.services, signedIn(ctx), ctx.request),
  }),
  apiRow({
    id: "file-upload-zip",
    method: "POST",
    path: "/api/file/upload/zip",
    description: "Upload a zip package (a multipart form with file and file_type), unpacked by a worker; the value points to content/index.html.",
    rule: STAFF,
    maxBodyBytes: "streamed",
    answers: { description: "{ message, file_path, upload_id, status: 'Processing', files }" },
    handle: (ctx) => uploadZipForm(ctx.services, signedIn(ctx), ctx.request),
  }),
];
