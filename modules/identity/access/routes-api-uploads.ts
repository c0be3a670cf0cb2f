import { LEVELS } from "./rules";
import type { ApiRoute } from "./route-types";
import type { AccessRule } from "./types";

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

const FILE_URL = "A stored file, by a signed url that expires (a package's files by their path under it).";

/** The upload and asset calls (spec-2 section 7, "Assets and files"; sections 4 and 5). The public variants with token and token_type are not built. */
export const UPLOAD_API_ROUTES = [
  {
    id: "asset-upload-link",
    method: "GET",
    path: "/api/asset/upload/:path",
    description: "A signed upload link that expires: {path} the file name, file_type, file_sub_path. Response file_path and url.",
    rule: UPLOADERS,
  },
  {
    id: "asset-put",
    method: "PUT",
    path: "/api/asset/put/:token",
    description: "The file's bytes, PUT to the signed upload link; sniffed and size-limited while streaming.",
    rule: SIGNED,
    maxBodyBytes: "streamed",
  },
  {
    id: "asset-register",
    method: "PUT",
    path: "/api/asset",
    description: "Register a stored path against an entity: entity, property, entity_id, value.",
    rule: UPLOADERS,
  },
  {
    id: "asset-url",
    method: "GET",
    path: "/api/asset/:value",
    description: "A short-lived signed url serving the stored file {value}, for people of its organization.",
    rule: VIEWERS,
  },
  { id: "asset-file-1", method: "GET", path: "/api/asset/file/:token/:a", description: FILE_URL, rule: SIGNED },
  { id: "asset-file-2", method: "GET", path: "/api/asset/file/:token/:a/:b", description: FILE_URL, rule: SIGNED },
  { id: "asset-file-4", method: "GET", path: "/api/asset/file/:token/:a/:b/:c/:d?", description: FILE_URL, rule: SIGNED },
  {
    id: "file-upload",
    method: "POST",
    path: "/api/file/upload",
    description: "Upload one file (a multipart form with file): an image or a PDF by its bytes.",
    rule: UPLOADERS,
    maxBodyBytes: "streamed",
  },
  {
    id: "file-upload-zip",
    method: "POST",
    path: "/api/file/upload/zip",
    description: "Upload a zip package (a multipart form with file and file_type), unpacked by a worker; the value points to content/index.html.",
    rule: STAFF,
    maxBodyBytes: "streamed",
  },
] as const satisfies readonly ApiRoute[];
