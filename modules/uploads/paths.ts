import { isValidKey } from "../storage";

/**
 * Where uploads live (decision 019). Every stored path a client sees is relative to its
 * organization's folder, `uploads/{organizationId}/`, so a path can never name another organization's
 * file: the server always prefixes the caller's own organization.
 *
 *   {sub}/{uploadId}/{name}                   a file (sub: file_sub_path, default 'files')
 *   packages/{uploadId}/content/...           an unpacked zip; its value is .../content/index.html
 *   staging/{uploadId}.zip                    a zip waiting to be unpacked (removed afterwards)
 */
export const UPLOADS_ROOT = "uploads";
export const PACKAGES = "packages";
export const STAGING = "staging";
export const DEFAULT_SUB_PATH = "files";
const RESERVED = new Set([PACKAGES, STAGING]);

export const organizationFolder = (organizationId: string) => `${UPLOADS_ROOT}/${organizationId}`;
export const storageKeyOf = (organizationId: string, path: string) => `${organizationFolder(organizationId)}/${path}`;

/** A client's path (file_path, value) when it is a well-formed stored path, else null. */
export function cleanStoredPath(path: unknown): string | null {
  if (typeof path !== "string") return null;
  const trimmed = path.trim().replace(/^\/+/, "");
  if (!trimmed || trimmed.length > 600 || !isValidKey(trimmed) || trimmed.split("/").length < 2) return null;
  // a staged zip is not a file anyone may fetch or register
  if (trimmed.startsWith(`${STAGING}/`)) return null;
  return trimmed;
}

/** file_sub_path: up to three folders of lower-case letters, digits, '_' and '-'; not a reserved name. */
export function cleanSubPath(sub: string | null | undefined): string | null {
  const value = (sub ?? "").trim().replace(/^\/+|\/+$/g, "").toLowerCase();
  if (!value) return DEFAULT_SUB_PATH;
  const segments = value.split("/");
  if (segments.length > 3 || !segments.every((s) => /^[a-z0-9_-]{1,40}$/.test(s)) || RESERVED.has(segments[0]!)) return null;
  return value;
}

/**
 * A file name fit for a key: unsafe characters become '_', no leading dots or underscores, at most 100
 * characters. Only a label: what a file is comes from its bytes when it is stored and served.
 */
export function cleanFileName(path: string): string {
  const name = path.split(/[\\/]/).pop() ?? "";
  const dot = name.lastIndexOf(".");
  const extension = dot > 0 ? name.slice(dot + 1).toLowerCase().replace(/[^a-z0-9]/g, "").slice(0, 5) : "";
  const base = (dot > 0 ? name.slice(0, dot) : name)
    .replace(/[^A-Za-z0-9._-]+/g, "_")
    .replace(/^[._-]+/, "")
    .slice(0, 90);
  return `${base || "file"}${extension ? `.${extension}` : ""}`;
}

export const packagePaths = (uploadId: string) => ({
  folder: `${PACKAGES}/${uploadId}/content`,
  value: `${PACKAGES}/${uploadId}/content/index.html`,
  staged: `${STAGING}/${uploadId}.zip`,
});

/** The folder a file url signs for: the file's own folder, so a package's relative links work under one url. */
export const folderOf = (path: string) => path.slice(0, path.lastIndexOf("/"));
export const baseNameOf = (path: string) => path.slice(path.lastIndexOf("/") + 1);
