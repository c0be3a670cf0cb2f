/**
 * Uploads, split by responsibility; this module keeps the old import path working.
 * - upload-links.server.ts: the link secret, signed upload links and the PUT to a link
 * - file-serving.server.ts: file urls, GET /api/asset/:value and serving files by signed url
 * - upload-forms.server.ts: multipart form uploads (file and zip) and asset registration (PUT /api/asset)
 */
export { putToLink, uploadLinkFor, uploadLinkSecret } from "./upload-links.server";
export { assetUrlFor, registeredFileUrl, serveFile, storedFileUrl, storedImageResponse } from "./file-serving.server";
export { registerAssetFor, uploadFileForm, uploadZipForm } from "./upload-forms.server";
