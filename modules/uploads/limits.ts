/**
 * Upload limits (the spec gives none; decision 019). Every size is in bytes.
 * An image or PDF: 10 MiB. A zip package: 25 MiB as uploaded, at most 500 entries, at most 100 MiB
 * unpacked in all and 25 MiB for one entry, a file's path at most 4 parts (3 folders deep),
 * and no entry may inflate more than 200 times its compressed size (a bomb's ratio).
 */
export const UPLOAD_LIMITS = {
  fileBytes: 10 * 1024 * 1024,
  zipBytes: 25 * 1024 * 1024,
  zipEntries: 500,
  zipUnpackedBytes: 100 * 1024 * 1024,
  zipEntryBytes: 25 * 1024 * 1024,
  zipDepth: 4,
  zipRatio: 200,
} as const;

export type ZipLimits = {
  entries: number;
  unpackedBytes: number;
  entryBytes: number;
  depth: number;
  ratio: number;
};

export const ZIP_LIMITS: ZipLimits = {
  entries: UPLOAD_LIMITS.zipEntries,
  unpackedBytes: UPLOAD_LIMITS.zipUnpackedBytes,
  entryBytes: UPLOAD_LIMITS.zipEntryBytes,
  depth: UPLOAD_LIMITS.zipDepth,
  ratio: UPLOAD_LIMITS.zipRatio,
};

/** How long a signed upload link and a signed file url last. */
export const UPLOAD_LINK_TTL_MS = 15 * 60 * 1000;
export const FILE_URL_TTL_MS = 15 * 60 * 1000;

export const MiB = (bytes: number) => `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
