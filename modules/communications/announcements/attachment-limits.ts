/**
 * An announcement's attachments (decision 107), as the compose form and the server both check them: at most five,
 * images or PDFs uploaded by the upload flow, each at most the upload limit (10 MB). Browser-safe.
 */
export const ATTACHMENTS_MAX = 5;
export const ATTACHMENT_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "application/pdf"] as const;
/** what the file picker offers */
export const ATTACHMENT_ACCEPT = ".png,.jpg,.jpeg,.gif,.webp,.pdf,image/png,image/jpeg,image/gif,image/webp,application/pdf";

/** One attached file: its stored path (in the organization's uploads), its name, what it is and its size. */
export type Attachment = { path: string; name: string; content_type: string; bytes: number };
/** An attachment as a reader gets it: with a short-lived signed url (null when the file is gone). */
export type AttachmentView = Attachment & { url: string | null };

export const ATTACHMENT_TEXTS = {
  tooMany: `At most ${ATTACHMENTS_MAX} attachments`,
  notFound: (name: string) => `Attachment not found: ${name}. Upload it again`,
  wrongType: (name: string) => `${name} is not an image or a PDF`,
  needsInApp: "Attachments go with the in-app message: choose the In-app channel too (e-mails link to it, texts cannot carry files)",
  path: "An attachment must be the stored path of an uploaded file",
} as const;

/** '2.4 MB', '180 KB' */
export const attachmentSize = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
