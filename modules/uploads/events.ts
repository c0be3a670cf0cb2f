import type { DomainEvent } from "../kernel";

/**
 * An upload's stream, `upload-{uploadId}`: a file stored (through a signed link or a form), or a zip
 * package accepted, then unpacked or failed by the worker.
 */
export type FileUploadedData = {
  uploadId: string;
  organizationId: string;
  /** the stored path, relative to the organization's uploads folder */
  filePath: string;
  /** what the bytes are (sniffed), e.g. image/png */
  contentType: string;
  bytes: number;
  sha256: string;
  /** how it came: a signed link (PUT) or a form (POST /api/file/upload) */
  via: "link" | "form";
};
export type PackageUploadedData = {
  uploadId: string;
  organizationId: string;
  /** the value the package is known by: packages/{uploadId}/content/index.html */
  filePath: string;
  fileType: string;
  zipBytes: number;
  files: number;
  declaredBytes: number;
};
export type PackageUnpackedData = { uploadId: string; files: number; bytes: number };
export type PackageFailedData = { uploadId: string; reason: string };

export type FileUploaded = DomainEvent<"FileUploaded", FileUploadedData>;
export type PackageUploaded = DomainEvent<"PackageUploaded", PackageUploadedData>;
export type PackageUnpacked = DomainEvent<"PackageUnpacked", PackageUnpackedData>;
export type PackageFailed = DomainEvent<"PackageFailed", PackageFailedData>;
export type UploadEvent = FileUploaded | PackageUploaded | PackageUnpacked | PackageFailed;

/** A stored path registered against an entity's property (PUT /api/asset), stream `asset-{entity}-{entityId}`. */
export type AssetRegisteredData = {
  organizationId: string;
  entity: string;
  entityId: string;
  property: string;
  /** the stored path */
  value: string;
  /** the value it replaced, or null */
  previous: string | null;
};
export type AssetRegistered = DomainEvent<"AssetRegistered", AssetRegisteredData>;
export type AssetEvent = AssetRegistered;

export const UPLOAD_EVENT_TYPES = ["FileUploaded", "PackageUploaded", "PackageUnpacked", "PackageFailed", "AssetRegistered"] as const;

export const uploadStreamId = (uploadId: string) => `upload-${uploadId}`;
export const assetStreamId = (entity: string, entityId: string) => `asset-${entity}-${entityId}`;
