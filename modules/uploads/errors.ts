import { DomainError } from "../kernel";

/**
 * The refusals of the uploads, with the spec's texts (spec-2 sections 5 and 8) first and the reason
 * after (decision 019): a refused link request starts 'Unable to get upload link.', a refused transfer
 * to a link 'Unable to upload file.', a refused form upload (file or zip) 'Error during file upload.'.
 */
export const UPLOAD_TEXTS = {
  link: "Unable to get upload link.",
  transfer: "Unable to upload file.",
  form: "Error during file upload.",
} as const;

const withReason = (text: string, reason: string) => (reason ? `${text} ${reason}` : text);

export const linkRefused = (code: string, reason: string) => new DomainError(code, withReason(UPLOAD_TEXTS.link, reason), 400);
export const transferRefused = (code: string, reason: string) => new DomainError(code, withReason(UPLOAD_TEXTS.transfer, reason), 400);
export const formUploadRefused = (code: string, reason: string) => new DomainError(code, withReason(UPLOAD_TEXTS.form, reason), 400);
export const assetNotFound = () => new DomainError("ASSET_NOT_FOUND", "File not found", 404);
