/** The uploads module's public face: signed upload links, sniffed and size-limited storage, zip packages, and assets registered against entities. */
export { UPLOAD_LIMITS, ZIP_LIMITS, UPLOAD_LINK_TTL_MS, FILE_URL_TTL_MS, MiB, type ZipLimits } from "./limits";
export { sniff, isImageType, looksLikeZip, uploadKindOf, kindAccepts, IMAGE_TYPES, EXTENSION_OF, SNIFF_BYTES, type SniffedType, type ImageType, type UploadKind } from "./sniff";
export { readZipDirectory, entryBytes, ZipRefusal, type ZipEntry, type ZipDirectory } from "./zip";
export { checkPackage, unpackPackage, PACKAGE_INDEX } from "./unpack";
export { storeUpload, sniffStored, readBounded, type StoredUpload } from "./store";
export { firstBytes } from "./first-bytes";
export { signLink, verifyLink, type LinkClaims, type LinkPurpose, type LinkCheck } from "./signing";
export { UPLOAD_TEXTS, linkRefused, transferRefused, formUploadRefused, assetNotFound } from "./errors";
export {
  UPLOADS_ROOT,
  organizationFolder,
  storageKeyOf,
  cleanStoredPath,
  cleanSubPath,
  cleanFileName,
  packagePaths,
  folderOf,
  baseNameOf,
} from "./paths";
export {
  UPLOAD_EVENT_TYPES,
  uploadStreamId,
  assetStreamId,
  type UploadEvent,
  type AssetEvent,
  type FileUploaded,
  type PackageUploaded,
  type PackageUnpacked,
  type PackageFailed,
  type AssetRegistered,
  type FileUploadedData,
  type PackageUploadedData,
  type AssetRegisteredData,
} from "./events";
export { ASSET_ENTITIES, ASSET_MESSAGES, registerAssetSchema, type AssetEntity, type RegisterAsset, type RegisterAssetInput, type AssetFacts, type UploadCommand } from "./commands";
export { uploadDecider, assetDecider, photoNotImage, uploadExists, packageNotFound, type UploadState, type AssetState } from "./decide";
export { recordUpload, loadUpload, registerAsset, loadAssetValue, type UploadDeps } from "./handlers";
export * from "./queue";
// last: the services and the rows reach projections, which import this index back (a cycle that is safe
// only once everything above is evaluated)
export { uploadLinkSecret, uploadLinkFor, putToLink } from "./service-links";
export { registerAssetFor, uploadFileForm, uploadZipForm, closeUploadQueue } from "./service-forms";
export { fileUrl, storedFileUrl, registeredFileUrl, assetUrlFor, serveFile, serveFileAt, storedImageResponse } from "./service-serving";
export { uploadsApi } from "./api";
