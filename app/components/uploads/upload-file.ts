/**
 * The browser's side of uploads (spec-2 sections 4, 5, 7 and 8), free of React so it can be tested:
 * the three steps in one call (an upload link, the bytes PUT to it, the stored path registered against
 * an entity), the zip upload, and the asset url. Thrown messages are the spec's texts.
 */

export const UPLOAD_ERRORS = {
  /** no file path came back with the link (spec-2 section 5) */
  link: "Unable to get upload link.",
  /** the transfer to the link failed (spec-2 section 5) */
  transfer: "Unable to upload file.",
  /** a form or zip upload failed (spec-2 section 8) */
  upload: "Error during file upload.",
  /** a link error without a message (spec-2 section 8) */
  unknown: "An unknown error occurred",
} as const;

/** An upload step failed: `message` is what the toast shows, `detail` the server's reason when there is one. */
export class UploadError extends Error {
  constructor(
    message: string,
    readonly step: "link" | "transfer" | "register" | "upload",
    readonly detail?: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

export type UploadTarget = { entity: string; entityId: string; property: string };
export type UploadOptions = {
  /** what the file is meant to be: an image type, 'image', or 'application/pdf' (default: the file's own type) */
  fileType?: string;
  /** a folder under the organization's uploads (file_sub_path) */
  subPath?: string;
  /** register the stored path against this entity's property (PUT /api/asset) */
  register?: UploadTarget;
  /** for tests */
  fetch?: typeof fetch;
};
export type UploadResult = { filePath: string; url: string | null };

type Fetch = typeof fetch;
const csrfCache = new WeakMap<Fetch, string>();

async function csrf(fetcher: Fetch): Promise<string> {
  const cached = csrfCache.get(fetcher);
  if (cached) return cached;
  const response = await fetcher("/api/auth/csrf", { credentials: "same-origin" });
  const token = ((await response.json()) as { csrf?: string }).csrf ?? "";
  csrfCache.set(fetcher, token);
  return token;
}

async function bodyOf(response: Response): Promise<Record<string, unknown>> {
  try {
    const parsed: unknown = await response.json();
    return typeof parsed === "object" && parsed !== null ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

const text = (value: unknown) => (typeof value === "string" && value ? value : undefined);

/**
 * Uploads one file in three steps and returns its stored path (and a url to show it when registered).
 * Step 1 failing throws the server's message (or 'An unknown error occurred'), or 'Unable to get upload
 * link.' when no file path comes back; step 2 failing throws 'Unable to upload file.'; step 3 failing
 * throws the server's message (or 'Error during file upload.').
 */
export async function uploadFile(file: Blob & { name?: string }, options: UploadOptions = {}): Promise<UploadResult> {
  const fetcher = options.fetch ?? fetch;
  const fileType = options.fileType ?? (file.type || "image");
  const query = new URLSearchParams({ file_type: fileType, ...(options.subPath ? { file_sub_path: options.subPath } : {}) });
  const name = encodeURIComponent(file.name || "file");

  let linkResponse: Response;
  try {
    linkResponse = await fetcher(`/api/asset/upload/${name}?${query}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
  } catch {
    throw new UploadError(UPLOAD_ERRORS.unknown, "link");
  }
  const link = await bodyOf(linkResponse);
  if (!linkResponse.ok) throw new UploadError(text(link.message) ?? UPLOAD_ERRORS.unknown, "link", text(link.message), linkResponse.status);
  const filePath = text(link.file_path);
  const url = text(link.url);
  if (!filePath || !url) throw new UploadError(UPLOAD_ERRORS.link, "link");

  let put: Response;
  try {
    put = await fetcher(url, { method: "PUT", body: file, credentials: "omit" });
  } catch {
    throw new UploadError(UPLOAD_ERRORS.transfer, "transfer");
  }
  if (!put.ok) throw new UploadError(UPLOAD_ERRORS.transfer, "transfer", text((await bodyOf(put)).message), put.status);

  if (!options.register) return { filePath, url: null };
  const { entity, entityId, property } = options.register;
  const registered = await fetcher("/api/asset", {
    method: "PUT",
    credentials: "same-origin",
    headers: { "Content-Type": "application/json", Accept: "application/json", "x-csrf-token": await csrf(fetcher) },
    body: JSON.stringify({ entity, entity_id: entityId, property, value: filePath }),
  }).catch(() => null);
  const body = registered ? await bodyOf(registered) : {};
  if (!registered?.ok) throw new UploadError(text(body.message) ?? UPLOAD_ERRORS.upload, "register", text(body.message), registered?.status);
  const data = (body.data ?? {}) as Record<string, unknown>;
  return { filePath, url: text(data.url) ?? null };
}

/** POST /api/file/upload/zip: returns the value (…/content/index.html); the package is unpacked in the background. */
export async function uploadZip(file: Blob & { name?: string }, fileType: string, fetcher: Fetch = fetch): Promise<{ filePath: string; uploadId: string }> {
  const form = new FormData();
  form.append("file_type", fileType);
  form.append("file", file, file.name || "package.zip");
  const response = await fetcher("/api/file/upload/zip", {
    method: "POST",
    credentials: "same-origin",
    headers: { Accept: "application/json", "x-csrf-token": await csrf(fetcher) },
    body: form,
  }).catch(() => null);
  const body = response ? await bodyOf(response) : {};
  const filePath = text(body.file_path);
  if (!response?.ok || !filePath) throw new UploadError(UPLOAD_ERRORS.upload, "upload", text(body.message), response?.status);
  return { filePath, uploadId: text(body.upload_id) ?? "" };
}

/** GET /api/asset/{value}: a url that shows the file, or '' when it cannot be had (spec-2 section 7: a failure yields an empty url). */
export async function assetUrl(value: string, fetcher: Fetch = fetch): Promise<string> {
  if (!value) return "";
  try {
    const response = await fetcher(`/api/asset/${encodeURIComponent(value)}`, { credentials: "same-origin", headers: { Accept: "application/json" } });
    if (!response.ok) return "";
    return text(((await response.json()) as { url?: unknown }).url) ?? "";
  } catch {
    return "";
  }
}
